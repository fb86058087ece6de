import TickerCore

/// The command: reads the options and items, prints a frame, maps errors to exit statuses.
@main
struct TickerStatus {
  static let usage = "Usage: ticker-status [options] [ITEM...]"

  static func main() {
    Platform.ignoreBrokenPipes()
    let arguments = Array(CommandLine.arguments.dropFirst())
    Platform.exit(run(arguments))
  }

  /// Runs the command and returns its exit status.
  static func run(_ arguments: [String]) -> Int32 {
    let options: Options
    do throws(UsageError) {
      options = try Options.parse(arguments)
      if options.showHelp {
        Platform.write(Help.text, to: 1)
        return ExitStatus.success
      }
      if options.showVersion {
        Platform.write("ticker-status \(Version.current)\n", to: 1)
        return ExitStatus.success
      }
      if options.items.isEmpty && options.files.isEmpty && options.commands.isEmpty
        && !options.demo
      {
        throw .noItems
      }
      try options.checkLiveSources()
    } catch {
      Platform.write(
        "ticker-status: error: \(error.description)\n\(usage)\nSee 'ticker-status --help'.\n",
        to: 2)
      return ExitStatus.usage
    }
    if options.stream { return Stream.run(options) }
    let items: [StyledText]
    switch Items.load(options) {
    case .success(let loaded): items = loaded + CommandCache.oneShotItems(options)
    case .failure(let error):
      Platform.write("ticker-status: error: \(error.description)\n", to: 2)
      return ExitStatus.noInput
    }
    let format = options.format ?? (Platform.isTerminal(1) ? .ansi : .plain)
    // tmux measures text its own way; its dialect follows tmux unless told otherwise.
    let profile = options.cells ?? (format == .tmux ? .tmux : .terminal)
    let measure = CellMeasure(profile: profile, ambiguous: options.ambiguous)
    let strip = Strip(items: items, separator: StyledText(options.separator), measure: measure)
    let ticker = Ticker(
      strip: strip, width: options.width, speed: options.speed, dwell: options.dwell,
      motion: options.motion, fit: options.fit)
    let time = options.time ?? Platform.now()
    let noColor = !(Platform.environment("NO_COLOR") ?? "").isEmpty
    let encoder = FrameEncoder(format: format, usesColor: !noColor)
    let line = encoder.encode(
      ticker.frame(at: time), placement: ticker.placement(at: time), at: time)
    // A reader that has gone away is not an error for a status line.
    Platform.write(line + "\n", to: 1)
    return ExitStatus.success
  }
}

/// The documented exit statuses (sysexits.h).
enum ExitStatus {
  static let success: Int32 = 0
  /// EX_USAGE: a bad command line.
  static let usage: Int32 = 64
  /// EX_NOINPUT: an input file could not be read.
  static let noInput: Int32 = 66
}
