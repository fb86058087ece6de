import TickerCore

/// `--command CMD` in a stream: run every `--every` seconds in the background.
///
/// The frames never wait for it: its output is read as it comes, in the stream's
/// `poll(2)` loop. A run that fails, prints nothing or takes longer than
/// `CommandRun.timeout(every:)` keeps the last good lines, and says so once. Good
/// output is also kept in the store, which seeds the next stream and one-shot calls;
/// so is why a run failed. With `--stale-after`, the lines turn stale that long after
/// the last good run (the stored entry's time, as a one-shot call reads it).
final class CommandSource: LiveSource {
  let command: String
  let every: Double
  private let reader: ItemReader
  private let store: OutputStore?
  private(set) var lines: TextLines
  private var run: CommandRun?
  private var nextStart: Double
  private var report = FailureReport()
  private var stale: StaleWatch

  /// - Parameters:
  ///   - staleAfter: `--stale-after`; `nil` for never stale.
  ///   - mark: `--stale-mark`.
  init(
    command: String, every: Double, reader: ItemReader, store: OutputStore?,
    staleAfter: Double? = nil, mark: String = Staleness.defaultMark
  ) {
    self.command = command
    self.every = every
    self.reader = reader
    self.store = store
    let stored = store?.load(command)
    lines = stored?.lines ?? TextLines()
    stale = StaleWatch(
      after: staleAfter, mark: mark, lastGood: stored?.stamp.modified,
      lastError: staleAfter == nil ? nil : store?.lastError(command))
    nextStart = Clock.monotonic()
  }

  /// `…loading` until the command has printed items; the mark while they are stale.
  var placeholder: String? { lines.isEmpty ? CommandCache.placeholder : nil }
  var staleMark: String? { stale.staleMark(lines: lines) }
  var staleNote: String? { stale.note }

  var descriptors: [FileDescriptor] { run?.descriptors ?? [] }
  var deadline: Double? {
    let next = run?.deadline ?? nextStart
    return stale.lookAt.map { min($0, next) } ?? next
  }

  func stop() { run?.stop() }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    var changed = stale.update(now: now)
    if let run, run.update(ready: ready, now: now) {
      self.run = nil
      if finish(run) { changed = true }
    }
    if run == nil && now >= nextStart {
      nextStart = now + every
      switch CommandRun.start(command, timeout: CommandRun.timeout(every: every)) {
      case .success(let started): run = started
      case .failure(let error): failed("cannot run /bin/sh: \(error)")
      }
    }
    return changed
  }

  private func finish(_ run: CommandRun) -> Bool {
    if let failure = run.failure {
      failed(failure)
      return false
    }
    let fresh = run.lines
    guard reader.hasItems(fresh) else {
      failed("command '\(command)' printed nothing")
      return false
    }
    report.recover()
    store?.save(fresh, for: command)
    lines = fresh
    // The stored entry's time, so that a one-shot call at the same time agrees.
    _ = stale.good(at: store?.lastGood(command) ?? Clock.now())
    return true
  }

  private func failed(_ message: String) {
    report.fail(message)
    stale.lastError = message
    store?.saveError(message, for: command)
  }
}
