import TickerCore

/// `--cells NAME`: whose cell widths a frame is laid out in.
///
/// Each terminal family draws some emoji sequences in its own number of cells; a
/// frame laid out by another's rules puts a prompt's cursor in the wrong place. The
/// names were measured in the terminals (`scripts/terminal-width-oracle.py`):
///
/// - `xterm`, `urxvt`, `st`, `vte`, `foot` draw the sum of glibc's `wcwidth` over each
///   cluster's scalars, as tmux 3.3a measures: the `tmux` profile's 3.3a rules
///   (joiners dropped, scalars glibc does not know as U+FFFD).
/// - `konsole`, `kitty` and `alacritty` have rules of their own (`TerminalRules.swift`;
///   alacritty's differ from glibc's in one block).
/// - `wcwidth` is Python wcwidth 0.9.4's model; `terminal`, its old name, is kept.
/// - `tmux` follows the tmux release `--tmux-version` names.
/// - `auto`, the default for text drawn in a terminal (plain, ansi, bash, zsh, fish),
///   picks from what the terminal sets (`Environment.TerminalMarkers`); inside tmux,
///   the pane's tmux. Bars and JSON keep `wcwidth`, tmux's dialect `tmux`.
enum CellsChoice: String, CaseIterable, Sendable {
  case auto, wcwidth, terminal, tmux, xterm, urxvt, st, vte, alacritty, foot, konsole, kitty

  /// The profile the name stands for; `auto` resolved from `markers`.
  ///
  /// - Parameter insideTmux: Whether the text is drawn in a tmux pane.
  func profile(markers: Environment.TerminalMarkers, insideTmux: Bool) -> WidthProfile {
    switch self {
    case .wcwidth, .terminal: return .terminal
    case .tmux, .xterm, .urxvt, .st, .vte, .foot: return .tmux
    case .alacritty: return .alacritty
    case .konsole: return .konsole
    case .kitty: return .kitty
    case .auto:
      if insideTmux { return .tmux }
      return Self.detect(markers).profile(markers: markers, insideTmux: false)
    }
  }

  /// The terminal `markers` say the text is drawn in; `xterm` (the glibc sum) when
  /// they say nothing known.
  ///
  /// What a terminal sets for itself comes first: `TERM` (foot, kitty, urxvt, st,
  /// alacritty name themselves there), then the variables a terminal exports, which a
  /// terminal started from another also inherits: kitty's, alacritty's, konsole's,
  /// VTE's, xterm's.
  static func detect(_ markers: Environment.TerminalMarkers) -> CellsChoice {
    let term = markers.term ?? ""
    if term.hasPrefix("foot") { return .foot }
    if term == "xterm-kitty" { return .kitty }
    if term.hasPrefix("rxvt-unicode") { return .urxvt }
    if term == "st" || term.hasPrefix("st-") || term.hasPrefix("stterm") { return .st }
    if term == "alacritty" || term.hasPrefix("alacritty-") { return .alacritty }
    if markers.kitty { return .kitty }
    if markers.alacritty { return .alacritty }
    if markers.konsole { return .konsole }
    if markers.vte { return .vte }
    return .xterm
  }
}
