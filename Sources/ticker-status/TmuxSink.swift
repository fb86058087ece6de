import TickerCore

/// `--stream --tmux-option @NAME`: each frame becomes the value of a tmux user option,
/// so that `status-right '#{@NAME}'` scrolls faster than tmux's one job a second.
///
/// One control-mode client (`tmux -C attach-session -f no-output,ignore-size`) stays
/// connected and is sent one `set-option -g @NAME 'VALUE'` line per frame: far
/// cheaper than a `tmux` process per frame. tmux redraws every client's status line
/// when an option is set. The value is the frame in tmux style syntax with every `#`
/// from the text doubled (`FrameEncoder.tmuxOptionValue`), quoted for tmux's command parser.
///
/// When the client's session goes away the sink attaches again; when the server has
/// gone (the new client ends before it is attached) the stream ends quietly.
final class TmuxOptionSink: FrameSink {
  let socket: String
  let name: String
  private var client: TmuxControlClient
  private var lastCommand: String?
  private var reportedError = false

  init(socket: String, name: String) throws(SinkError) {
    self.socket = socket
    self.name = name
    // attach-session would start a server that is not there; make sure one is.
    if case .failure(let error) = Platform.canConnect(unixSocket: socket) {
      throw SinkError(message: "cannot reach the tmux server at '\(socket)': \(error.description)")
    }
    switch TmuxControlClient.start(socket: socket) {
    case .success(let started): client = started
    case .failure(let error): throw SinkError(message: "cannot run tmux: \(error.description)")
    }
  }

  /// The socket of the server this process runs in: the first comma field of `$TMUX`.
  static func socketFromEnvironment() -> String? {
    guard let value = Platform.environment("TMUX"), !value.isEmpty else { return nil }
    let socket = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return socket.isEmpty ? nil : String(socket)
  }

  var watches: [PollWatch] { [PollWatch(descriptor: client.output)] }

