/// What the command learns from the system before it configures the pipeline: the
/// one-off effects (a process spawned, a link read) that `Pipeline`, a function of the
/// options, the environment and these facts, must not have.
struct RunFacts {
  /// The version of the tmux server the frames are drawn by (`tmux -V`'s words, such
  /// as `3.4` or `next-3.6`): asked only when the widths follow that server and
  /// `--tmux-version` does not say; `nil` otherwise, or when it cannot be asked.
  var tmuxServerVersion: String?
  /// This executable's path, for the click actions polybar and lemonbar run (asked
  /// only for them).
  var executablePath = "ticker-status"
  /// This process, which a polybar stream's actions name (`--clicked-stream`).
  var processID: Int32?
  /// The command line without the program's name, which polybar's and lemonbar's
  /// one-shot click actions pass back (`BarActions`).
  var arguments: [String] = []
  /// The key a one-shot's arguments are kept under for polybar's actions, when they
  /// are too long to carry in each (`StoredArguments`).
  var storedArguments: String?

  /// The facts `options` need in `environment`, asked of the system now.
  ///
  /// The tmux server's version is taken from the pane, or from the cache, or asked
  /// once, at the start (`TmuxServerVersion`: a one-shot waits up to 0.5 s for a
  /// server that does not answer, a stream 2 s).
  static func gather(_ options: Options, environment: Environment, arguments: [String])
    -> RunFacts
  {
    var facts = RunFacts(arguments: arguments)
    let format = Pipeline.format(options, environment: environment)
    if options.tmuxRules == nil, Pipeline.asksTmuxServer(options, format: format, environment),
      let socket = options.tmuxSocket ?? environment.tmuxSocket
    {
      // A one-shot (a prompt, a status line) must not wait long for a server that does
      // not answer; a stream asks once.
      facts.tmuxServerVersion = TmuxServerVersion.find(
        socket: socket, environment: environment, wait: options.stream ? 2 : 0.5)
    }
    let route = format.clickRoute
    if options.onClick != nil, case .actions = route {
      facts.executablePath = Processes.executablePath() ?? "ticker-status"
      if options.stream { facts.processID = Processes.processID }
    }
    if options.onClick != nil, case .actions(let syntax) = route, !options.stream,
      syntax.runsCommand,
      !syntax.carriesArguments
        || BarActions.carried(arguments, for: BarActions.Format(bar: format, syntax: syntax))
          .utf8.count > StoredArguments.longestCarried
    {
      facts.storedArguments = StoredArguments.store(arguments, environment: environment)
      if facts.storedArguments == nil {
        _ = FileDescriptor.standardError.writeAll(
          "ticker-status: warning: the cache folder cannot keep the arguments for the "
            + "\(format.rawValue) click actions; carrying them\n")
      }
    }
    return facts
  }
}
