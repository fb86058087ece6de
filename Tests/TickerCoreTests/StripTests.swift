import Testing

@testable import TickerCore

private let terminal = CellMeasure(profile: .terminal)
private let tmux = CellMeasure(profile: .tmux)

@Suite struct StripTests {
  struct WindowCase: CustomTestStringConvertible, Sendable {
    var items: [String]
    var separator: String
    var offset: Int
    var width: Int
    var expected: String
    var testDescription: String { "\(items) sep '\(separator)' @\(offset) w\(width)" }
  }

  @Test(arguments: [
    WindowCase(items: ["abc", "de"], separator: " | ", offset: 0, width: 5, expected: "abc |"),
    WindowCase(items: ["abc", "de"], separator: " | ", offset: 6, width: 6, expected: "de | a"),
    // The seam back to the first item is an ordinary separator.
    WindowCase(items: ["abc", "de"], separator: "+", offset: 5, width: 4, expected: "e+ab"),
    // Narrower strip than window: it repeats.
    WindowCase(items: ["ab"], separator: "-", offset: 1, width: 7, expected: "b-ab-ab"),
    // A wide cluster cut by the left edge shows as a space, and so at the right edge.
    WindowCase(items: ["日本"], separator: ".", offset: 1, width: 3, expected: " 本"),
    WindowCase(items: ["日本"], separator: ".", offset: 0, width: 3, expected: "日 "),
    WindowCase(items: ["日本"], separator: ".", offset: 3, width: 2, expected: " ."),
    // Empty items are skipped, and offsets wrap both ways.
    WindowCase(items: ["", "ab", ""], separator: ":", offset: -1, width: 3, expected: ":ab"),
    WindowCase(items: ["ab"], separator: ":", offset: 301, width: 2, expected: "b:"),
    WindowCase(items: ["x"], separator: "", offset: 0, width: 3, expected: "xxx"),
    WindowCase(items: [], separator: "-", offset: 0, width: 4, expected: "    "),
    WindowCase(items: ["abc"], separator: "-", offset: 0, width: 0, expected: ""),
    // Control characters go, tabs and newlines become spaces.
    WindowCase(items: ["a\tb\u{7}\nc"], separator: "|", offset: 0, width: 6, expected: "a b c|"),
    // Clusters that take no cell are dropped rather than left to merge at an edge.
    WindowCase(items: ["\u{301}a\u{200B}b"], separator: "|", offset: 0, width: 3, expected: "ab|"),
  ])
  func window(_ c: WindowCase) {
    let strip = Strip(
      items: c.items.map { StyledText($0) }, separator: StyledText(c.separator), measure: terminal)
    #expect(strip.window(offset: c.offset, width: c.width).text == c.expected)
  }

  static let smallStrips: [(items: [String], separator: String)] = [
    (["a"], ""),
    (["a"], " "),
    (["ab", "c"], "|"),
    (["日本", "x"], " · "),
    (["e\u{301}x", "👍🏽"], "-"),
    (["🇯🇵🇺🇸", "a"], ""),
    (["❤️", "👨‍👩‍👧", "語"], "  "),
    (["abc", "", "def", "ghij"], " | "),
  ]

