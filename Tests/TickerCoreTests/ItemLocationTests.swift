import Testing

@testable import TickerCore

/// Which item is drawn where: `Ticker.item(atColumn:at:)` and the item marks of a frame,
/// against a reference that gives every cell of the strip its owner.
@Suite struct ItemLocationTests {
  /// The owner (index among the items given) of each cell of the strip: an item's
  /// cells, then its separator's. Items here are ASCII or wide CJK, never blank unless
  /// empty, so the rules are the obvious ones.
  private func owners(_ items: [String], separator: String, _ measure: CellMeasure) -> [Int] {
    var owners: [Int] = []
    for (index, item) in items.enumerated() where !item.isEmpty {
      let cells = cellWidth(item, measure) + cellWidth(separator, measure)
      owners += Array(repeating: index, count: cells)
    }
    return owners
  }

  private let pieces = ["a", "bc", "DEF", "日本", "x y", "語", "12.5"]

  @Test(arguments: [Motion.wrap, .bounce])
  func everyColumnAtManyTimes(motion: Motion) {
    var rng = SplitMix64(seed: 0x11e_4c0c)
    let measure = CellMeasure()
    for _ in 0..<60 {
      let count = Int.random(in: 1...6, using: &rng)
      var items = (0..<count).map { _ in
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
          .joined()
      }
      if Bool.random(using: &rng) {
        items.insert("", at: Int.random(in: 0...items.count, using: &rng))
      }
      let separator = Bool.random(using: &rng) ? " · " : "|"
      let owner = owners(items, separator: separator, measure)
      let width = Int.random(in: 1...30, using: &rng)
      let ticker = Ticker(
        items: items.map { StyledText($0) }, separator: StyledText(separator), width: width,
        speed: 3, motion: motion, fit: .scroll, measure: measure)
      for step in 0..<25 {
        let time = 1_700_000_000 + Double(step) * 0.37
        let offset = ticker.placement(at: time).offset
        // Bounce never repeats the strip: when everything fits it stands still, padded.
        let padded = motion == .bounce && ticker.strip.contentCellCount <= width
        for column in 0..<width {
          let expected: Int? =
            padded && column >= ticker.strip.contentCellCount
            ? nil : owner[(offset + column) % owner.count]
          #expect(
            ticker.item(atColumn: column, at: time) == expected,
            "\(items) w\(width) t\(time) column \(column)")
        }
        #expect(ticker.item(atColumn: -1, at: time) == nil)
        #expect(ticker.item(atColumn: width, at: time) == nil)
        // The marked frame's item spans hold the same owners, cell by cell.
        var marked: [Int?] = []
        ticker.frame(at: time, markingItems: true).forEachItem { item, runs in
          let text = runs.reduce("") { $0 + $1.text }
          marked += Array(repeating: item, count: cellWidth(text, measure))
        }
        #expect(marked == (0..<width).map { ticker.item(atColumn: $0, at: time) })
        #expect(ticker.frame(at: time, markingItems: true).text == ticker.frame(at: time).text)
      }
    }
  }

  @Test(arguments: [Fit.left, .center, .right])
  func paddingBelongsToNoItem(fit: Fit) {
    let ticker = Ticker(items: ["ab", "c"], separator: "|", width: 10, fit: fit)
    // "ab|c" is 4 cells: 6 of padding, placed by the fit.
    let left = fit == .left ? 0 : fit == .center ? 3 : 6
    let columns = (0..<10).map { ticker.item(atColumn: $0, at: 0) }
    var expected: [Int?] = Array(repeating: nil, count: 10)
    for (cell, owner) in [0, 0, 0, 1].enumerated() { expected[left + cell] = owner }
    #expect(columns == expected)
    var marked: [Int?] = []
    ticker.frame(at: 0, markingItems: true).forEachItem { item, runs in
      marked += Array(repeating: item, count: runs.reduce(0) { $0 + $1.text.count })
    }
    #expect(marked == expected)
  }

  @Test func anEmptyTickerHasNoItems() {
    let ticker = Ticker(items: [], width: 5)
    #expect((0..<5).allSatisfy { ticker.item(atColumn: $0, at: 0) == nil })
  }
}

@Suite struct ClickMarkupTests {
  private let clicks = ClickMarkup(
    command: { item, button in "run \(item) \(button)" }, rangeName: { "t\($0)" })

  /// A two-item ticker standing still, styled like quotes.
  private var frame: Frame {
    let up = Style(foreground: .named(2))
    let ticker = Ticker(
      items: [StyledText(runs: [StyledRun("A "), StyledRun("▲1", style: up)]), "B%{x"],
      separator: "|", width: 10)
    return ticker.frame(at: 0, markingItems: true)
  }

  @Test func polybarWrapsEachItemInItsActions() {
    let output = FrameEncoder(format: .polybar, clicks: clicks).encode(
      frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
    let open0 = (1...5).map { "%{A\($0):run 0 \($0):}" }.joined()
    let open1 = (1...5).map { "%{A\($0):run 1 \($0):}" }.joined()
    let close = String(repeating: "%{A}", count: 5)
    #expect(
      output
        == open0 + "A %{F#00cd00}▲1%{F-}|" + close + open1 + "B%%{O0}{x" + close + " ")
  }

  @Test func tmuxDrawsEachItemInAUserRange() {
    let output = FrameEncoder(format: .tmux, clicks: clicks).encode(
      frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
    #expect(
      output
        == "#[range=user|t0]A #[fg=green]▲1#[default]#[norange]|"
        + "#[range=user|t1]B%{#[norange]x #[default]")
  }

  /// tmux up to 3.7 ends a range a cell late: a range stops before its item's last
  /// cell when that cell is one plain ASCII character other than `#`, and the item
  /// has more.
  @Test(arguments: [
    ("ab", 2, "#[range=user|t0]a#[norange]b#[default]"),
    ("a", 1, "#[range=user|t0]a#[norange]#[default]"),
    ("a#", 2, "#[range=user|t0]a###[norange]#[default]"),
    ("aé", 2, "#[range=user|t0]aé#[norange]#[default]"),
    ("a界", 3, "#[range=user|t0]a界#[norange]#[default]"),
  ])
  func tmuxRangesStopBeforeTheLastCell(item: String, width: Int, expected: String) {
    let frame = Ticker(items: [StyledText(item)], separator: "", width: width)
      .frame(at: 0, markingItems: true)
    #expect(
      FrameEncoder(format: .tmux, clicks: clicks).encode(
        frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0) == expected)
  }

  @Test(arguments: OutputFormat.allCases)
  func withoutClicksNothingChanges(format: OutputFormat) {
    let plain = Frame(runs: frame.runs)
    let placement = Placement(offset: 0, cycle: 0, item: 0)
    #expect(
      FrameEncoder(format: format).encode(frame, placement: placement, at: 0)
        == FrameEncoder(format: format).encode(plain, placement: placement, at: 0))
  }

  @Test func i3barAsksForClickEventsOnlyWhenTold() {
    #expect(FrameEncoder(format: .i3bar).streamHeader == "{\"version\":1}\n[")
    #expect(
      FrameEncoder(format: .i3bar, wantsClickEvents: true).streamHeader
        == "{\"version\":1,\"click_events\":true}\n[")
  }
}
