import TickerCore

/// Everything the command line says, with the defaults of what it leaves out.
///
/// The options are declared, with their help, in `OptionTable`; `ArgumentParser` fills
/// this in, and `validate(in:)` checks what spans several options.
struct Options: Equatable {
  /// `--width`'s default, which the tmux plugin also counts with for a ticker whose
  /// arguments do not say.
  static var defaultWidth: Int { 40 }
  /// `--click-range-prefix`'s default, which the tmux plugin's `#{ticker}` keeps.
  static var defaultClickRangePrefix: String { "t_" }

  // Items
  var items: [String] = []
  var files: [String] = []
  var commands: [String] = []
  var demo = false
  /// `--input` (`--quotes` is `--input quotes`): how lines become items.
  var input = InputKind.text
  var separator = " · "
  var split: String?
  var follow = false
  var every = Options.defaultEvery
  /// `--stale-after`: a source with no good output for this long is drawn stale;
  /// `nil`: never (the default).
  var staleAfter: Double?
  /// `--stale-mark`: drawn before each stale item.
  var staleMark = Staleness.defaultMark
  /// `--alert`, `--alert-style`, `--on-alert` and `--sparkline`.
  var alerts: [AlertRule] = []
  var alertStyle: Style?
  /// Empty for none. (Not an optional: a `String?` read out of the options as a
  /// `Pipeline` is made is copied through its type's value witness, and a one-shot
  /// then builds `Optional<String>`'s type at run time, 33,000 instructions.)
  var onAlert = ""
  var sparkline = 0
  var upStyle: Style?
  var downStyle: Style?
  var markup = Markup.none
  // Window and motion
  var width = Options.defaultWidth
  var speed = 2.0
  /// `--motion`: `nil` when not given (`wrap`, or `flip` when motion is unwanted).
  var motion: Motion?
  var dwell = 0.0
  /// `--loops`: whole cycles after the items last changed, then stand; `nil`: forever.
  var loops: Int?
  /// `--pause-toggle`: pause the ticker these arguments draw, or resume it, and exit.
  var pauseToggle = false
  /// `--pause-button`: the button of a stream's click events that toggles the pause.
  var pauseButton: Int?
  /// `--name`: the name a ticker's pause state is kept under (default: its arguments).
  var name: String?
  var fit = Fit.left
  var time: Double?
  /// `--on-change`: `nil` when not given (restart with `--follow`, else keep).
  var onChange: ChangeRule?
  /// `--before`, `--after`: the fixed parts; `--paused-before`, `--paused-after`
  /// replace them while paused (`--player-status`).
  var before = ""
  var after = ""
  var pausedBefore: String?
  var pausedAfter: String?
  /// `--player-status`: each line starts with playerctl's `{{status}}`.
  var playerStatus = false
  /// `--empty`: shown while there are no items.
  var empty = ""
  // Cells and output
  var cells: CellsChoice?
  var ambiguous = AmbiguousWidth.narrow
  /// `--tmux-version`: whose rules `--cells tmux` follows; `nil` when not given (then
  /// the server's own with `--tmux-option`, else 3.3a's).
  var tmuxRules: TmuxRules?
  var format: OutputFormat?
  // Streaming
  var stream = false
  var maxFramesPerSecond = Options.defaultMaxFramesPerSecond
  var tmuxOption: String?
  var tmuxSocket: String?
  // Clicks
  var onClick: String?
  var clickedItem: ClickedItem?
  var clickedButton = 1
  /// `--clicked-stream`: the polybar stream whose arguments a click reads back.
  var clickedStream: Int32?
  /// `--clicked-arguments`: the key a one-shot's arguments are kept under, which a
  /// polybar click reads back.
  var clickedArguments: String?
  /// `--click-range-prefix`: tmux user ranges are named this and the item's index.
  var clickRangePrefix = Options.defaultClickRangePrefix
  // Information
  var showHelp = false
  var showVersion = false
  /// `--generate-completion-script`: the shell whose script to print.
  var completionScript: CompletionShell?

  /// The widest window, in cells.
  static let maximumWidth = 1_000_000
  /// The fastest scroll, in cells a second either way: beyond any readable speed, and
  /// slow enough that a cell lasts a thousand steps of a Unix time held in a `Double`,
  /// so the motion's offsets stay exact.
  static let maximumSpeed = 1000.0
  /// The longest rest, in seconds (over eleven days).
  static let maximumDwell = 1_000_000.0
  /// The most frames a second.
  static let maximumFramesPerSecond = 1000.0
  /// The default of `--max-fps`.
  static let defaultMaxFramesPerSecond = 30.0
  /// The longest `--click-range-prefix`: it leaves at least 5 of tmux's 15 bytes for
  /// the index.
  static let maximumClickRangePrefix = 10
  /// The buttons `--clicked-button` takes: left, middle, right and the wheel.
  static let clickedButtons = 1...5
  /// The most `--loops`.
  static let maximumLoops = 1_000_000
  /// The default of `--every`.
  static let defaultEvery = 10.0

  /// Whether new items restart the motion (`--on-change`; by default with `--follow`).
  var restartsOnChange: Bool { (onChange ?? (follow ? .restart : .keep)) == .restart }

  /// Whether any source of items was given.
  var hasItems: Bool { !items.isEmpty || !files.isEmpty || !commands.isEmpty || demo }

