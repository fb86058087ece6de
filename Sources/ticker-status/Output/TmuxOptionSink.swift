import TickerCore

/// `--stream --tmux-option @NAME`: each frame becomes the value of a tmux user option,
/// so that `status-right '#{@NAME}'` scrolls faster than tmux's one job a second.
///
/// One control-mode client (`TmuxControlClient`) stays connected and is sent one
/// `set-option -g @NAME 'VALUE'` line per frame: far cheaper than a `tmux` process per
/// frame. tmux redraws every client's status line when an option is set. The value is
/// the frame in tmux style syntax with every `#` from the text doubled
/// (`FrameEncoder.tmuxOptionValue`), quoted for tmux's command parser.
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
    if case .failure(let error) = Sockets.canConnect(unixSocket: socket) {
      throw SinkError(description: "cannot reach the tmux server at '\(socket)': \(error)")
    }
    switch TmuxControlClient.start(socket: socket) {
    case .success(let started): client = started
    case .failure(let error): throw SinkError(description: "cannot run tmux: \(error)")
    }
  }

  var watches: [PollWatch] { [PollWatch(client.output)] }

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

  func service(_ watches: ArraySlice<PollWatch>) throws(SinkError) -> Bool {
    guard watches.first?.isReadable ?? false else { return true }
    client.readAvailable()
    guard client.hasEnded else {
      // An error before attaching is the attach failing: told when the client ends.
      if client.isAttached, let message = client.takeErrorMessage(), !reportedError {
        reportedError = true
        _ = FileDescriptor.standardError.writeAll("ticker-status: warning: tmux: \(message)\n")
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
        description: "cannot reach the tmux server at '\(socket)'"
          + (detail.map { ": " + $0 } ?? ""))
    }
    // The session went away but the server may live on: attach again. If the server
    // has gone, the stream ends quietly.
    guard case .success = Sockets.canConnect(unixSocket: socket),
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
