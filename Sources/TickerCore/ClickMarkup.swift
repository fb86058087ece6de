/// How a frame's items become clickable, in the dialects whose markup can say so.
///
/// The encoder asks for the markup of each item it writes; item text never goes into
/// it, only the item's index (among the items given) and the button.
public struct ClickMarkup: Sendable {
  /// polybar and lemonbar: the command a click of `button` (1 left, 2 middle, 3 right,
  /// 4 and 5 the wheel) on item `item` runs, already written for the bar's tag parser;
  /// `nil` for none.
  public var command: (@Sendable (_ item: Int, _ button: Int) -> String)?
  /// tmux (3.4 and later): the name of the user range item `item` is drawn in, at most
  /// `longestRangeName` bytes of letters, digits and `_`; `nil` for none, or to draw
  /// that item in no range.
  public var rangeName: (@Sendable (_ item: Int) -> String?)?
  /// The buttons `command` actions are written for: all of `buttons` unless fewer
  /// must do (a lemonbar line that would not fit).
  public var actionButtons = ClickMarkup.buttons

  /// Markup of `command` actions (polybar, lemonbar) and `rangeName` ranges (tmux).
  public init(
    command: (@Sendable (_ item: Int, _ button: Int) -> String)? = nil,
    rangeName: (@Sendable (_ item: Int) -> String?)? = nil
  ) {
    self.command = command
    self.rangeName = rangeName
  }

  /// The buttons a bar action is written for: left, middle, right, wheel up and down.
  public static let buttons = 1...5

  /// The longest name of a tmux user range: tmux keeps 15 bytes.
  public static let longestRangeName = 15
}

/// Items written inside a reader's click actions, one action for each button, each
/// closed after the item: polybar's and lemonbar's `%{A…}`, xmobar's `<action>`,
/// dzen2's `^ca`.
enum ItemActions {
  /// Writes each item's runs with `write` inside `open(command, button)` … `close` for
  /// each of the buttons when `clicks` has a command; the whole frame at once without.
  static func write(
    _ frame: Frame, into output: inout String, clicks: ClickMarkup?,
    open: (String, Int) -> String, close: String, write: (Frame, inout String) -> Void
  ) {
    guard let command = clicks?.command, !frame.items.isEmpty else {
      write(frame, &output)
      return
    }
    frame.forEachItem { item, runs in
      let span = Frame(runs: Array(runs))
      guard let item else {
        write(span, &output)
        return
      }
      let buttons = clicks?.actionButtons ?? ClickMarkup.buttons
      for button in buttons { output += open(command(item, button), button) }
      write(span, &output)
      for _ in buttons { output += close }
    }
  }
}

extension Frame {
  /// The item at the frame's left edge, or the first after it when the edge shows a
  /// separator; `nil` when the frame marks no item. The item a reader with one click
  /// for the whole frame (genmon, yambar) clicks.
  public var leftItem: Int? {
    items.lazy.compactMap(\.item).first
  }
}
