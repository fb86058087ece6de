/// `ticker-status --tmux-plugin-stream OLD LOG --stream --tmux-option @KEY
/// --tmux-socket SOCKET ARGS…`: a ticker's stream as the plugin starts it, which
/// claims `@KEY-pid`, writes its errors to its log, and says its own fatal error in
/// the ticker's place. No supervisor: this process is the stream.
///
/// - The claim: tmux runs one client's commands at a time and `if-shell -F` runs its
///   command at once, so of two streams that both saw `@KEY-pid` at OLD only the first
///   sets it to its own process ID; the other ends quietly.
/// - The log: made anew (`PluginLog.open(_:fresh:)`), never through a symbolic link,
///   and the stream's standard error from then on.
/// - The replaced: a stream claimed over (OLD, still this user's stream for the option
///   and server) is sent SIGTERM once the claim holds, and a stream whose `@KEY-pid`
///   another has claimed ends saying nothing.
/// - The end: 0 (the server has gone) says nothing. Any other status lets go of
///   `@KEY-pid` (if it is still this process's), logs why, and puts the log's last
///   `error:` line (or why) in `@KEY`, the lengths raised to fit it.
enum PluginStream {
  static let flag = "--tmux-plugin-stream"

  /// Runs the stream with the arguments after `flag`.
  ///
  /// - Parameter runTicker: Runs the ticker's command line (`TickerStatus.run`, which
  ///   is above this folder and hands itself in).
  static func run(
    _ arguments: [String], environment: Environment,
    runTicker: ([String], Environment) -> ExitStatus
  ) -> ExitStatus {
    let stream = Array(arguments.dropFirst(2))
    guard arguments.count >= 7, stream[0] == "--stream", stream[1] == "--tmux-option",
      stream[3] == "--tmux-socket"
    else {
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: error: usage: ticker-status \(flag) OLD LOG --stream --tmux-option "
          + "@KEY --tmux-socket SOCKET ARGS...\n")
      return .usage
    }
    let (old, log, option) = (arguments[0], arguments[1], stream[2])
    let server = PluginServer(socket: stream[4])
    let pidOption = option + "-pid"
    let me = String(Processes.processID)
    _ = server.run(["if-shell", "-F", "#{==:#{\(pidOption)},\(old)}", setPid(pidOption, me)])
    guard server.run(["show-option", "-gqv", pidOption]).output == me + "\n" else {
      return .success
    }
    // The stream claimed over (the plan starts one over a live stream when the
    // ticker's arguments changed) ends, if it is still this user's stream for this
    // option and server.
    if let previous = Int32(old), previous != Processes.processID,
      StreamProcess.isStream(previous, option: option, socket: stream[4])
    {
      Processes.send(.terminate, to: previous)
    }
    if log != "/dev/null" {
      switch PluginLog.open(log, fresh: true) {
      case .failure(let error):
        letGo(server, pidOption, me)
        show("ticker.tmux: cannot write the log \(log): \(error.reason)", in: option, server)
        return ExitStatus(rawValue: 1)
      case .success(let file):
        _ = file.duplicate(as: .standardError)
        file.close()
      }
    }
    let status = runTicker(stream, environment)
    guard status != .success else { return status }
    // Ended by the stream that claimed over it: nothing to say.
    guard server.run(["show-option", "-gqv", pidOption]).output == me + "\n" else {
      return status
    }
    letGo(server, pidOption, me)
    let why =
      status.rawValue > 128
      ? "ticker-status was stopped by signal \(status.rawValue - 128)"
      : "ticker-status exited with status \(status.rawValue)"
    PluginLog.append("ticker.tmux: " + why, to: log)
    show(PluginLog.lastError(log) ?? why, in: option, server)
    return status
  }

  /// `set-option -g OPTION VALUE` for tmux's command parser.
  private static func setPid(_ option: String, _ value: String) -> String {
    "set-option -g \(TmuxQuoting.tmuxWord(option)) \(TmuxQuoting.tmuxWord(value))"
  }

  /// Unsets `@KEY-pid` if it still names this process.
  private static func letGo(_ server: PluginServer, _ pidOption: String, _ me: String) {
    _ = server.run([
      "if-shell", "-F", "#{==:#{\(pidOption)},\(me)}",
      "set-option -gu \(TmuxQuoting.tmuxWord(pidOption))",
    ])
  }

  /// Puts `message` in `option`, the status line's lengths raised so that it fits
  /// wherever the ticker stands.
  private static func show(_ message: String, in option: String, _ server: PluginServer) {
    let key = String(option.dropFirst())
    let options = server.options()
    let expanded = server.expandedWidths(options, keys: [key])
    var commands = [
      "set-option -g \(TmuxQuoting.tmuxWord(option)) "
        + TmuxQuoting.tmuxWord(TmuxQuoting.formatEscaped(message))
    ]
    for side in PluginLengths.sides {
      if let raise = PluginLengths.raise(
        side, text: options.value(side), keys: [key], widths: [key: message.utf8.count],
        expanded: expanded[side] ?? 0, length: options.value(side + "-length"))
      {
        commands.append(raise)
      }
    }
    _ = server.run(["source-file", "-"], input: commands.map { $0 + "\n" }.joined())
  }
}