  func start() -> Bool { true }

  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    let command =
      "set-option -g " + TmuxOptionSink.quoted(name) + " "
      + TmuxOptionSink.quoted(FrameEncoder.tmuxOptionValue(frame)) + "\n"
    lastCommand = command
    // A failed write means the client has gone; `service` notices its end.
    _ = client.send(command)
    return true
  }

  func service(_ watches: [PollWatch]) throws(SinkError) -> Bool {
    guard watches.first?.isReadable ?? false else { return true }
    client.readAvailable()
    guard client.hasEnded else {
      // An error before attaching is the attach failing: told when the client ends.
      if client.isAttached, let message = client.takeErrorMessage(), !reportedError {
        reportedError = true
        Platform.write("ticker-status: warning: tmux: \(message)\n", to: 2)
      }
      return true
    }
    let ended = client
    let detail = ended.errorOutput ?? ended.takeErrorMessage()
    ended.close()
    guard ended.isAttached else {
      if ended.wasEverAttached { return false }
      // Never attached at all: the server has no session for us, or refused us.
      throw SinkError(
        message: "cannot reach the tmux server at '\(socket)'" + (detail.map { ": " + $0 } ?? ""))
    }
    // The session went away but the server may live on: attach again. If the server
    // has gone, the stream ends quietly.
    guard case .success = Platform.canConnect(unixSocket: socket),
      case .success(let fresh) = TmuxControlClient.start(socket: socket)
    else { return false }
    fresh.wasEverAttached = true
    client = fresh
    if let lastCommand { _ = client.send(lastCommand) }
    return true
  }

  func stop() { client.close() }

  /// `text` as one word for tmux's command parser: in single quotes, where nothing is
  /// special (no `$`, `~`, `#`, `;` or `\`), with each `'` written `'\''`.
  static func quoted(_ text: String) -> String {
    var output = "'"
    for scalar in text.unicodeScalars {
      if scalar == "'" {
        output += "'\\''"
      } else if scalar == "\n" || scalar == "\r" {
        output += " "
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output + "'"
  }
}

/// A `tmux -C` client: commands in on standard input, `%`-lines out.
final class TmuxControlClient {
  let pid: Int32
  let input: Int32
  let output: Int32
  private let errors: Int32
  /// Whether the client has attached to a session (`%session-changed`).
  private(set) var isAttached = false
  /// Whether an earlier client of the same sink was attached.
  var wasEverAttached = false
  private(set) var hasEnded = false
  private var pending: [UInt8] = []
  private var errorLines: [String]?
  private var firstError: String?
  private var isClosed = false

  private init(pid: Int32, input: Int32, output: Int32, errors: Int32) {
    self.pid = pid
    self.input = input
    self.output = output
    self.errors = errors
  }

  static func start(socket: String) -> Result<TmuxControlClient, SystemError> {
    let pipes = [
      Platform.pipe(nonBlockingRead: false), Platform.pipe(), Platform.pipe(),
    ]
    var ends: [(read: Int32, write: Int32)] = []
    for pipe in pipes {
      switch pipe {
      case .success(let pair): ends.append(pair)
      case .failure(let error):
        for pair in ends {
          Platform.close(pair.read)
          Platform.close(pair.write)
        }
        return .failure(error)
      }
    }
    let spawned = Platform.spawn(
      // `-f /dev/null`: should the server be gone after all, the one attach-session
      // starts reads no configuration, has no session and ends at once.
      [
        "tmux", "-f", "/dev/null", "-S", socket, "-C", "attach-session", "-f",
        "no-output,ignore-size",
      ],
      standardInput: ends[0].read, standardOutput: ends[1].write, standardError: ends[2].write,
      newProcessGroup: false)
    Platform.close(ends[0].read)
    Platform.close(ends[1].write)
    Platform.close(ends[2].write)
    switch spawned {
    case .success(let pid):
      return .success(
        TmuxControlClient(
          pid: pid, input: ends[0].write, output: ends[1].read, errors: ends[2].read))
    case .failure(let error):
      Platform.close(ends[0].write)
      Platform.close(ends[1].read)
      Platform.close(ends[2].read)
      return .failure(error)
    }
  }

  /// Writes one command line; `false` if the client has gone (`EPIPE`).
  func send(_ line: String) -> Bool {
    guard !isClosed else { return false }
    return Platform.write(line, to: input)
  }

  /// Reads the client's output: notes attachment, errors and the end.
  func readAvailable() {
    while !hasEnded {
      switch Platform.readSome(output) {
      case .bytes(let chunk):
        pending += chunk
        while let end = pending.firstIndex(of: 0x0A) {
          handle(String(decoding: pending[..<end], as: UTF8.self))
          pending.removeSubrange(...end)
        }
      case .wouldBlock: return
      case .endOfFile, .failed: hasEnded = true
      }
    }
  }

  private func handle(_ line: String) {
    if line.hasPrefix("%begin") {
      errorLines = []
    } else if line.hasPrefix("%session-changed") {
      isAttached = true
    } else if line.hasPrefix("%error") {
      if firstError == nil, let lines = errorLines { firstError = lines.joined(separator: " ") }
      errorLines = nil
    } else if line.hasPrefix("%end") {
      errorLines = nil
    } else if line.hasPrefix("%exit") {
      hasEnded = true
    } else if !line.hasPrefix("%") {
      errorLines?.append(line)
    }
  }

  /// The first command error tmux reported, once.
  func takeErrorMessage() -> String? {
    defer { firstError = nil }
    return firstError
  }

  /// The first line the client wrote on its standard error, if any.
  var errorOutput: String? {
    guard case .bytes(let bytes) = Platform.readSome(errors, limit: 1024) else { return nil }
    return Items.lines(of: bytes).first { !$0.isEmpty }
  }

  /// Ends the client: closing its input detaches it; then it is waited for.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    Platform.close(input)
    if !hasEnded { Platform.send(.terminate, to: pid) }
    _ = Platform.reap(pid, blocking: true)
    Platform.close(output)
    Platform.close(errors)
  }
}