  /// Every offset of small strips, at widths 0, 1, L−1, L, L+1 and 2L, against the
  /// reference model, under both profiles.
  @Test(arguments: [WidthProfile.terminal, .tmux])
  func everyOffsetMatchesReference(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    for (items, separator) in StripTests.smallStrips {
      let strip = Strip(
        items: items.map { StyledText($0) }, separator: StyledText(separator), measure: measure)
      let reference = ReferenceStrip(items: items, separator: separator, measure: measure)
      let length = reference.length
      #expect(strip.cellCount == length, "\(items)")
      for width in Set([0, 1, max(0, length - 1), length, length + 1, 2 * length]) {
        for offset in -length...(2 * length) {
          let frame = strip.window(offset: offset, width: width)
          #expect(
            frame.text == reference.window(offset: offset, width: width),
            "\(items) offset \(offset) width \(width)")
          #expect(cellWidth(frame.text, measure) == width)
        }
      }
    }
  }

  @Test(arguments: [WidthProfile.terminal, .tmux])
  func randomStripsMatchReferenceAndKeepClustersWhole(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    var rng = SplitMix64(seed: 0x7157 &+ UInt64(profile == .tmux ? 1 : 0))
    for _ in 0..<150 {
      let items = (0..<Int.random(in: 1...5, using: &rng)).map { _ in randomItem(&rng) }
      let separator = [" · ", "", " ", "|日|"].randomElement(using: &rng)!
      let strip = Strip(
        items: items.map { StyledText($0) }, separator: StyledText(separator), measure: measure)
      let reference = ReferenceStrip(items: items, separator: separator, measure: measure)
      let wholeClusters = Set(reference.clusters.map(\.text) + [" "])
      for _ in 0..<20 {
        let width = Int.random(in: 0...(reference.length * 2 + 3), using: &rng)
        let offset = Int.random(in: -1000...1000, using: &rng)
        let frame = strip.window(offset: offset, width: width)
        #expect(frame.text == reference.window(offset: offset, width: width), "\(items)")
        #expect(cellWidth(frame.text, measure) == width, "\(items) w\(width) @\(offset)")
        for cluster in frame.text {
          var units: [String] = []
          measure.forEachUnit(of: cluster) { unit, _ in units.append(String(unit)) }
          for unit in units { #expect(wholeClusters.contains(unit), "split cluster in \(items)") }
        }
      }
    }
  }

  /// Strips of hundreds of clusters, so windows start between the checkpoints the
  /// strip keeps every 64 clusters.
  @Test(arguments: [WidthProfile.terminal, .tmux])
  func longStripsMatchReference(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    var rng = SplitMix64(seed: 0xC0FFEE)
    for _ in 0..<6 {
      let items = (0..<Int.random(in: 40...120, using: &rng)).map { _ in randomItem(&rng) }
      let strip = Strip(
        items: items.map { StyledText($0) }, separator: " | ", measure: measure)
      let reference = ReferenceStrip(items: items, separator: " | ", measure: measure)
      #expect(strip.cellCount == reference.length)
      #expect(strip.clusters.map(\.text) == reference.clusters.map(\.text))
      #expect(strip.clusters.map(\.width) == reference.clusters.map(\.width))
      for offset in stride(from: 0, to: reference.length, by: 7) {
        let width = Int.random(in: 0...90, using: &rng)
        #expect(
          strip.window(offset: offset, width: width).text
            == reference.window(offset: offset, width: width))
      }
    }
  }

  @Test func stylesAreCarriedIntoTheWindowAndClosed() {
    let red = Style(foreground: .named(1))
    let item = StyledText(runs: [StyledRun("ab"), StyledRun("cdef", style: red), StyledRun("g")])
    let strip = Strip(items: [item], separator: "|", measure: terminal)
    // Starting inside the red run opens red at the first cell.
    let frame = strip.window(offset: 3, width: 6)
    #expect(frame.runs == [StyledRun("def", style: red), StyledRun("g|a")])
    // A wide cluster cut by the edge keeps its run's style for its spaces.
    let wide = Strip(
      items: [StyledText("日本", style: red)], separator: "-", measure: terminal)
    #expect(wide.window(offset: 1, width: 2).runs == [StyledRun("  ", style: red)])
  }

  /// Printable ASCII lines read as bytes (`appendPlain`, the usual file line) lay out
  /// as the reference lays the same items out: the same clusters and the same window
  /// at every offset, over strips long enough for windows to start between checkpoints
  /// and checkpoints to fall inside items; and item by item as the items given as text.
  @Test(arguments: [WidthProfile.terminal, .tmux])
  func plainLinesLayOutAsText(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    var rng = SplitMix64(seed: 0xA5C11)
    let characters = Array("abcXYZ019 .+-/%#")
    for _ in 0..<8 {
      let items = (0..<Int.random(in: 5...40, using: &rng)).map { _ in
        String(
          (0..<Int.random(in: 0...30, using: &rng)).map { _ in
            characters.randomElement(using: &rng)!
          })
      }
      var plain = StripBuilder(separator: " · ", measure: measure)
      for item in items { plain.appendPlain(utf8: Array(item.utf8)) }
      let strip = plain.build()
      let reference = ReferenceStrip(items: items, separator: " · ", measure: measure)
      let text = Strip(items: items.map { StyledText($0) }, separator: " · ", measure: measure)
      #expect(strip.cellCount == reference.length)
      #expect(strip.clusters.map(\.text) == reference.clusters.map(\.text))
      for offset in 0..<strip.cellCount {
        #expect(
          strip.window(offset: offset, width: 40).text
            == reference.window(offset: offset, width: 40), "\(items) @\(offset)")
        #expect(strip.item(atCell: offset) == text.item(atCell: offset))
      }
    }
  }

  /// Text the fast way keeps in records of several clusters of one size (U+FFFD,
  /// ideographs, é, emoji, a base and its mark, one after another, between ASCII;
  /// invalid bytes, a line of nothing else but ASCII taking a way of its own) lays out
  /// as the reference lays it out: the same clusters, each found by its index, and the
  /// same window at every offset, one cell wide (every cluster of a record) and wider,
  /// over strips long enough for records to meet checkpoints.
  @Test(arguments: [WidthProfile.terminal, .tmux])
  func recordsOfClustersOfOneSizeLayOutAsText(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    var rng = SplitMix64(seed: 0x5EC1A1)
    let pieces: [[UInt8]] =
      ["\u{FFFD}", "é", "ü", "日", "本", "😀", "e\u{301}", "a", " "].map { Array($0.utf8) }
      + [[0xFF], [0xE9], [0xE9], [0xFF], [0xE2, 0x82], [0x41, 0xFF]]
    for _ in 0..<8 {
      let lines = (0..<Int.random(in: 5...15, using: &rng)).map { _ in
        (0..<Int.random(in: 0...4, using: &rng)).flatMap { _ in
          Array(
            repeating: pieces.randomElement(using: &rng)!,
            count: Int.random(in: 1...70, using: &rng)
          ).joined()
        }
      }
      let items = lines.map { String(decoding: $0, as: UTF8.self) }
      var plain = StripBuilder(separator: " · ", measure: measure)
      for line in lines { plain.appendPlain(utf8: line) }
      let strip = plain.build()
      let reference = ReferenceStrip(items: items, separator: " · ", measure: measure)
      let specials = reference.clusters.filter { $0.text.utf8.count > 1 }.count
      #expect(strip.specialInfo.count * 4 < specials, "\(items)")
      #expect(strip.cellCount == reference.length)
      #expect(strip.clusters.map(\.text) == reference.clusters.map(\.text))
      #expect(strip.clusters.map(\.width) == reference.clusters.map(\.width))
      for index in 0..<strip.clusterCount {
        #expect(strip.clusterText(index) == reference.clusters[index].text, "\(index)")
      }
      for offset in 0..<strip.cellCount {
        for width in [1, 41] {
          let expected = reference.window(offset: offset, width: width)
          #expect(
            strip.window(offset: offset, width: width).text == expected, "\(items) @\(offset)")
          // The text alone, as a stream writes it: its bytes, which no `String` made
          // valid (a U+FFFD the strip holds as one byte drawn as its UTF-8).
          var text = FrameText()
          strip.draw(offset: offset, width: width, markingItems: false, into: &text)
          #expect(text.bytes == Array(expected.utf8), "\(items) @\(offset)")
        }
      }
    }
  }

  /// Noise (printable ASCII, controls and invalid bytes at random) takes one byte a
  /// cluster and no records where U+FFFD is one cell: each invalid byte held as
  /// `Strip.replacementByte`, a one-byte cluster; three bytes in a record where
  /// U+FFFD is two cells (ambiguous characters wide).
  @Test func invalidBytesTakeOneByteEachWhereUFFFDIsOneCell() {
    var rng = SplitMix64(seed: 0x0FF)
    // Lead bytes before ASCII, which continues nothing; CR LF, one space.
    let pieces: [[UInt8]] = [
      [0x61], [0x1B], [0x80], [0xBF], [0xC0], [0xF5], [0xFF], [0xC3, 0x20], [0xE2, 0x61],
      [0x20], [0x0D, 0x0A], [0x09], [0x7F],
    ]
    let line = (0..<4000).flatMap { _ in pieces.randomElement(using: &rng)! }
    let invalid = line.count { $0 >= 0x80 }
    let removed = line.count { $0 == 0x1B || $0 == 0x7F || $0 == 0x0A }
    for measure in [CellMeasure(profile: .terminal), CellMeasure(profile: .tmux)] {
      var builder = StripBuilder(separator: "", measure: measure)
      builder.appendPlain(utf8: line)
      let strip = builder.build()
      #expect(strip.bytes.count == line.count - removed)
      #expect(strip.specialInfo.isEmpty)
      #expect(strip.clusterCount == line.count - removed)
      #expect(strip.holdsReplacementBytes)
    }
    let wide = CellMeasure(profile: .terminal, ambiguous: .wide)
    var builder = StripBuilder(separator: "", measure: wide)
    builder.appendPlain(utf8: line)
    let strip = builder.build()
    #expect(strip.bytes.count == line.count - removed + 2 * invalid)
    #expect(strip.cellCount == line.count - removed + invalid)
    #expect(!strip.holdsReplacementBytes)
  }

  @Test func clusterSpanningRunsTakesTheStyleOfItsFirstScalar() {
    let blue = Style(foreground: .named(4))
    let item = StyledText(runs: [StyledRun("xe"), StyledRun("\u{301}y", style: blue)])
    let strip = Strip(items: [item], separator: "", measure: terminal)
    #expect(strip.clusters.map(\.text) == ["x", "e\u{301}", "y"])
    #expect(strip.clusters.map(\.style) == [.plain, .plain, blue])
  }

  @Test func itemLookup() {
    let strip = Strip(items: ["ab", "", "cde"], separator: "--", measure: terminal)
    #expect(strip.itemCount == 2)
    #expect(strip.cellCount == 9)
    #expect(strip.contentCellCount == 7)
    #expect((0..<9).map { strip.item(atCell: $0)! } == [0, 0, 0, 0, 2, 2, 2, 2, 2])
  }

  @Test func invalidUTF8BecomesReplacementCharacter() {
    let text = Sanitizer.decodeUTF8([0x61, 0xFF, 0x62, 0xC3])
    #expect(text == "a\u{FFFD}b\u{FFFD}")
  }

  @Test(arguments: [
    ("plain", "plain"),
    ("tab\there", "tab here"),
    ("crlf\r\nline", "crlf line"),
    ("bell\u{7}esc\u{1B}[31m", "bellesc[31m"),
    ("del\u{7F}c1\u{85}\u{9B}", "delc1 "),
    ("sep\u{2028}para\u{2029}", "sep para "),
  ])
  func sanitiser(input: String, expected: String) {
    #expect(Sanitizer.clean(input) == expected)
  }
}

