import Glibc

/// Every libc call the executable makes, each named after the function it wraps.
///
/// Reads and writes retry when a signal interrupts them (`EINTR`).
enum Platform {
  /// `clock_gettime(CLOCK_REALTIME)`: the Unix time in seconds.
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
  }

  /// `getenv(3)`.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// `isatty(3)`.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// `signal(SIGPIPE, SIG_IGN)`: a closed pipe then shows as `EPIPE` from `write`.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// `exit(3)`.
  static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// `strerror(3)`.
  static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }

  /// The whole of a file, by `open(2)` and `read(2)`; `-` is standard input.
  static func readAll(path: String) -> Result<[UInt8], ReadError> {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor < 0 { return .failure(ReadError(path: path, code: errno)) }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var bytes: [UInt8] = []
    // An uninitialised chunk: a status line's file is small, and zeroing costs.
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      let count = read(descriptor, chunk.baseAddress, chunk.count)
      if count > 0 {
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      } else if count == 0 {
        return .success(bytes)
      } else if errno != EINTR {
        return .failure(ReadError(path: path, code: errno))
      }
    }
  }

  /// Writes all of `text` with `write(2)`.
  ///
  /// - Returns: `false` when the reader has gone (`EPIPE`) or the write failed.
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written >= 0 {
          offset += written
        } else if errno != EINTR {
          return false
        }
      }
      return true
    }
  }
}

/// A file that could not be read.
struct ReadError: Error, Equatable {
  var path: String
  var code: Int32

  var description: String {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    return "cannot read \(shown): \(Platform.describe(errno: code))"
  }
}

// MARK: - Long-running streams: clocks, descriptors, child processes, signals, files

/// One descriptor that `poll(2)` watches, and what it reported.
struct PollWatch {
  var descriptor: Int32
  /// Whether to wait for input; `false` watches only for errors and hang-ups.
  var wantsInput = true
  /// Input is ready or the other end has closed: one `read(2)` will not block.
  var isReadable = false
  /// The other end has gone or the descriptor failed (`POLLERR`, `POLLHUP`, `POLLNVAL`).
  var isBroken = false

  init(descriptor: Int32, wantsInput: Bool = true) {
    self.descriptor = descriptor
    self.wantsInput = wantsInput
  }
}

/// What one `read(2)` gave.
enum ReadChunk {
  case bytes([UInt8])
  case endOfFile
  /// A non-blocking descriptor has nothing now (`EAGAIN`).
  case wouldBlock
  case failed(Int32)
}

/// How a child process ended.
enum ChildExit: Equatable {
  case exited(Int32)
  case signaled(Int32)
}

/// The signals the stream sends and handles, by name.
enum ProcessSignal {
  case terminate, kill, interrupt, hangUp, childExited, continued

  var number: Int32 {
    switch self {
    case .terminate: return SIGTERM
    case .kill: return SIGKILL
    case .interrupt: return SIGINT
    case .hangUp: return SIGHUP
    case .childExited: return SIGCHLD
    case .continued: return SIGCONT
    }
  }
}

/// What `stat(2)` says about a file: enough to notice a rewrite or a rename over it.
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int
  var changedSeconds: Int
  var changedNanoseconds: Int

  fileprivate init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modifiedSeconds = info.st_mtim.tv_sec
    modifiedNanoseconds = info.st_mtim.tv_nsec
    changedSeconds = info.st_ctim.tv_sec
    changedNanoseconds = info.st_ctim.tv_nsec
  }

  /// The modification time in Unix seconds.
  var modified: Double { Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9 }
}

/// What `lstat(2)` says about a path, for checking a private folder.
struct LinkStatus {
  var isDirectory: Bool
  var isSymbolicLink: Bool
  var owner: UInt32
  /// The permission bits (`st_mode & 0o7777`).
  var permissions: UInt32
}

/// A failed system call: its `errno`.
struct SystemError: Error, Equatable {
  var code: Int32
  var description: String { Platform.describe(errno: code) }
}

/// What the signal handlers read; set up by `Platform.installStreamSignalHandlers()`
/// before any handler can run.
private nonisolated(unsafe) var wakeUpDescriptor: Int32 = -1
private let childGroupCapacity = 8
private nonisolated(unsafe) var childGroups = UnsafeMutablePointer<Int32>.allocate(
  capacity: childGroupCapacity)

