import TickerCore

/// `--on-click CMD`: runs `/bin/sh -c CMD` for a clicked item, detached, with the item
/// in the environment and nowhere else.
///
/// Feed text never becomes part of a command line, a bar's action string or a tmux
/// command: the command is the user's own, and the item reaches it only as the values
/// of `TICKER_ITEM`, `TICKER_INDEX`, `TICKER_SYMBOL`, `TICKER_PRICE`, `TICKER_CHANGE`,
/// `TICKER_URL`, `TICKER_TOOLTIP` and `TICKER_BUTTON`.
struct ClickAction {
  /// The user's command.
  let command: String

  /// What a click hit.
  struct Target: Equatable {
    /// The item's index among the items given.
    var index: Int
    /// The item as shown: its text, sanitised, without styles.
    var text: String
    /// With `--quotes` (or a quote of `--input json`), the fields of a quote.
    var quote: Quote?
    /// With `--input json`, the item's `url` and `tooltip`.
    var url: String? = nil
    var tooltip: String? = nil
  }

  /// The environment of the action: this process's, without any `TICKER_` variable,
  /// and the target's.
  static func environment(for target: Target, button: Int, inherited: [String]) -> [String] {
    var variables = inherited.filter { !$0.hasPrefix("TICKER_") }
    variables.append("TICKER_ITEM=" + target.text)
    variables.append("TICKER_INDEX=\(target.index)")
    variables.append("TICKER_BUTTON=\(button)")
    if let url = target.url { variables.append("TICKER_URL=" + url) }
    if let tooltip = target.tooltip { variables.append("TICKER_TOOLTIP=" + tooltip) }
    if let quote = target.quote {
      variables.append("TICKER_SYMBOL=" + quote.symbol)
      variables.append("TICKER_PRICE=" + quote.price)
      if let change = quote.change {
        let sign: String
        switch quote.trend {
        case .up: sign = "+"
        case .down: sign = "-"
        case .flat: sign = ""
        }
        variables.append("TICKER_CHANGE=" + sign + change)
      }
    }
    return variables
  }

  /// Starts the command for `target`, clicked with `button`: in a session of its own,
  /// standard streams on `/dev/null`, never waited for.
  ///
  /// - Returns: The child's process ID, for the caller to reap when it ends.
  @discardableResult
  func run(for target: Target, button: Int) -> Result<Int32, Errno> {
    let variables = ClickAction.environment(
      for: target, button: button, inherited: Processes.environmentStrings())
    return Processes.spawn(["/bin/sh", "-c", command], newSession: true, environment: variables)
      .map(\.pid)
  }
}

/// Children of click actions a stream started, reaped as they end so that none is
/// left a zombie, and at most `limit` of them at once: a bar (or whatever writes to
/// standard input) that sends a flood of clicks starts a few actions, not a shell a
/// click.
struct ClickChildren {
  /// How many actions may run at once; clicks past it are dropped.
  static let limit = 4

  private var pids: [Int32] = []
  private var warned = false
  /// The option whose commands these are, for the warning.
  private let kind: String
  /// What is dropped past the limit, for the warning.
  private let dropped: String

  init(kind: String = "--on-click", dropped: String = "clicks") {
    self.kind = kind
    self.dropped = dropped
  }

  mutating func add(_ pid: Int32) { pids.append(pid) }

  /// Whether another action may start now (the ended ones reaped first); the first
  /// time it may not, a warning says why clicks are dropped.
  mutating func admitsAnother() -> Bool {
    if pids.count >= Self.limit { reapEnded() }
    guard pids.count >= Self.limit else { return true }
    if !warned {
      warned = true
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: warning: \(Self.limit) \(kind) actions are still running; "
          + "dropping \(dropped) until one ends\n")
    }
    return false
  }

  /// Reaps the children that have ended (`waitpid` with `WNOHANG`).
  mutating func reapEnded() {
    pids.removeAll { Processes.reap($0) != nil }
  }
}
