import TickerCore

/// `--command CMD` in a stream: run every `--every` seconds in the background.
///
/// The frames never wait for it: its output is read as it comes, in the stream's
/// `poll(2)` loop. A run that fails, prints nothing or takes longer than
/// `CommandRun.timeout(every:)` keeps the last good lines, and says so once. Good
/// output is also kept in the store, which seeds the next stream and one-shot calls;
/// so is why a run failed. With `--stale-after`, the lines turn stale that long after
/// the last good run (the stored entry's time, as a one-shot call reads it).
///
/// Streams and one-shots of this user that run the same command share its runs
/// (`RunClaim`): when another process began a run within the period, or is running
/// it now, this stream does not run it too, but takes the output that run stores.
/// Two bars' streams (a bar per monitor) cost one run a period, not two.
final class CommandSource: LiveSource {
  /// How often a stream looks again while another process runs its command.
  static let lookAgain = 0.25

  let command: String
  let every: Double
  private let reader: ItemReader
  private let store: OutputStore?
  private(set) var lines: TextLines
  private var run: CommandRun?
  private var nextStart: Double
  private var report = FailureReport()
  private var stale: StaleWatch
  /// The shared lock, held while this stream's own run runs.
  private var runLock: FileDescriptor?
  /// The time of the stored entry the lines were last taken from (or written as).
  private var takenStamp: Double?

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
    takenStamp = stored?.stamp.modified
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

  func stop() {
    run?.stop()
    releaseLock()
  }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    var changed = stale.update(now: now)
    if let run, run.update(ready: ready, now: now) {
      self.run = nil
      if finish(run) { changed = true }
      releaseLock()
    }
    if run == nil && now >= nextStart && takeTurn(now: now) { changed = true }
    return changed
  }

  /// Runs the command if it is this stream's turn; else takes what another process's
  /// run stored, and looks again when the turn can next be this stream's.
  ///
  /// - Returns: Whether the lines changed.
  private func takeTurn(now: Double) -> Bool {
    guard let store else {
      start(now: now)
      return false
    }
    switch RunClaim.claim(command, in: store, every: every, freshOutput: false) {
    case .run(let lock):
      runLock = lock
      start(now: now)
    case .unavailable:
      start(now: now)
    case .running:
      nextStart = now + min(every, Self.lookAgain)
    case .startedRecently(let age), .fresh(let age):
      nextStart = now + max(every - age, 0.01)
      return takeStored(from: store)
    }
    return false
  }

  private func start(now: Double) {
    nextStart = now + every
    switch CommandRun.start(command, timeout: CommandRun.timeout(every: every)) {
    case .success(let started): run = started
    case .failure(let error):
      failed("cannot run /bin/sh: \(error)")
      releaseLock()
    }
  }

  /// Takes the stored output when another process's run has stored new output since
  /// the lines were last taken.
  ///
  /// - Returns: Whether the lines changed.
  private func takeStored(from store: OutputStore) -> Bool {
    guard let stored = store.load(command), stored.stamp.modified != takenStamp else {
      return false
    }
    takenStamp = stored.stamp.modified
    guard reader.hasItems(stored.lines) else { return false }
    report.recover()
    _ = stale.good(at: stored.stamp.modified)
    guard stored.lines != lines else { return false }
    lines = stored.lines
    return true
  }

  /// When the stored lines last changed (`OutputStore.lastChanged`).
  var changedAt: Double? { store?.lastChanged(command) }

  private func releaseLock() {
    runLock?.close()
    runLock = nil
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
    takenStamp = store?.lastGood(command)
    _ = stale.good(at: takenStamp ?? Clock.now())
    return true
  }

  private func failed(_ message: String) {
    report.fail(message)
    stale.lastError = message
    store?.saveError(message, for: command)
  }
}
