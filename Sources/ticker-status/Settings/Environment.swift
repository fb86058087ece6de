/// What the process finds around it when it starts, read once so that everything
/// after it is a function of the options and this value.
struct Environment: Equatable {
  /// Standard output is a terminal: the default format is then `ansi`.
  var outputIsTerminal = false
  /// `NO_COLOR` is set and not empty: no colour in `ansi` and the shell dialects.
  var noColor = false
  /// The socket of the tmux server this process runs in: the first field of `$TMUX`.
  var tmuxSocket: String?
  /// That server's process ID, `$TMUX`'s second field: with the socket, it names one
  /// run of one server.
  var tmuxServerProcess: String?
  /// The version of the tmux whose pane this process runs in, as tmux 3.2 and later
  /// say in every pane (`TERM_PROGRAM=tmux`, `TERM_PROGRAM_VERSION`).
  var tmuxPaneVersion: String?
  /// The i3blocks block this process runs as, when i3blocks 1.5 started it (1.4 says
  /// nothing of itself).
  var i3blocks: I3blocksBlock?
  /// Standard input is a terminal (for the hint when there are no items).
  var inputIsTerminal = true
  /// `$XDG_RUNTIME_DIR`, `$XDG_CACHE_HOME`, `$HOME`, `$TMPDIR`: where the command
  /// cache may live.
  var runtimeDirectory: String?
  var cacheHome: String?
  var home: String?
  var temporaryDirectory: String?
  /// What the terminal around says of itself, for `--cells auto`.
  var terminal = TerminalMarkers()
  /// `$TICKER_CELLS`: a `--cells` name that takes the place of `auto`.
  var cells: String?
  /// `$TICKER_REDUCED_MOTION` is set, not empty and not `0`: the user wants no
  /// scrolling, so the default motion is `flip`.
  var reducedMotion = false
  /// `$TICKER_REDUCED_MOTION` is set and not empty, `0` too: the user has said, and
  /// the desktop's wish changes nothing (`DesktopMotion`).
  var reducedMotionIsSet = false
  /// `$DBUS_SESSION_BUS_ADDRESS`: where a stream asks the desktop for its wish.
  var sessionBus: String?

  /// What terminals set in the environment of what runs in them: `TERM`, and
  /// whether kitty's (`KITTY_WINDOW_ID`), alacritty's (`ALACRITTY_WINDOW_ID`,
  /// `ALACRITTY_SOCKET`, `ALACRITTY_LOG`), konsole's (`KONSOLE_VERSION`) or VTE's
  /// (`VTE_VERSION`) variable is there and not empty.
  struct TerminalMarkers: Equatable {
    var term: String?
    var kitty = false
    var alacritty = false
    var konsole = false
    var vte = false

    /// The markers of this process's environment.
    static func current() -> TerminalMarkers {
      func isSet(_ name: String) -> Bool { !(Processes.environment(name) ?? "").isEmpty }
      return TerminalMarkers(
        term: Processes.environment("TERM"), kitty: isSet("KITTY_WINDOW_ID"),
        alacritty: isSet("ALACRITTY_WINDOW_ID") || isSet("ALACRITTY_SOCKET")
          || isSet("ALACRITTY_LOG"),
        konsole: isSet("KONSOLE_VERSION"), vte: isSet("VTE_VERSION"))
    }
  }

  /// The environment of this process.
  static func current() -> Environment {
    Environment(
      outputIsTerminal: FileDescriptor.standardOutput.isTerminal,
      noColor: !(Processes.environment("NO_COLOR") ?? "").isEmpty,
      tmuxSocket: tmuxSocket(fromTMUX: Processes.environment("TMUX")),
      tmuxServerProcess: tmuxServerProcess(fromTMUX: Processes.environment("TMUX")),
      tmuxPaneVersion: Processes.environment("TERM_PROGRAM") == "tmux"
        ? Processes.environment("TERM_PROGRAM_VERSION") : nil,
      i3blocks: I3blocksBlock(
        interval: Processes.environment("BLOCK_INTERVAL"), format: Processes.environment("format")),
      inputIsTerminal: FileDescriptor.standardInput.isTerminal,
      runtimeDirectory: Processes.environment("XDG_RUNTIME_DIR"),
      cacheHome: Processes.environment("XDG_CACHE_HOME"),
      home: Processes.environment("HOME"),
      temporaryDirectory: Processes.environment("TMPDIR"), terminal: .current(),
      cells: Processes.environment("TICKER_CELLS"),
      reducedMotion: !["", "0"].contains(Processes.environment("TICKER_REDUCED_MOTION") ?? ""),
      reducedMotionIsSet: !(Processes.environment("TICKER_REDUCED_MOTION") ?? "").isEmpty,
      sessionBus: Processes.environment("DBUS_SESSION_BUS_ADDRESS"))
  }

  /// The socket in a `$TMUX` value (`/tmp/tmux-1000/default,1234,0`): its first
  /// comma-separated field.
  static func tmuxSocket(fromTMUX value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    let socket = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return socket.isEmpty ? nil : String(socket)
  }

  /// The server's process ID in a `$TMUX` value: its second field, when it is a number.
  static func tmuxServerProcess(fromTMUX value: String?) -> String? {
    guard let value else { return nil }
    let fields = value.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count >= 2, let pid = Int32(fields[1]), pid > 0 else { return nil }
    return String(pid)
  }
}

/// What i3blocks 1.5 says of the block it runs, in the environment it gives the block's
/// command: every property of the block, `BLOCK_INTERVAL` and `format` among them.
///
/// i3blocks 1.4 sets no `BLOCK_INTERVAL`, gives a persistent block no clicks, and leaves
/// i3blocks' own standard input (the bar's click events) to the block: it must not be
/// read. 1.5 gives a persistent block a pipe, and writes each click to it: the button
/// alone, or with `format=json` a JSON object with `relative_x` and `width`, in which
/// case the block's lines must be JSON too.
struct I3blocksBlock: Equatable {
  /// The block's lines are JSON objects (`format=json`).
  var json: Bool
  /// The block is persistent: clicks come on its standard input.
  var sendsClicks: Bool

  /// The block, from `BLOCK_INTERVAL` and `format`; `nil` outside i3blocks 1.5.
  init?(interval: String?, format: String?) {
    guard let interval else { return nil }
    json = format == "json"
    sendsClicks = interval == "persist"
  }

  init(json: Bool, sendsClicks: Bool) {
    self.json = json
    self.sendsClicks = sendsClicks
  }
}
