import Foundation
import Testing

// The command's dialects end to end: every dialect shows the plain frame and nothing
// else, and the options that choose dialects, markup and quote styles.

private let formats = [
  "plain", "ansi", "tmux", "zsh", "bash", "fish", "polybar", "lemonbar", "pango", "i3bar",
  "i3blocks", "waybar", "json", "xmobar", "yambar", "dzen2", "genmon", "conky",
]

@Suite struct DialectTests {
  struct Arguments: CustomTestStringConvertible, Sendable {
    var label: String
    var arguments: [String]
    var testDescription: String { label }
  }

  static let hostile = [
    "#(touch /tmp/ticker-pwned) #[fg=red]x#[default] ##y #{host} #H end#",
    "%{A1:touch /tmp/ticker-pwned:}click%{A} %H %% %F{red} 100%",
    #"$(id) `id` ${HOME} \u \$ \[ !! <b>&amp; 'q' "dq" \"#,
    // xmobar, dzen2, conky, genmon and yambar.
    "<raw=3:abc/> <fc=#ff0000>red</fc> <action=`touch /tmp/ticker-pwned` button=1>x</action>"
      + " <icon=x.xbm/> ^fg(red)^ca(1,touch /tmp/ticker-pwned)y^ca() ^^ ^ ${exec id} $$ \\# #c",
    "</txt><txtclick>touch /tmp/ticker-pwned</txtclick><img>x</img> a|b|c| ${color red}",
    "line\nf0|string|#ff0000\n\nt0|string|x\rtext|string|y",
  ]

  @Test(arguments: [
    Arguments(label: "hostile, still", arguments: ["-w", "250", "--at", "0"] + hostile),
    Arguments(
      label: "hostile, scrolling", arguments: ["-w", "33", "--at", "17.3", "-s", "3"] + hostile),
    Arguments(
      label: "hostile, last first, still",
      arguments: ["-w", "300", "--at", "0"] + hostile.reversed()),
    Arguments(
      label: "hostile, last first, scrolling",
      arguments: ["-w", "41", "--at", "9.1", "-s", "3"] + hostile.reversed()),
    Arguments(
      label: "quotes in every style",
      arguments: [
        "--quotes", "--up-style", "fg=colour46,bold,reverse", "--down-style",
        "fg=#ff0000,bg=brightblack,underscore,italics,dim", "-w", "45", "--at", "1234.5",
        "AAPL 189.84 +1.25", "MSFT 415.20 -2.31", "TSLA 248.50 0", "%{A1:x:} 1 +1",
        "#(x) 2 -2",
      ]),
    Arguments(
      label: "tmux markup",
      arguments: [
        "--markup", "tmux", "-w", "30", "--at", "7", "a#[fg=red,bold]b#[default]c ## #",
        "#[bg=blue]x%{A1:y:}#[nobold]#[italics]<i>&", "#[fg=colour99]###[z]",
      ]),
    Arguments(
      label: "ansi markup",
      arguments: [
        "--markup", "ansi", "-w", "25", "--at", "3.3",
        "\u{1B}[1;31mred\u{1B}[0m \u{1B}]0;title\u{7}#(x)\u{1B}[38;2;1;2;3mrgb%{",
        "\u{1B}[4m\\u\u{1B}[24m\u{1B}[2J$(x)",
      ]),
    Arguments(
      label: "wide clusters cut by the edges",
      arguments: ["-w", "17", "--at", "11.1", "日本語 ニュース", "👍🏽 ❤️ 🇫🇷 %#", "中文 #x"]),
  ])
  func everyDialectShowsThePlainFrame(_ test: Arguments) throws {
    for format in formats {
      // Each dialect's default profile: tmux's own for tmux, the terminal's (--cells
      // auto, as plain has it) for text a terminal draws, wcwidth for bars and JSON;
      // the plain frame to match is measured alike.
      let cells =
        format == "tmux"
        ? ["--cells", "tmux"]
        : ["plain", "ansi", "bash", "zsh", "fish"].contains(format) ? [] : ["--cells", "wcwidth"]
      let plain = try runTicker(["--format", "plain"] + cells + test.arguments)
      let result = try runTicker(["--format", format] + test.arguments)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      // One line, or yambar's set of 17 tags and the empty line that ends it.
      let lines = format == "yambar" ? 18 : 1
      #expect(result.stdout.hasSuffix("\n") && result.stdout.filter { $0 == "\n" }.count == lines)
      let line = String(result.stdout.dropLast())
      let visible = Visible.text(of: line, format: format)
      #expect(visible == String(plain.stdout.dropLast()), "\(format): \(line.debugDescription)")
    }
  }

