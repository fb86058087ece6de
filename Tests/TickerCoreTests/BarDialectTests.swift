import Testing

@testable import TickerCore

// xmobar, yambar, dzen2, genmon and conky, written exactly: styles, escaping of text
// that is markup in each, and click actions. DialectTests (TickerStatusTests) reads
// every hostile string back as each reader would; BarDialectTests' real-reader tests
// give the lines to xmobar and conky themselves.

private let up = Style(foreground: .named(2))
private let dim = Style(attributes: [.dim])
private let reversed = Style(
  foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6), attributes: .reverse)

/// Plain text that is markup in each reader, then styled runs.
private let frame = Frame(runs: [
  StyledRun("<raw=1:x/>^ca(1,x)$x#y|\\"), StyledRun("▲1", style: up), StyledRun("d", style: dim),
  StyledRun("r", style: reversed),
])

private func encode(_ frame: Frame, _ format: OutputFormat, clicks: ClickMarkup? = nil) -> String {
  FrameEncoder(format: format, clicks: clicks).encode(
    frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
}

@Suite struct BarDialectTests {
  @Test func xmobarWritesEveryRunRaw() {
    #expect(
      encode(frame, .xmobar)
        == "<raw=24:<raw=1:x/>^ca(1,x)$x#y|\\/><fc=#00cd00><raw=2:▲1/></fc>"
        + "<fc=#808080><raw=1:d/></fc><fc=#040506,#010203><raw=1:r/></fc>")
  }

  @Test func dzen2DoublesEachCaret() {
    #expect(
      encode(frame, .dzen2)
        == "<raw=1:x/>^^ca(1,x)$x#y|\\^fg(#00cd00)▲1^fg()^fg(#808080)d^fg()"
        + "^fg(#040506)^bg(#010203)r^fg()^bg()")
  }

  @Test func conkyDoublesDollarsAndEscapesHashes() {
    #expect(
      encode(frame, .conky)
        == "<raw=1:x/>^ca(1,x)$$x\\#y|\\${color #00cd00}▲1${color}${color #808080}d${color}"
        + "${color #040506}r${color}")
  }

  @Test func genmonWritesPangoInsideTxt() {
    #expect(
      encode(frame, .genmon)
        == "<txt><span font_features=\"tnum\">&lt;raw=1:x/&gt;^ca(1,x)$x#y|\\<span foreground=\"#00cd00\">▲1</span>"
        + "<span alpha=\"50%\">d</span>"
        + "<span foreground=\"#040506\" background=\"#010203\">r</span></span></txt>")
  }

  @Test func yambarWritesOneSetOfTagsWithoutLineBreaks() {
    let broken = Frame(runs: [StyledRun("a\nt0|string|x\r\n"), StyledRun("▲1", style: up)])
    let lines = encode(broken, .yambar).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 18)
    #expect(lines.first == "text|string|a t0|string|x  ▲1")
    #expect(
      Array(lines[1...4]) == [
        "t0|string|a t0|string|x  ", "f0|string|", "t1|string|▲1", "f1|string|#00cd00",
      ])
    #expect(
      lines[5...].allSatisfy { $0.wholeMatch(of: /[tf][2-7]\|string\|/) != nil || $0.isEmpty })
    #expect(lines.last == "")
  }

  @Test func yambarKeepsSevenRunsAndTheRestPlain() {
    let runs = (0..<10).map { StyledRun("\($0)", style: $0.isMultiple(of: 2) ? up : .plain) }
    let lines = encode(Frame(runs: runs), .yambar).split(separator: "\n")
    #expect(lines.contains("t6|string|6") && lines.contains("f6|string|#00cd00"))
    #expect(lines.contains("t7|string|789") && lines.contains("f7|string|"))
  }

  @Test func actionsGoAroundEachItemAndGenmonClicksTheLeftOne() {
    let items = Frame(
      runs: [StyledRun("tail "), StyledRun("b "), StyledRun("c")],
      items: [
        FrameItem(firstRun: 0, item: nil), FrameItem(firstRun: 1, item: 4),
        FrameItem(firstRun: 2, item: 5),
      ])
    var clicks = ClickMarkup(command: { "run \($0) \($1)" })
    clicks.actionButtons = 1...2
    #expect(
      encode(items, .xmobar, clicks: clicks)
        == "<raw=5:tail />"
        + "<action=`run 4 1` button=1><action=`run 4 2` button=2><raw=2:b /></action></action>"
        + "<action=`run 5 1` button=1><action=`run 5 2` button=2><raw=1:c/></action></action>")
    #expect(
      encode(items, .dzen2, clicks: clicks)
        == "tail ^ca(1,run 4 1)^ca(2,run 4 2)b ^ca()^ca()^ca(1,run 5 1)^ca(2,run 5 2)c^ca()^ca()")
    #expect(
      encode(items, .genmon, clicks: clicks)
        == "<txt><span font_features=\"tnum\">tail b c</span></txt><txtclick>run 4 1</txtclick>")
    #expect(
      encode(items, .yambar, clicks: clicks).hasSuffix(
        "click1|string|run 4 1\nclick2|string|run 4 2\nclick3|string|run 4 3\n"))
    #expect(
      encode(Frame(runs: [StyledRun("x")]), .yambar, clicks: clicks).hasSuffix(
        "click1|string|true\nclick2|string|true\nclick3|string|true\n"))
    #expect(items.leftItem == 4)
    #expect(encode(items, .genmon) == "<txt><span font_features=\"tnum\">tail b c</span></txt>")
  }
}
