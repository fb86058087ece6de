/// The command: parse, validate, build the pipeline, run it once or as a stream, and
/// map the outcome to an exit status. The only place that exits, but for a one-shot,
/// which ends the process once its line is written (see `OneShot`).
@main
struct TickerStatus {
  static func main() {
    // Before anything is opened: a lock file must not become standard error.
    Processes.openClosedStandardDescriptors()
    Signals.ignoreBrokenPipes()
    let arguments = Array(CommandLine.arguments.dropFirst())
    // The tmux plugin's internal modes (contrib/tmux/ticker.tmux), before the parser.
    let status =
      switch arguments.first {
      case PluginMode.flag?: PluginMode.run(Array(arguments.dropFirst()), environment: .current())
      case PluginStream.flag?:
        PluginStream.run(
          Array(arguments.dropFirst()), environment: .current(), runTicker: run(_:environment:))
      default: run(arguments, environment: .current())
      }
    Processes.exit(status.rawValue)
  }

  /// Runs the command and returns its exit status.
  static func run(_ arguments: [String], environment: Environment) -> ExitStatus {
    let options: Options
    let pipeline: Pipeline
    do throws(UsageError) {
      options = try ArgumentParser.parse(arguments)
      if options.clickedStream != nil || options.clickedArguments != nil {
        return clickReadingBack(options, environment: environment)
      }
      if options.showHelp {
        _ = FileDescriptor.standardOutput.writeAll(Help.text())
        return .success
      }
      if options.showVersion {
        _ = FileDescriptor.standardOutput.writeAll("ticker-status \(Version.current)\n")
        return .success
      }
      if let shell = options.completionScript {
        _ = FileDescriptor.standardOutput.writeAll(CompletionScript.text(for: shell))
        return .success
      }
      if options.pauseToggle {
        return PauseState.runToggle(arguments: arguments, name: options.name, in: environment)
      }
      try options.validate(in: environment)
      try ClickMechanism.validate(options, in: environment)
      // What the pipeline needs of the system is asked first: it is a value after.
      let facts = RunFacts.gather(options, environment: environment, arguments: arguments)
      pipeline = try Pipeline(options, environment: environment, facts: facts)
    } catch {
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: error: \(error)\n\(Help.usage)\nSee 'ticker-status --help'.\n")
      return .usage
    }
    if let clicked = options.clickedItem {
      return ClickCallback.run(
        pipeline, item: clicked, button: options.clickedButton, time: options.time,
        environment: environment)
    }
    if options.stream { return Stream.run(pipeline, options: options, environment: environment) }
    OneShot.run(pipeline, time: options.time, environment: environment)
  }

  /// A polybar click whose arguments are read back: a stream's own
  /// (`--clicked-stream`), or a one-shot's kept in the cache folder
  /// (`--clicked-arguments`); run with the click's item and button first (the
  /// arguments may end in `--` and items).
  private static func clickReadingBack(_ options: Options, environment: Environment)
    -> ExitStatus
  {
    let readBack: [String]?
    let gone: String
    if let stream = options.clickedStream {
      readBack = StreamArguments.read(stream)
      gone = "no ticker-status stream \(stream) to click: it has gone"
    } else {
      let key = options.clickedArguments ?? ""
      readBack = StoredArguments.load(key, environment: environment)
      gone = "no arguments kept under '\(key)' in the cache folder: nothing to click"
    }
    guard let streamArguments = readBack else {
      _ = FileDescriptor.standardError.writeAll("ticker-status: warning: \(gone)\n")
      return .success
    }
    let item =
      switch options.clickedItem {
      case .index(let index)?: "\(index)"
      case .leftEdge?, nil: ClickedItem.leftEdgeName
      }
    return run(
      ["--clicked-item", item, "--clicked-button", "\(options.clickedButton)"]
        + streamArguments, environment: environment)
  }
}
