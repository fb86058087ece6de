import Testing

@testable import TickerCore

/// Today's Unix times, where floating-point phase arithmetic is hardest.
private let today = 1_795_000_000.0

private func strip(_ items: [String]) -> Strip {
  Strip(items: items.map { StyledText($0) }, separator: " · ")
}

/// Issue 26: the fixed parts beside the window, and the motion's origin
/// (`--on-change restart`).
struct FixedPartsTests {
  @Test func thePartsStandBesideTheWindowAndTheFrameKeepsItsWidth() {
    let parts = FixedParts(
      before: "▶ ", after: StyledText(" |", style: Style(attributes: .bold)), width: 12)
    #expect(parts.beforeWidth == 2 && parts.afterWidth == 2 && parts.windowWidth == 8)
    let ticker = Ticker(strip: strip(["Some long title here"]), width: parts.windowWidth, speed: 3)
    for step in 0..<50 {
      let time = today + Double(step) * 0.37
      let frame = parts.framing(ticker.frame(at: time))
      #expect(frame.text == "▶ " + ticker.frame(at: time).text + " |")
      #expect(frame.runs.last == StyledRun(" |", style: Style(attributes: .bold)))
    }
  }

  @Test func partsWiderThanTheFrameAreCutAndTheWindowGetsWhatIsLeft() {
    let parts = FixedParts(before: "abcdef", after: "xyz", width: 7)
    #expect(parts.beforeWidth == 6 && parts.afterWidth == 1 && parts.windowWidth == 0)
    #expect(parts.framing(Frame(runs: [])).text == "abcdefx")
    let wide = FixedParts(before: "日本", after: "", width: 3)
    #expect(wide.beforeWidth <= 3 && wide.windowWidth == 3 - wide.beforeWidth)
    // Controls in a part are sanitised as item text is: it never becomes markup.
    let hostile = FixedParts(before: "\u{1b}[31m>", after: "", width: 5)
    #expect(!hostile.before.text.contains("\u{1b}"))
  }

  @Test func thePartsBelongToNoItemAndClicksFindTheWindowsItems() {
    let parts = FixedParts(before: "> ", after: " <", width: 12)
    let ticker = Ticker(strip: strip(["abc", "defgh"]), width: parts.windowWidth, speed: 0)
    let frame = parts.framing(ticker.frame(at: today, markingItems: true))
    #expect(frame.text == "> abc · de <")
    var owners: [Int?] = []
    frame.forEachItem { item, runs in
      for run in runs { owners += Array(repeating: item, count: run.text.count) }
    }
    #expect(owners == [nil, nil, 0, 0, 0, 0, 0, 0, 1, 1, nil, nil])
    #expect(parts.windowColumn(0) == nil && parts.windowColumn(2) == 0)
    #expect(parts.windowColumn(9) == 7 && parts.windowColumn(10) == nil)
    #expect(parts.windowColumn(-1) == nil && parts.windowColumn(12) == nil)
  }

  @Test func noPartsLeaveTheFrameAlone() {
    let parts = FixedParts(before: "", after: "", width: 10)
    let ticker = Ticker(strip: strip(["a long text to scroll"]), width: 10)
    #expect(parts.isEmpty && parts.framing(ticker.frame(at: today)) == ticker.frame(at: today))
  }

  @Test func atItsOriginTheMotionStartsAtTheFirstCellRestsThenMoves() {
    let items = strip(["Alpha comes first and goes on", "Bravo"])
    for origin in [today, today + 0.123, 17.5, -3.25] {
      var ticker = Ticker(strip: items, width: 10, speed: 4, dwell: 1)
      ticker.origin = origin
      #expect(ticker.placement(at: origin).offset == 0)
      #expect(ticker.placement(at: origin + 0.9).offset == 0)
      #expect(ticker.placement(at: origin + 1.5).offset > 0)
      // The first change ends the rest, and each one changes the frame.
      #expect(ticker.nextChange(after: origin)! >= origin + 1)
      var time = origin
      for _ in 0..<30 {
        guard let next = ticker.nextChange(after: time) else { break }
        #expect(next > time)
        #expect(ticker.frame(at: next) != ticker.frame(at: time))
        time = next
      }
    }
  }

  @Test func anOriginOfZeroIsTheClocksPosition() {
    let items = strip(["Alpha comes first and goes on", "Bravo"])
    let plain = Ticker(strip: items, width: 10, speed: -3, dwell: 0.5)
    var zero = plain
    zero.origin = 0
    for step in 0..<40 {
      let time = today + Double(step) * 0.29
      #expect(zero.frame(at: time) == plain.frame(at: time))
      #expect(zero.nextChange(after: time) == plain.nextChange(after: time))
    }
  }
}
