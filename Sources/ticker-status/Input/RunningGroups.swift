/// The process groups of the commands running now, so that a stream that is told to
/// end can stop them all; no limit on their number. A `GroupWatchdog` holds them too,
/// and stops them if this process is killed before it can.
enum RunningGroups {
  /// How long the commands have to end after SIGTERM before they get SIGKILL.
  static let grace = 1.0

  private nonisolated(unsafe) static var groups: Set<Int32> = []

  static func add(_ pid: Int32) {
    groups.insert(pid)
    GroupWatchdog.watch(pid)
  }

  static func remove(_ pid: Int32) {
    groups.remove(pid)
    GroupWatchdog.forget(pid)
  }

  /// Stops every group together (`ChildStopping`: SIGTERM, up to `grace` seconds for
  /// each to have no live process, SIGKILL to what is left): a command that ignores
  /// SIGTERM does not outlive the stream.
  static func stopAll(grace: Double = grace) {
    guard !groups.isEmpty else { return }
    ChildStopping.stop(Array(groups), asGroups: true, grace: grace)
    for group in groups { GroupWatchdog.forget(group) }
    groups = []
  }
}
