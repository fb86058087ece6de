import TickerCore

/// Reads the server for the plan (`PluginFacts`): its options and version once, the
/// mouse keys' bindings, and what the rest of each side expands to; runs the
/// commands of a stream's claim and report. Every call is one `tmux -S SOCKET` client.
struct PluginServer {
  let socket: String

  /// What one tmux client printed, and whether it succeeded.
  struct Answer {
    var succeeded: Bool
    var output: String
  }

  /// Runs `tmux -S SOCKET arguments…` (`TmuxCommand.run`), its standard input
  /// `input` (or `/dev/null`), and reads what it prints (up to 4 MiB, for up to 10
  /// seconds: then it is killed).
  func run(_ arguments: [String], input: String? = nil) -> Answer {
    let answer = TmuxCommand.run(
      socket: socket, arguments, input: input, limit: 4 << 20, deadline: Clock.monotonic() + 10)
    return Answer(
      succeeded: answer.succeeded, output: String(decoding: answer.output, as: UTF8.self))
  }

  /// The server's global options.
  func options() -> PluginOptions {
    PluginOptions(showOptions: run(["show-options", "-g"]).output)
  }

  /// Whether the server draws user ranges: `#{version}` is 3.4 or later.
  func hasUserRanges() -> Bool {
    let version = run(["display-message", "-p", "#{version}"]).output
    return TmuxRules(version: version).map { $0 != .tmux33 } ?? false
  }

  /// The bytes each side of the status line expands to (with `display-message -p`'s
  /// newline, `#[...]` styles left out), its `keys`' places taken out.
  func expandedWidths(_ options: PluginOptions, keys: [String]) -> [String: Int] {
    var widths: [String: Int] = [:]
    let invalid = PluginLengths.sides.flatMap { PluginTickers.found(in: options.value($0)) }
    for side in PluginLengths.sides {
      var (rest, _) = PluginLengths.split(options.value(side), keys: keys, widths: [:])
      for case .invalid(let name) in invalid {
        rest = rest.replacingEvery("#{ticker:\(name)}", with: "")
      }
      let answer = run(["display-message", "-p", "--", rest])
      widths[side] = PluginLengths.rawWidth(answer.succeeded ? answer.output : "")
    }
    return widths
  }

  /// The mouse keys' bindings now.
  func bindings() -> [String: PluginClicks.Binding] {
    PluginClicks.bindings(listKeys: run(["list-keys", "-T", "root"]).output)
  }
}
