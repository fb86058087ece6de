import TickerCore

/// A stream's pauses: SIGUSR1 toggles them, and so does another process through the
/// state file (`--pause-toggle`, another stream).
///
/// The stream watches the state file's folder (`DirectoryWatch`, inotify) and looks
/// at the file when the watch says it changed. Where there is no watch (inotify
/// refused, or the folder went away), it looks as it wakes anyway, at most every
/// `lookInterval` (a stream that stands still wakes for it every
/// `StreamLoop.longestSleep`, and every `lookInterval` while paused). The watch saves
/// the timed looks' `stat(2)`s, four a second: a sixth of a 10-frame stream's CPU
/// (BENCHMARKS.md section 13).
struct StreamPause {
  /// The least time between two timed looks at the state file, in seconds.
  static let lookInterval = 0.25
  /// The longest a toggle waits for the state file's lock, in seconds.
  static let lockWait = 0.05

  private let state: PauseState?
  /// The state file's folder, watched; `nil` when it could not be, or has gone.
  private var watch: DirectoryWatch?
  /// The pauses in force.
  private(set) var pauses: Pauses
  private var stamp: FileStamp?
  private var lookedAt = -Double.infinity

  /// The pauses kept in `state` (none without a state file: SIGUSR1 still toggles).
  ///
  /// - Parameter watching: Watch the state file's folder (a stream); without it, the
  ///   file is looked at on a timer.
  init(state: PauseState?, watching: Bool = false) {
    self.state = state
    if watching, let state, case .success(let watch) = DirectoryWatch.watch(state.folder) {
      self.watch = watch
    }
    stamp = state?.stamp
    pauses = state?.load() ?? Pauses()
  }

  /// Whether the state file is looked at on a timer: there is one, and no watch.
  var looksOnATimer: Bool { state != nil && watch == nil }

  /// The watch's descriptor, for the stream's `poll(2)`.
  var descriptor: FileDescriptor? { watch?.descriptor }

  /// Stops watching.
  private mutating func stop() {
    watch?.close()
    watch = nil
  }

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

  /// Looks at the state file when the watch is `ready` and says it changed, or,
  /// without a watch, when `lookInterval` has passed since the last look (monotonic
  /// `steady`).
  ///
  /// - Returns: Whether the pauses changed.
  mutating func look(steady: Double, ready: Bool) -> Bool {
    guard let state else { return false }
    if let watch {
      guard ready else { return false }
      switch watch.drain(naming: state.fileName) {
      case .none: return false
      case .file: break
      case .watchEnded: stop()
      }
    } else {
      guard steady - lookedAt >= StreamPause.lookInterval else { return false }
      lookedAt = steady
    }
    let now = state.stamp
    guard now != stamp else { return false }
    stamp = now
    let loaded = state.load()
    guard loaded != pauses else { return false }
    pauses = loaded
    return true
  }
}
