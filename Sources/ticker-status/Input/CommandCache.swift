/// `--command` in a one-shot run: the output cached between calls.
///
/// tmux runs `#(ticker-status --command …)` every second for every client, and must
/// never wait on it. So a one-shot call shows the stored output (`OutputStore`) at
/// once and, when it is older than `--every`, starts one detached refresh
/// (stale-while-revalidate).
///
/// - A refresh holds `flock` on the command's lock file for its whole run, so that
///   several clients calling at once start one refresh; it sets the lock file's time
///   when it starts, so that a command that keeps failing runs at most once per
///   `--every`.
/// - The refresh is detached (fork, `setsid`, fork; standard streams to `/dev/null`),
///   so the caller's output ends at once and tmux is not kept waiting for it.
/// - Without a stored output, the first call waits up to 0.4 s for the first run,
///   then shows `…loading` instead.
/// - Without a cache folder it can use (see `CacheFolder`), or with one that takes no
///   new files (read-only, or full), a call says so on standard error and runs its
///   commands itself, showing what they print within the same 0.4 s.
enum CommandCache {
  static let placeholder = "…loading"
  /// How long a call without a cache waits for the first run.
  static let firstRunWait = 0.4
  /// How often a call without a cache looks for one that another call is making.
  static let lookInterval = 0.02

  /// One command's output for a one-shot frame: its lines, and when they were good.
  struct Output {
    var lines: TextLines
    /// When the lines were good (the stored entry's time), in Unix seconds.
    var lastGood: Double
    /// When they last changed (`OutputStore.lastChanged`, else `lastGood`).
    var changedAt: Double
    /// The store they came from, which keeps why the runs since have failed.
    var store: OutputStore?
  }

  /// The output of each command for a one-shot frame; `nil` where there is none yet.
  ///
  /// - Parameter reader: Tells whether a run's lines give items, before they are stored.
  static func lookUp(
    _ commands: [String], every: Double, reader: ItemReader, environment: Environment
  ) -> [Output?] {
    guard !commands.isEmpty else { return [] }
    let giveUpAt = Clock.monotonic() + firstRunWait
    var store: OutputStore?
    switch OutputStore.locate(in: environment) {
    case .success(let found) where found.isWritable:
      store = found
    case .success(let found):
      warn("the cache folder '\(found.folder)' takes no new files (read-only or full)")
    case .failure(let error):
      warn(error.description)
    }
    // Every lookup first, so that the refreshes run side by side; then the waits.
    let lookups = commands.map { command in
      store.map { lookUp(command, in: $0, every: every, reader: reader) } ?? .uncached(command)
    }
    return lookups.map { $0.output(giveUpAt: giveUpAt) }
  }

  private static func warn(_ problem: String) {
    _ = FileDescriptor.standardError.writeAll(
      "ticker-status: warning: \(problem); running the commands without a cache\n")
  }

  /// What a one-shot call found for one command.
  private enum Lookup {
    /// Stored lines, fresh or with a refresh started.
    case stored(Output)
    /// Nothing stored yet; this call started the refresh, which closes the pipe when done.
    case refreshing(OutputStore, String, doneSignal: FileDescriptor)
    /// Nothing stored yet; another call is making it.
    case awaited(OutputStore, String)
    /// Nothing stored and none coming soon (a recent attempt failed).
    case missing
    /// No cache folder: run the command here.
    case uncached(String)

    /// The output, waiting until `giveUpAt` (monotonic) at most.
    func output(giveUpAt: Double) -> Output? {
      switch self {
      case .stored(let output):
        return output
      case .missing:
        return nil
      case .refreshing(let store, let command, let doneSignal):
        var watches = [PollWatch(doneSignal)]
        while !watches[0].isReadable {
          let left = giveUpAt - Clock.monotonic()
          if left <= 0 { break }
          Poll.wait(&watches, timeout: left)
        }
        doneSignal.close()
        return store.output(command)
      case .awaited(let store, let command):
        while true {
          if let stored = store.output(command) { return stored }
          let left = giveUpAt - Clock.monotonic()
          if left <= 0 { return nil }
          var none: [PollWatch] = []
          Poll.wait(&none, timeout: min(left, CommandCache.lookInterval))
        }
      case .uncached(let command):
        guard case .success(let run) = CommandRun.start(command, timeout: firstRunWait) else {
          return nil
        }
        run.wait(giveUpAt: giveUpAt)
        guard run.succeeded && !run.lines.isEmpty else { return nil }
        let now = Clock.now()
        return Output(lines: run.lines, lastGood: now, changedAt: now, store: nil)
      }
    }
  }

