/// The output dialects: how a frame is written for each kind of reader.
///
/// Each dialect escapes the text it writes so that nothing from an item becomes
/// markup or code for its reader; the raw values are the names `--format` takes.
public enum OutputFormat: String, Sendable, CaseIterable {
  /// The text alone, without styles.
  case plain
  /// SGR escape sequences, for terminals.
  case ansi
  /// tmux status-line markup (`#[fg=…]`), for `#(…)` in a status line.
  case tmux
  /// zsh prompt escapes (`%F{…}`), for `PROMPT` with PROMPT_SUBST.
  case zsh
  /// bash prompt text: SGR sequences between readline's `\001` and `\002` markers.
  case bash
  /// SGR escape sequences, which fish prompts draw as they are.
  case fish
  /// polybar formatting tags (`%{F#rrggbb}`).
  case polybar
  /// lemonbar formatting tags, as polybar's, with `%%` for a literal `%`.
  case lemonbar
  /// Pango markup (`<span foreground=…>`).
  case pango
  /// One i3bar protocol block, `{"full_text":…}`, with Pango markup when styled.
  case i3bar
  /// The text as it is, for an i3blocks persistent block.
  case i3blocks
  /// A waybar custom-module JSON object (`text`, `tooltip`, `class`).
  case waybar
  /// A JSON object with the plain text and the placement, for scripts and tests.
  case json
  /// xmobar markup (`<fc=…>`), the text in `<raw=N:…/>`, for a `CommandReader`.
  case xmobar
  /// yambar's script tags (`t0|string|…`, `f0|string|#rrggbb`), a set a frame.
  case yambar
  /// dzen2 markup (`^fg(…)`), with `^^` for a literal `^`.
  case dzen2
  /// xfce4-genmon-plugin's `<txt>` (Pango markup) and `<txtclick>`.
  case genmon
  /// conky text for `${execpi}` (`${color …}`), `$` as `$$` and `#` as `\#`.
  case conky
}

/// Writes frames in one output dialect.
///
/// Escaping happens here, once, after slicing: text from items never becomes markup.
/// Every frame ends with its style reset, so nothing leaks into the rest of the line.
public struct FrameEncoder: Sendable {
  /// The dialect frames are written in.
  public let format: OutputFormat
  /// Whether colours and attributes are written in `ansi` and the shell dialects
  /// (`NO_COLOR` turns them off there). The bar dialects always write their styles.
  public let usesColor: Bool

  /// How items are made clickable, in `polybar`, `lemonbar` and `tmux`; `nil` for not.
  public let clicks: ClickMarkup?
  /// The way frames are written: the format, with what the reader needs of it.
  package let dialect: Dialect
  /// Whether `waybar` frames show the tooltips of the items on screen, for strips that
  /// have tooltips (`StripBuilder.append(_:tooltip:)`); their frames must then mark
  /// their items (see `marksItems`).
  public let itemTooltips: Bool
  /// i3bar's `min_width` and `align` for frames of the width given (`I3barDialect`),
  /// made once; empty for none.
  private let blockReserve: String

