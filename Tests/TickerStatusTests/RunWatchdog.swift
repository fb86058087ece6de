import Foundation

/// Makes sure nothing the tests start outlives the test process, however it ends: a
/// trap, SIGKILL, a CI timeout, or an ordinary exit that a test's cleanup missed.
///
/// Every process the tests start (through `runProcess`, `LiveProcess` and
/// `spawnClean`) carries `TICKER_TEST_RUN=<this run's id>` in its environment, and so
/// does everything it starts in turn: a tmux server forked from its client, i3bar
/// under i3, the shell under a bar, ticker-status under the shell. A watchdog,
/// started with the first process, in a session of its own (so that a signal to the
/// tests' process group spares it), reads a pipe whose only writer is the test
/// process; the read ends when the test process is gone, and the watchdog then kills
/// every process whose environment holds the mark, until none is left, and exits.
///
/// Why not `PR_SET_PDEATHSIG`: it reaches the direct child alone (not a daemon a child
/// forks, nor the bar's children), and it fires when the *thread* that spawned the
/// child ends, which in a pool of test threads is any time.
enum RunWatchdog {
  /// The variable that marks this run's processes.
  static let variable = "TICKER_TEST_RUN"

  /// This run's mark, and the watchdog that acts on it, started once.
  static let mark: String = {
    let id = "\(getpid())-\(UInt64.random(in: 1...UInt64.max))"
    start(id)
    return id
  }()

  /// `environment` (the test process's own when `nil`) with this run's mark.
  static func marked(_ environment: [String: String]?) -> [String: String] {
    var environment = environment ?? ProcessInfo.processInfo.environment
    environment[variable] = mark
    return environment
  }

  /// Starts the watchdog. The pipe's write end stays open, close-on-exec, in this
  /// process alone, for as long as it lives.
  private static func start(_ id: String) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return }
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    // Every marked process, killed until none is left (a dying parent may start
    // another); ten rounds at most, then the watchdog gives up rather than spin.
    let script = """
      while read -r _; do :; done
      for round in 1 2 3 4 5 6 7 8 9 10; do
        pids=$(grep -lzsx "$0=$1" /proc/[0-9]*/environ | cut -d/ -f3)
        [ -n "$pids" ] || exit 0
        kill -CONT $pids 2>/dev/null
        kill -KILL $pids 2>/dev/null
        sleep 0.2
      done
      """
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    closeInheritedDescriptors(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    // POSIX_SPAWN_SETSID (glibc 2.26), which the Glibc module does not export.
    let setSession: Int32 = 0x80
    posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGMASK))
    // Its own environment lacks the mark, so that it does not kill itself or its grep.
    let strings: [String] = ["/bin/sh", "-c", script, variable, id]
    let argv = strings.map { strdup($0) }
    let environment = [strdup("PATH=/usr/bin:/bin")]
    defer { for pointer in argv + environment { free(pointer) } }
    var pid: pid_t = 0
    _ = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv + [nil], environment + [nil])
    close(ends[0])
  }
}
