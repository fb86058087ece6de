/// Stopping children, the one way this program does it: SIGTERM (with SIGCONT, so that
/// a stopped child can act on it), a grace in which to end, then SIGKILL to what is
/// left; reaped. Used for the commands' process groups (`RunningGroups`,
/// `FollowedCommand`) and for tmux clients (`TmuxControlClient`): a child that ignores
/// SIGTERM, or is stopped, never holds up this process's own end.
enum ChildStopping {
  /// Stops `pids` together (as process groups when `asGroups`: a group has ended when
  /// no live process is left in it), and returns how each child that was reaped ended.
  ///
  /// - Parameters:
  ///   - grace: Seconds they have to end before SIGKILL.
  ///   - terminate: Send SIGTERM first; without it, they are only waited for until the
  ///     grace is over (a child already told to end).
  @discardableResult
  static func stop(_ pids: [Int32], asGroups: Bool, grace: Double, terminate: Bool = true)
    -> [Int32: ChildExit]
  {
    if terminate {
      for pid in pids {
        Processes.send(.terminate, to: pid, group: asGroups)
        Processes.send(.continued, to: pid, group: asGroups)
      }
    }
    var exits: [Int32: ChildExit] = [:]
    var left = Set(pids)
    let giveUpAt = Clock.monotonic() + grace
    while !left.isEmpty {
      for pid in left {
        if exits[pid] == nil, let exit = Processes.reap(pid) { exits[pid] = exit }
        let ended = asGroups ? !Processes.groupIsAlive(pid) : exits[pid] != nil
        if ended { left.remove(pid) }
      }
      if left.isEmpty || Clock.monotonic() >= giveUpAt { break }
      var nothing: [PollWatch] = []
      Poll.wait(&nothing, timeout: 0.005)
    }
    for pid in left {
      Processes.send(.kill, to: pid, group: asGroups)
      Processes.send(.continued, to: pid, group: asGroups)
      if exits[pid] == nil { exits[pid] = Processes.reap(pid, blocking: true) }
    }
    return exits
  }
}
