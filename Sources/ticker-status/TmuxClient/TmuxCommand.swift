/// One `tmux -S SOCKET COMMAND…` client, the one way a tmux command is run: started
/// with its standard output on a pipe (and its standard input on one when given),
/// read to its end, at most `limit` bytes until `deadline`, then killed if it has not
/// ended, and reaped.
///
/// A question asked before any frame (the server's version, the plugin's reading of
/// the server) waits for its answer here (`run`); a stream's question is read as it
/// comes, between frames (`TmuxQuery`), from a client started the same way (`start`).
enum TmuxCommand {
  /// What one client printed, and whether it ended with status 0.
  struct Answer {
    var succeeded: Bool
    var output: [UInt8]
  }

  /// Starts `tmux -S socket arguments…`; `nil` when tmux cannot run.
  static func start(socket: String, _ arguments: [String], input: String? = nil) -> Child? {
    guard
      case .success(let child) = Processes.spawn(
        ["tmux", "-S", socket] + arguments, input: input == nil ? .null : .pipe, output: .pipe)
    else { return nil }
    if let writer = child.input {
      _ = writer.writeAll(input ?? "")
      writer.close()
    }
    return child
  }

  /// Runs `tmux -S socket arguments…` to its end, its standard input `input` (or
  /// `/dev/null`), reading what it prints: at most `limit` bytes, until monotonic
  /// `deadline`; a client that has not ended by then is killed rather than waited
  /// for.
  static func run(
    socket: String, _ arguments: [String], input: String? = nil, limit: Int, deadline: Double
  ) -> Answer {
    guard let child = start(socket: socket, arguments, input: input) else {
      return Answer(succeeded: false, output: [])
    }
    var bytes: [UInt8] = []
    var ended = false
    if let output = child.output {
      let read = Reading.read(output, limit: limit, deadline: deadline) { bytes += $0 }
      ended = read == .success(.endOfFile)
      output.close()
    }
    if !ended {
      Processes.send(.kill, to: child.pid)
      Processes.send(.continued, to: child.pid)
    }
    let exit = Processes.reap(child.pid, blocking: true)
    return Answer(succeeded: ended && exit == .exited(0), output: bytes)
  }
}
