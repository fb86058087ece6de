import TickerCore

/// How a reader's clicks reach `--on-click`, per dialect: markup in the frame (tmux's
/// user ranges, polybar's and lemonbar's actions), click events on standard input
/// (i3bar, i3blocks in a stream), or none.
struct ClickMechanism {
  /// The click markup the encoder draws around each item; `nil` for none.
  var markup: ClickMarkup?
  /// Whether the clicks come on standard input, and as what; `nil` when they do not.
  var events: ClickEventReader.Lines?

  /// No clicks.
  static let none = ClickMechanism()

  private init(markup: ClickMarkup? = nil, events: ClickEventReader.Lines? = nil) {
    self.markup = markup
    self.events = events
  }

  /// Whether a stream of `format` gets click events on standard input in
  /// `environment`.
  static func eventsOnStandardInput(_ format: OutputFormat, in environment: Environment) -> Bool {
    guard case .events(let always) = format.clickRoute else { return false }
    return always || environment.i3blocks?.sendsClicks == true
  }

  /// Checks what the options ask of the format's clicks (after `Options.validate`,
  /// which knows nothing of formats): standard input cannot carry both the items and
  /// i3bar's or i3blocks' clicks, and `--pause-button` needs a stream whose clicks come
  /// as events.
  static func validate(_ options: Options, in environment: Environment) throws(UsageError) {
    if options.onClick != nil && options.stream && options.files.contains("-"),
      let format = options.format, eventsOnStandardInput(format, in: environment)
    {
      throw .conflict(
        option: "--on-click <command>", other: "--file - (standard input carries the clicks)")
    }
    guard options.pauseButton != nil else { return }
    let route = Pipeline.format(options, environment: environment).clickRoute
    guard options.stream, case .events = route else {
      throw .needs(
        option: "--pause-button <button>",
        requirement: "'--stream' with '--format i3bar' or '--format i3blocks'")
    }
  }

  /// The mechanism of `format`, with `--on-click` given.
  ///
  /// - Throws: When a click action cannot be written safely for the bar.
  init(
    _ format: OutputFormat, options: Options, rules: TmuxRules, environment: Environment,
    facts: RunFacts
  ) throws(UsageError) {
    self.init()
    switch format.clickRoute {
    case .actions(let syntax):
      markup = try Self.actions(BarActions.Format(bar: format, syntax: syntax), facts: facts)
    case .tmuxRanges:
      // User ranges exist from tmux 3.4; 3.3a would draw the markup as text.
      if rules != .tmux33 { markup = Self.tmuxRanges(prefix: options.clickRangePrefix) }
    case .events(let always):
      guard options.stream, Self.eventsOnStandardInput(format, in: environment) else { break }
      // i3bar's are JSON; i3blocks' are JSON with format=json, else the button alone.
      events = always || environment.i3blocks?.json == true ? .json : .buttons
    case .none: break
    }
  }

  /// The bar's actions around each item (polybar's, lemonbar's, xmobar's…).
  private static func actions(_ format: BarActions.Format, facts: RunFacts) throws(UsageError)
    -> ClickMarkup
  {
    let actions = try BarActions(
      format: format, executable: facts.executablePath, arguments: facts.arguments,
      stream: facts.processID, storedArguments: facts.storedArguments)
    return ClickMarkup(command: { actions.command(item: $0, button: $1) })
  }

  /// tmux user ranges named `prefix` and the item's index; an item whose name would
  /// be longer than tmux keeps (15 bytes) gets none.
  static func tmuxRanges(prefix: String) -> ClickMarkup {
    ClickMarkup(rangeName: { item in
      let name = prefix + String(item)
      return name.utf8.count <= ClickMarkup.longestRangeName ? name : nil
    })
  }
}