  /// An encoder for `format`.
  ///
  /// - Parameters:
  ///   - format: The dialect to write.
  ///   - usesColor: Whether `ansi` and the shell dialects write styles (pass `false`
  ///     when `NO_COLOR` is set); the other dialects always do.
  ///   - clicks: Click markup for `polybar`, `lemonbar` and `tmux`; their frames must
  ///     then mark their items (`Ticker.frame(at:markingItems:)`, see `marksItems`).
  ///   - wantsClickEvents: Ask i3bar for click events in the stream header.
  ///   - jsonBlocks: Write `i3blocks` frames as JSON blocks (i3blocks 1.5,
  ///     `format=json`).
  ///   - itemTooltips: Give `waybar` frames the tooltips of the items on screen.
  ///   - tmuxOption: Write `tmux` frames as the value of a tmux option
  ///     (`tmuxOptionValue(_:clicks:)`) rather than as a `#()` job's line.
  ///   - cells: The frames' width in cells: `i3bar` blocks (and `i3blocks` JSON ones)
  ///     reserve it as their `min_width`, so that a proportional font does not make
  ///     the block's width change with each frame; 0 reserves nothing.
  public init(
    format: OutputFormat, usesColor: Bool = true, clicks: ClickMarkup? = nil,
    wantsClickEvents: Bool = false, jsonBlocks: Bool = false, itemTooltips: Bool = false,
    tmuxOption: Bool = false, cells: Int = 0
  ) {
    self.itemTooltips = itemTooltips && format.hasTooltip
    self.format = format
    self.usesColor = usesColor
    self.clicks = clicks
    dialect = Dialect(
      format, clickEvents: wantsClickEvents, jsonBlocks: jsonBlocks, tmuxOption: tmuxOption)
    switch dialect {
    case .i3bar, .i3blocksJSON: blockReserve = I3barDialect.reserve(cells: cells)
    default: blockReserve = ""
    }
  }

  /// Whether frames of `strip` for this encoder should mark their items: it writes
  /// click markup or item tooltips (`marksItems`), or reads the facts of the items on
  /// screen (`OutputFormat.readsItemFacts`) and the strip has some.
  public func marksItems(of strip: Strip) -> Bool {
    marksItems || (format.readsItemFacts && strip.hasFacts)
  }

  /// Whether frames for this encoder should mark their items, whatever the strip: it
  /// writes click markup, or item tooltips.
  public var marksItems: Bool {
    if itemTooltips { return true }
    guard let clicks else { return false }
    // The markup its clicks come by (`OutputFormat.clickRoute`).
    switch format.clickRoute {
    case .actions: return clicks.command != nil
    case .tmuxRanges: return clicks.rangeName != nil
    case .events, .none: return false
    }
  }

  /// Whether a stream line of this encoder is the frame's text and nothing more
  /// (`plain`, `i3blocks` text, and `ansi`, `fish` and `bash` without colour), so a
  /// stream can write `Ticker.drawText(at:into:)` as it is.
  package var writesFrameText: Bool {
    switch dialect {
    case .plain, .i3blocksText: return true
    case .ansi, .fish, .bash: return !usesColor
    case .zsh, .tmuxJob, .tmuxOption, .polybar, .lemonbar, .pango, .i3bar, .i3blocksJSON,
      .waybar, .json, .xmobar, .yambar, .dzen2, .genmon, .conky:
      return false
    }
  }

  /// One frame as one line, without the newline.
  ///
  /// - Parameters:
  ///   - frame: The window to write.
  ///   - placement: Where the window is; some dialects report it.
  ///   - time: The time the frame is for.
  /// - Complexity: O(length of the frame).
  public func encode(_ frame: Frame, placement: Placement, at time: Double) -> String {
    switch dialect {
    case .plain: return frame.text
    case .ansi, .fish: return usesColor ? SGR.encode(frame) : frame.text
    case .tmuxJob: return TmuxDialect.encode(frame, clicks: clicks)
    case .tmuxOption: return FrameEncoder.tmuxOptionValue(frame, clicks: clicks)
    case .zsh: return ZshDialect.encode(frame, usesColor: usesColor)
    case .bash: return usesColor ? BashDialect.encode(frame) : frame.text
    case .polybar: return PolybarDialect.encode(frame, clicks: clicks)
    case .lemonbar: return lemonbarLine(frame)
    case .pango: return PangoDialect.encode(frame)
    case .i3bar, .i3blocksJSON: return I3barDialect.block(frame, reserve: blockReserve)
    case .i3blocksText:
      // The text as it is, not a JSON string literal: i3blocks 1.4 (Debian 12) escapes
      // every line of a persistent block, so a literal would show its quotes; 1.5
      // passes a valid literal through but escapes any other line, so the text shows
      // in both.
      return frame.text
    case .waybar: return WaybarDialect.encode(frame)
    case .json: return JSONDialect.encode(frame, placement: placement, at: time)
    case .xmobar: return XmobarDialect.encode(frame, clicks: clicks)
    case .yambar: return YambarDialect.encode(frame, clicks: clicks)
    case .dzen2: return Dzen2Dialect.encode(frame, clicks: clicks)
    case .genmon: return GenmonDialect.encode(frame, clicks: clicks)
    case .conky: return ConkyDialect.encode(frame)
    }
  }

