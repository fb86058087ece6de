/// One run of a `--command` by `/bin/sh -c`, read without blocking.
///
/// The shell runs in a process group of its own, so that a run that hangs is stopped
/// with everything it started. The caller waits with `poll(2)` on `descriptors` and
/// calls `update(ready:now:)` when something is ready or a child has exited. Its output
/// is split into lines as it comes (a line is cut at `LineSplitter.maximumLineLength`),
/// at most `sliceBytes` in one call; a run that prints more than
/// `InputLimits.maximumBytes` is stopped and fails.
final class CommandRun {
  /// How long a run may take: `max(every, 10)` seconds.
  static func timeout(every: Double) -> Double { max(every, 10) }

  /// How much of the command's standard error is kept for a message.
  static let errorLimit = 2048
  /// The most bytes read from the command in one call of `update`.
  static let sliceBytes = 1 << 20

  let command: String
  let pid: Int32
  /// Seconds the run may take.
  let timeout: Double
  /// The monotonic time after which the run is stopped (later, after a stop: when to
  /// look again for the end).
  private(set) var deadline: Double
  /// The lines the command printed.
  private(set) var lines = TextLines()
  private var splitter = LineSplitter()
  private var outputBytes = 0
  /// Whether the run printed more than `InputLimits.maximumBytes` and was stopped.
  private(set) var overflowed = false
  private(set) var errors: [UInt8] = []
  private(set) var exit: ChildExit?
  /// Whether the run was stopped for taking too long.
  private(set) var timedOut = false
  private var outputEnd: FileDescriptor?
  private var errorEnd: FileDescriptor?

  private init(command: String, child: Child, timeout: Double) {
    self.command = command
    pid = child.pid
    self.timeout = timeout
    outputEnd = child.output
    errorEnd = child.errors
    deadline = Clock.monotonic() + timeout
  }

  /// Starts `/bin/sh -c command` with standard input from `/dev/null`.
  static func start(_ command: String, timeout: Double) -> Result<CommandRun, Errno> {
    Processes.spawn(
      ["/bin/sh", "-c", command], output: .pipe, errors: .pipe, newProcessGroup: true
    ).map { child in
      RunningGroups.add(child.pid)
      return CommandRun(command: command, child: child, timeout: timeout)
    }
  }

  /// The pipes still open, to wait on.
  var descriptors: [FileDescriptor] { [outputEnd, errorEnd].compactMap { $0 } }

  /// Whether the shell has ended and its output is complete.
  var isFinished: Bool { exit != nil }

  /// Whether the run succeeded: status 0 within the time and size allowed.
  var succeeded: Bool { exit == .exited(0) && !timedOut && !overflowed }

  /// Reads what is ready, notices the end of the shell (`waitpid` without blocking),
  /// and stops the run once past its deadline.
  ///
  /// - Returns: Whether the run has finished.
  @discardableResult
  func update(ready: [FileDescriptor], now: Double) -> Bool {
    guard exit == nil else { return true }
    if let end = outputEnd, ready.contains(end) { drainOutput() }
    if let end = errorEnd, ready.contains(end) { drainErrors() }
    if let ended = Processes.reap(pid) {
      exit = ended
      RunningGroups.remove(pid)
      // What the shell wrote before it ended is in the pipes now; a background
      // child that keeps them open is not waited for.
      drainOutput()
      drainErrors()
      closePipes()
      return true
    }
    if now >= deadline {
      if !timedOut {
        timedOut = true
        Processes.send(.kill, to: pid, group: true)
      }
      deadline = now + 0.5
    }
    return false
  }

  /// Stops the run and everything it started, and waits for the shell to end.
  func stop() {
    guard exit == nil else { return }
    Processes.send(.kill, to: pid, group: true)
    exit = Processes.reap(pid, blocking: true) ?? .signaled(9)
    RunningGroups.remove(pid)
    closePipes()
  }

  /// Why the run gave no items, for a message; `nil` when it succeeded.
  var failure: String? {
    let shown = "command '\(command)'"
    if overflowed {
      return
        "\(shown) printed more than \(InputLimits.text(InputLimits.maximumBytes)) and was stopped"
    }
    if timedOut {
      return "\(shown) did not finish within \(Seconds.text(timeout)) s and was stopped"
    }
    switch exit {
    case .exited(0)?: return nil
    case .exited(let status)?:
      let detail = LineSplitter.lines(of: errors).first { !$0.isEmpty }.map { ": " + $0 } ?? ""
      return "\(shown) failed with exit status \(status)\(detail)"
    case .signaled(let signal)?: return "\(shown) was ended by signal \(signal)"
    case nil: return "\(shown) is still running"
    }
  }

  private func drainOutput() {
    guard let end = outputEnd else { return }
    let step = Reading.readSome(end, budget: CommandRun.sliceBytes) { chunk in
      let taken = min(chunk.count, max(0, InputLimits.maximumBytes - outputBytes))
      outputBytes += chunk.count
      splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[..<taken])) { lines.append($0) }
    }
    if outputBytes > InputLimits.maximumBytes && !overflowed {
      overflowed = true
      Processes.send(.kill, to: pid, group: true)
    }
    switch step {
    case .success(.wouldBlock), .success(.budgetSpent): return
    case .success(.endOfFile), .failure:
      splitter.finish { lines.append($0) }
      end.close()
      outputEnd = nil
    }
  }

  private func drainErrors() {
    guard let end = errorEnd else { return }
    let step = Reading.readSome(end, budget: CommandRun.sliceBytes) { chunk in
      // Only the start is kept for a message; the rest is read to keep the pipe open.
      errors += chunk.prefix(max(0, CommandRun.errorLimit - errors.count))
    }
    switch step {
    case .success(.wouldBlock), .success(.budgetSpent): return
    case .success(.endOfFile), .failure:
      end.close()
      errorEnd = nil
    }
  }

  private func closePipes() {
    if outputEnd != nil { splitter.finish { lines.append($0) } }
    outputEnd?.close()
    errorEnd?.close()
    outputEnd = nil
    errorEnd = nil
  }

  /// Runs to the end or the deadline without a stream around it (for a detached
  /// refresh, or a one-shot call without a cache), waiting with `poll(2)`.
  ///
  /// - Parameter giveUpAt: A monotonic time at which to stop waiting and stop the run.
  func wait(giveUpAt: Double = .infinity) {
    while !isFinished {
      let now = Clock.monotonic()
      if now >= giveUpAt {
        stop()
        return
      }
      var watches = descriptors.map { PollWatch($0) }
      // With the pipes closed, only the shell's end is left to notice: look often.
      let step = watches.isEmpty ? 0.005 : 0.05
      Poll.wait(&watches, timeout: min(step, deadline - now, giveUpAt - now))
      update(ready: watches.filter(\.isReadable).map(\.descriptor), now: Clock.monotonic())
    }
  }
}