  /// Checks what spans several options, and what the environment must provide.
  ///
  /// - Parameter environment: Where `--tmux-option` finds its server without
  ///   `--tmux-socket`, and whether standard input is a terminal (for the hint when
  ///   there are no items).
  func validate(in environment: Environment) throws(UsageError) {
    if !hasItems { throw .noItems(inputWaits: !environment.inputIsTerminal) }
    if follow && !files.contains("-") && commands.isEmpty {
      throw .needs(option: "--follow", requirement: "'--file -' (it follows standard input)")
    }
    if follow && !commands.isEmpty && !stream {
      throw .needs(option: "--follow with --command", requirement: "'--stream'")
    }
    if stream && time != nil {
      throw .conflict(option: "--at <unix-seconds>", other: "--stream")
    }
    if staleMark != Options().staleMark && staleAfter == nil {
      throw .needs(option: "--stale-mark <text>", requirement: "'--stale-after <seconds>'")
    }
    if clickedItem != nil && onClick == nil {
      throw .needs(option: "--clicked-item <item>", requirement: "'--on-click <command>'")
    }
    if clickRangePrefix != Options().clickRangePrefix && onClick == nil {
      throw .needs(option: "--click-range-prefix <prefix>", requirement: "'--on-click <command>'")
    }
    if (pausedBefore != nil || pausedAfter != nil) && !playerStatus {
      throw .needs(
        option: pausedBefore != nil ? "--paused-before <text>" : "--paused-after <text>",
        requirement: "'--player-status'")
    }
    if tmuxSocket != nil && tmuxOption == nil {
      throw .needs(option: "--tmux-socket <path>", requirement: "'--tmux-option <name>'")
    }
    if tmuxOption != nil {
      if !stream { throw .needs(option: "--tmux-option <name>", requirement: "'--stream'") }
      if tmuxSocket == nil && environment.tmuxSocket == nil {
        throw .needs(
          option: "--tmux-option <name>",
          requirement: "a tmux server: run it inside tmux or give '--tmux-socket <path>'")
      }
    }
  }
}

/// What a change of the items does to the motion (`--on-change`).
enum ChangeRule: String, CaseIterable, Sendable {
  /// New items start at the left edge at the moment they come.
  case restart
  /// The window stays where the clock puts it.
  case keep
}

/// What the lines of items hold (`--input`).
enum InputKind: String, CaseIterable, Sendable {
  /// Text, each line an item (`--split`, `--markup`).
  case text
  /// `SYMBOL PRICE CHANGE` quotes, other lines text (`--quotes`).
  case quotes
  /// One JSON object a line (`JSONItem`).
  case json
}

/// The item a bar's click action names (`--clicked-item`).
enum ClickedItem: Equatable {
  /// The item with this index among the items given.
  case index(Int)
  /// The item at the window's left edge now (waybar, whose clicks say no position).
  case leftEdge

  /// How `--clicked-item` names `leftEdge`.
  static let leftEdgeName = "left"
}

/// A bad command line: exit status 64, with the usage line and a pointer to `--help`.
enum UsageError: Error, Equatable, CustomStringConvertible {
  case invalidValue(option: String, value: String, expected: String)
  case missingValue(option: String)
  case unknownOption(String, suggestion: String?)
  case unexpectedValue(option: String)
  /// No source of items; `inputWaits`: standard input is not a terminal, so the user
  /// may have meant to pipe the items in.
  case noItems(inputWaits: Bool)
  /// An option that only works with another: `'--follow' needs '--file -'`.
  case needs(option: String, requirement: String)
  case conflict(option: String, other: String)

  var description: String {
    switch self {
    case .invalidValue(let option, let value, let expected):
      return "invalid value '\(value)' for '\(option)': \(expected)"
    case .missingValue(let option):
      return "missing value for '\(option)'"
    case .unknownOption(let option, let suggestion?):
      return "unknown option '\(option)'; did you mean '\(suggestion)'?"
    case .unknownOption(let option, nil):
      return "unknown option '\(option)'"
    case .unexpectedValue(let option):
      return "option '\(option)' takes no value"
    case .noItems(let inputWaits):
      return "no items to show: give ITEM arguments, --file PATH, --command COMMAND or --demo"
        + (inputWaits ? " (to read standard input, give '-f -')" : "")
    case .needs(let option, let requirement):
      return "'\(option)' needs \(requirement)"
    case .conflict(let option, let other):
      return "'\(option)' cannot be used with '\(other)'"
    }
  }
}

/// The documented exit statuses (sysexits.h), and 128 + n for a stream a signal ended.
struct ExitStatus: Equatable, CustomStringConvertible {
  let rawValue: Int32

  /// A frame was printed, or a stream's reader went away.
  static let success = ExitStatus(rawValue: 0)
  /// EX_USAGE: a bad command line.
  static let usage = ExitStatus(rawValue: 64)
  /// EX_NOINPUT: an input could not be read.
  static let noInput = ExitStatus(rawValue: 66)
  /// EX_UNAVAILABLE: the tmux server for `--tmux-option` cannot be reached, or the
  /// stream cannot set up its signals.
  static let unavailable = ExitStatus(rawValue: 69)

  /// A stream ended by `signal`: 128 + its number.
  static func signaled(_ signal: Int32) -> ExitStatus { ExitStatus(rawValue: 128 + signal) }

  var description: String { String(rawValue) }
}
