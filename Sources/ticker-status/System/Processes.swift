import Glibc

/// `POSIX_SPAWN_SETSID` from glibc's spawn.h, which Swift's Glibc module leaves out
/// (it is behind `_GNU_SOURCE`).
private let spawnSetSession: Int32 = 0x80

/// How a child process ended.
enum ChildExit: Equatable {
  case exited(Int32)
  case signaled(Int32)
}

/// A child started by `Processes.spawn`, with this process's ends of its pipes.
struct Child {
  let pid: Int32
  /// The write end of the child's standard input, when it was given a pipe.
  var input: FileDescriptor?
  /// The read end (non-blocking) of the child's standard output, when a pipe.
  var output: FileDescriptor?
  /// The read end (non-blocking) of the child's standard error, when a pipe.
  var errors: FileDescriptor?
}

/// Where a child's standard stream goes.
enum ChildStream {
  /// `/dev/null`.
  case null
  /// A new pipe, whose other end the caller gets in `Child`.
  case pipe
}

/// Processes: this one and its children.
enum Processes {
  /// `getenv(3)`.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// The whole environment (`environ`), as `NAME=value` strings.
  static func environmentStrings() -> [String] {
    var result: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      result.append(String(cString: entry))
      pointer += 1
    }
    return result
  }

  /// The path of this program's executable (`readlink(2)` of `/proc/self/exe`), or
  /// `nil` when it cannot be read.
  static func executablePath() -> String? { executablePath(of: "self") }

  /// `readlink(2)` of `/proc/PROCESS/exe`: the program process `process` (a process ID,
  /// or `self`) runs; `nil` when it has gone or is not ours to look at.
  static func executablePath(of process: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/\(process)/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `getuid(2)`.
  static var userID: UInt32 { getuid() }

  /// `getpid(2)`.
  static var processID: Int32 { getpid() }

  /// `exit(3)`.
  static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// `_exit(2)`: ends a forked child without running the parent's exit handlers.
  static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

  /// `fork(2)`: the child's pid in the parent, 0 in the child.
  static func fork() -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: false) { Glibc.fork() }
  }

  /// `setsid(2)`: a new session, with no controlling terminal.
  static func createSession() { _ = setsid() }

  /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed.
  ///
  /// A process started with one of them closed (`2>&-`) would otherwise get its next
  /// `open(2)` as that descriptor: a lock file as standard error, say, which a later
  /// `dup2(2)` would close.
  static func openClosedStandardDescriptors() {
    for target in 0...2 where !FileDescriptor(rawValue: Int32(target)).isOpen {
      // open(2) returns the lowest free descriptor: the closed one.
      _ = FileDescriptor.open("/dev/null", target == 0 ? .readOnly : .readWrite)
    }
  }

  /// Points standard input, output and error at `/dev/null` and closes every other
  /// descriptor but `keeping` (those listed in `/proc/self/fd`).
  static func detachDescriptors(keeping: [FileDescriptor]) {
    if case .success(let null) = FileDescriptor.open("/dev/null", .readWrite) {
      for target in 0...2 where Int32(target) != null.rawValue {
        _ = null.duplicate(as: FileDescriptor(rawValue: Int32(target)))
      }
      if null.rawValue > 2 { null.close() }
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
    for descriptor in open where !keeping.contains(FileDescriptor(rawValue: descriptor)) {
      _ = Glibc.close(descriptor)
    }
  }

  /// Starts `arguments` with `posix_spawnp(3)` (looked up on `PATH`), with the default
  /// signal mask and SIGPIPE at its default action.
  ///
  /// Pipes are made for the streams asked as `.pipe`; on failure every descriptor made
  /// here is closed again.
  ///
  /// - Parameters:
  ///   - newProcessGroup: Put the child in a process group of its own, so that it and
  ///     its children can be signalled together.
  ///   - newSession: Give the child a session of its own (`setsid`): no terminal, and
  ///     no signal to this process's group reaches it.
  ///   - environment: `NAME=value` strings replacing the environment; `nil` keeps it.
  static func spawn(
    _ arguments: [String], input: ChildStream = .null, output: ChildStream = .null,
    errors: ChildStream = .null, newProcessGroup: Bool = false, newSession: Bool = false,
    environment: [String]? = nil
  ) -> Result<Child, Errno> {
    var made: [FileDescriptor] = []
    var theirs: [FileDescriptor?] = [nil, nil, nil]
    var ours: [FileDescriptor?] = [nil, nil, nil]
    func closeAll() { for descriptor in made { descriptor.close() } }
    for (index, stream) in [input, output, errors].enumerated() {
      switch stream {
      case .null:
        break
      case .pipe:
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        switch FileDescriptor.pipe() {
        case .success(let pair): ends = pair
        case .failure(let error):
          closeAll()
          return .failure(error)
        }
        made += [ends.readEnd, ends.writeEnd]
        theirs[index] = index == 0 ? ends.readEnd : ends.writeEnd
        ours[index] = index == 0 ? ends.writeEnd : ends.readEnd
        if index > 0, case .failure(let error) = ends.readEnd.setNonBlocking() {
          closeAll()
          return .failure(error)
        }
      }
    }
    let spawned = spawnProcess(
      arguments, streams: theirs, newProcessGroup: newProcessGroup, newSession: newSession,
      environment: environment)
    for descriptor in theirs.compactMap({ $0 }) where made.contains(descriptor) {
      descriptor.close()
    }
    switch spawned {
    case .success(let pid):
      return .success(Child(pid: pid, input: ours[0], output: ours[1], errors: ours[2]))
    case .failure(let error):
      for descriptor in ours.compactMap({ $0 }) { descriptor.close() }
      return .failure(error)
    }
  }

  private static func spawnProcess(
    _ arguments: [String], streams: [FileDescriptor?], newProcessGroup: Bool, newSession: Bool,
    environment: [String]?
  ) -> Result<Int32, Errno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (index, source) in streams.enumerated() {
      let target = Int32(index)
      let result: Int32
      if let source {
        // glibc clears close-on-exec when a descriptor is "duplicated" onto itself.
        result = posix_spawn_file_actions_adddup2(&actions, source.rawValue, target)
      } else {
        result = posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0)
      }
      if case .failure(let error) = nothingOrErrno(returned: result) { return .failure(error) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    if newProcessGroup {
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    if newSession { flags |= spawnSetSession }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGCONT] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)

    let argv = arguments.map { strdup($0) }
    let envp = environment?.map { strdup($0) }
    defer { for pointer in argv + (envp ?? []) { free(pointer) } }
    var pid: pid_t = 0
    let result =
      envp.map { envp in
        posix_spawnp(&pid, arguments[0], &actions, &attributes, argv + [nil], envp + [nil])
      } ?? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv + [nil], environ)
    return nothingOrErrno(returned: result).map { pid }
  }

  /// `waitpid(2)`: how the child ended; `nil` while it runs (unless `blocking`), or
  /// when it is not this process's to wait for.
  static func reap(_ pid: Int32, blocking: Bool = false) -> ChildExit? {
    var status: Int32 = 0
    guard
      case .success(let result) = valueOrErrno({ waitpid(pid, &status, blocking ? 0 : WNOHANG) }),
      result == pid
    else { return nil }
    // The macros WIFEXITED and friends, which Swift does not import.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
  }

  /// Whether a live process (not a zombie) is left in process group `group`.
  ///
  /// `kill(2)` with signal 0 says whether the group has any process at all; a zombie
  /// whose parent has gone stays in it until PID 1 reaps it, which some PID 1s never
  /// do, so the states in `/proc/PID/stat` decide.
  static func groupIsAlive(_ group: Int32) -> Bool {
    guard group > 0, kill(-group, 0) == 0 || errno == EPERM else { return false }
    guard let folder = opendir("/proc") else { return true }
    defer { closedir(folder) }
    var buffer = [UInt8](repeating: 0, count: 512)
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard Int32(name) != nil,
        case .success(let file) = FileDescriptor.open("/proc/\(name)/stat", .readOnly)
      else { continue }
      let count = buffer.withUnsafeMutableBytes { file.read(into: $0) }
      file.close()
      guard case .success(let length) = count, length > 0 else { continue }
      // "pid (comm) S ppid pgrp …": the name may hold anything, so read from its end.
      let line = buffer[..<length]
      guard let close = line.lastIndex(of: UInt8(ascii: ")")) else { continue }
      let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "))
      guard fields.count > 2, let pgrp = Int32(String(decoding: fields[2], as: UTF8.self)) else {
        continue
      }
      if pgrp == group && fields[0].first != UInt8(ascii: "Z") { return true }
    }
    return false
  }

  /// `kill(2)` to `pid`, or to its whole process group when `group`.
  static func send(_ signal: ProcessSignal, to pid: Int32, group: Bool = false) {
    guard pid > 0 else { return }
    _ = kill(group ? -pid : pid, signal.number)
  }
}
