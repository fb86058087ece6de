/// `--command CMD` in a stream: run every `--every` seconds in the background.
///
/// The frames never wait for it: its output is read as it comes, in the stream's
/// `poll(2)` loop. A run that fails, prints nothing or takes longer than
/// `CommandRun.timeout(every:)` keeps the last good lines, and says so once. Good
/// output is also kept in the store, which seeds the next stream and one-shot calls.
final class CommandSource: LiveSource {
  let command: String
  let every: Double
  private let reader: ItemReader
  private let store: OutputStore?
  private(set) var lines: TextLines
  private var run: CommandRun?
  private var nextStart: Double
  private var report = FailureReport()

  init(command: String, every: Double, reader: ItemReader, store: OutputStore?) {
    self.command = command
    self.every = every
    self.reader = reader
    self.store = store
    lines = store?.load(command)?.lines ?? TextLines()
    nextStart = Clock.monotonic()
  }

  /// `…loading` until the command has printed items.
  var placeholder: String? { lines.isEmpty ? CommandCache.placeholder : nil }

  var descriptors: [FileDescriptor] { run?.descriptors ?? [] }
  var deadline: Double? { run?.deadline ?? nextStart }

  func stop() { run?.stop() }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    var changed = false
    if let run, run.update(ready: ready, now: now) {
      self.run = nil
      changed = finish(run)
    }
    if run == nil && now >= nextStart {
      nextStart = now + every
      switch CommandRun.start(command, timeout: CommandRun.timeout(every: every)) {
      case .success(let started): run = started
      case .failure(let error): report.fail("cannot run /bin/sh: \(error)")
      }
    }
    return changed
  }

  private func finish(_ run: CommandRun) -> Bool {
    if let failure = run.failure {
      report.fail(failure)
      return false
    }
    let fresh = run.lines
    guard reader.hasItems(fresh) else {
      report.fail("command '\(command)' printed nothing")
      return false
    }
    report.recover()
    store?.save(fresh, for: command)
    lines = fresh
    return true
  }
}
