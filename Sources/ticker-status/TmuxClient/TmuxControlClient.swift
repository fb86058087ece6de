/// A `tmux -C` client: commands in on standard input, `%`-lines out.
final class TmuxControlClient {
  let pid: Int32
  let input: FileDescriptor
  let output: FileDescriptor
  private let errors: FileDescriptor
  /// When the client was started, on the monotonic clock.
  let startedAt: Double
  /// Whether the server has answered: the client wrote a line, or ended.
  var hasAnswered: Bool { hasSeenLine || hasEnded }
  /// When the server must have answered this client: `contactTimeout` after it
  /// started, or sooner while the server has never answered this process.
  var answerDeadline: Double {
    min(
      startedAt + TmuxControlClient.contactTimeout, TmuxControlClient.contactDeadline ?? .infinity)
  }
  /// Whether the client has attached to a session (`%session-changed`).
  private(set) var isAttached = false
  private(set) var hasEnded = false
  private var hasSeenLine = false
  private var reader = LineReader()
  /// The lines of the command answer being read, kept for its error message: at most
  /// `errorLineLimit` of them, each at most `errorLineLength` characters.
  private var errorLines: [String]?
  static let errorLineLimit = 8
  static let errorLineLength = 256
  private var firstError: String?
  private var isClosed = false

  /// When this process first asked the server anything (on the monotonic clock), and
  /// whether the server has ever answered: until it has, every question and the first
  /// control client share one deadline, `firstContact` + `contactTimeout`, so that a
  /// socket that accepts and never answers ends the stream in that time, not in the
  /// sum of each question's own timeout. The process is single-threaded.
  nonisolated(unsafe) private static var firstContact: Double?
  nonisolated(unsafe) private(set) static var serverHasAnswered = false
  /// How long the server has to answer this process at all, in seconds.
  static let contactTimeout = 5.0

  /// The end of the first-contact deadline, once a question was asked; `nil` once the
  /// server has answered.
  static var contactDeadline: Double? {
    guard !serverHasAnswered else { return nil }
    return firstContact.map { $0 + contactTimeout }
  }

  private init(child: Child) {
    pid = child.pid
    input = child.input!
    output = child.output!
    errors = child.errors!
    startedAt = Clock.monotonic()
  }

  /// Starts `tmux -C attach-session` on the server at `socket`.
  static func start(socket: String) -> Result<TmuxControlClient, Errno> {
    Processes.spawn(
      // `-f /dev/null`: should the server be gone after all, the one attach-session
      // starts reads no configuration, has no session and ends at once.
      [
        "tmux", "-f", "/dev/null", "-S", socket, "-C", "attach-session", "-f",
        "no-output,ignore-size",
      ],
      input: .pipe, output: .pipe, errors: .pipe
    ).map { child in
      if firstContact == nil { firstContact = Clock.monotonic() }
      return TmuxControlClient(child: child)
    }
  }

  /// A question is being asked at `now`: the first starts the first-contact deadline.
  static func noteContact(at now: Double) {
    if firstContact == nil { firstContact = now }
  }

  /// The server has answered this process.
  static func noteAnswer() { serverHasAnswered = true }

  /// How long a tmux client has to end once told to, before it is killed.
  static let grace = 0.5

  /// Waits for child `pid` to end, first telling it to (SIGTERM, and SIGCONT so that a
  /// stopped client can act on it) when `terminate`; SIGKILL once `grace` has passed.
  /// A stopped or wedged client never holds up the stream's own exit.
  private static func end(_ pid: Int32, terminate: Bool) -> ChildExit? {
    ChildStopping.stop([pid], asGroups: false, grace: grace, terminate: terminate)[pid]
  }

  /// Writes one command line; `false` if the client has gone (`EPIPE`).
  func send(_ line: String) -> Bool {
    guard !isClosed else { return false }
    if case .success = input.writeAll(line) { return true }
    return false
  }

  /// Reads the client's output: notes attachment, errors and the end.
  func readAvailable() {
    guard !hasEnded else { return }
    let step = reader.read(output) { handle(String(decoding: $0, as: UTF8.self)) }
    if step == .endOfFile { hasEnded = true }
  }

  private func handle(_ line: String) {
    hasSeenLine = true
    TmuxControlClient.serverHasAnswered = true
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
    } else if !line.hasPrefix("%"), var lines = errorLines {
      // Only the first error is ever shown: a few lines of it, each cut, whatever a
      // server (or something posing as tmux) floods between %begin and %end.
      guard lines.count < TmuxControlClient.errorLineLimit else { return }
      lines.append(String(line.prefix(TmuxControlClient.errorLineLength)))
      errorLines = lines
    }
  }

  /// The first command error tmux reported, once.
  func takeErrorMessage() -> String? {
    defer { firstError = nil }
    return firstError
  }

  /// The first line the client wrote on its standard error, if any: read (and so
  /// taken) from its pipe, once the client has ended.
  func readErrorOutput() -> String? {
    var bytes = [UInt8](repeating: 0, count: 1024)
    let count = bytes.withUnsafeMutableBytes { errors.read(into: $0) }
    guard case .success(let read) = count, read > 0 else { return nil }
    return LineSplitter.lines(of: Array(bytes[..<read])).first { !$0.isEmpty }
  }

  /// Ends the client: closing its input detaches it; then it is waited for.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    input.close()
    _ = TmuxControlClient.end(pid, terminate: !hasEnded)
    output.close()
    errors.close()
  }
}