@Suite struct StripBoundaryTests {
  private let measure = CellMeasure(profile: .terminal)

  /// A Prepend scalar joins what follows it, whatever a window puts there, so the
  /// sanitiser removes it.
  @Test func prependScalarsAreRemoved() {
    // Sanitising removes them (they would join whatever a window puts after them).
    let strip = Strip(items: ["\u{600}12", "ab\u{600}"], separator: "|", measure: measure)
    #expect(strip.clusters.map(\.text) == ["1", "2", "|", "a", "b", "|"])
  }

  /// Where an item meets the separator or the next item, a cluster that would join the
  /// one before it (a flag half after a lone indicator, a syllable after a leading
  /// jamo) is kept apart by a space, a cluster with no base (a leading skin tone) is
  /// dropped, and so is a joiner at the end of a cluster; a virama at the end of a
  /// cluster takes a non-joiner. So the frame's text breaks into the same clusters a
  /// terminal sees.
  @Test(arguments: [
    (["👍", "🏽x"], "👍x"),
    (["a🇯", "🇵🇺"], "a🇯 🇵🇺"),
    (["👍\u{200D}", "👍"], "👍👍"),
    (["\u{1100}", "가"], "\u{1100} 가"),
    (["क्", "ष"], "क्\u{200C}ष"),
    (["ab", "cd"], "abcd"),
  ])
  func neighboursThatWouldJoinAreKeptApart(items: [String], content: String) {
    let strip = Strip(items: items.map { StyledText($0) }, separator: "", measure: measure)
    let frame = strip.window(offset: 0, width: strip.contentCellCount).text
    #expect(frame == content)
    // Every cluster of the strip is a cluster of the frame's text: none joined.
    #expect(
      Array(frame).map(String.init)
        == strip.clusters.map(\.text).prefix(Array(frame).count).map { $0 })
  }

  @Test func theSeamIsABoundaryToo() {
    let strip = Strip(items: ["🇯a🇵"], separator: "", measure: measure)
    #expect(strip.clusters.map(\.text) == ["🇯", "a", "🇵", " "])
    // A lone regional indicator is two cells, as wcwidth measures it.
    #expect(strip.contentCellCount == 5)
    #expect(strip.cellCount == 6)
  }
}
