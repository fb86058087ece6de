import TickerCore

/// The output of each `--command`, kept between one-shot calls.
///
/// tmux runs `#(ticker-status --command …)` every second for every client, and must
/// never wait on it. So a one-shot call shows the cached output at once and, when it
/// is older than `--every`, starts one detached refresh (stale-while-revalidate).
///
/// - The folder is `$XDG_RUNTIME_DIR/ticker-status`, else
///   `${TMPDIR:-/tmp}/ticker-status-UID`: created 0700, and used only if it is a real
///   folder (not a symbolic link) owned by this user and closed to others.
/// - Each command has `HASH.out` (its last good output, 0600, replaced whole by a
///   rename) and `HASH.lock`, where HASH is the FNV-1a hash of the command string.
/// - A refresh holds `flock` on the lock file for its whole run, so that several
///   clients calling at once start one refresh; it sets the lock file's time when it
///   starts, so that a command that keeps failing runs at most once per `--every`.
/// - The refresh is detached (fork, `setsid`, fork; standard streams to `/dev/null`),
///   so the caller's output ends at once and tmux is not kept waiting for it.
/// - Without a cache, the first call waits up to 0.4 s for the first run, then shows
///   `…loading` instead.
enum CommandCache {
  static let placeholder = "…loading"
  /// How long a call without a cache waits for the first run.
  static let firstRunWait = 0.4
  /// How often a call without a cache looks for one that another call is making.
  static let lookInterval = 0.02

  // MARK: One-shot

  /// The items of every `--command` for a one-shot frame.
  static func oneShotItems(_ options: Options) -> [StyledText] {
    guard !options.commands.isEmpty else { return [] }
    let parser = ItemParser(reader: Items.readers(options).items, split: options.split)
    let giveUpAt = Platform.monotonicNow() + firstRunWait
    let folder: String?
    switch CacheFolder.locate() {
    case .success(let path): folder = path
    case .failure(let error):
      Platform.write("ticker-status: warning: \(error.description); not caching\n", to: 2)
      folder = nil
    }
    let lookups = options.commands.map { command in
      folder.map { lookUp(command, in: $0, every: options.every) } ?? .uncached(command)
    }
    return lookups.flatMap { lookup -> [StyledText] in
      guard let output = lookup.output(giveUpAt: giveUpAt) else {
        return [StyledText(placeholder)]
      }
      return parser.items(of: output)
    }
  }

  /// What a one-shot call found for one command.
  private enum Lookup {
    /// A cache entry, fresh or with a refresh started.
    case cached([UInt8])
    /// No entry yet; this call started the refresh, which closes the pipe when done.
    case refreshing(entry: String, doneSignal: Int32)
    /// No entry yet; another call is making it.
    case awaited(entry: String)
    /// No entry and none coming soon (a recent attempt failed).
    case missing
    /// No cache folder: run the command here.
    case uncached(String)

    /// The output, waiting until `giveUpAt` (monotonic) at most.
    func output(giveUpAt: Double) -> [UInt8]? {
      switch self {
      case .cached(let bytes):
        return bytes
      case .missing:
        return nil
      case .refreshing(let entry, let doneSignal):
        var watches = [PollWatch(descriptor: doneSignal)]
        while !watches[0].isReadable {
          let left = giveUpAt - Platform.monotonicNow()
          if left <= 0 { break }
          Platform.poll(&watches, timeout: left)
        }
        Platform.close(doneSignal)
        return read(entry)
      case .awaited(let entry):
        while true {
          if let bytes = read(entry) { return bytes }
          let left = giveUpAt - Platform.monotonicNow()
          if left <= 0 { return nil }
          var none: [PollWatch] = []
          Platform.poll(&none, timeout: min(left, CommandCache.lookInterval))
        }
      case .uncached(let command):
        guard case .success(let run) = CommandRun.start(command, timeout: firstRunWait) else {
          return nil
        }
        run.wait(giveUpAt: giveUpAt)
        return run.succeeded && !run.output.isEmpty ? run.output : nil
      }
    }
  }

  private static func lookUp(_ command: String, in folder: String, every: Double) -> Lookup {
    let entry = folder + "/" + key(command) + ".out"
    let now = Platform.now()
    if case .success((let bytes, let stamp)) = Platform.readAllStamped(path: entry) {
      if abs(now - stamp.modified) > every {
        if case .started(let doneSignal) = refresh(command, entry: entry, every: every) {
          Platform.close(doneSignal)
        }
      }
      return .cached(bytes)
    }
    switch refresh(command, entry: entry, every: every) {
    case .started(let doneSignal): return .refreshing(entry: entry, doneSignal: doneSignal)
    case .busy: return .awaited(entry: entry)
    case .fresh: return read(entry).map(Lookup.cached) ?? .missing
    case .triedRecently, .failed: return .missing
    }
  }

  private enum RefreshStart {
    /// A detached refresh runs; the descriptor reads end-of-file when it is done.
    case started(Int32)
    /// Another refresh holds the lock.
    case busy
    /// Another refresh has just written a fresh entry.
    case fresh
    /// A refresh started less than `--every` ago (and failed, or the entry would be
    /// fresh).
    case triedRecently
    case failed
  }

