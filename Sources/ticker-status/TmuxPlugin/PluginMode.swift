/// `ticker-status --tmux-plugin SOCKET BINARY`: the tmux plugin's decisions, which
/// `contrib/tmux/ticker.tmux` asks for and pipes into `tmux source-file -`.
///
/// Reads the server at SOCKET (`PluginServer`), readies the logs (`PluginLog`), makes
/// the plan (`PluginPlan.make`, a pure function), writes its log lines and prints its
/// commands, one a line. BINARY is the ticker-status the jobs, streams and clicks
/// run, as the plugin found it (`@ticker-bin`, else `PATH`). An internal mode: not in
/// `--help`; the plugin is its one user.
enum PluginMode {
  /// The first argument that selects the mode.
  static let flag = "--tmux-plugin"

  /// Runs the mode with the arguments after `flag`.
  static func run(_ arguments: [String], environment: Environment) -> ExitStatus {
    guard arguments.count == 2 else {
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: error: usage: ticker-status \(flag) SOCKET BINARY\n")
      return .usage
    }
    let log = PluginLog(
      socket: arguments[0], stateHome: Processes.environment("XDG_STATE_HOME"),
      home: environment.home)
    let folderError = log.prepareFolder()
    let facts = read(
      socket: arguments[0], binary: arguments[1], log: log, folderError: folderError)
    let plan = PluginPlan.make(facts)
    // A folder that cannot hold the logs gets none: it may be a link to elsewhere.
    for line in plan.logLines where folderError == nil {
      PluginLog.append(line.line, to: line.log)
    }
    let text = plan.commands.map { $0 + "\n" }.joined()
    _ = FileDescriptor.standardOutput.writeAll(text)
    return plan.failed ? ExitStatus(rawValue: 1) : .success
  }

  /// What the plan is made from, read from the server and the system; `folderError`
  /// is why the logs' folder cannot hold them (`PluginLog.prepareFolder()`), if it
  /// cannot.
  static func read(socket: String, binary: String, log: PluginLog, folderError: String?)
    -> PluginFacts
  {
    let server = PluginServer(socket: socket)
    var facts = PluginFacts(
      options: server.options(), hasUserRanges: false, socket: socket, binary: binary,
      logs: [:])
    let keys = facts.keys
    for key in keys + ["ticker"] { facts.logs[key] = log.path(key) }
    for key in keys where facts.log(key) != "/dev/null" {
      if let folderError {
        facts.logErrors[key] = folderError
        continue
      }
      switch PluginLog.open(facts.log(key)) {
      case .success(let file): file.close()
      case .failure(let error): facts.logErrors[key] = error.reason
      }
    }
    for key in keys {
      if let pid = Int32(facts.options.value("@\(key)-pid")),
        StreamProcess.isStream(pid, option: "@\(key)", socket: socket)
      {
        facts.liveStreams.insert(key)
      }
    }
    facts.expanded = server.expandedWidths(facts.options, keys: keys)
    facts.hasUserRanges = server.hasUserRanges()
    if facts.hasUserRanges && !keys.isEmpty { facts.bindings = server.bindings() }
    return facts
  }
}
