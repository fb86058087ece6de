/// What the process finds around it when it starts, read once so that everything
/// after it is a function of the options and this value.
struct Environment: Equatable {
  /// Standard output is a terminal: the default format is then `ansi`.
  var outputIsTerminal = false
  /// `NO_COLOR` is set and not empty: no colour in `ansi` and the shell dialects.
  var noColor = false
  /// The socket of the tmux server this process runs in: the first field of `$TMUX`.
  var tmuxSocket: String?
  /// Standard input is a terminal (for the hint when there are no items).
  var inputIsTerminal = true
  /// `$XDG_RUNTIME_DIR`, `$XDG_CACHE_HOME`, `$HOME`, `$TMPDIR`: where the command
  /// cache may live.
  var runtimeDirectory: String?
  var cacheHome: String?
  var home: String?
  var temporaryDirectory: String?

  /// The environment of this process.
  static func current() -> Environment {
    Environment(
      outputIsTerminal: FileDescriptor.standardOutput.isTerminal,
      noColor: !(Processes.environment("NO_COLOR") ?? "").isEmpty,
      tmuxSocket: tmuxSocket(fromTMUX: Processes.environment("TMUX")),
      inputIsTerminal: FileDescriptor.standardInput.isTerminal,
      runtimeDirectory: Processes.environment("XDG_RUNTIME_DIR"),
      cacheHome: Processes.environment("XDG_CACHE_HOME"),
      home: Processes.environment("HOME"),
      temporaryDirectory: Processes.environment("TMPDIR"))
  }

  /// The socket in a `$TMUX` value (`/tmp/tmux-1000/default,1234,0`): its first
  /// comma-separated field.
  static func tmuxSocket(fromTMUX value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    let socket = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return socket.isEmpty ? nil : String(socket)
  }
}
