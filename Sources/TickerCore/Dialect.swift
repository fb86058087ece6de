/// Each way a frame is written: an `OutputFormat`, with the variants its readers need
/// told apart, so that every switch over them is exhaustive and none carries a flag.
package enum Dialect: Equatable, Sendable {
  case plain, ansi, fish, bash, zsh
  /// tmux markup as a `#()` job's line, which tmux expands again.
  case tmuxJob
  /// tmux markup as the value of a user option (`--tmux-option`), drawn but not
  /// expanded again: each `#` from the text doubled.
  case tmuxOption
  case polybar, lemonbar, pango
  /// i3bar's protocol; the header asks for click events when `clickEvents`.
  case i3bar(clickEvents: Bool)
  /// An i3blocks block's text as it is (i3blocks 1.4, or 1.5 without `format=json`).
  case i3blocksText
  /// An i3blocks 1.5 block with `format=json`: a JSON block, as i3bar's.
  case i3blocksJSON
  case waybar, json
  case xmobar, yambar, dzen2, genmon, conky

  /// The dialect of `format`, given what its reader asked for.
  init(_ format: OutputFormat, clickEvents: Bool, jsonBlocks: Bool, tmuxOption: Bool) {
    switch format {
    case .plain: self = .plain
    case .ansi: self = .ansi
    case .fish: self = .fish
    case .bash: self = .bash
    case .zsh: self = .zsh
    case .tmux: self = tmuxOption ? .tmuxOption : .tmuxJob
    case .polybar: self = .polybar
    case .lemonbar: self = .lemonbar
    case .pango: self = .pango
    case .i3bar: self = .i3bar(clickEvents: clickEvents)
    case .i3blocks: self = jsonBlocks ? .i3blocksJSON : .i3blocksText
    case .waybar: self = .waybar
    case .json: self = .json
    case .xmobar: self = .xmobar
    case .yambar: self = .yambar
    case .dzen2: self = .dzen2
    case .genmon: self = .genmon
    case .conky: self = .conky
    }
  }
}

/// What each format means beyond how it is written: the one place the rest of the
/// program asks, so that nothing outside this file and the encoder compares formats.
/// Every property is an exhaustive switch: a new format does not compile until it has
/// said each.
extension OutputFormat {
  /// Text a terminal draws, in a terminal or a prompt: its widths follow `--cells auto`,
  /// and in a tmux pane, that tmux.
  public var isTerminalText: Bool {
    switch self {
    case .plain, .ansi, .bash, .zsh, .fish: true
    case .tmux, .polybar, .lemonbar, .pango, .i3bar, .i3blocks, .waybar, .json, .xmobar,
      .yambar, .dzen2, .genmon, .conky:
      false
    }
  }

  /// tmux draws it, with a tmux release's widths and rules.
  public var isDrawnByTmux: Bool {
    switch self {
    case .tmux: true
    case .plain, .ansi, .bash, .zsh, .fish, .polybar, .lemonbar, .pango, .i3bar, .i3blocks,
      .waybar, .json, .xmobar, .yambar, .dzen2, .genmon, .conky:
      false
    }
  }

  /// Its encoder reads the facts of the items on screen (`FrameItem.facts`): waybar's
  /// `class` and tooltip, i3bar's and i3blocks' `urgent`. Its frames mark their items.
  public var readsItemFacts: Bool {
    switch self {
    case .waybar, .i3bar, .i3blocks: true
    case .plain, .ansi, .bash, .zsh, .fish, .tmux, .polybar, .lemonbar, .pango, .json,
      .xmobar, .yambar, .dzen2, .genmon, .conky:
      false
    }
  }

  /// Its reader shows a note beside each frame and a tooltip per item on screen
  /// (waybar's tooltip): where stale sources are said, and JSON items' tooltips shown.
  public var hasTooltip: Bool {
    switch self {
    case .waybar: true
    case .plain, .ansi, .bash, .zsh, .fish, .tmux, .polybar, .lemonbar, .pango, .i3bar,
      .i3blocks, .json, .xmobar, .yambar, .dzen2, .genmon, .conky:
      false
    }
  }
}
