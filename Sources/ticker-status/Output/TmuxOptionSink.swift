import TickerCore

/// `--stream --tmux-option @NAME`: each frame becomes the value of a tmux user option,
/// so that `status-right '#{@NAME}'` scrolls faster than tmux's one job a second.
///
/// One control-mode client (`TmuxControlClient`) stays connected and is sent one
/// `set-option -g @NAME 'VALUE'` line per frame: far cheaper than a `tmux` process per
/// frame. tmux redraws every client's status line when an option is set. The value is
/// the frame in tmux style syntax with every `#` from the text doubled
/// (`Dialect.tmuxOption`), quoted for tmux's command parser.
///
/// A control client needs a session, and a server has none while it reads its
/// configuration (where the tmux plugin starts the stream) or once the last one is
/// killed with `exit-empty off`. Before each control client the sink asks with an
/// ordinary client which sessions there are, and attaches once they have stayed the
/// same for `settle` seconds (see `attach()` for why); while there is none it asks
/// again after 0.1 s, doubling up to `longestRetry`, and ends quietly once the server
/// is gone. When the client's session goes away the sink asks at once. Each new client
/// must hear from the server within `TmuxControlClient.contactTimeout` seconds: a socket that accepts and
/// never answers ends the stream with an error naming it.
final class TmuxOptionSink: FrameSink {
  /// The first wait for a session, and the longest: the wait doubles in between.
  static let firstRetry = 0.1
  static let longestRetry = 1.0
  /// How long the sessions must stay the same before a control client starts.
  static let settle = 0.5

  let socket: String
  let name: String
  private enum State {
    /// A control client runs: connecting, attached, or ending.
    case client(TmuxControlClient)
    /// The server had no session: try again at `until` (monotonic).
    case waiting(until: Double)
    /// An ordinary client asks which sessions there are (`attach(now:)`).
    case asking(TmuxQuery)
  }
  private var state: State
  /// How long to wait the next time the server has no session.
  private var retry = TmuxOptionSink.firstRetry
  /// The sessions the last ask saw, while waiting for them to stay the same.
  private var seenSessions: [String] = []
  /// Whether a client of this sink ever attached.
  private var wasEverAttached = false
  private var lastCommand: String?
  private var reportedError = false

  /// Writes each frame as the option's value (`Dialect.tmuxOption`), with the user
  /// ranges items are drawn in (tmux 3.4 and later, `--on-click`), if any.
  let encoder: FrameEncoder

  init(socket: String, name: String, encoder: FrameEncoder) throws(SinkError) {
    self.socket = socket
    self.name = name
    self.encoder = encoder
    // attach-session would start a server that is not there; make sure one is.
    if case .failure(let error) = Sockets.canConnect(unixSocket: socket) {
      throw SinkError(description: "cannot reach the tmux server at '\(socket)': \(error)")
    }
    // The loop services the sink at once, which asks for the sessions (`attach()`).
    state = .waiting(until: 0)
  }

  private static func startClient(socket: String) throws(SinkError) -> TmuxControlClient {
    switch TmuxControlClient.start(socket: socket) {
    case .success(let started): return started
    case .failure(let error): throw SinkError(description: "cannot run tmux: \(error)")
    }
  }

  var watches: [PollWatch] {
    switch state {
    case .client(let client): return [PollWatch(client.output)]
    case .asking(let query): return query.isReading ? [PollWatch(query.output)] : []
    case .waiting: return []
    }
  }

  var deadline: Double? {
    switch state {
    case .client(let client):
      return client.hasAnswered ? nil : client.answerDeadline
    case .waiting(let until):
      return until
    case .asking(let query):
      return query.deadline
    }
  }