  /// Starts a detached refresh of `entry` unless another is running or was tried
  /// within `every` seconds.
  private static func refresh(_ command: String, entry: String, every: Double) -> RefreshStart {
    let lockPath = String(entry.dropLast(".out".count)) + ".lock"
    guard case .success((let lock, let created)) = Platform.openPrivateFile(path: lockPath)
    else { return .failed }
    guard Platform.tryLock(lock) else {
      Platform.close(lock)
      return .busy
    }
    let now = Platform.now()
    // Under the lock, look again: a refresh may have finished since the first look.
    if case .success(let stamp) = Platform.stamp(path: entry), abs(now - stamp.modified) <= every {
      Platform.close(lock)
      return .fresh
    }
    if !created, let tried = Platform.modificationTime(lock), abs(now - tried) < every {
      Platform.close(lock)
      return .triedRecently
    }
    Platform.touch(lock)
    guard case .success(let done) = Platform.pipe(nonBlockingRead: false) else {
      Platform.close(lock)
      return .failed
    }
    let child = Platform.fork()
    if child == 0 {
      // The child: a new session, then a grandchild that init adopts, so that
      // nothing waits for it and no terminal can stop it.
      Platform.createSession()
      if Platform.fork() != 0 { Platform.exitImmediately(0) }
      Platform.detachDescriptors(keeping: [lock, done.write])
      runRefresh(command, entry: entry, every: every)
      // Closing the lock's last descriptor releases it; closing the pipe tells the
      // caller that the entry is written (or that the run failed).
      Platform.exitImmediately(0)
    }
    Platform.close(done.write)
    Platform.close(lock)
    guard child > 0 else {
      Platform.close(done.read)
      return .failed
    }
    _ = Platform.reap(child, blocking: true)
    return .started(done.read)
  }

  /// In the detached grandchild: runs the command and stores good output.
  private static func runRefresh(_ command: String, entry: String, every: Double) {
    guard
      case .success(let run) = CommandRun.start(command, timeout: CommandRun.timeout(every: every))
    else { return }
    run.wait()
    if run.succeeded && hasItems(run.output) { _ = Platform.writeAtomically(run.output, to: entry) }
  }

  // MARK: Shared with streams

  /// The cached output of `command`, if there is a cache entry (of any age).
  static func cachedOutput(of command: String) -> [UInt8]? {
    guard case .success(let folder) = CacheFolder.locate() else { return nil }
    return read(folder + "/" + key(command) + ".out")
  }

  /// Stores good output of `command` for one-shot calls; failures are ignored.
  static func store(_ output: [UInt8], for command: String) {
    guard case .success(let folder) = CacheFolder.locate() else { return }
    _ = Platform.writeAtomically(output, to: folder + "/" + key(command) + ".out")
  }

  // MARK: Entries

  private static func read(_ entry: String) -> [UInt8]? {
    guard case .success((let bytes, _)) = Platform.readAllStamped(path: entry) else { return nil }
    return bytes
  }

  private static func hasItems(_ output: [UInt8]) -> Bool {
    Items.lines(of: output).contains { !$0.isEmpty }
  }

  /// The entry's name: the 64-bit FNV-1a hash of the command's UTF-8, in hex.
  static func key(_ command: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in command.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// The private folder the command cache lives in.
enum CacheFolder {
  /// A folder that is not safe to keep the cache in.
  struct UnsafeFolder: Error {
    var path: String
    var reason: String
    var description: String { "cannot use the cache folder '\(path)': \(reason)" }
  }

  /// Finds (creating it if needed) and checks the cache folder.
  static func locate() -> Result<String, UnsafeFolder> {
    var firstError: UnsafeFolder?
    for path in candidates() {
      switch check(path) {
      case .success: return .success(path)
      case .failure(let error): firstError = firstError ?? error
      }
    }
    return .failure(firstError ?? UnsafeFolder(path: "", reason: "no folder to use"))
  }

  /// `$XDG_RUNTIME_DIR/ticker-status`, then `${TMPDIR:-/tmp}/ticker-status-UID`.
  static func candidates() -> [String] {
    var paths: [String] = []
    if let runtime = Platform.environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
      paths.append(runtime + "/ticker-status")
    }
    var temporary = Platform.environment("TMPDIR") ?? ""
    if !temporary.hasPrefix("/") { temporary = "/tmp" }
    paths.append(temporary + "/ticker-status-\(Platform.userID())")
    return paths
  }

  /// Creates `path` (0700) if missing, then checks that it is a folder, not a
  /// symbolic link, owned by this user, and that no one else may enter it.
  private static func check(_ path: String) -> Result<Void, UnsafeFolder> {
    if case .failure(let error) = Platform.makeDirectory(path: path, permissions: 0o700) {
      return .failure(UnsafeFolder(path: path, reason: error.description))
    }
    switch Platform.linkStatus(path: path) {
    case .failure(let error):
      return .failure(UnsafeFolder(path: path, reason: error.description))
    case .success(let status):
      if status.isSymbolicLink {
        return .failure(UnsafeFolder(path: path, reason: "it is a symbolic link"))
      }
      if !status.isDirectory {
        return .failure(UnsafeFolder(path: path, reason: "it is not a folder"))
      }
      if status.owner != Platform.userID() {
        return .failure(UnsafeFolder(path: path, reason: "it belongs to another user"))
      }
      if status.permissions & 0o077 != 0 {
        return .failure(UnsafeFolder(path: path, reason: "others may use it (want mode 0700)"))
      }
      return .success(())
    }
  }
}