  /// What a stream writes before its first frame, without the final newline; `nil`
  /// for dialects that have no header.
  ///
  /// i3bar's protocol opens with a header object and then an endless JSON array whose
  /// elements are the status lines.
  public var streamHeader: String? {
    guard case .i3bar(let clickEvents) = dialect else { return nil }
    return (clickEvents ? "{\"version\":1,\"click_events\":true}" : "{\"version\":1}") + "\n["
  }

  /// One frame as one line of a stream, without the newline.
  ///
  /// The same as `encode(_:placement:at:)` except for i3bar, whose stream lines are
  /// elements of the endless array: `[{"full_text":…}],`.
  ///
  /// - Complexity: O(length of the frame).
  public func encodeStreamLine(_ frame: Frame, placement: Placement, at time: Double) -> String {
    guard case .i3bar = dialect else { return encode(frame, placement: placement, at: time) }
    return "[" + I3barDialect.block(frame, reserve: blockReserve) + "],"
  }

  /// A frame as the value of a tmux option (`tmux set -g @ticker VALUE`) that a status
  /// line shows with `#{@ticker}`.
  ///
  /// The value is drawn but not format-expanded again, so each `#` from the text is
  /// written `##`; styles are `#[…]` and the value ends with `#[default]`.
  ///
  /// - Parameter clicks: With a `rangeName`, each item is drawn in a user range, as
  ///   `encode` draws it for `tmux`; the frame must then mark its items.
  /// - Complexity: O(length of the frame).
  public static func tmuxOptionValue(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    TmuxDialect.encode(frame, escapingFor: .optionValue, clicks: clicks)
  }

  /// The longest lemonbar line, without its newline: lemonbar 1.4 reads a line into a
  /// 4096-byte buffer, newline and terminating NUL included, and draws nothing of a
  /// line that does not fit.
  public static let longestLemonbarLine = 4094

  /// A lemonbar frame that fits lemonbar's line: with every action when it fits, else
  /// without the wheel's, else with the left button's alone, else with none. Fewer
  /// actions rather than an empty bar.
  private func lemonbarLine(_ frame: Frame) -> String {
    let line = LemonbarDialect.encode(frame, clicks: clicks)
    guard line.utf8.count > Self.longestLemonbarLine, let command = clicks?.command else {
      return line
    }
    for buttons in [1...3, 1...1] {
      var fewer = ClickMarkup(command: command)
      fewer.actionButtons = buttons
      let shorter = LemonbarDialect.encode(frame, clicks: fewer)
      if shorter.utf8.count <= Self.longestLemonbarLine { return shorter }
    }
    return LemonbarDialect.encode(frame, clicks: nil)
  }
}

/// Writes a frame as text and markup, run by run.
///
/// Before each run comes `leave` for the style in force (unless plain) and `enter` for
/// the run's style (unless plain); after the last run, `leave` for its style.
func writeRuns(
  _ frame: Frame, into output: inout String,
  leave: (Style, inout String) -> Void, enter: (Style, inout String) -> Void,
  text: (String, inout String) -> Void
) {
  var current = Style.plain
  for run in frame.runs {
    if run.style != current {
      if !current.isPlain { leave(current, &output) }
      if !run.style.isPlain { enter(run.style, &output) }
      current = run.style
    }
    text(run.text, &output)
  }
  if !current.isPlain { leave(current, &output) }

}
