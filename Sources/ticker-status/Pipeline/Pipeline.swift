import TickerCore

/// One source of items, in the order the items are shown.
enum SourceSpec: Equatable {
  /// `--demo`: the built-in quotes.
  case demo
  /// `-f PATH`.
  case file(String)
  /// `-f -`; with `--follow`, each line replaces the items.
  case standardInput(follows: Bool)
  /// The `ITEM` arguments.
  case arguments([String])
  /// `--command CMD`.
  case command(String)
}

/// Everything after the sources, configured once from the options and the
/// environment: how lines become items, items a strip, the strip a moving window, and
/// a frame text in the reader's dialect.
///
/// The one-shot run and the stream both start here; they differ only in how often
/// they draw.
struct Pipeline {
  /// The sources, in the order their items are shown: demo, files, arguments, commands.
  let sources: [SourceSpec]
  let format: OutputFormat
  let encoder: FrameEncoder
  let measure: CellMeasure
  let separator: StyledText
  /// How lines of files, standard input and commands become items.
  let reader: ItemReader
  /// `--every`: how often a command runs again.
  let every: Double
  private let width: Int
  private let speed: Double
  private let dwell: Double
  private let motion: Motion
  private let fit: Fit

  init(_ options: Options, environment: Environment) {
    var sources: [SourceSpec] = []
    if options.demo { sources.append(.demo) }
    for path in options.files {
      // "-" is standard input; a file of that name is "./-".
      sources.append(path == "-" ? .standardInput(follows: options.follow) : .file(path))
    }
    sources.append(.arguments(options.items))
    sources += options.commands.map(SourceSpec.command)
    self.sources = sources

    // A tmux option is drawn by tmux: its dialect, whatever --format says.
    format =
      options.tmuxOption != nil
      ? .tmux : options.format ?? (environment.outputIsTerminal ? .ansi : .plain)
    encoder = FrameEncoder(format: format, usesColor: !environment.noColor)
    // tmux measures text its own way; its dialect follows tmux unless told otherwise.
    measure = CellMeasure(
      profile: options.cells ?? (format == .tmux ? .tmux : .terminal), ambiguous: options.ambiguous)
    separator = StyledText(options.separator)
    var styles = QuoteStyles()
    if let up = options.upStyle { styles.up = up }
    if let down = options.downStyle { styles.down = down }
    reader = ItemReader(
      quotes: options.quotes, styles: styles, markup: options.markup,
      split: options.split.map { Array($0.utf8) })
    every = options.every
    width = options.width
    speed = options.speed
    dwell = options.dwell
    motion = options.motion
    fit = options.fit
  }

  /// The reader for `source`'s text: the demo's quotes are always quotes; arguments
  /// are never split.
  func reader(for source: SourceSpec) -> ItemReader {
    switch source {
    case .demo: return ItemReader(quotes: true, styles: reader.styles)
    case .arguments:
      var reader = self.reader
      reader.split = nil
      return reader
    case .file, .standardInput, .command: return reader
    }
  }

  /// An empty strip builder with the separator and measure.
  func makeBuilder() -> StripBuilder { StripBuilder(separator: separator, measure: measure) }

  /// The ticker that moves `strip` through the window.
  func ticker(_ strip: Strip) -> Ticker {
    Ticker(strip: strip, width: width, speed: speed, dwell: dwell, motion: motion, fit: fit)
  }
}
