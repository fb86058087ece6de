import TickerCore

/// A stream's pauses: SIGUSR1 toggles them, and so does another process through the
/// state file (`--pause-toggle`, another stream), which the stream looks at as it
/// wakes anyway, at most every `lookInterval` (a stream that stands still wakes for it
/// every `StreamLoop.longestSleep`, and every `lookInterval` while paused).
struct StreamPause {
  /// The least time between two looks at the state file, in seconds.
  static let lookInterval = 0.25
  /// The longest a toggle waits for the state file's lock, in seconds.
  static let lockWait = 0.05

  private let state: PauseState?
  /// The pauses in force.
  private(set) var pauses: Pauses
  private var stamp: FileStamp?
  private var lookedAt = -Double.infinity

  /// The pauses kept in `state` (none without a state file: SIGUSR1 still toggles).
  init(state: PauseState?) {
    self.state = state
    stamp = state?.stamp
    pauses = state?.load() ?? Pauses()
  }

  /// Whether there is a state file to look at.
  var watchesFile: Bool { state != nil }

  /// SIGUSR1 came `count` times: each toggles at realtime `now`, kept in the file.
  mutating func toggle(_ count: Int, at now: Double) {
    guard count > 0 else { return }
    guard let state else {
      for _ in 0..<count { pauses.toggle(at: now) }
      return
    }
    // The file first, under its lock: another process may have toggled since this
    // stream looked. A frame waits for the lock `lockWait` at most; without it, the
    // toggle holds in this stream alone.
    let saved = state.locked(waitingAtMost: StreamPause.lockWait) {
      var pauses = state.load()
      for _ in 0..<count { pauses.toggle(at: now) }
      state.save(pauses)
      return pauses
    }
    if let saved {
      pauses = saved
    } else {
      for _ in 0..<count { pauses.toggle(at: now) }
    }
    stamp = state.stamp
  }

  /// Looks at the state file when `lookInterval` has passed since the last look
  /// (monotonic `steady`).
  ///
  /// - Returns: Whether the pauses changed.
  mutating func look(steady: Double) -> Bool {
    guard let state, steady - lookedAt >= StreamPause.lookInterval else { return false }
    lookedAt = steady
    let now = state.stamp
    guard now != stamp else { return false }
    stamp = now
    let loaded = state.load()
    guard loaded != pauses else { return false }
    pauses = loaded
    return true
  }
}
