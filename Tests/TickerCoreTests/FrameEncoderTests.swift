import Foundation
import Testing

@testable import TickerCore

private let esc = "\u{1B}"
private let red = Style(foreground: .named(1), attributes: [.bold])
private let fancy = Style(
  foreground: .rgb(1, 2, 3), background: .palette(236), attributes: [.italic, .underline])
private let placement = Placement(offset: 3, cycle: 40, item: 1)

/// Text that is markup or code in some dialect, ending in a lone `#`.
private let hostile = ##"a#(id)#[fg=red]#{host}##b%{A1:x:}%<&'"\$(id)`id`#"##

/// Plain text, then bold red text, then text in truecolor on palette colour 236.
private let styled = Frame(runs: [
  StyledRun("x#"), StyledRun("#[y]%{", style: red), StyledRun("<z>", style: fancy),
])

private func encode(_ frame: Frame, _ format: OutputFormat, color: Bool = true) -> String {
  FrameEncoder(format: format, usesColor: color).encode(frame, placement: placement, at: 12.5)
}

/// A frame through the whole pipeline: items, strip, window at offset 0.
private func window(_ items: [StyledText], width: Int) -> Frame {
  Strip(items: items, separator: " ").window(offset: 0, width: width)
}

@Suite struct EncoderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var format: OutputFormat
    var expected: String
    var testDescription: String { format.rawValue }
  }

  @Test func formatNamesAreTheDocumentedOnes() {
    #expect(
      OutputFormat.allCases.map(\.rawValue) == [
        "plain", "ansi", "tmux", "zsh", "bash", "fish", "polybar", "lemonbar", "pango",
        "i3bar", "i3blocks", "waybar", "json", "xmobar", "yambar", "dzen2", "genmon", "conky",
      ])
  }

  // MARK: Hostile text, no styles

  @Test(arguments: [
    Case(format: .plain, expected: hostile),
    Case(format: .ansi, expected: hostile),
    // A run of k `#` becomes 4k `#`, or 2k before `[` or before a style; the last `#`
    // is followed by `#[default]`, so the line never ends in `#`.
    Case(
      format: .tmux,
      expected: ##"a####(id)##[fg=red]####{host}########b%{A1:x:}%<&'"\$(id)`id`###[default]"##),
    Case(format: .zsh, expected: ##"a#(id)#[fg=red]#{host}##b%%{A1:x:}%%<&'"\$(id)`id`#"##),
    Case(format: .bash, expected: hostile),
    Case(format: .fish, expected: hostile),
    Case(
      format: .polybar,
      expected: ##"a#(id)#[fg=red]#{host}##b%%{O0}{A1:x:}%<&'"\$(id)`id`#"##),
    Case(format: .lemonbar, expected: ##"a#(id)#[fg=red]#{host}##b%%{A1:x:}%%<&'"\$(id)`id`#"##),
    Case(
      format: .pango,
      expected:
        ##"<span font_features="tnum">a#(id)#[fg=red]#{host}##b%{A1:x:}%&lt;&amp;&apos;&quot;\$(id)`id`#</span>"##
    ),
    Case(
      format: .i3bar,
      expected: ##"{"full_text":"a#(id)#[fg=red]#{host}##b%{A1:x:}%<&'\"\\$(id)`id`#"}"##
    ),
    Case(format: .i3blocks, expected: hostile),
    Case(
      format: .waybar,
      expected:
        ##"{"text":"<span font_features=\"tnum\">a#(id)#[fg=red]#{host}##b%{A1:x:}%&lt;&amp;&apos;&quot;\u005c$(id)`id`#</span>","##
        + ##""tooltip":"a#(id)#[fg=red]#{host}##b%{A1:x:}%&lt;&amp;&apos;&quot;\u005c$(id)`id`#","##
        + ##""class":"ticker"}"##),
    Case(
      format: .json,
      expected: ##"{"text":"a#(id)#[fg=red]#{host}##b%{A1:x:}%<&'\"\\$(id)`id`#","##
        + ##""at":12.5,"offset":3,"cycle":40.0,"item":1}"##),
  ])
  func hostileTextStaysText(_ test: Case) {
    #expect(encode(Frame(runs: [StyledRun(hostile)]), test.format) == test.expected)
  }

  // MARK: Styles

  @Test(arguments: [
    Case(format: .plain, expected: "x##[y]%{<z>"),
    Case(
      format: .ansi,
      expected: "x#\(esc)[1;31m#[y]%{\(esc)[0;3;4;38;2;1;2;3;48;5;236m<z>\(esc)[0m"),
    Case(
      format: .tmux,
      expected: "x###[fg=red,bold]##[y]%{#[default]"
        + "#[fg=#010203,bg=colour236,italics,underscore]<z>#[default]"),
    Case(
      format: .zsh,
      expected: "x#%B%F{1}#[y]%%{%b%f%{\(esc)[3m%}%U%F{#010203}%K{236}<z>%u%f%k%{\(esc)[23m%}"),
    Case(
      format: .bash,
      expected: "x#\u{1}\(esc)[1;31m\u{2}#[y]%{\u{1}\(esc)[0;3;4;38;2;1;2;3;48;5;236m\u{2}<z>"
        + "\u{1}\(esc)[0m\u{2}"),
    Case(
      format: .fish,
      expected: "x#\(esc)[1;31m#[y]%{\(esc)[0;3;4;38;2;1;2;3;48;5;236m<z>\(esc)[0m"),
    Case(
      format: .polybar,
      expected: "x#%{F#cd0000}#[y]%%{O0}{%{F-}%{F#010203}%{B#303030}%{+u}<z>%{-u}%{B-}%{F-}"),
    Case(
      format: .lemonbar,
      expected: "x#%{F#cd0000}#[y]%%{%{F-}%{F#010203}%{B#303030}%{+u}<z>%{-u}%{B-}%{F-}"),
    Case(
      format: .pango,
      expected:
        ###"<span font_features="tnum">x#<span foreground="#cd0000" weight="bold">#[y]%{</span>"###
        + ###"<span foreground="#010203" background="#303030" style="italic" underline="single">"###
        + "&lt;z&gt;</span></span>"),
    Case(
      format: .i3bar,
      expected:
        ###"{"full_text":"<span font_features=\"tnum\">x#<span foreground=\"#cd0000\" weight=\"bold\">#[y]%{</span>"###
        + ###"<span foreground=\"#010203\" background=\"#303030\" style=\"italic\" "###
        + ###"underline=\"single\">&lt;z&gt;</span></span>","markup":"pango"}"###),
    Case(format: .i3blocks, expected: "x##[y]%{<z>"),
    Case(
      format: .waybar,
      expected:
        ###"{"text":"<span font_features=\"tnum\">x#<span foreground=\"#cd0000\" weight=\"bold\">#[y]%{</span>"###
        + ###"<span foreground=\"#010203\" background=\"#303030\" style=\"italic\" "###
        + ###"underline=\"single\">&lt;z&gt;</span></span>","tooltip":"x##[y]%{&lt;z&gt;","###
        + ###""class":"ticker"}"###),
    Case(
      format: .json,
      expected: ##"{"text":"x##[y]%{<z>","at":12.5,"offset":3,"cycle":40.0,"item":1}"##),
  ])
  func stylesAreOpenedAndClosed(_ test: Case) {
    #expect(encode(styled, test.format) == test.expected)
  }

  @Test func reverseAndDimInEachDialect() {
    let frame = Frame(runs: [
      StyledRun("r", style: Style(foreground: .named(12), attributes: [.reverse, .dim]))
    ])
    #expect(encode(frame, .ansi) == "\(esc)[2;7;94mr\(esc)[0m")
    #expect(encode(frame, .tmux) == "#[fg=brightblue,dim,reverse]r#[default]")
    #expect(encode(frame, .zsh) == "%{\(esc)[2m%}%S%F{12}r%s%f%{\(esc)[22m%}")
    // polybar has no dim: the colour mixed half and half with #808080 (bright blue
    // #5c5cff gives #6e6ebf), as stale items are drawn.
    #expect(encode(frame, .polybar) == "%{F#6e6ebf}%{R}r%{R}%{F-}")
    #expect(
      encode(frame, .pango)
        == ##"<span font_features="tnum"><span background="#5c5cff" alpha="50%">r</span></span>"##)
  }

  @Test func tmuxTruecolorIsLowerCase() {
    // `#D` and `#F` are tmux formats (pane id, window flags); `#d` and `#f` are not.
    let frame = Frame(runs: [StyledRun("x", style: Style(foreground: .rgb(0xDD, 0xFF, 0xAA)))])
    #expect(encode(frame, .tmux) == "#[fg=#ddffaa]x#[default]")
    #expect(TmuxStyle.parse("fg=#DDFFAA") == Style(foreground: .rgb(0xDD, 0xFF, 0xAA)))
  }

  @Test func frameEndingInAStyleCloses() {
    // A lone trailing `#` would make tmux 3.3a read past the end of the string.
    let frame = Frame(runs: [StyledRun("#", style: red)])
    #expect(encode(frame, .tmux) == "#[fg=red,bold]###[default]")
    #expect(encode(Frame(runs: [StyledRun("#")]), .tmux) == "###[default]")
    #expect(encode(Frame(runs: []), .tmux) == "#[default]")
    #expect(encode(frame, .ansi).hasSuffix("\(esc)[0m"))
    #expect(encode(frame, .zsh) == "%B%F{1}#%b%f")
  }

  /// With PROMPT_BANG, zsh turns `!` into the history number and `!!` into `!`, and no
  /// escape works with the option and without it: a `!` from the text is drawn as
  /// U+01C3 `ǃ`, one cell like `!` to wcwidth 0.9.4 and glibc 2.36 (both checked).
  @Test func zshDrawsNoBang() {
    let frame = Frame(runs: [StyledRun("bang ! double !!"), StyledRun("!", style: red)])
    let line = encode(frame, .zsh)
    #expect(!line.contains("!"))
    #expect(line == "bang \u{1C3} double \u{1C3}\u{1C3}%B%F{1}\u{1C3}%b%f")
    #expect(encode(frame, .zsh, color: false) == "bang ǃ double ǃǃǃ")
    for measure in [CellMeasure(profile: .terminal), CellMeasure(profile: .tmux)] {
      #expect(measure.width(of: "\u{1C3}") == measure.width(of: "!"))
    }
    #expect(CellMeasure(profile: .terminal, ambiguous: .wide).width(of: "\u{1C3}") == 1)
  }

  // MARK: NO_COLOR

  @Test(arguments: [OutputFormat.ansi, .bash, .fish])
  func noColorLeavesTheText(_ format: OutputFormat) {
    #expect(encode(styled, format, color: false) == "x##[y]%{<z>")
  }

  @Test func noColorInZshStillEscapesPercent() {
    #expect(encode(styled, .zsh, color: false) == "x##[y]%%{<z>")
  }

  @Test func barsKeepTheirStylesUnderNoColor() {
    #expect(encode(styled, .tmux, color: false) == encode(styled, .tmux))
    #expect(encode(styled, .polybar, color: false) == encode(styled, .polybar))
  }

  // MARK: tmux option values

  @Test func tmuxOptionValueDoublesEveryHash() {
    #expect(
      FrameEncoder.tmuxOptionValue(Frame(runs: [StyledRun(hostile)]))
        == ##"a##(id)##[fg=red]##{host}####b%{A1:x:}%<&'"\$(id)`id`###[default]"##)
    #expect(
      FrameEncoder.tmuxOptionValue(styled)
        == "x###[fg=red,bold]##[y]%{#[default]#[fg=#010203,bg=colour236,italics,underscore]"
        + "<z>#[default]")
  }

  // MARK: Streams

  @Test func i3barStreamsAnEndlessArray() {
    let encoder = FrameEncoder(format: .i3bar)
    #expect(encoder.streamHeader == "{\"version\":1}\n[")
    #expect(
      encoder.encodeStreamLine(Frame(runs: [StyledRun("a\"b")]), placement: placement, at: 1)
        == #"[{"full_text":"a\"b"}],"#)
    #expect(
      encoder.encode(Frame(runs: [StyledRun("a\"b")]), placement: placement, at: 1)
        == #"{"full_text":"a\"b"}"#)
  }

  /// i3bar's blocks reserve the frame's cells in capitals (`I3barDialect.reserveGlyph`),
  /// for a proportional font; i3blocks' JSON blocks too, as i3bar reads them.
  @Test func i3barBlocksReserveTheFramesCells() {
    let encoder = FrameEncoder(format: .i3bar, cells: 6)
    let plain = Frame(runs: [StyledRun("日本ab")])
    let reserved = #"{"full_text":"日本ab","min_width":"AAAAAA","align":"left"}"#
    #expect(encoder.encode(plain, placement: placement, at: 1) == reserved)
    #expect(
      FrameEncoder(format: .i3blocks, jsonBlocks: true, cells: 6)
        .encode(plain, placement: placement, at: 1) == reserved)
    let alerting = Frame(
      runs: [StyledRun("ab", style: red)],
      items: [FrameItem(firstRun: 0, item: 0, facts: ItemFacts(isAlerting: true))])
    #expect(
      encoder.encodeStreamLine(alerting, placement: placement, at: 1)
        == ##"[{"full_text":"<span font_features=\"tnum\"><span foreground=\"#cd0000\" "##
        + ##"weight=\"bold\">ab</span></span>","markup":"pango","min_width":"AAAAAA","##
        + ##""align":"left","urgent":true}],"##)
    // No cells, no reserve; nothing else reserves.
    #expect(
      FrameEncoder(format: .i3bar, cells: 0).encode(plain, placement: placement, at: 1)
        == #"{"full_text":"日本ab"}"#)
    for format in OutputFormat.allCases where format != .i3bar {
      #expect(
        FrameEncoder(format: format, cells: 6).encode(styled, placement: placement, at: 1)
          == FrameEncoder(format: format).encode(styled, placement: placement, at: 1))
    }
  }

  @Test(arguments: OutputFormat.allCases.filter { $0 != .i3bar })
  func otherDialectsStreamTheirOneShotLine(_ format: OutputFormat) {
    let encoder = FrameEncoder(format: format)
    #expect(encoder.streamHeader == nil)
    #expect(
      encoder.encodeStreamLine(styled, placement: placement, at: 12.5) == encode(styled, format))
  }

  // MARK: JSON

  @Test func jsonEscapesEveryControlAndLineSeparator() {
    let text = "q\"b\\n\n\r\t\u{0}\u{1F}\u{7F}\u{85}\u{9F}\u{2028}\u{2029}é日👍🏽"
    #expect(
      JSON.quoted(text)
        == #""q\"b\\n\n\r\t\u0000\u001f\u007f\u0085\u009f\u2028\u2029é日👍🏽""#)
    #expect(JSON.quoted("\\", backslashAsUnicode: true) == #""\u005c""#)
    #expect(JSON.number(.infinity) == "null")
  }

  @Test(arguments: [false, true])
  func pangoInJSONIsTheQuotedPango(backslashAsUnicode: Bool) {
    for frame in [styled, Frame(runs: [StyledRun(hostile, style: red)]), Frame(runs: [])] {
      #expect(
        PangoDialect.jsonQuoted(frame, backslashAsUnicode: backslashAsUnicode)
          == JSON.quoted(PangoDialect.encode(frame), backslashAsUnicode: backslashAsUnicode))
    }
  }

  @Test(arguments: [OutputFormat.i3bar, .waybar, .json])
  func jsonDialectsAreValidJSONForEveryCharacter(_ format: OutputFormat) throws {
    // Every scalar up to U+00FF, the line separators, a lone surrogate's stand-in,
    // CJK and emoji, unsanitised, straight into the encoder.
    var text = String(String.UnicodeScalarView((0...0xFF).map { Unicode.Scalar(UInt8($0)) }))
    text += "\u{2028}\u{2029}\u{FFFD}日本👨‍👩‍👧"
    let line = encode(Frame(runs: [StyledRun(text, style: red)]), format)
    #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F })
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    let value = object?[format == .i3bar ? "full_text" : "text"] as? String
    #expect(value?.contains("日本👨‍👩‍👧") == true)
    if format == .json { #expect(value == text) }
  }

  // MARK: Through the pipeline

  @Test(arguments: OutputFormat.allCases)
  func escapeSequencesInItemsNeverReachTheOutput(_ format: OutputFormat) {
    let items: [StyledText] = [
      StyledText("a\(esc)[31mred\(esc)]0;title\u{7}\(esc)]8;;http://x\(esc)\\b\u{9B}2J"),
      StyledText("ok", style: red),
    ]
    let line = encode(window(items, width: 40), format)
    // Only ansi, bash, zsh and fish write ESC, and only for their own styles.
    let allowed: Set<OutputFormat> = [.ansi, .bash, .zsh, .fish]
    let escapes = line.unicodeScalars.filter { $0 == "\u{1B}" }.count
    if allowed.contains(format) {
      #expect(!line.contains("\(esc)[31m") && !line.contains("\(esc)]"))
      #expect(escapes == (format == .zsh ? 0 : 2))
    } else {
      #expect(escapes == 0)
    }
    #expect(!line.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0 == "\u{7}" })
  }

  @Test func wideTextIsWrittenWhole() {
    let frame = window(["日本語", StyledText("👍🏽", style: red)], width: 20)
    #expect(encode(frame, .tmux).hasPrefix("日本語 #[fg=red,bold]👍🏽"))
    #expect(
      encode(frame, .pango).hasPrefix(
        ##"<span font_features="tnum">日本語 <span foreground="#cd0000""##))
  }
}
