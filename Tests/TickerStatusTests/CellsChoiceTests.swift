import Testing
import TickerCore

@testable import ticker_status

/// `--cells auto`: the terminal found from what it sets, and the profile each name and
/// each dialect gets.
@Suite struct CellsChoiceTests {
  typealias Markers = Environment.TerminalMarkers

  /// What each terminal sets (its own `TERM`, its variables), and some it inherits.
  static let detections: [(markers: Markers, expected: CellsChoice)] = [
    (Markers(term: "xterm-256color"), .xterm),
    (Markers(term: nil), .xterm),
    (Markers(term: "rxvt-unicode-256color"), .urxvt),
    (Markers(term: "st-256color"), .st),
    (Markers(term: "stterm-256color"), .st),
    (Markers(term: "xterm-256color", vte: true), .vte),
    (Markers(term: "alacritty"), .alacritty),
    (Markers(term: "xterm-256color", alacritty: true), .alacritty),
    (Markers(term: "foot"), .foot),
    (Markers(term: "foot-extra", vte: true), .foot),
    (Markers(term: "xterm-256color", konsole: true), .konsole),
    (Markers(term: "xterm-kitty"), .kitty),
    (Markers(term: "xterm-256color", kitty: true, vte: true), .kitty),
    // A terminal's own TERM wins over variables inherited from the one it was started in.
    (Markers(term: "rxvt-unicode", konsole: true), .urxvt),
  ]

  @Test(arguments: detections.indices)
  func theTerminalIsFoundFromWhatItSets(_ index: Int) {
    let (markers, expected) = Self.detections[index]
    #expect(CellsChoice.detect(markers) == expected, "\(markers)")
  }

  /// The profile of each dialect without --cells, with `--cells NAME`, and with
  /// `$TICKER_CELLS`, outside tmux in konsole.
  @Test(
    arguments: [
      (["--format", "ansi"], nil, WidthProfile.konsole),
      (["--format", "bash"], nil, .konsole),
      (["--format", "plain"], nil, .konsole),
      (["--format", "tmux"], nil, .tmux),
      (["--format", "polybar"], nil, .terminal),
      (["--format", "waybar"], nil, .terminal),
      (["--format", "ansi", "--cells", "kitty"], nil, .kitty),
      (["--format", "ansi", "--cells", "wcwidth"], nil, .terminal),
      (["--format", "ansi", "--cells", "terminal"], nil, .terminal),
      (["--format", "ansi", "--cells", "xterm"], nil, .tmux),
      (["--format", "ansi", "--cells", "alacritty"], nil, .alacritty),
      (["--format", "ansi"], "foot", .tmux),
      (["--format", "ansi"], "kitty", .kitty),
      (["--format", "ansi", "--cells", "auto"], "kitty", .konsole),
      (["--format", "ansi"], "nonsense", .konsole),
    ] as [([String], String?, WidthProfile)])
  func eachDialectGetsItsProfile(
    _ arguments: [String], _ variable: String?, _ expected: WidthProfile
  )
    throws
  {
    var environment = Environment()
    environment.terminal = Markers(term: "xterm-256color", konsole: true)
    environment.cells = variable
    let options = try ArgumentParser.parse(arguments + ["x"])
    let pipeline = try Pipeline(options, environment: environment)
    #expect(pipeline.measure.profile == expected)
  }

  /// In a tmux pane the text is drawn by tmux: auto follows tmux, whatever terminal
  /// the tmux client runs in; a name chosen is kept, and its rules are 3.3a's glibc
  /// sum, not the release --tmux-version names.
  @Test func inATmuxPaneAutoFollowsTmux() throws {
    var environment = Environment()
    environment.terminal = Markers(term: "tmux-256color", kitty: true)
    environment.tmuxSocket = "/nonexistent/ticker-test-socket"
    let auto = try Pipeline(
      try ArgumentParser.parse(["--format", "ansi", "--tmux-version", "3.6", "x"]),
      environment: environment)
    #expect(auto.measure.profile == .tmux && auto.measure.tmux == .tmux36)
    let named = try Pipeline(
      try ArgumentParser.parse([
        "--format", "ansi", "--cells", "xterm", "--tmux-version", "3.6", "x",
      ]),
      environment: environment)
    #expect(named.measure.profile == .tmux && named.measure.tmux == .tmux33)
  }
}
