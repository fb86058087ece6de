import Testing

@testable import TickerCore

// `Staleness`: the rule, the mark, a stale item's look in each dialect, and the frame
// that stays exactly its width.

private let placement = Placement(offset: 0, cycle: 0, item: 0)
private let green = Style(foreground: .named(2))

/// A stale `AB` (green) after a fresh `cd`, in a window of `width` cells, marking its
/// items (and so their facts) as the dialects that read facts ask.
private func staleFrame(mark: String = Staleness.defaultMark, width: Int = 12) -> Frame {
  let stale = Staleness.marked(Item(StyledText("AB", style: green)), mark: mark)
  var builder = StripBuilder(separator: " ")
  builder.append(Item("cd"))
  builder.append(stale)
  let strip = builder.build()
  return strip.attachingFacts(to: strip.window(offset: 0, width: width, markingItems: true))
}

private func encode(_ frame: Frame, _ format: OutputFormat, note: String? = nil) -> String {
  FrameEncoder(format: format).encode(frame, placement: placement, at: 0, staleNote: note)
}

@Suite struct StaleCoreTests {
  @Test func staleIsStrictlyOlderThanTheLimit() {
    #expect(!Staleness.isStale(lastGood: 100, at: 100, after: 5))
    #expect(!Staleness.isStale(lastGood: 100, at: 105, after: 5))
    #expect(Staleness.isStale(lastGood: 100, at: 105.001, after: 5))
    #expect(!Staleness.isStale(lastGood: 100, at: 50, after: 5))
  }

  @Test(arguments: WidthProfile.allCases)
  func defaultMarkIsOneCellInEveryProfile(profile: WidthProfile) {
    for ambiguous in AmbiguousWidth.allCases {
      for rules in TmuxRules.allCases {
        let measure = CellMeasure(profile: profile, ambiguous: ambiguous, tmux: rules)
        let mark = Character(Staleness.defaultMark)
        #expect(measure.width(of: mark) == 1, "\(profile) \(ambiguous) \(rules)")
      }
    }
    #expect(Staleness.defaultMark.unicodeScalars.map(\.value) == [0x26A0])
  }

  @Test func markedTextIsTheMarkThenTheItemAllDimAndStale() {
    let marked = Staleness.marked(Item(StyledText("AB", style: green)), mark: "~")
    let stale = Style(foreground: .named(2), attributes: [.dim])
    #expect(marked.text.runs == [StyledRun("~", style: stale), StyledRun("AB", style: stale)])
    #expect(marked.facts.isStale)
    #expect(
      Staleness.marked("x", mark: "").runs == [
        StyledRun("x", style: Style(attributes: [.dim]))
      ])
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var format: OutputFormat
    var expected: String
    var testDescription: String { format.rawValue }
  }

  @Test(arguments: [
    Case(format: .plain, expected: "cd ⚠AB cd ⚠A"),
    Case(format: .tmux, expected: "cd #[fg=green,dim]⚠AB#[default] cd #[fg=green,dim]⚠A#[default]"),
    Case(
      format: .ansi, expected: "cd \u{1B}[2;32m⚠AB\u{1B}[0m cd \u{1B}[2;32m⚠A\u{1B}[0m"),
    Case(format: .polybar, expected: "cd %{F#40a640}⚠AB%{F-} cd %{F#40a640}⚠A%{F-}"),
    Case(format: .lemonbar, expected: "cd %{F#40a640}⚠AB%{F-} cd %{F#40a640}⚠A%{F-}"),
    Case(
      format: .pango,
      expected:
        ##"<span font_features="tnum">cd <span foreground="#00cd00" alpha="50%">⚠AB</span> cd "##
        + ##"<span foreground="#00cd00" alpha="50%">⚠A</span></span>"##),
  ])
  func aStaleItemInEachDialect(_ test: Case) {
    #expect(encode(staleFrame(), test.format) == test.expected)
  }

  @Test func dimWithoutAColourIsGreyInTheBars() {
    let frame = Frame(runs: [StyledRun("x", style: Style(attributes: [.dim]))])
    #expect(encode(frame, .polybar) == "%{F#808080}x%{F-}")
    #expect(encode(frame, .lemonbar) == "%{F#808080}x%{F-}")
  }

  @Test func theMarkIsEscapedLikeItemText() {
    let frame = staleFrame(mark: "#[x]%{<", width: 14)
    #expect(encode(frame, .tmux).contains("##[x]%{<"))
    #expect(encode(frame, .pango).contains("#[x]%{&lt;"))
    #expect(encode(frame, .polybar).contains("%%{O0}{<"))
    #expect(encode(frame, .lemonbar).contains("#[x]%%{<"))
  }

  @Test(arguments: [0, 1, 2, 3, 5, 8, 13, 40])
  func theFrameStaysExactlyItsWidth(width: Int) {
    for mark in [Staleness.defaultMark, "", "~ ", "界", "⚠️"] {
      let frame = staleFrame(mark: mark, width: width)
      let measure = CellMeasure()
      let cells = frame.text.reduce(0) { $0 + measure.width(of: $1) }
      #expect(cells == width, "mark \(mark)")
    }
  }

  @Test func waybarSaysStaleInItsClassAndTooltip() {
    let note = "stale since 14:02 UTC (last error: <down>)"
    let stale = encode(staleFrame(), .waybar, note: note)
    #expect(stale.contains(#""class":["ticker","stale"]"#))
    #expect(stale.contains(#""tooltip":"stale since 14:02 UTC (last error: &lt;down&gt;)\ncd ⚠AB"#))
    // A frame with no stale item on screen: the fixed class, no note.
    let fresh = Strip(items: ["cd"], separator: " ").window(offset: 0, width: 4)
    let line = encode(fresh, .waybar, note: note)
    #expect(line.hasSuffix(#""class":"ticker"}"#))
    #expect(!line.contains("stale"))
  }

  @Test func theNoteSaysSinceWhenAndTheLastError() {
    // 2024-01-02 14:02:59 UTC.
    let time = 1_704_204_179.5
    #expect(Staleness.note(lastGood: time, lastError: nil) == "stale since 14:02 UTC")
    #expect(
      Staleness.note(lastGood: time, lastError: "exit status 3: down\nmore")
        == "stale since 14:02 UTC (last error: exit status 3: down)")
    #expect(Staleness.clockTime(-60) == "23:59")
    #expect(Staleness.clockTime(.infinity) == "--:--")
  }
}
