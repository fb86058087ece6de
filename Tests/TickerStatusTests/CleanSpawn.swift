import Foundation

/// Where a spawned program's standard output or error goes.
enum SpawnTarget {
  case null
  case descriptor(Int32)
  case file(String)
}

/// Starts a program with `posix_spawnp`, not Foundation's `Process`, for daemons and
/// programs that live on signals (the tmux server, i3blocks).
///
/// `Process` learns that a child ended from a socket the child inherits; a daemon
/// inherits it too and keeps it open, so `waitUntilExit` would wait as long as the
/// daemon lives. And the test runner's threads block signals, which a child inherits:
/// a tmux server would then ignore `kill-server`'s SIGTERM and never reap its jobs (so
/// `run-shell` never returns), and i3blocks, which works by SIGCHLD and SIGIO, would
/// never update. So the child gets standard input on `/dev/null`, output and errors
/// where asked, every other descriptor closed, no signals blocked, default handlers.
///
/// - Returns: The child's process id.
func spawnClean(
  _ argv: [String], environment: [String: String]? = nil, stdout: SpawnTarget = .null,
  stderr: SpawnTarget = .null
) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  for (target, descriptor) in [(stdout, Int32(1)), (stderr, Int32(2))] {
    switch target {
    case .null:
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
    case .descriptor(let source):
      posix_spawn_file_actions_adddup2(&actions, source, descriptor)
    case .file(let path):
      posix_spawn_file_actions_addopen(
        &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
  }
  closeInheritedDescriptors(&actions)
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var signals = sigset_t()
  sigemptyset(&signals)
  posix_spawnattr_setsigmask(&attributes, &signals)
  for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGIO, SIGALRM, SIGUSR1, SIGUSR2] {
    sigaddset(&signals, signal)
  }
  posix_spawnattr_setsigdefault(&attributes, &signals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  let arguments = argv.map { strdup($0) }
  // Marked, so that the run's watchdog stops it should the tests die first.
  let variables = RunWatchdog.marked(environment).map { strdup("\($0.key)=\($0.value)") }
  defer { for pointer in arguments + variables { free(pointer) } }
  var pid: pid_t = 0
  let status = posix_spawnp(
    &pid, argv[0], &actions, &attributes, arguments + [nil], variables + [nil])
  guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
  return pid
}

/// Waits up to `timeout` seconds for `pid` to end, then kills it.
///
/// - Returns: The exit status (128 + the signal for a program a signal ended), or `nil`
///   if it did not end by itself in time.
func waitForExit(_ pid: pid_t, timeout: Double) -> Int32? {
  var status: Int32 = 0
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid { break }
    if result == -1 && errno != EINTR { return nil }
    if Date() > deadline {
      kill(pid, SIGKILL)
      waitpid(pid, &status, 0)
      return nil
    }
    usleep(5_000)
  }
  return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
}

/// Adds to `actions` the closing of every descriptor of this process above 2, so that
/// a child holds none of the tests' pipes (a write end held would keep its reader
/// waiting) or sockets.
func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
    posix_spawn_file_actions_addclose(&actions, descriptor)
  }
}
