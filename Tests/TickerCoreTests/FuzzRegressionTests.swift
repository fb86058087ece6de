import Testing

@testable import TickerCore

/// Inputs the fuzz targets in fuzz/ once failed on, kept as regression tests.
@Suite struct FuzzRegressionTests {
  /// FuzzWindow: a Prepend scalar (U+0603) before ASCII was split from it by the ASCII
  /// fast path, so the frame's text broke into other clusters than the strip held.
  @Test func prependBeforeASCII() {
    let input: [UInt8] = [
      0x16, 0x00, 0xFC, 0x81, 0x00, 0x00, 0x00, 0x00, 0x07, 0xD8, 0x83, 0x10, 0x00, 0x50, 0x3D,
    ]
    let pieces = input[7...].split(separator: 0, omittingEmptySubsequences: false).map {
      StyledText(Sanitizer.decodeUTF8($0))
    }
    let strip = Strip(
      items: Array(pieces.dropFirst()), separator: pieces[0], measure: CellMeasure())
    let frame = strip.window(offset: Int(Int16(bitPattern: 0x81FC)), width: 22)
    expectWholeClusters(frame, strip: strip, width: 22)
  }

  /// FuzzWindow: a spacing mark (U+AA4D) alone at the start of an item is one cluster
  /// to the strip, but joins whatever comes before it in the frame, a space too; under
  /// the tmux profile (glibc gives it a cell) the frame came out one cell short.
  @Test func baselessSpacingMark() {
    let measure = CellMeasure(profile: .tmux)
    let strip = Strip(
      items: ["x", "\u{AA4D}", "y\u{0E33}", "\u{0E33}"], separator: "(", measure: measure)
    #expect(strip.clusters.map(\.text) == ["x", "(", "y\u{0E33}", "("])
    for offset in 0..<strip.cellCount {
      expectWholeClusters(strip.window(offset: offset, width: 7), strip: strip, width: 7)
    }
  }

  /// FuzzWindow: a regional indicator with a skin tone is one cluster, and another
  /// indicator after it is a cluster of its own; the tmux profiles of 3.4 and later
  /// leave the tone out, and the two indicators, side by side, made a flag the feed
  /// never sent (a cluster joined across a removal).
  @Test(arguments: TmuxRules.allCases)
  func regionalIndicatorsMeetWhereASkinToneWasLeftOut(rules: TmuxRules) {
    let measure = CellMeasure(profile: .tmux, tmux: rules)
    let strip = Strip(
      items: ["\u{1F1EF}\u{1F3FD}\u{1F1FA}", "\u{1F1EF}\u{1F1F5}\u{0}\u{1F1EF}\u{1F3FD}\u{1F1FA}"],
      separator: "", measure: measure)
    for offset in 0..<strip.cellCount {
      for width in [1, 3, strip.cellCount, 2 * strip.cellCount + 1] {
        expectWholeClusters(
          strip.window(offset: offset, width: width), strip: strip, width: width)
      }
    }
  }

  /// FuzzWindow: a lone regional indicator as the only cluster; a window wider than the
  /// strip repeats it, and two of them side by side make a flag.
  @Test func loneRegionalIndicatorRepeated() {
    let strip = Strip(items: ["🇯"], separator: "", measure: CellMeasure(profile: .tmux))
    #expect(strip.clusters.map(\.text) == ["🇯", " "])
    expectWholeClusters(strip.window(offset: 51, width: 1023), strip: strip, width: 1023)
  }

  /// FuzzWindow: under the tmux profile a ZWJ cluster is drawn as its parts without the
  /// joiners; a Prepend scalar (U+0601) in it then joined the emoji after it into a
  /// cluster that was none of the parts.
  @Test func prependInsideAJoinedEmoji() {
    let measure = CellMeasure(profile: .tmux)
    let strip = Strip(
      items: ["👨\u{601}\u{200D}👩\u{200D}📧", "ab"], separator: "|", measure: measure)
    for offset in 0..<strip.cellCount {
      expectWholeClusters(strip.window(offset: offset, width: 9), strip: strip, width: 9)
    }
  }

  /// FuzzWindow: two Prepend scalars before a scalar glibc does not know (U+FFF3, shown
  /// as U+FFFD under tmux) ended up split from it. Sanitising now removes Prepend
  /// scalars, which join whatever follows them.
  @Test func stackedPrependBeforeUnknownScalar() {
    let measure = CellMeasure(profile: .tmux)
    let strip = Strip(
      items: [";\u{600}\u{600}\u{FFF3}\u{600}", "\u{600})"], separator: "\u{600}", measure: measure)
    #expect(!strip.clusters.contains { $0.text.unicodeScalars.contains("\u{600}") })
    for offset in 0..<strip.cellCount {
      expectWholeClusters(strip.window(offset: offset, width: 11), strip: strip, width: 11)
    }
  }

  /// FuzzQuotes: fields are split on bytes, so a field may begin with a mark that, in
  /// the whole line, belongs to the comma before it. Such a price is no number, so the
  /// line is text.
  @Test func quoteFieldStartingWithAMark() {
    let line = Sanitizer.decodeUTF8([0xD3, 0x2C, 0xD6, 0xAC, 0x85, 0x31, 0x25])
    #expect(Quote.fields(of: line) == ["\u{FFFD}", "\u{5AC}\u{FFFD}1%"])
    #expect(Quote(parsing: line) == nil)
  }

  /// FuzzQuotes: a Prepend scalar as the price joined the space after it in the shown
  /// text. A price is a number now, so the line is text.
  @Test func quoteWithPrependPrice() {
    #expect(Quote(parsing: "\u{FFFD} \u{605} 00861293707602830") == nil)
    #expect(Quote(parsing: "\u{FFFD} 7 +00861293707602830")?.change == "00861293707602830")
  }

  private func expectWholeClusters(
    _ frame: Frame, strip: Strip, width: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let whole = Set(strip.clusters.map(\.text) + [" "])
    var cells = 0
    for cluster in frame.text {
      strip.measure.forEachUnit(of: cluster) { unit, unitWidth in
        cells += unitWidth
        #expect(whole.contains(String(unit)), "split: \(unit)", sourceLocation: sourceLocation)
      }
    }
    #expect(cells == width, sourceLocation: sourceLocation)
  }

  /// FuzzMarkup: an ANSI line of 9 runs in 4 styles made a strip (the item twice) of
  /// 48 style probes, over the harness's bound of 4 × runs + 8; the bound was wrong,
  /// not the table: a lookup among at most `linearLimit` styles compares up to that
  /// many, and two copies look up twice per run. A few styles over many runs: at most
  /// `linearLimit` comparisons a lookup, and linearly many lookups.
  @Test func fewStylesOverManyRunsCostAFewComparisonsEach() {
    let count = 5000
    let colours = [31, 32, 33, 34]
    var line = ""
    for k in 0..<count { line += "\u{1B}[\(colours[k % colours.count])m\(k % 10)" }
    let item = Markup.ansi.read(line)
    #expect(item.runs.count == count)
    let strip = Strip(items: [item, item], separator: " · ")
    let styles = strip.styles
    #expect(styles.lookups <= 2 * count + 4, "\(styles.lookups) lookups")
    #expect(styles.probes <= StyleTable.linearLimit * styles.lookups, "\(styles.probes) probes")
    for k in stride(from: 0, to: count, by: 89) {
      let frame = strip.window(offset: k, width: 1)
      #expect(
        frame.runs == [
          StyledRun("\(k % 10)", style: Style(foreground: .named(UInt8(colours[k % 4] - 30))))
        ])
    }
  }
}
