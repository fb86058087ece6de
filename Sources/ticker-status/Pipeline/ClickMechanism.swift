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

  /// The mechanism of `format`, with `--on-click` given. Every dialect is named, so
  /// that a new one cannot be left without a decision.
  ///
  /// - Throws: When a click action cannot be written safely for the bar.
  init(
    _ format: OutputFormat, options: Options, rules: TmuxRules, environment: Environment,
    facts: RunFacts
  ) throws(UsageError) {
    self.init()
    switch format {
    case .polybar: markup = try Self.actions(.polybar, facts: facts)
    case .lemonbar: markup = try Self.actions(.lemonbar, facts: facts)
    case .tmux:
      // User ranges exist from tmux 3.4; 3.3a would draw the markup as text.
      if rules != .tmux33 { markup = Self.tmuxRanges(prefix: options.clickRangePrefix) }
    case .i3bar:
      if options.stream { events = .json }
    case .i3blocks:
      if options.stream, let i3blocks = environment.i3blocks, i3blocks.sendsClicks {
        events = i3blocks.json ? .json : .buttons
      }
    case .plain, .ansi, .bash, .zsh, .fish, .pango, .waybar, .json:
      // Terminals and prompts have no clicks; pango's reader and waybar run their own
      // on-click, with no item to name; json is for scripts.
      break
    }
  }

  /// Polybar's or lemonbar's actions around each item.
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
