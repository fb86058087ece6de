/// The plugin's plan: the tmux commands that put the tickers in the status line, made
/// as a pure function of what was read of the server (`PluginFacts`).
///
/// The commands set the status line's text (each placeholder replaced by a `#()` job
/// or by the option a stream sets), raise its lengths, bind the mouse keys for clicks
/// and start the streams; `ticker.tmux` pipes them into `tmux source-file -`. When
/// the plugin cannot run, they say why in each ticker's place instead. Every value
/// from the server is quoted (`TmuxQuoting`), so that none becomes a command.
struct PluginPlan: Equatable, Sendable {
  /// A line for a ticker's log, which the plugin writes (dated) after the plan.
  struct LogLine: Equatable, Sendable {
    var log: String
    var line: String
  }

  /// The commands, one a line, in order.
  var commands: [String]
  var logLines: [LogLine] = []
  /// Whether the plugin could not run (the commands say why).
  var failed = false

  /// What the plan knows of one ticker, from its arguments.
  struct Ticker: Equatable, Sendable {
    var key: String
    /// Its arguments: shell words, as the job or the stream is run with them.
    var arguments: String
    var width: Int
    var clickable = false
  }

  /// The plan for `facts`.
  static func make(_ facts: PluginFacts) -> PluginPlan {
    let found = facts.found
    for case .invalid(let name) in found {
      return failure(
        "'\(name)' cannot name a ticker: use letters, digits and _, but not args, bin, pid "
          + "or smooth", facts: facts, found: found)
    }
    let keys = facts.keys
    let everyKey = keys.map(PluginTickers.Found.key)
    for key in keys {
      if let reason = facts.logErrors[key] {
        return failure(
          "cannot write the log \(facts.log(key)): \(reason)", facts: facts, found: everyKey)
      }
      if facts.options.value("@\(key)-args", or: "--demo").contains(")") {
        return failure(
          "@\(key)-args must not contain ')': tmux ends a #() job at the first one",
          facts: facts, found: everyKey)
      }
    }
    var plan = PluginPlan(commands: [])
    var tickers = keys.map { ticker($0, facts: facts) }
    let widths = Dictionary(uniqueKeysWithValues: tickers.map { ($0.key, $0.width) })
    for side in PluginLengths.sides {
      if let raise = PluginLengths.raise(
        side, text: facts.options.value(side), keys: keys, widths: widths,
        expanded: facts.expanded[side] ?? 0, length: facts.options.value(side + "-length"))
      {
        plan.commands.append(raise)
      }
    }
    let clickable = facts.hasUserRanges ? plan.clicks(&tickers, facts: facts) : []
    plan.place(tickers, facts: facts)
    if facts.hasUserRanges && !keys.isEmpty {
      plan.commands += PluginClicks.commands(
        clickable, binary: facts.binary, current: facts.bindings, options: facts.options)
    }
    return plan
  }

  /// What the plan needs of `key`'s arguments: the width (the parser's, 40 when they
  /// do not parse: the job or the stream then says why).
  static func ticker(_ key: String, facts: PluginFacts) -> Ticker {
    let arguments = facts.options.value("@\(key)-args", or: "--demo")
    let parsed = ShellWords.split(arguments).flatMap { try? ArgumentParser.parse($0) }
    return Ticker(key: key, arguments: arguments, width: parsed?.width ?? Options.defaultWidth)
  }

  /// Makes the tickers with `--on-click` clickable, each with ranges of its own, and
  /// returns them; one whose prefix another has already gets no clicks, and its log
  /// says so.
  mutating func clicks(_ tickers: inout [Ticker], facts: PluginFacts) -> [PluginClicks.Clickable] {
    var clickable: [PluginClicks.Clickable] = []
    for index in tickers.indices {
      let ticker = tickers[index]
      guard let words = ShellWords.split(ticker.arguments),
        let parsed = try? ArgumentParser.parse(words), parsed.onClick != nil
      else { continue }
      let options = words.prefix { $0 != "--" }
      let given = options.contains { $0.hasPrefix("--click-range-prefix") }
      let prefix = given ? parsed.clickRangePrefix : PluginTickers.rangePrefix(ticker.key)
      let log = facts.log(ticker.key)
      if clickable.contains(where: { $0.prefix == prefix }) {
        logLines.append(
          LogLine(
            log: log,
            line: "ticker.tmux: no clicks: another ticker's items are already named \(prefix)"))
        continue
      }
      clickable.append(
        PluginClicks.Clickable(
          prefix: prefix,
          tail: TmuxQuoting.formatEscaped(ticker.arguments) + " >/dev/null 2>>"
            + TmuxQuoting.formatEscaped(ShellWords.quoted(log))))
      tickers[index].clickable = true
      // ticker-status names ranges t_N unless told.
      if !given && prefix != Options.defaultClickRangePrefix {
        tickers[index].arguments = "--click-range-prefix \(prefix) \(ticker.arguments)"
      }
    }
    return clickable
  }
}
