import TickerCore

/// `--on-alert CMD`: runs `/bin/sh -c CMD` once when a quote starts alerting
/// (`AlertRule`), with the item in its environment as `--on-click` gives it
/// (`ClickAction.environment`, `TICKER_BUTTON=0`), never on its command line; again
/// for the same symbol only after it has stopped alerting and starts again.
///
/// Which symbols alert is remembered in the cache folder (`HASH.alerting`, one symbol a
/// line, at most `limit`, replaced whole by a rename), so one-shot calls, which tmux
/// makes every second, and a restarted stream run the command once a crossing, not once
/// a frame. Calls at once take turns by `flock` on `HASH.alerting.lock`: one that finds
/// it held leaves the crossing to the holder. Without a cache folder, a stream still
/// remembers in memory; a one-shot runs nothing rather than run at every call.
/// At most `ClickChildren.limit` commands start at once; the rest are dropped with one
/// warning.
struct AlertHook {
  /// The user's command.
  let command: String
  /// Where the alerting symbols are remembered; `nil` without a cache folder.
  let store: OutputStore?
  /// The most symbols remembered as alerting.
  static let limit = 256

  /// The symbols alerting at the last look; `nil` until this process has looked.
  private var alerting: Set<String>?
  private var children = ClickChildren(kind: "--on-alert", dropped: "alerts")

  init(command: String, store: OutputStore?) {
    self.command = command
    self.store = store
  }

  /// The hook of `--on-alert`, remembering in the cache folder of `environment` when
  /// there is a usable one.
  init?(_ pipeline: Pipeline, environment: Environment) {
    guard !pipeline.onAlert.isEmpty else { return nil }
    let store = try? OutputStore.locate(in: environment).get()
    self.init(command: pipeline.onAlert, store: store?.isWritable == true ? store : nil)
  }

  /// A one-shot's look (`look(at:)`) with `pipeline`'s hook, if it has one.
  static func lookOnce(at strip: Strip, _ pipeline: Pipeline, environment: Environment) {
    guard var hook = AlertHook(pipeline, environment: environment) else { return }
    hook.look(at: strip)
  }

  /// Reaps the commands that have ended (on SIGCHLD).
  mutating func reapEnded() { children.reapEnded() }

  /// Looks at the alerting items of `strip`, and runs the command for each symbol that
  /// was not alerting at the last look (this process's or, through `store`, another's).
  ///
  /// - Complexity: O(items with facts + the remembered symbols).
  mutating func look(at strip: Strip) {
    var now: [String: (index: Int, facts: ItemFacts)] = [:]
    for (index, facts) in strip.itemsWithFacts where facts.isAlerting {
      guard let quote = facts.quote, now.count < Self.limit else { continue }
      let key = AlertRule.symbolKey(quote.symbol)
      if now[key] == nil { now[key] = (index, facts) }
    }
    guard let store else {
      // A stream without a cache: the last look is this process's own.
      if let before = alerting { run(now.filter { !before.contains($0.key) }) }
      alerting = Set(now.keys)
      return
    }
    let path = store.folder + "/" + OutputStore.key("--on-alert " + command) + ".alerting"
    guard case .success(let lock) = FileDescriptor.open(path + ".lock", [.create, .readWrite])
    else {
      return
    }
    defer { _ = lock.close() }
    guard case .success(true) = lock.tryLock() else { return }
    var before = Set<String>()
    _ = InputFile.read(path) { line in
      if before.count < Self.limit { before.insert(String(decoding: line, as: UTF8.self)) }
    }
    let started = now.filter { !before.contains($0.key) }
    if Set(now.keys) != before {
      _ = AtomicFile.write(Array(now.keys.sorted().joined(separator: "\n").utf8), to: path)
    }
    alerting = Set(now.keys)
    run(started)
  }

  /// Starts the command for each item, in the order of the strip.
  private mutating func run(_ items: [String: (index: Int, facts: ItemFacts)]) {
    for (index, facts) in items.values.sorted(by: { $0.index < $1.index }) {
      guard children.admitsAnother() else { return }
      let target = ClickAction.Target(
        index: index, text: facts.text ?? facts.quote.map(\.symbol) ?? "", quote: facts.quote,
        url: facts.url, tooltip: facts.tooltip)
      if case .success(let pid) = ClickAction(command: command).run(for: target, button: 0) {
        children.add(pid)
      }
    }
  }
}
