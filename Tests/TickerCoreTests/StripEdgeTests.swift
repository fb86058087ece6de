import Testing

@testable import TickerCore

private let terminal = CellMeasure(profile: .terminal)
private let tmux = CellMeasure(profile: .tmux)

/// The clusters a reader of the frame's text sees, each with the units the profile
/// draws for it.
private func readerClusters(_ text: String, _ measure: CellMeasure) -> [String] {
  var units: [String] = []
  for cluster in text { measure.forEachUnit(of: cluster) { unit, _ in units.append(String(unit)) } }
  return units
}

/// Where text is removed inside an item, the characters either side must not join.
@Suite struct RemovalTests {
  /// Removed by the strip (zero-width format characters) or by the sanitiser (controls,
  /// a Prepend scalar).
  static let removed = [
    "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{200E}", "\u{7}", "\u{1B}", "\u{85}",
    "\u{600}", "\u{200B}\u{7}\u{2066}",
  ]

  /// `🇺 + U+2066 + 🇸` printed a US flag the feed never sent, 2 cells where the strip
  /// counted 4, so the frame was 8 cells, not 10. With a space between the halves it
  /// is 10 by wcwidth 0.9.4's `wcswidth` too: each lone indicator is 2 cells.
  @Test(arguments: removed)
  func flagHalvesStayApart(removed: String) {
    for measure in [terminal, tmux] {
      let strip = Strip(items: [StyledText("🇺\(removed)🇸")], separator: "", measure: measure)
      let frame = strip.window(offset: 0, width: 10)
      #expect(!frame.text.contains("🇺🇸"), "\(measure.profile)")
      #expect(frame.text.hasPrefix("🇺 🇸"), "\(measure.profile)")
      #expect(cellWidth(frame.text, measure) == 10, "\(measure.profile)")
    }
  }

  /// `ᄀ + U+200B + 가`: a leading jamo joins the syllable after it into one cluster
  /// of 2 cells, where the strip counted 4. (`wcswidth` of `ᄀ 가` is 5, the strip's
  /// 2 + 1 + 2.)
  @Test(arguments: removed)
  func jamoAndSyllableStayApart(removed: String) {
    for measure in [terminal, tmux] {
      let strip = Strip(
        items: [StyledText("\u{1100}\(removed)\u{AC00}")], separator: "", measure: measure)
      let frame = strip.window(offset: 0, width: 10)
      #expect(readerClusters(frame.text, measure).prefix(3) == ["\u{1100}", " ", "\u{AC00}"])
      #expect(cellWidth(frame.text, measure) == 10, "\(measure.profile)")
    }
  }

  /// Across a removal the usual join rules hold: a consonant after a virama joins it
  /// (under the terminal profile a virama at the end of a cluster takes a non-joiner,
  /// which wcwidth would otherwise join with anything after it), a mark with nothing
  /// left to sit on goes, and so does a joiner at the end of a cluster.
  @Test(arguments: [
    ("क्\u{7}ष", ["क्\u{200C}", "ष"], ["क्", " ", "ष"]),
    ("क्\u{200B}日", ["क्\u{200C}", "日"], ["क्", "日"]),
    ("👍\u{200D}\u{2066}👍", ["👍", "👍"], ["👍", "👍"]),
    ("e\u{7}\u{301}x", ["e", "x"], ["e", "x"]),
    ("ab\u{200B}cd", ["a", "b", "c", "d"], ["a", "b", "c", "d"]),
  ])
  func joinRulesHoldAcrossRemovals(item: String, terminalClusters: [String], tmuxClusters: [String])
  {
    for (measure, clusters) in [(terminal, terminalClusters), (tmux, tmuxClusters)] {
      let strip = Strip(items: [StyledText(item)], separator: "", measure: measure)
      #expect(strip.clusters.map(\.text) == clusters, "\(measure.profile)")
      let frame = strip.window(offset: 0, width: strip.cellCount)
      #expect(readerClusters(frame.text, measure) == clusters, "\(measure.profile)")
    }
  }

  /// A removal inside a styled run keeps its neighbours apart too, and a removal does
  /// not stop a cluster from spanning two runs where nothing was removed.
  @Test func removalsInsideStyledRuns() {
    let red = Style(foreground: .named(1))
    let flag = StyledText(runs: [StyledRun("x🇺"), StyledRun("\u{7}🇸", style: red)])
    let strip = Strip(items: [flag], separator: "", measure: terminal)
    #expect(strip.clusters.map(\.text) == ["x", "🇺", " ", "🇸"])
    let accent = StyledText(runs: [StyledRun("\u{7}e"), StyledRun("\u{301}", style: red)])
    #expect(Strip(items: [accent], separator: "").clusters.map(\.text) == ["e\u{301}"])
  }
}

/// A frame's first cluster sits right after whatever precedes the ticker on the status
/// line, so it must not be one that joins onto it.
@Suite struct FrameStartTests {
  /// `U+11A8 U+0903` is one cluster of 1 cell to tmux, but U+11A8 alone has no width,
  /// and tmux 3.3a draws it in the cell before: the character before the ticker.
  @Test func zeroWidthStartUnderTmux() {
    let strip = Strip(items: ["\u{11A8}\u{903}ab"], separator: "", measure: tmux)
    #expect(strip.clusters.map(\.text) == ["\u{11A8}\u{903}", "a", "b"])
    #expect(strip.window(offset: 0, width: 6).text == " ab\u{11A8}\u{903}ab")
    #expect(strip.window(offset: 2, width: 4).text == "b\u{11A8}\u{903}ab")
    #expect(strip.window(offset: 1, width: 2).text == "ab")
  }