/// SIGTERM, SIGINT, SIGHUP: stop the registered children's process groups, then leave
/// at once with 128 + the signal. Only async-signal-safe calls (`kill`, `_exit`).
private func terminationHandler(_ signal: Int32) {
  for slot in 0..<childGroupCapacity where childGroups[slot] > 0 {
    _ = kill(-childGroups[slot], SIGTERM)
  }
  _exit(128 + signal)
}

/// SIGCHLD, SIGCONT: one byte, the signal's number, on the wake-up pipe.
private func wakeUpHandler(_ signal: Int32) {
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(wakeUpDescriptor, &byte, 1)
  errno = saved
}

extension Platform {
  /// `clock_gettime(CLOCK_MONOTONIC)`: seconds from an arbitrary start; never jumps.
  static func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
  }

  /// `getrusage(RUSAGE_SELF)`: user and system CPU seconds used so far.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// `getuid(2)`.
  static func userID() -> UInt32 { getuid() }

  /// `getpid(2)`.
  static func processID() -> Int32 { getpid() }

  /// `pipe(2)`, both ends close-on-exec (`fcntl(F_SETFD)`), and the chosen ends
  /// non-blocking (`fcntl(F_SETFL, O_NONBLOCK)`).
  static func pipe(nonBlockingRead: Bool = true, nonBlockingWrite: Bool = false)
    -> Result<(read: Int32, write: Int32), SystemError>
  {
    var ends: [Int32] = [-1, -1]
    guard Glibc.pipe(&ends) == 0 else { return .failure(SystemError(code: errno)) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    if nonBlockingRead { setNonBlocking(ends[0]) }
    if nonBlockingWrite { setNonBlocking(ends[1]) }
    return .success((ends[0], ends[1]))
  }

  /// `fcntl(F_SETFL)` adding `O_NONBLOCK`, for descriptors this process alone uses.
  static func setNonBlocking(_ descriptor: Int32) {
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
  }

  /// `close(2)`.
  static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

  /// One `read(2)` of up to `limit` bytes, retried on `EINTR`.
  static func readSome(_ descriptor: Int32, limit: Int = 65536) -> ReadChunk {
    var buffer = [UInt8](repeating: 0, count: limit)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.removeSubrange(count...)
        return .bytes(buffer)
      }
      if count == 0 { return .endOfFile }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
      return .failed(errno)
    }
  }

  /// `poll(2)` on `watches` for up to `timeout` seconds (rounded up to a millisecond;
  /// `nil` waits for ever), filling in what each reported.
  ///
  /// A signal that interrupts the wait (`EINTR`) ends it early with nothing ready.
  static func poll(_ watches: inout [PollWatch], timeout: Double?) {
    var descriptors = watches.map {
      pollfd(fd: $0.descriptor, events: $0.wantsInput ? Int16(POLLIN) : 0, revents: 0)
    }
    var milliseconds: Int32 = -1
    if let timeout {
      milliseconds = Int32(max(0, min((timeout * 1000).rounded(.up), 86_400_000)))
    }
    let count = Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    for index in watches.indices {
      let events = count > 0 ? Int32(descriptors[index].revents) : 0
      watches[index].isReadable = events & Int32(POLLIN | POLLHUP | POLLERR) != 0
      watches[index].isBroken = events & Int32(POLLERR | POLLHUP | POLLNVAL) != 0
    }
  }

  /// Starts `arguments` (looked up on `PATH` by `posix_spawnp(3)`) with the given
  /// standard streams (`nil`: `/dev/null`), the default signal mask and SIGPIPE back at
  /// its default; in a process group of its own when `newProcessGroup`, so that it and
  /// its children can be stopped together.
  ///
  /// - Returns: The child's process ID.
  static func spawn(
    _ arguments: [String], standardInput: Int32?, standardOutput: Int32?,
    standardError: Int32?, newProcessGroup: Bool
  ) -> Result<Int32, SystemError> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
      if let source {
        if source != target { posix_spawn_file_actions_adddup2(&actions, source, target) }
      } else {
        let mode = target == 0 ? O_RDONLY : O_WRONLY
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    if newProcessGroup {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let cStrings = arguments.map { strdup($0) }
    defer { for pointer in cStrings { free(pointer) } }
    var argv: [UnsafeMutablePointer<CChar>?] = cStrings + [nil]
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
    return result == 0 ? .success(pid) : .failure(SystemError(code: result))
  }

  /// `waitpid(2)`: how the child ended, or `nil` while it runs (with `blocking: false`,
  /// `WNOHANG`) or when it is not ours to wait for.
  static func reap(_ pid: Int32, blocking: Bool = false) -> ChildExit? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid { break }
      if result < 0 && errno == EINTR { continue }
      return nil
    }
    // The macros WIFEXITED and friends, which Swift does not import.
    let signal = status & 0x7F
    if signal == 0 { return .exited((status >> 8) & 0xFF) }
    return .signaled(signal)
  }

  /// `kill(2)` to `pid`, or to its whole process group when `group`.
  static func send(_ signal: ProcessSignal, to pid: Int32, group: Bool = false) {
    guard pid > 0 else { return }
    _ = kill(group ? -pid : pid, signal.number)
  }

  /// Installs the stream's handlers with `sigaction(2)` and returns the read end of
  /// the wake-up pipe (`pipe(2)`, non-blocking).
  ///
  /// SIGTERM, SIGINT and SIGHUP stop the process groups given to
  /// `registerChildGroup(_:)` and end the process at once with status 128 + the
  /// signal, even in the middle of a blocked `write`. SIGCHLD and SIGCONT write their
  /// number as one byte to the pipe, so that `poll(2)` wakes up for them. All five are
  /// unblocked (`sigprocmask(2)`).
  static func installStreamSignalHandlers() -> Result<Int32, SystemError> {
    let ends: (read: Int32, write: Int32)
    switch pipe(nonBlockingRead: true, nonBlockingWrite: true) {
    case .success(let pair): ends = pair
    case .failure(let error): return .failure(error)
    }
    wakeUpDescriptor = ends.write
    for slot in 0..<childGroupCapacity { childGroups[slot] = 0 }
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.__sigaction_handler.sa_handler = terminationHandler
    for signal in [SIGTERM, SIGINT, SIGHUP] { sigaction(signal, &action, nil) }
    action.__sigaction_handler.sa_handler = wakeUpHandler
    action.sa_flags = SA_RESTART | SA_NOCLDSTOP
    for signal in [SIGCHLD, SIGCONT] { sigaction(signal, &action, nil) }
    // The parent may have started this process with signals blocked (a thread of a
    // runtime that waits for its children, say): let these through.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGCONT] { sigaddset(&handled, signal) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    return .success(ends.read)
  }

  /// Remembers `pid`'s process group, to be stopped if a signal ends this process.
  static func registerChildGroup(_ pid: Int32) {
    for slot in 0..<childGroupCapacity where childGroups[slot] == 0 {
      childGroups[slot] = pid
      return
    }
  }

  /// Forgets `pid`'s process group (after it has been reaped).
  static func unregisterChildGroup(_ pid: Int32) {
    for slot in 0..<childGroupCapacity where childGroups[slot] == pid { childGroups[slot] = 0 }
  }

  /// `stat(2)`.
  static func stamp(path: String) -> Result<FileStamp, SystemError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
    return .success(FileStamp(info))
  }

  /// The whole of a file and its stamp before the read: `open(2)`, `fstat(2)`, `read(2)`.
  ///
  /// A change while reading shows as a newer stamp at the next look.
  static func readAllStamped(path: String) -> Result<([UInt8], FileStamp), ReadError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { return .failure(ReadError(path: path, code: errno)) }
    defer { _ = Glibc.close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(ReadError(path: path, code: errno)) }
    var bytes: [UInt8] = []
    while true {
      switch readSome(descriptor) {
      case .bytes(let chunk): bytes += chunk
      case .endOfFile: return .success((bytes, FileStamp(info)))
      case .wouldBlock: continue
      case .failed(let code): return .failure(ReadError(path: path, code: code))
      }
    }
  }

  /// `lstat(2)`: the path itself, a symbolic link not followed.
  static func linkStatus(path: String) -> Result<LinkStatus, SystemError> {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .failure(SystemError(code: errno)) }
    let kind = info.st_mode & S_IFMT
    return .success(
      LinkStatus(
        isDirectory: kind == S_IFDIR, isSymbolicLink: kind == S_IFLNK, owner: info.st_uid,
        permissions: info.st_mode & 0o7777))
  }

  /// `mkdir(2)`; an existing path is not an error (check it with `linkStatus`).
  static func makeDirectory(path: String, permissions: UInt32) -> Result<Void, SystemError> {
    if mkdir(path, permissions) == 0 || errno == EEXIST { return .success(()) }
    return .failure(SystemError(code: errno))
  }

  /// `open(2)` read-write, creating the file (0600) if missing, never through a
  /// symbolic link.
  ///
  /// - Returns: The descriptor, and whether this call created the file (`O_EXCL`).
  static func openPrivateFile(path: String) -> Result<(Int32, created: Bool), SystemError> {
    let flags = O_RDWR | O_CLOEXEC | O_NOFOLLOW
    let created = open(path, flags | O_CREAT | O_EXCL, 0o600)
    if created >= 0 { return .success((created, true)) }
    guard errno == EEXIST else { return .failure(SystemError(code: errno)) }
    let existing = open(path, flags)
    if existing >= 0 { return .success((existing, false)) }
    return .failure(SystemError(code: errno))
  }

  /// `flock(LOCK_EX | LOCK_NB)`: whether this process now holds the lock.
  static func tryLock(_ descriptor: Int32) -> Bool { flock(descriptor, LOCK_EX | LOCK_NB) == 0 }

  /// `fstat(2)`: the file's modification time in Unix seconds.
  static func modificationTime(_ descriptor: Int32) -> Double? {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    return FileStamp(info).modified
  }

  /// `futimens(2)`: sets the file's times to now.
  static func touch(_ descriptor: Int32) { _ = futimens(descriptor, nil) }

  /// Replaces the file at `path` as a whole: a private (0600) temporary file beside
  /// it, `write(2)`, then `rename(2)` over it, so readers see the old or the new
  /// contents, never a part.
  static func writeAtomically(_ bytes: [UInt8], to path: String) -> Result<Void, SystemError> {
    let temporary = path + ".\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        let code = errno
        _ = Glibc.close(descriptor)
        unlink(temporary)
        return .failure(SystemError(code: code))
      }
      offset += written
    }
    _ = Glibc.close(descriptor)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      return .failure(SystemError(code: code))
    }
    return .success(())
  }

  /// `fork(2)`.
  static func fork() -> Int32 { Glibc.fork() }

  /// `setsid(2)`: a new session, with no controlling terminal.
  static func createSession() { _ = setsid() }

  /// `_exit(2)`: ends a forked child without running the parent's exit handlers.
  static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

  /// Points standard input, output and error at `/dev/null` (`open(2)`, `dup2(2)`),
  /// and closes every other descriptor but `keeping` (listed in `/proc/self/fd`).
  static func detachDescriptors(keeping: [Int32]) {
    let null = open("/dev/null", O_RDWR)
    if null >= 0 {
      for target in Int32(0)...2 where target != null { dup2(null, target) }
      if null > 2 { _ = Glibc.close(null) }
    }
    var open: [Int32] = []
    if let folder = opendir("/proc/self/fd") {
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if let descriptor = Int32(name), descriptor > 2 { open.append(descriptor) }
      }
      closedir(folder)
    } else {
      open = Array(3..<1024)
    }
    for descriptor in open where !keeping.contains(descriptor) { _ = Glibc.close(descriptor) }
  }
}

extension Platform {
  /// Whether a server listens on the Unix socket at `path`: `socket(2)` and
  /// `connect(2)`, then `close(2)`.
  static func canConnect(unixSocket path: String) -> Result<Void, SystemError> {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
    defer { _ = Glibc.close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { return .failure(SystemError(code: ENAMETOOLONG)) }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    return result == 0 ? .success(()) : .failure(SystemError(code: errno))
  }
}
