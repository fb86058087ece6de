/// What the plan is made from: everything the plugin reads of the server and the
/// system, read once before the plan is made (`PluginServer`, `PluginLog`), so that
/// the plan itself is a pure function of it.
struct PluginFacts: Equatable, Sendable {
  /// The server's global options.
  var options: PluginOptions
  /// Whether the server's tmux draws user ranges (3.4 and later: `TmuxRules`).
  var hasUserRanges: Bool
  /// The server's socket path, which the streams are told.
  var socket: String
  /// The ticker-status binary the jobs, streams and clicks run.
  var binary: String
  /// Each ticker's log (`PluginLog.path`), by key; `/dev/null` when there is no
  /// folder for logs.
  var logs: [String: String]
  /// Why a ticker's log cannot be written, by key; a key not here can be.
  var logErrors: [String: String] = [:]
  /// The tickers whose `@KEY-pid` names their live stream (`StreamProcess`).
  var liveStreams: Set<String> = []
  /// The bytes each side's text, its tickers taken out, expands to in tmux (with
  /// the newline `display-message -p` adds), by side.
  var expanded: [String: Int] = [:]
  /// The mouse keys' bindings now (`PluginClicks.bindings(listKeys:)`).
  var bindings: [String: PluginClicks.Binding] = [:]

  /// The tickers the status line asks for, as the plan sees them.
  var found: [PluginTickers.Found] {
    var all: [PluginTickers.Found] = []
    for side in PluginLengths.sides {
      for found in PluginTickers.found(in: options.value(side)) where !all.contains(found) {
        all.append(found)
      }
    }
    return all
  }

  /// Whether smooth mode is on (`@ticker-smooth on`).
  var smooth: Bool { options.value("@ticker-smooth", or: "off") == "on" }

  /// The keys to run: those found, or `ticker` in smooth mode when none is (its stream
  /// still runs for `#{@ticker}`).
  var keys: [String] {
    let keys = found.compactMap { found -> String? in
      if case .key(let key) = found { return key }
      return nil
    }
    return keys.isEmpty && smooth ? ["ticker"] : keys
  }

  /// Key `key`'s log.
  func log(_ key: String) -> String { logs[key] ?? "/dev/null" }
}
