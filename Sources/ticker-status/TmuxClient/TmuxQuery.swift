/// A one-off `tmux` client (`tmux -S SOCKET COMMAND…`) whose answer is read as it
/// comes, so that asking the server never holds up a stream's frames: the stream
/// waits on `output` with everything else, and `service(now:)` reads it.
///
/// Every question shares the server's first-contact deadline
/// (`TmuxControlClient.contactDeadline`): a socket that accepts and never answers ends
/// the stream within `TmuxControlClient.contactTimeout`, not after the sum of each
/// question's own timeout.
final class TmuxQuery {
  /// What a question has come to.
  enum Outcome: Equatable {
    /// Not answered yet.
    case pending
    /// The lines the client printed, once it ended with status 0.
    case answered([String])
    /// It failed, printed more than `answerLimit`, or did not end by its deadline.
    case failed
  }

  /// The most bytes of an answer read: a version or a few session ids.
  static let answerLimit = 4096

  let pid: Int32
  /// The read end of the client's standard output.
  let output: FileDescriptor
  /// When the question is given up (monotonic seconds).
  let deadline: Double
  private var reader = LineReader()
  private var lines: [String] = []
  private var outcome = Outcome.pending

  /// Whether its output is still to be read (then `output` is worth waiting on);
  /// after its end, only its exit is awaited.
  var isReading: Bool { outcome == .pending && !reader.hasEnded }

  private init(pid: Int32, output: FileDescriptor, deadline: Double) {
    self.pid = pid
    self.output = output
    self.deadline = deadline
  }

  /// Asks the server at `socket` for `arguments`, to be answered within `timeout`
  /// seconds of `now` (monotonic); `nil` when no time is left or tmux cannot run.
  static func start(socket: String, _ arguments: [String], timeout: Double, now: Double)
    -> TmuxQuery?
  {
    TmuxControlClient.noteContact(at: now)
    let timeout = min(timeout, (TmuxControlClient.contactDeadline ?? .infinity) - now)
    guard timeout > 0, let child = TmuxCommand.start(socket: socket, arguments),
      let output = child.output
    else { return nil }
    return TmuxQuery(pid: child.pid, output: output, deadline: now + timeout)
  }

  /// Reads what the client has written, and looks at its end and the deadline.
  ///
  /// The client is reaped without waiting: after the end of its output, the answer
  /// stays pending until it has exited (its SIGCHLD wakes the stream).
  func service(now: Double) -> Outcome {
    guard outcome == .pending else { return outcome }
    if !reader.hasEnded {
      _ = reader.read(output, budget: Self.answerLimit + 1 - reader.bytesRead) {
        lines.append(String(decoding: $0, as: UTF8.self))
      }
    }
    if reader.bytesRead > Self.answerLimit || (now >= deadline && !reader.hasEnded) {
      stop()
      return outcome
    }
    guard reader.hasEnded else { return .pending }
    guard let exit = Processes.reap(pid) else {
      if now >= deadline { stop() }
      return outcome
    }
    output.close()
    if exit == .exited(0) {
      TmuxControlClient.noteAnswer()
      outcome = .answered(lines)
    } else {
      outcome = .failed
    }
    return outcome
  }

  /// Gives the question up: the client is killed and reaped.
  func stop() {
    guard outcome == .pending else { return }
    outcome = .failed
    output.close()
    Processes.send(.kill, to: pid)
    Processes.send(.continued, to: pid)
    _ = Processes.reap(pid, blocking: true)
  }

  /// The version of the tmux server at `socket`, as `#{version}` gives it (`3.5a`), or
  /// `nil` when it does not answer within `timeout` seconds (or is not there): asked
  /// once, at the start, before any frame (`RunFacts`).
  ///
  /// `display-message -p` needs no session, so this works while the server reads its
  /// configuration, where the tmux plugin starts a stream.
  static func serverVersion(socket: String, timeout: Double = 2) -> String? {
    let now = Clock.monotonic()
    TmuxControlClient.noteContact(at: now)
    let timeout = min(timeout, (TmuxControlClient.contactDeadline ?? .infinity) - now)
    guard timeout > 0 else { return nil }
    let answer = TmuxCommand.run(
      socket: socket, ["display-message", "-p", "#{version}"], limit: answerLimit,
      deadline: now + timeout)
    guard answer.succeeded else { return nil }
    TmuxControlClient.noteAnswer()
    let line = answer.output.prefix { $0 != 0x0A && $0 != 0x0D }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
  }
}