  func start() -> Bool { true }

  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    let command =
      "set-option -g " + TmuxQuoting.tmuxWord(name) + " "
      + TmuxQuoting.tmuxWord(encoder.encode(frame, placement: placement, at: time)) + "\n"
    lastCommand = command
    // A failed write means the client has gone; `service` notices its end. While
    // waiting for a session the frame is kept for the next client.
    if case .client(let client) = state { _ = client.send(command) }
    return true
  }

  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool {
    switch state {
    case .waiting(let until):
      guard now >= until else { return true }
      return try attach(now: now)
    case .asking(let query):
      switch query.service(now: now) {
      case .pending: return true
      case .answered(let lines): return try sessionsSeen(lines.filter { !$0.isEmpty }, now: now)
      // No answer: the control client will say what is wrong.
      case .failed: return try connect()
      }
    case .client(let client):
      if watches.first?.isReadable ?? false { client.readAvailable() }
      if !client.hasEnded {
        if !client.hasAnswered && now >= client.answerDeadline {
          client.close()
          throw SinkError(
            description: "the tmux server at '\(socket)' did not answer within "
              + "\(Int(TmuxControlClient.contactTimeout)) seconds")
        }
        // An error before attaching is the attach failing: told when the client ends.
        if client.isAttached, let message = client.takeErrorMessage(), !reportedError {
          reportedError = true
          _ = FileDescriptor.standardError.writeAll("ticker-status: warning: tmux: \(message)\n")
        }
        return true
      }
      let detail = client.readErrorOutput() ?? client.takeErrorMessage()
      client.close()
      if client.isAttached {
        // The session went away but the server may live on: attach again.
        wasEverAttached = true
        retry = TmuxOptionSink.firstRetry
        return try attach(now: now)
      }
      if detail == "no sessions" {
        // The session went between asking and attaching: wait for one.
        waitForSession(now: now)
        return true
      }
      // Attached before: the server is on its way out. Never attached: it refused us.
      if wasEverAttached { return false }
      throw SinkError(
        description: "cannot reach the tmux server at '\(socket)'"
          + (detail.map { ": " + $0 } ?? ""))
    }
  }

  /// Asks which sessions the server has (`TmuxQuery`, read as the answer comes), to
  /// start a new client once an ordinary client has seen the same sessions `settle`
  /// seconds apart; `false` (the stream ends quietly) when the server has gone. tmux
  /// answers a client's commands only once its global queue, where the notifications
  /// of a session starting or ending wait, is empty: after the answer those
  /// notifications have all gone out.
  ///
  /// Why ask, and wait: tmux 3.3a to 3.6b crash when a control-mode notification
  /// meets a control client that is still identifying itself, and a session's start
  /// or end sends a burst of them; ARCHITECTURE.md ("tmux's control clients") has the
  /// history.
  private func attach(now: Double) throws(SinkError) -> Bool {
    guard case .success = Sockets.canConnect(unixSocket: socket) else { return false }
    let question = ["list-sessions", "-F", "#{session_id}"]
    guard let query = TmuxQuery.start(socket: socket, question, timeout: 2, now: now) else {
      // No time left to ask: the control client will say what is wrong.
      return try connect()
    }
    state = .asking(query)
    return true
  }

  /// The server's `sessions` now: waits while there is none, or until they have
  /// stayed the same for `settle`; then connects.
  private func sessionsSeen(_ sessions: [String], now: Double) throws(SinkError) -> Bool {
    guard !sessions.isEmpty else {
      seenSessions = []
      waitForSession(now: now)
      return true
    }
    guard sessions == seenSessions else {
      seenSessions = sessions
      state = .waiting(until: now + TmuxOptionSink.settle)
      return true
    }
    return try connect()
  }

  /// Starts a new control client and sends it the last frame.
  private func connect() throws(SinkError) -> Bool {
    seenSessions = []
    let fresh = try TmuxOptionSink.startClient(socket: socket)
    state = .client(fresh)
    if let lastCommand { _ = fresh.send(lastCommand) }
    return true
  }

  /// Asks again after `retry` seconds, which doubles up to `longestRetry`.
  private func waitForSession(now: Double) {
    state = .waiting(until: now + retry)
    retry = min(retry * 2, TmuxOptionSink.longestRetry)
  }

  func stop() {
    switch state {
    case .client(let client): client.close()
    case .asking(let query): query.stop()
    case .waiting: break
    }
  }
}
