/// A process that stops the commands' process groups when this process is gone,
/// however it ends: SIGKILL (a bar killed that way, the OOM killer) gives it no chance
/// to stop them itself (`RunningGroups.stopAll`).
///
/// The watchdog is a `/bin/sh` in a session of its own (a signal to this process's
/// group spares it), reading a pipe whose only writer is this process (the write end
/// is close-on-exec, so no command holds it). Each group started is told to it as
/// `+PGID`, each group ended as `-PGID`. When the read ends, this process is gone: the
/// watchdog sends SIGTERM to the groups it still holds, and SIGKILL a second later to
/// what is left of them (a command that ignores SIGTERM does not outlive it either).
///
/// Started at the first group, once per process (a forked child that runs commands of
/// its own starts its own). Its messages never block: the pipe is non-blocking, and a
/// watchdog that cannot keep up (stopped, say) misses a message rather than stopping
/// frames.
enum GroupWatchdog {
  /// The watchdog's script: `$0` is the grace in seconds.
  static let script = """
    trap '' HUP INT TERM
    held=' '
    while read -r line; do
      case $line in
        +*) held="$held${line#+} " ;;
        -*) kept=' '
            for group in $held; do [ "$group" = "${line#-}" ] || kept="$kept$group "; done
            held=$kept ;;
      esac
    done
    [ "$held" = ' ' ] && exit 0
    for group in $held; do kill -TERM "-$group" 2>/dev/null; done
    sleep "$0"
    for group in $held; do kill -KILL "-$group" 2>/dev/null; done
    exit 0
    """

  /// The write end of the watchdog's pipe, and the process that started it.
  private nonisolated(unsafe) static var pipe: FileDescriptor?
  private nonisolated(unsafe) static var owner: Int32 = 0

  /// Tells the watchdog that group `pid` runs now; starts the watchdog first if this
  /// process has none.
  static func watch(_ pid: Int32) {
    if owner != Processes.processID { start() }
    tell("+\(pid)\n")
  }

  /// Tells the watchdog that group `pid` has ended (or was stopped).
  static func forget(_ pid: Int32) {
    guard owner == Processes.processID else { return }
    tell("-\(pid)\n")
  }

  private static func start() {
    owner = Processes.processID
    pipe = nil
    let grace = String(Int(RunningGroups.grace.rounded(.up)))
    guard
      case .success(let child) = Processes.spawn(
        ["/bin/sh", "-c", script, grace], input: .pipe, newSession: true),
      let input = child.input
    else { return }
    _ = input.setNonBlocking()
    pipe = input
  }

  private static func tell(_ message: String) {
    _ = pipe?.writeAll(message)
  }
}
