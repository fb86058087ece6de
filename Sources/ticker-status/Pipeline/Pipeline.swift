import TickerCore

/// One source of items (`SourceList` puts them in the order the items are shown).
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
  let sources: SourceList
  let format: OutputFormat
  let encoder: FrameEncoder
  let measure: CellMeasure
  let separator: StyledText
  /// How lines of files, standard input and commands become items.
  let reader: ItemReader
  /// `--every`: how often a command runs again.
  let every: Double
  /// `--stale-after`: a source with no good output for this long is drawn stale;
  /// `nil` for never.
  let staleAfter: Double?
  /// `--stale-mark`: drawn before each stale item.
  let staleMark: String
  /// `--on-click`: the action clicks run; `nil` for none.
  let clickAction: ClickAction?
  /// Whether clicks come on standard input (i3bar, i3blocks 1.5), and as what.
  let clickEvents: ClickEventReader.Lines?
  /// `--pause-button`: the button of those clicks that pauses and resumes.
  let pauseButton: Int?
  /// `--on-alert`: the command run when a quote starts alerting; empty for none.
  let onAlert: String
  /// The window's width in cells.
  let width: Int
  private let speed: Double
  private let dwell: Double
  /// The motion: `--motion`, else `flip` when motion is unwanted (`motionIsUnwanted`),
  /// else `wrap`.
  private(set) var motion: Motion
  /// Whether `--motion` chose the motion, which no wish for reduced motion then changes.
  private let motionIsChosen: Bool
  /// `--loops`: whole cycles after the items last changed, then the motion stands.
  private let loops: Int?
  private let fit: Fit
  /// `--stream --follow`: each `--command` runs once, followed (`FollowedCommand`).
  let followsCommands: Bool
  /// `--on-change restart`: new items start at the left edge (`Ticker.origin`).
  let restartsOnChange: Bool
  /// `--player-status`: lines start with the player's status (`PlayerStatus`).
  let playerStatus: Bool
  /// `--before`/`--after`, and `--paused-before`/`--paused-after` while paused.
  private let playingParts: FixedParts
  private let pausedParts: FixedParts
  /// `--empty`: shown while there are no items.
  private let empty: StyledText
  /// The key the ticker's pauses are kept under (`Pipeline.pauseKey`, `PauseState`).
  let pauseKey: String
  /// The fixed texts as given and how to read them, to lay out again with the pause
  /// mark while paused (read only then: a one-shot that is not paused reads nothing
  /// more).
  private let fixedTexts: (before: String, after: String, pausedBefore: String, pausedAfter: String)
  private let markup: Markup

  /// - Parameter facts: What the command asked of the system first (`RunFacts`):
  ///   the tmux server's version, this executable's path and process, the command
  ///   line.
  /// - Throws: When a click action cannot be written safely for the bar.
  init(_ options: Options, environment: Environment, facts: RunFacts = RunFacts())
    throws(UsageError)
  {
    sources = Pipeline.sources(options)
    format = Pipeline.format(options, environment: environment)
    // tmux measures text its own way, each release its own; its dialect follows tmux
    // unless told otherwise. The release also says whether it has user ranges.
    let widths = Pipeline.cells(options, format: format, environment: environment)
    let profile = widths.choice.profile(markers: environment.terminal, insideTmux: widths.inPane)
    // tmux's own dialect, --cells tmux and a tmux pane follow a tmux release's rules;
    // the terminals draw 3.3a's glibc sum.
    let followsTmux = widths.choice == .tmux || widths.inPane
    let rules =
      followsTmux || format.isDrawnByTmux
      ? options.tmuxRules ?? facts.tmuxServerVersion.flatMap(TmuxRules.init(version:)) ?? .tmux33
      : .tmux33
    clickAction = options.onClick.map(ClickAction.init(command:))
    let clicks =
      clickAction == nil && options.pauseButton == nil
      ? ClickMechanism.none
      : try ClickMechanism(
        format, options: options, rules: rules, environment: environment, facts: facts)
    clickEvents = clicks.events
    pauseButton = options.pauseButton
    onAlert = options.onAlert
    encoder = FrameEncoder(
      format: format, usesColor: !environment.noColor, clicks: clicks.markup,
      wantsClickEvents: clicks.events != nil, jsonBlocks: environment.i3blocks?.json == true,
      itemTooltips: options.input == .json, tmuxOption: options.tmuxOption != nil,
      cells: options.width)
    measure = CellMeasure(
      profile: profile, ambiguous: options.ambiguous, tmux: followsTmux ? rules : .tmux33)
    separator = StyledText(options.separator)
    reader = Pipeline.reader(options)
    every = options.every
    staleAfter = options.staleAfter
    staleMark = options.staleMark
    width = options.width
    speed = options.speed
    dwell = options.dwell
    motionIsChosen = options.motion != nil
    motion = options.motion ?? (environment.reducedMotion ? .flip : .wrap)
    loops = options.loops
    fit = options.fit
    followsCommands = options.follow && options.stream
    restartsOnChange = options.restartsOnChange
    playerStatus = options.playerStatus
    let markup = options.markup
    let cells = measure
    let parts = { (before: String, after: String) in
      FixedParts(
        before: markup.read(before), after: markup.read(after), width: options.width,
        measure: cells)
    }
    playingParts = parts(options.before, options.after)
    pausedParts = parts(
      options.pausedBefore ?? options.before, options.pausedAfter ?? options.after)
    empty = markup.read(options.empty)
    pauseKey = Pipeline.pauseKey(arguments: facts.arguments, name: options.name)
    self.markup = markup
    fixedTexts = (
      options.before, options.after, options.pausedBefore ?? options.before,
      options.pausedAfter ?? options.after
    )
  }

  /// The pipeline once the desktop says whether it wants reduced motion: the default
  /// motion becomes `flip`, or `wrap` again, unless `--motion` chose one or
  /// `TICKER_REDUCED_MOTION` said (`hearsDesktop`).
  func wishing(reducedMotion: Bool, environment: Environment) -> Pipeline {
    guard hearsDesktop(environment) else { return self }
    var pipeline = self
    pipeline.motion = reducedMotion ? .flip : .wrap
    return pipeline
  }

  /// Whether the desktop's wish may change the motion: neither `--motion` nor
  /// `TICKER_REDUCED_MOTION` (`1`, or `0`) said what it is.
  func hearsDesktop(_ environment: Environment) -> Bool {
    !motionIsChosen && !environment.reducedMotionIsSet && !environment.reducedMotion
  }

  /// The sources, in the order their items are shown: demo, files, arguments, commands.
  static func sources(_ options: Options) -> SourceList {
    SourceList(
      demo: options.demo, files: options.files, follows: options.follow,
      items: options.items, commands: options.commands)
  }

  /// The dialect: a tmux option is drawn by tmux, whatever `--format` says; else
  /// `--format`, else ANSI for a terminal and plain text for anything else.
  static func format(_ options: Options, environment: Environment) -> OutputFormat {
    options.tmuxOption != nil
      ? .tmux : options.format ?? (environment.outputIsTerminal ? .ansi : .plain)
  }

  /// Whether the widths follow the tmux server the frames go to, so that its version
  /// is asked (`RunFacts`): with `--tmux-option`, or in a tmux pane with `--cells auto`.
  static func asksTmuxServer(
    _ options: Options, format: OutputFormat, _ environment: Environment
  ) -> Bool {
    let widths = cells(options, format: format, environment: environment)
    let followsTmux = widths.choice == .tmux || widths.inPane
    return (followsTmux || format.isDrawnByTmux) && (options.tmuxOption != nil || widths.inPane)
  }

  /// How lines become items: quotes, JSON objects or text, with the quote styles,
  /// markup and `--split`.
  static func reader(_ options: Options) -> ItemReader {
    var styles = QuoteStyles()
    if let up = options.upStyle { styles.up = up }
    if let down = options.downStyle { styles.down = down }
    return ItemReader(
      quotes: options.input == .quotes, styles: styles, markup: options.markup,
      split: Array((options.split ?? "").utf8), json: options.input == .json,
      alerts: options.alerts, alertStyle: options.alertStyle ?? AlertRule.defaultStyle,
      sparkline: options.sparkline)
  }

  /// The `--cells` name that holds (see `CellsChoice`): `--cells`, else the default
  /// for `format` (`$TICKER_CELLS`, else `auto`, for text a terminal draws); and
  /// whether that text is drawn in a tmux pane with `auto`: this process runs in tmux
  /// (`$TMUX`), draws for a terminal and pushes to no option.
  static func cells(_ options: Options, format: OutputFormat, environment: Environment)
    -> (choice: CellsChoice, inPane: Bool)
  {
    let isTerminalText = format.isTerminalText
    let choice =
      options.cells
      ?? (isTerminalText
        ? environment.cells.flatMap(CellsChoice.init(rawValue:)) ?? .auto
        : format.isDrawnByTmux ? .tmux : .wcwidth)
    let inPane =
      choice == .auto && isTerminalText && environment.tmuxSocket != nil
      && options.tmuxOption == nil
    return (choice, inPane)
  }

  /// The reader for `source`'s text, as its kind reads it (`SourceKind.reader`): the
  /// demo's quotes are always quotes; arguments are never split.
  func reader(for source: SourceSpec) -> ItemReader { source.kind.reader(reader) }

  /// Whether every item keeps all its facts (`StripBuild(_:sources:keepingFacts:)`):
  /// for a stream's clicks, and for `--on-alert`, whose command gets the item as a
  /// click's does.
  var keepsFacts: Bool { clickEvents != nil || !onAlert.isEmpty }

  /// An empty strip builder with the separator and measure.
  func makeBuilder() -> StripBuilder { StripBuilder(separator: separator, measure: measure) }

  /// The ticker that moves `strip` through the window (`--before` and `--after` left
  /// out: `framedTicker(_:playing:changedAt:)` draws them).
  func ticker(_ strip: Strip) -> Ticker { framedTicker(strip).ticker }

  /// The ticker that moves `strip` through the window, with the fixed parts around it.
  ///
  /// - Parameters:
  ///   - playing: With `--player-status`, whether a line says `Playing`: else the
  ///     items stand at their start, between the paused parts.
  ///   - changedAt: When the items last changed: with `--on-change restart`, the
  ///     motion starts then.
  func framedTicker(
    _ strip: Strip, playing: Bool = true, changedAt: Double = 0, pauses: Pauses = Pauses()
  ) -> FramedTicker {
    if strip.itemCount == 0 {
      // No items: nothing, or --empty standing still, without the fixed parts.
      let shown = Strip(items: [empty], separator: "", measure: measure)
      let none = FixedParts(before: "", after: "", width: width)
      return FramedTicker(
        ticker: Ticker(strip: shown, width: width, speed: 0, fit: fit), parts: none)
    }
    let moving = !playerStatus || playing
    var parts = moving ? playingParts : pausedParts
    if pauses.isPaused {
      // The mark first, as item text is (never markup), then the parts as given.
      var before = StyledText(Pauses.mark)
      before.runs += markup.read(moving ? fixedTexts.before : fixedTexts.pausedBefore).runs
      parts = FixedParts(
        before: before,
        after: markup.read(moving ? fixedTexts.after : fixedTexts.pausedAfter), width: width,
        measure: measure)
    }
    var ticker = Ticker(
      strip: strip, width: parts.windowWidth, speed: moving ? speed : 0, dwell: dwell,
      motion: motion, fit: fit)
    // The motion's own time: the pauses before the change are not part of it.
    let changed = pauses.motionTime(at: changedAt)
    if restartsOnChange { ticker.origin = changed }
    if let loops { ticker.loops = Ticker.Loops(count: loops, since: changed) }
    return FramedTicker(ticker: ticker, parts: parts, pauses: pauses)
  }

  /// `lines` as items: with `--player-status`, without their status words, and
  /// `playing` set when one says `Playing`.
  func itemLines(_ lines: TextLines, playing: inout Bool) -> TextLines {
    guard playerStatus else { return lines }
    let (kept, plays) = PlayerStatus.split(lines)
    playing = playing || plays
    return kept
  }
}

/// The sources of a run, in the order their items are shown: `--demo`, each `--file`
/// (`-` is standard input; a file of that name is `./-`), the `ITEM` arguments, each
/// `--command`.
///
/// A collection made from the options as they are, not an array of `SourceSpec`: the
/// runtime builds the type of an array of each element type the first time one is
/// made, 8,900 instructions of every one-shot for this one.
struct SourceList: RandomAccessCollection {
  var demo: Bool
  var files: [String]
  var follows: Bool
  var items: [String]
  var commands: [String]

  var startIndex: Int { 0 }
  var endIndex: Int { (demo ? 1 : 0) + files.count + 1 + commands.count }

  subscript(position: Int) -> SourceSpec {
    precondition(position >= 0 && position < endIndex, "source index out of range")
    var index = position
    if demo {
      if index == 0 { return .demo }
      index -= 1
    }
    if index < files.count {
      let path = files[index]
      return path == "-" ? .standardInput(follows: follows) : .file(path)
    }
    index -= files.count
    if index == 0 { return .arguments(items) }
    return .command(commands[index - 1])
  }
}
