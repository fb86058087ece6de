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
