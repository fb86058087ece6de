/// `--stream --follow --command CMD`: `/bin/sh -c CMD` started once and kept running
/// (`playerctl --follow`); each line it prints replaces its items.
///
/// The shell runs in a process group of its own, which the stream stops when it
/// ends (the reader gone: here; a signal: `RunningGroups.stopAll`), so nothing it
/// started outlives the ticker. When the command ends by itself its last items stay.
final class FollowedCommand: LiveSource {
  private let input: FollowedInput
  private let pid: Int32
  private var isRunning = true

  /// Starts `command`; `nil`, with the error, when `/bin/sh` cannot be started.
  static func start(_ command: String) -> Result<FollowedCommand, Errno> {
    Processes.spawn(["/bin/sh", "-c", command], output: .pipe, newProcessGroup: true).map {
      child in
      RunningGroups.add(child.pid)
      return FollowedCommand(pid: child.pid, output: child.output ?? .standardInput)
    }
  }

  private init(pid: Int32, output: FileDescriptor) {
    self.pid = pid
    input = FollowedInput(output)
  }

  var lines: TextLines { input.lines }
  var descriptors: [FileDescriptor] { input.descriptors }
  /// Once the output has ended, a look now and then for the shell's end.
  var deadline: Double? {
    input.deadline ?? (isRunning && !input.isReading ? Clock.monotonic() + 0.5 : nil)
  }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    let changed = input.update(ready: ready, now: now)
    if isRunning && !input.isReading, Processes.reap(pid) != nil {
      isRunning = false
      RunningGroups.remove(pid)
    }
    return changed
  }

  /// SIGTERM to the command's group; SIGKILL to what is left after
  /// `RunningGroups.grace`.
  func stop() {
    guard isRunning else { return }
    isRunning = false
    ChildStopping.stop([pid], asGroups: true, grace: RunningGroups.grace)
    // The watchdog holds the group until it is gone.
    RunningGroups.remove(pid)
  }
}
