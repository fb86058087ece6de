import Testing

@testable import TickerCore

private let esc = "\u{1B}"

private func runs(_ text: StyledText) -> [String] {
  text.runs.map { run in
    let spec = TmuxStyle.spec(for: run.style)
    return spec.isEmpty ? run.text : "[\(spec)]\(run.text)"
  }
}

@Suite struct MarkupTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var input: String
    var expected: [String]
    var testDescription: String { input.debugDescription }
  }

  // MARK: tmux style syntax

  @Test(arguments: [
    ("fg=green,bold", Style(foreground: .named(2), attributes: [.bold])),
    ("fg=brightred bg=colour236", Style(foreground: .named(9), background: .palette(236))),
    ("fg=#FF8000,bg=color7", Style(foreground: .rgb(255, 128, 0), background: .palette(7))),
    ("fg=91,bg=3", Style(foreground: .named(9), background: .named(3))),
    (
      "BOLD,italics,underscore,reverse,dim",
      Style(attributes: [.bold, .italic, .underline, .reverse, .dim])
    ),
    ("bright,double-underscore,blink", Style(attributes: [.bold, .underline])),
    ("fg=red,default,italics", Style(attributes: [.italic])),
    ("bold,none,fg=default", Style()),
    ("bold,nobold,align=right,fill=blue,push-default", Style()),
    ("", Style()),
  ])
  func tmuxStylesParse(_ text: String, _ expected: Style) {
    #expect(TmuxStyle.parse(text) == expected)
  }

  @Test(arguments: [
    "fg=purple", "fg=orange", "bg=colour256", "fg=#12345", "fg=#12345g", "fg=+1", "fg=8",
    "fg=colour-1", "fg=", "boldly", "fg=red;bold", "nosuchthing",
  ])
  func badTmuxStylesAreRejected(_ text: String) {
    #expect(TmuxStyle.parse(text) == nil)
  }

  @Test func tmuxSpecReadsBack() {
    let styles = [
      Style(foreground: .named(0), background: .named(15), attributes: [.bold, .reverse]),
      Style(foreground: .palette(200), attributes: [.dim, .italic, .underline]),
      Style(foreground: .rgb(1, 2, 254)),
      Style(),
    ]
    for style in styles { #expect(TmuxStyle.parse(TmuxStyle.spec(for: style)) == style) }
  }

  // MARK: --markup tmux

  @Test(arguments: [
    Case(input: "plain", expected: ["plain"]),
    Case(
      input: "a#[fg=red,bold]b#[default]c",
      expected: ["a", "[fg=red,bold]b", "c"]),
    Case(input: "#[fg=red]r#[bg=blue]rb#[nobold]", expected: ["[fg=red]r", "[fg=red,bg=blue]rb"]),
    Case(input: "##[fg=red]not a style", expected: ["#[fg=red]not a style"]),
    Case(input: "###[fg=red]r", expected: ["#", "[fg=red]r"]),
    Case(input: "1 # 2 ## 3 #", expected: ["1 # 2 # 3 #"]),
    // An invalid block is dropped, as tmux drops it, and changes nothing.
    Case(input: "a#[fg=nosuch]b", expected: ["ab"]),
    // Without its `]` a block is text.
    Case(input: "a#[fg=red", expected: ["a#[fg=red"]),
    Case(input: "#(id)#{host}#H", expected: ["#(id)#{host}#H"]),
    Case(input: "#[fg=red]", expected: [""]),
    Case(input: "", expected: [""]),
  ])
  func tmuxMarkupReads(_ test: Case) {
    #expect(runs(Markup.tmux.read(test.input)) == test.expected)
  }

  // MARK: --markup ansi

  @Test(arguments: [
    Case(input: "\(esc)[31mred\(esc)[0m plain", expected: ["[fg=red]red", " plain"]),
    Case(
      input: "\(esc)[1;4;92mx\(esc)[22;24my",
      expected: ["[fg=brightgreen,bold,underscore]x", "[fg=brightgreen]y"]),
    Case(input: "\(esc)[38;5;208mo\(esc)[39mp", expected: ["[fg=colour208]o", "p"]),
    Case(input: "\(esc)[48;2;1;2;3mt\(esc)[49m", expected: ["[bg=#010203]t"]),
    Case(
      input: "\(esc)[38:2::10:20:30mc\(esc)[38:5:9md", expected: ["[fg=#0a141e]c", "[fg=colour9]d"]),
    Case(
      input: "\(esc)[2;3;7mx\(esc)[23;27my\(esc)[mz",
      expected: ["[dim,italics,reverse]x", "[dim]y", "z"]),
    Case(input: "\(esc)[44;100mb", expected: ["[bg=brightblack]b"]),
    Case(input: "\(esc)[4:0mno\(esc)[4:3mcurly", expected: ["no", "[underscore]curly"]),
    // Unknown SGR codes change nothing; out-of-range colours are ignored.
    Case(input: "\(esc)[5;9;38;5;300mx", expected: ["x"]),
    // Other sequences are dropped whole: CSI, OSC (BEL or ST), DCS, charset, single ESC.
    Case(input: "a\(esc)[2Jb\(esc)[?25lc", expected: ["abc"]),
    Case(
      input: "\(esc)]0;title\u{7}t\(esc)]8;;http://x\(esc)\\link\(esc)]8;;\(esc)\\",
      expected: ["tlink"]),
    Case(input: "\(esc)Pq#0;2;0;0;0\(esc)\\d\(esc)(Be\(esc)7f\(esc)cg", expected: ["defg"]),
    Case(input: "\u{9B}1mc1\u{9B}0m\u{9D}2;x\u{9C}.", expected: ["[bold]c1", "."]),
    // An unterminated string runs to the end; a lone ESC at the end goes.
    Case(input: "x\(esc)]0;never ends", expected: ["x"]),
    Case(input: "x\(esc)", expected: ["x"]),
    // A CSI cut short by another character ends there; the rest is text.
    Case(input: "\(esc)[31\u{7}m", expected: ["\u{7}m"]),
    // SGR with private parameters is not applied.
    Case(input: "\(esc)[?1mx", expected: ["x"]),
    Case(input: "#[fg=red]literal", expected: ["#[fg=red]literal"]),
  ])
  func ansiMarkupReads(_ test: Case) {
    #expect(runs(Markup.ansi.read(test.input)) == test.expected)
  }

  @Test func noMarkupIsLiteral() {
    let text = "#[fg=red]\(esc)[31mx"
    #expect(Markup.none.read(text) == StyledText(text))
  }

  @Test func markupNamesAreTheDocumentedOnes() {
    #expect(Markup.allCases.map(\.rawValue) == ["none", "tmux", "ansi"])
  }

  @Test func markupStylesReachEveryDialect() {
    let item = Markup.tmux.read("a #[fg=green]up#[default] b")
    let frame = Strip(items: [item], separator: " ").window(offset: 0, width: 8)
    let encode = { (format: OutputFormat) in
      FrameEncoder(format: format).encode(
        frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
    }
    #expect(encode(.tmux) == "a #[fg=green]up#[default] b a#[default]")
    #expect(encode(.ansi) == "a \(esc)[32mup\(esc)[0m b a")
    #expect(encode(.polybar) == "a %{F#00cd00}up%{F-} b a")
  }
}
