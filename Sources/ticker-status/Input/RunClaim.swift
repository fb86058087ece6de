/// Whose turn it is to run a command: the command cache's lock, which every process of
/// this user that runs the same `--command` shares (one-shots' detached refreshes and
/// streams), so that several bars (a bar per monitor, a tmux client per terminal) run
/// it once a period between them, not once each.
///
/// The lock is `HASH.lock` in the private cache folder (`OutputStore.lock(for:)`): a
/// run holds `flock(2)` on it for as long as it runs (released by the kernel if the
/// holder dies, so a crashed holder is taken over), and sets its time when it starts,
/// so that the time says when the last run began, whoever ran it. A run also gives the
/// file a length: one that another call has just created, and not yet locked, is
/// empty, and its time says nothing (taken for a run's start, it kept every call of a
/// burst from running the command: the creator found the lock held by a call that
/// then gave up, seeing a run begun "just now").
enum RunClaim {
  /// This process runs the command now, holding `lock` until the run ends.
  case run(lock: FileDescriptor)
  /// Another process is running it now.
  case running
  /// Its stored output was written `age` seconds ago, within the period.
  case fresh(age: Double)
  /// A run began `age` seconds ago, within the period (and, for a one-shot, failed, or
  /// the output would be fresh).
  case startedRecently(age: Double)
  /// The lock cannot be opened: run without one.
  case unavailable

  /// Claims the turn to run `command` in `store` with period `every`.
  ///
  /// - Parameter freshOutput: Whether output written within the period counts as this
  ///   period's run (one-shots: output is what they want), or only the start of a run
  ///   does (streams: their runs keep in step with the period they began).
  static func claim(
    _ command: String, in store: OutputStore, every: Double, freshOutput: Bool
  ) -> RunClaim {
    guard
      case .success(let lock) = FileDescriptor.open(
        store.lock(for: command), [.readWrite, .create, .noFollow])
    else { return .unavailable }
    guard case .success(true) = lock.tryLock() else {
      lock.close()
      return .running
    }
    let now = Clock.now()
    // Under the lock, look again: a run may have finished since the first look.
    if freshOutput, case .success(let status) = Files.status(store.entry(for: command)),
      abs(now - status.stamp.modified) <= every
    {
      lock.close()
      return .fresh(age: abs(now - status.stamp.modified))
    }
    if case .success(let status) = lock.status(), status.stamp.size > 0,
      abs(now - status.stamp.modified) < every
    {
      lock.close()
      return .startedRecently(age: abs(now - status.stamp.modified))
    }
    _ = lock.truncate(to: 1)
    _ = lock.touch()
    return .run(lock: lock)
  }
}
