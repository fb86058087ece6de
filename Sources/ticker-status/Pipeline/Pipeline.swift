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
  /// `--stale-after`: a source with no good output for this long is drawn stale;
  /// `nil` for never.
  let staleAfter: Double?
  /// `--stale-mark`: drawn before each stale item.
  let staleMark: String
  /// `--on-click`: the action clicks run; `nil` for none.
  let clickAction: ClickAction?
  /// Whether clicks come on standard input (i3bar, i3blocks 1.5), and as what.
  let clickEvents: ClickEventReader.Lines?
  /// The window's width in cells.
  let width: Int
  private let speed: Double
  private let dwell: Double
  private let motion: Motion
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

  /// - Parameter arguments: The command line, without the program's name: polybar's
  ///   and lemonbar's click actions pass it back (`BarActions`).
  /// - Throws: When a click action cannot be written safely for the bar.
  init(_ options: Options, environment: Environment, arguments: [String] = []) throws(UsageError) {
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
    // tmux measures text its own way, each release its own; its dialect follows tmux
    // unless told otherwise. The release also says whether it has user ranges.
    let widths = Pipeline.cells(options, format: format, environment: environment)
    let profile = widths.choice.profile(markers: environment.terminal, insideTmux: widths.inPane)
    // tmux's own dialect, --cells tmux and a tmux pane follow a tmux release's rules;
    // the terminals draw 3.3a's glibc sum.
    let followsTmux = widths.choice == .tmux || widths.inPane
    let rules =
      followsTmux || format == .tmux
      ? Pipeline.tmuxRules(
        options, asksServer: options.tmuxOption != nil || widths.inPane, environment: environment)
      : .tmux33
    clickAction = options.onClick.map(ClickAction.init(command:))
    var clicks: ClickMarkup?
    var events: ClickEventReader.Lines?
    if clickAction != nil {
      switch format {
      case .polybar, .lemonbar:
        let actions = try BarActions(
          format: format == .polybar ? .polybar : .lemonbar,
          executable: Processes.executablePath() ?? "ticker-status", arguments: arguments,
          stream: options.stream ? Processes.processID : nil)
        clicks = ClickMarkup(command: { actions.command(item: $0, button: $1) })
      case .tmux:
        // User ranges exist from tmux 3.4; 3.3a would draw the markup as text.
        if rules != .tmux33 {
          clicks = Pipeline.tmuxRanges(prefix: options.clickRangePrefix)
        }
      case .i3bar where options.stream:
        events = .json
      case .i3blocks where options.stream && environment.i3blocks?.sendsClicks == true:
        events = environment.i3blocks?.json == true ? .json : .buttons
      default:
        break
      }
    }
    clickEvents = events
    encoder = FrameEncoder(
      format: format, usesColor: !environment.noColor, clicks: clicks,
      wantsClickEvents: events != nil, jsonBlocks: environment.i3blocks?.json == true,
      itemTooltips: options.input == .json)
    measure = CellMeasure(
      profile: profile, ambiguous: options.ambiguous, tmux: followsTmux ? rules : .tmux33)
    separator = StyledText(options.separator)
    var styles = QuoteStyles()
    if let up = options.upStyle { styles.up = up }
    if let down = options.downStyle { styles.down = down }
    reader = ItemReader(
      quotes: options.input == .quotes, styles: styles, markup: options.markup,
      split: options.split.map { Array($0.utf8) }, json: options.input == .json)
    every = options.every
    staleAfter = options.staleAfter
    staleMark = options.staleMark
    width = options.width
    speed = options.speed
    dwell = options.dwell
    motion = options.motion
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
  }

  /// The tmux rules `--tmux-version` names; else, when `asksServer` (with
  /// `--tmux-option`, or in a tmux pane with `--cells auto`), the version of the server
  /// the frames go to (asked once, at the start); else 3.3a's.
  static func tmuxRules(_ options: Options, asksServer: Bool, environment: Environment)
    -> TmuxRules
  {
    if let rules = options.tmuxRules { return rules }
    if asksServer, let socket = options.tmuxSocket ?? environment.tmuxSocket,
      let version = TmuxControlClient.serverVersion(socket: socket),
      let rules = TmuxRules(version: version)
    {
      return rules
    }
    return .tmux33
  }

  /// The `--cells` name that holds (see `CellsChoice`): `--cells`, else the default
  /// for `format` (`$TICKER_CELLS`, else `auto`, for text a terminal draws); and
  /// whether that text is drawn in a tmux pane with `auto`: this process runs in tmux
  /// (`$TMUX`), draws for a terminal and pushes to no option.
  static func cells(_ options: Options, format: OutputFormat, environment: Environment)
    -> (choice: CellsChoice, inPane: Bool)
  {
    let isTerminalText: Bool
    switch format {
    case .plain, .ansi, .bash, .zsh, .fish: isTerminalText = true
    case .tmux, .polybar, .lemonbar, .pango, .i3bar, .i3blocks, .waybar, .json:
      isTerminalText = false
    }
    let choice =
      options.cells
      ?? (isTerminalText
        ? environment.cells.flatMap(CellsChoice.init(rawValue:)) ?? .auto
        : format == .tmux ? .tmux : .wcwidth)
    let inPane =
      choice == .auto && isTerminalText && environment.tmuxSocket != nil
      && options.tmuxOption == nil
    return (choice, inPane)
  }

  /// tmux user ranges named `prefix` and the item's index; an item whose name would
  /// be longer than tmux keeps (15 bytes) gets none.
  static func tmuxRanges(prefix: String) -> ClickMarkup {
    ClickMarkup(rangeName: { item in
      let name = prefix + String(item)
      return name.utf8.count <= ClickMarkup.longestRangeName ? name : nil
    })
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
  func framedTicker(_ strip: Strip, playing: Bool = true, changedAt: Double = 0) -> FramedTicker {
    if strip.itemCount == 0 {
      // No items: nothing, or --empty standing still, without the fixed parts.
      let shown = Strip(items: [empty], separator: "", measure: measure)
      let none = FixedParts(before: "", after: "", width: width)
      return FramedTicker(
        ticker: Ticker(strip: shown, width: width, speed: 0, fit: fit), parts: none)
    }
    let moving = !playerStatus || playing
    let parts = moving ? playingParts : pausedParts
    var ticker = Ticker(
      strip: strip, width: parts.windowWidth, speed: moving ? speed : 0, dwell: dwell,
      motion: motion, fit: fit)
    if restartsOnChange { ticker.origin = changedAt }
    return FramedTicker(ticker: ticker, parts: parts)
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