  /// At every offset of strips holding such clusters, under both profiles, the first
  /// scalar of a frame has a width of its own and is no Hangul vowel or final.
  @Test(arguments: [WidthProfile.terminal, .tmux])
  func everyOffset(profile: WidthProfile) {
    let measure = CellMeasure(profile: profile)
    let items = [
      "\u{11A8}\u{903}x", "\u{1161}\u{903}", "ab\u{1100}\u{1161}", "\u{D7B0}\u{903}",
      "日\u{11A8}\u{903}", "é",
    ]
    let strip = Strip(items: items.map { StyledText($0) }, separator: "", measure: measure)
    for offset in 0..<strip.cellCount {
      for width in [1, 2, 5] {
        let frame = strip.window(offset: offset, width: width)
        #expect(cellWidth(frame.text, measure) == width)
        guard let first = frame.text.unicodeScalars.first else { continue }
        let isVowelOrFinal =
          (0x1160...0x11FF).contains(first.value)
          || (0xD7B0...0xD7FF).contains(first.value)
        #expect(measure.width(of: Character(first)) > 0, "@\(offset): \(first.value)")
        #expect(!isVowelOrFinal, "@\(offset): \(first.value)")
      }
    }
  }
}

/// Items that would show nothing but space are skipped, as empty items always were.
@Suite struct BlankItemTests {
  @Test(arguments: [
    "", " ", "\t", "   \t ", "\u{200B}", "\u{FEFF}", "\u{2060}", " \u{200B} \u{FEFF}\t",
    "\u{7}\u{1B}", "\u{A0}", "\u{3000}", "\r\n", "\u{301}", "\u{2066}\u{2069}", "\u{200D}",
    "\u{FE0F}", "\u{1F3FB}", "\u{1161}\u{11A8}",
  ])
  func blankItemsAreSkipped(item: String) {
    let text = StyledText(item)
    #expect(text.isBlank)
    for measure in [terminal, tmux] {
      let strip = Strip(items: ["a", text, "b"], separator: "|", measure: measure)
      #expect(strip.itemCount == 2)
      #expect(strip.window(offset: 0, width: 4).text == "a|b|")
      #expect((0..<4).map { strip.item(atCell: $0) } == [0, 0, 2, 2])
    }
  }

  @Test(arguments: [
    "x", " x ", "\u{301}x", "日", "👍", " \u{301}", "\u{200B}.", "\t-", "\u{A0}\u{AD}",
  ])
  func itemsWithSomethingToShowAreKept(item: String) {
    let text = StyledText(item)
    #expect(!text.isBlank)
    for measure in [terminal, tmux] {
      #expect(Strip(items: [text], separator: "|", measure: measure).itemCount == 1)
    }
  }

  /// A blank item in styled runs is blank too; `isBlank` is true exactly when the
  /// strip skips the item, under every profile.
  @Test func isBlankIsExactlyWhenTheStripSkips() {
    let red = Style(foreground: .named(1))
    #expect(StyledText(runs: [StyledRun(" "), StyledRun("\u{200B}", style: red)]).isBlank)
    #expect(!StyledText(runs: [StyledRun(" "), StyledRun("\u{301}", style: red)]).isBlank)
    let pieces = [
      " ", "\t", "\u{200B}", "\u{FEFF}", "\u{7}", "\u{301}", "\u{11A8}", "\u{903}", "a",
      "\u{1100}", "\u{AC00}", "🇺", "\u{200D}", "\u{FE0F}", "\u{3000}", "\u{600}", "\u{1F3FB}",
    ]
    var rng = SplitMix64(seed: 0xB1A)
    var blanks = 0
    for _ in 0..<3000 {
      let runs = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
        let text = (0..<Int.random(in: 0...3, using: &rng))
          .map { _ in pieces.randomElement(using: &rng)! }.joined()
        return StyledRun(text, style: Bool.random(using: &rng) ? red : .plain)
      }
      let item = StyledText(runs: runs)
      if item.isBlank { blanks += 1 }
      for measure in [terminal, tmux, CellMeasure(profile: .terminal, ambiguous: .wide)] {
        let strip = Strip(items: [item], separator: "|", measure: measure)
        #expect(item.isBlank == (strip.itemCount == 0), "\(runs) \(measure.profile)")
      }
    }
    #expect(blanks > 300)
  }

  /// A window starting at a cluster from U+00A0 to U+02FF (a `·` separator) does not
  /// decode it to ask whether it could join what precedes the frame: none can, under
  /// any measure.
  @Test func latinClustersNeverJoinWhatPrecedes() {
    var measures = [CellMeasure(), CellMeasure(profile: .terminal, ambiguous: .wide)]
    for rules in [TmuxRules.tmux33, .tmux34, .tmux36, .tmux37] {
      measures.append(CellMeasure(profile: .tmux, tmux: rules))
    }
    for measure in measures {
      for value in 0xA0...0x2FF {
        #expect(!ClusterRules.joinsWhatPrecedes(Unicode.Scalar(UInt32(value))!, measure))
      }
    }
  }
}