  private static func lookUp(
    _ command: String, in store: OutputStore, every: Double, reader: ItemReader
  ) -> Lookup {
    let now = Clock.now()
    if let stored = store.output(command) {
      if abs(now - stored.lastGood) > every,
        case .started(let doneSignal) = refresh(command, in: store, every: every, reader: reader)
      {
        doneSignal.close()
      }
      return .stored(stored)
    }
    switch refresh(command, in: store, every: every, reader: reader) {
    case .started(let doneSignal): return .refreshing(store, command, doneSignal: doneSignal)
    case .busy: return .awaited(store, command)
    case .fresh: return store.output(command).map { .stored($0) } ?? .missing
    case .triedRecently, .failed: return .missing
    }
  }

  private enum RefreshStart {
    /// A detached refresh runs; the descriptor reads end-of-file when it is done.
    case started(FileDescriptor)
    /// Another refresh holds the lock.
    case busy
    /// Another refresh has just written a fresh entry.
    case fresh
    /// A refresh started less than `--every` ago (and failed, or the entry would be
    /// fresh).
    case triedRecently
    case failed
  }

  /// Starts a detached refresh of `command`'s entry unless another is running or was
  /// tried within `every` seconds (`RunClaim`).
  private static func refresh(
    _ command: String, in store: OutputStore, every: Double, reader: ItemReader
  ) -> RefreshStart {
    switch RunClaim.claim(command, in: store, every: every, freshOutput: true) {
    case .run(let lock):
      return startDetached(command, in: store, every: every, reader: reader, lock: lock)
    case .running: return .busy
    case .fresh: return .fresh
    case .startedRecently: return .triedRecently
    case .unavailable: return .failed
    }
  }

  /// Runs the refresh in a detached grandchild holding `lock`; the pipe it returns
  /// is closed when the entry is written (or the run failed).
  private static func startDetached(
    _ command: String, in store: OutputStore, every: Double, reader: ItemReader,
    lock: FileDescriptor
  ) -> RefreshStart {
    guard case .success(let done) = FileDescriptor.pipe() else {
      lock.close()
      return .failed
    }
    let child = Processes.fork()
    if case .success(0) = child {
      // The child: a new session, then a grandchild that init adopts, so that
      // nothing waits for it and no terminal can stop it.
      Processes.createSession()
      guard case .success(0) = Processes.fork() else { Processes.exitImmediately(0) }
      Processes.detachDescriptors(keeping: [lock, done.writeEnd])
      runRefresh(command, in: store, every: every, reader: reader)
      // Closing the lock's last descriptor releases it; closing the pipe tells the
      // caller that the entry is written (or that the run failed).
      Processes.exitImmediately(0)
    }
    done.writeEnd.close()
    lock.close()
    guard case .success(let pid) = child else {
      done.readEnd.close()
      return .failed
    }
    _ = Processes.reap(pid, blocking: true)
    return .started(done.readEnd)
  }

  /// In the detached grandchild: runs the command and stores its lines if they give
  /// items (a run that prints only blank lines leaves the last good ones alone), or
  /// else why it failed.
  private static func runRefresh(
    _ command: String, in store: OutputStore, every: Double, reader: ItemReader
  ) {
    guard
      case .success(let run) = CommandRun.start(command, timeout: CommandRun.timeout(every: every))
    else { return }
    run.wait()
    if let failure = run.failure {
      store.saveError(failure, for: command)
    } else if reader.hasItems(run.lines) {
      store.save(run.lines, for: command)
    } else {
      store.saveError("command '\(command)' printed nothing", for: command)
    }
  }
}

extension OutputStore {
  /// `command`'s stored output (of any age), as a one-shot frame takes it.
  fileprivate func output(_ command: String) -> CommandCache.Output? {
    load(command).map {
      CommandCache.Output(
        lines: $0.lines, lastGood: $0.stamp.modified,
        changedAt: lastChanged(command) ?? $0.stamp.modified, store: self)
    }
  }
}