  @Test func stylesAppearInEveryDialectWithColour() throws {
    let arguments = [
      "--quotes", "--up-style", "fg=colour46,bold", "-w", "40", "--at", "0", "AAPL 1 +1",
    ]
    let expected: [String: String] = [
      "ansi": "\u{1B}[1;38;5;46m", "tmux": "#[fg=colour46,bold]", "zsh": "%B%F{46}",
      "bash": "\u{1}\u{1B}[1;38;5;46m\u{2}", "fish": "\u{1B}[1;38;5;46m",
      "polybar": "%{F#00ff00}", "lemonbar": "%{F#00ff00}",
      "pango": ##"<span foreground="#00ff00" weight="bold">"##,
      "i3bar": ##"<span foreground=\"#00ff00\" weight=\"bold\">"##,
      "waybar": ##"<span foreground=\"#00ff00\" weight=\"bold\">"##,
    ]
    for (format, markup) in expected {
      let result = try runTicker(["--format", format] + arguments)
      #expect(result.stdout.contains(markup), "\(format): \(result.stdout.debugDescription)")
    }
  }

  @Test(arguments: ["ansi", "zsh", "bash", "fish"])
  func noColorTurnsColourOff(_ format: String) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let arguments = ["--format", format, "--quotes", "-w", "30", "--at", "0", "A 1 +1", "B 2 -2"]
    let result = try runTicker(arguments, environment: environment)
    #expect(result.stdout == "A 1 ▲1 · B 2 ▼2" + String(repeating: " ", count: 15) + "\n")
    environment["NO_COLOR"] = ""
    let coloured = try runTicker(arguments, environment: environment)
    #expect(coloured.stdout != result.stdout)
  }

  @Test func tmuxFormatMeasuresWithTheTmuxProfile() throws {
    let arguments = ["-w", "12", "--at", "0", "👍🏽 ab", "c"]
    let tmux = try runTicker(["--format", "tmux"] + arguments)
    let byProfile = try runTicker(["--format", "plain", "--cells", "tmux"] + arguments)
    let terminal = try runTicker(["--format", "tmux", "--cells", "terminal"] + arguments)
    let byTerminal = try runTicker(["--format", "plain", "--cells", "terminal"] + arguments)
    #expect(tmux.stdout == String(byProfile.stdout.dropLast()) + "#[default]\n")
    #expect(terminal.stdout == String(byTerminal.stdout.dropLast()) + "#[default]\n")
  }

  @Test func markupAppliesToFilesAndArgumentsAndSparesQuotes() throws {
    let result = try runTicker(
      [
        "--format", "tmux", "--markup", "tmux", "--quotes", "--down-style", "fg=blue", "-w", "60",
        "--at", "0", "-f", "-", "#[fg=red]arg", "Q 1 -1",
      ],
      stdin: Array("#[bold]line\nX#[fg=red] 2 +1\n".utf8))
    // Lines and arguments alike: markup read, except in quotes, whose text is literal.
    #expect(
      result.stdout
        == "#[bold]line#[default] · X##[fg=red] 2 #[fg=green]▲1#[default] · "
        + "#[fg=red]arg#[default] · Q 1 #[fg=blue]▼1#[default]"
        + String(repeating: " ", count: 23) + "#[default]\n")
  }
}
