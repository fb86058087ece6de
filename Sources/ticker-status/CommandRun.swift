/// One run of a `--command` by `/bin/sh -c`, read without blocking.
///
/// The shell runs in a process group of its own, so that a run that hangs is stopped
/// with everything it started. The caller waits with `poll(2)` on `descriptors` and
/// calls `update(ready:now:)` when something is ready or a child has exited.
final class CommandRun {
  /// How long a run may take: `max(every, 10)` seconds.
  static func timeout(every: Double) -> Double { max(every, 10) }

  /// How much of the command's standard error is kept for a message.
  static let errorLimit = 2048

  let command: String
  let pid: Int32
  /// Seconds the run may take.
  let timeout: Double
  /// The monotonic time after which the run is stopped (later, after a stop: when to
  /// look again for the end).
  private(set) var deadline: Double
  private(set) var output: [UInt8] = []
  private(set) var errors: [UInt8] = []
  private(set) var exit: ChildExit?
  /// Whether the run was stopped for taking too long.
  private(set) var timedOut = false
  private var outputEnd: Int32?
  private var errorEnd: Int32?

  private init(
    command: String, pid: Int32, timeout: Double, outputEnd: Int32, errorEnd: Int32,
    deadline: Double
  ) {
    self.command = command
    self.pid = pid
    self.timeout = timeout
    self.outputEnd = outputEnd
    self.errorEnd = errorEnd
    self.deadline = deadline
  }

  /// Starts `/bin/sh -c command` with standard input from `/dev/null`.
  static func start(_ command: String, timeout: Double) -> Result<CommandRun, SystemError> {
    let outputPipe: (read: Int32, write: Int32)
    let errorPipe: (read: Int32, write: Int32)
    switch (Platform.pipe(), Platform.pipe()) {
    case (.success(let out), .success(let err)):
      outputPipe = out
      errorPipe = err
    case (.failure(let error), let other), (let other, .failure(let error)):
      if case .success(let ends) = other {
        Platform.close(ends.read)
        Platform.close(ends.write)
      }
      return .failure(error)
    }
    let spawned = Platform.spawn(
      ["/bin/sh", "-c", command], standardInput: nil, standardOutput: outputPipe.write,
      standardError: errorPipe.write, newProcessGroup: true)
    Platform.close(outputPipe.write)
    Platform.close(errorPipe.write)
    switch spawned {
    case .success(let pid):
      Platform.registerChildGroup(pid)
      return .success(
        CommandRun(
          command: command, pid: pid, timeout: timeout, outputEnd: outputPipe.read,
          errorEnd: errorPipe.read,
          deadline: Platform.monotonicNow() + timeout))
    case .failure(let error):
      Platform.close(outputPipe.read)
      Platform.close(errorPipe.read)
      return .failure(error)
    }
  }

  /// The pipes still open, to wait on.
  var descriptors: [Int32] { [outputEnd, errorEnd].compactMap { $0 } }

  /// Whether the shell has ended and its output is complete.
  var isFinished: Bool { exit != nil }

  /// Whether the run succeeded: status 0 within the time allowed.
  var succeeded: Bool { exit == .exited(0) && !timedOut }

  /// Reads what is ready, notices the end of the shell (`waitpid` without blocking),
  /// and stops the run once past its deadline.
  ///
  /// - Returns: Whether the run has finished.
  @discardableResult
  func update(ready: [Int32], now: Double) -> Bool {
    guard exit == nil else { return true }
    if let end = outputEnd, ready.contains(end) { drainOutput() }
    if let end = errorEnd, ready.contains(end) { drainErrors() }
    if let ended = Platform.reap(pid) {
      exit = ended
      Platform.unregisterChildGroup(pid)
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
        Platform.send(.kill, to: pid, group: true)
      }
      deadline = now + 0.5
    }
    return false
  }

  /// Stops the run and everything it started, and waits for the shell to end.
  func stop() {
    guard exit == nil else { return }
    Platform.send(.kill, to: pid, group: true)
    exit = Platform.reap(pid, blocking: true) ?? .signaled(9)
    Platform.unregisterChildGroup(pid)
    closePipes()
  }

  /// Why the run gave no items, for a message; `nil` when it succeeded.
  var failure: String? {
    let shown = "command '\(command)'"
    if timedOut {
      return "\(shown) did not finish within \(Seconds.text(timeout)) s and was stopped"
    }
    switch exit {
    case .exited(0)?: return nil
    case .exited(let status)?:
      let detail = firstErrorLine.map { ": " + $0 } ?? ""
      return "\(shown) failed with exit status \(status)\(detail)"
    case .signaled(let signal)?: return "\(shown) was ended by signal \(signal)"
    case nil: return "\(shown) is still running"
    }
  }

  private var firstErrorLine: String? {
    Items.lines(of: errors).first { !$0.isEmpty }
  }

  private func drainOutput() {
    guard let end = outputEnd else { return }
    if !drain(end, into: &output, limit: Int.max) {
      Platform.close(end)
      outputEnd = nil
    }
  }

  private func drainErrors() {
    guard let end = errorEnd else { return }
    if !drain(end, into: &errors, limit: CommandRun.errorLimit) {
      Platform.close(end)
      errorEnd = nil
    }
  }

  /// Reads until the pipe is empty; returns `false` at its end.
  private func drain(_ descriptor: Int32, into bytes: inout [UInt8], limit: Int) -> Bool {
    while true {
      switch Platform.readSome(descriptor) {
      case .bytes(let chunk):
        if bytes.count < limit { bytes += chunk.prefix(limit - bytes.count) }
      case .wouldBlock: return true
      case .endOfFile, .failed: return false
      }
    }
  }

  private func closePipes() {
    if let end = outputEnd { Platform.close(end) }
    if let end = errorEnd { Platform.close(end) }
    outputEnd = nil
    errorEnd = nil
  }

  /// Runs to the end or the deadline without a stream around it (for a detached
  /// refresh, or a one-shot call without a cache), waiting with `poll(2)`.
  ///
  /// - Parameter giveUpAt: A monotonic time at which to stop waiting and stop the run.
  func wait(giveUpAt: Double = .infinity) {
    while !isFinished {
      let now = Platform.monotonicNow()
      if now >= giveUpAt {
        stop()
        return
      }
      var watches = descriptors.map { PollWatch(descriptor: $0) }
      // With the pipes closed, only the shell's end is left to notice: look often.
      let step = watches.isEmpty ? 0.005 : 0.05
      Platform.poll(&watches, timeout: min(step, deadline - now, giveUpAt - now))
      update(ready: watches.filter(\.isReadable).map(\.descriptor), now: Platform.monotonicNow())
    }
  }
}

/// Seconds as messages show them: `10`, `0.5`.
enum Seconds {
  static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }
}
