import Foundation
import Testing

@testable import TickerCore

/// One sample of a terminal's fixture: what the terminal drew it in.
private struct Measured {
  var text: String
  var cells: Int
  var category: String
}

/// `Fixtures/terminal-widths/NAME.tsv`, written by scripts/terminal-width-oracle.py in
/// the real terminal: each sample's text and the cells the cursor moved over it.
private func fixture(_ name: String) -> [Measured] {
  let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/terminal-widths/\(name).tsv").path
  guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
  var samples: [Measured] = []
  for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 3, let cells = Int(fields[1]) else { continue }
    var scalars = String.UnicodeScalarView()
    for hex in fields[0].split(separator: " ") {
      guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
        continue
      }
      scalars.append(scalar)
    }
    samples.append(Measured(text: String(scalars), cells: cells, category: String(fields[2])))
  }
  return samples
}

/// Each terminal measured, and the profile `--cells NAME` lays its frames out in.
private let terminals: [(name: String, measure: CellMeasure)] = [
  ("xterm", CellMeasure(profile: .tmux)), ("urxvt", CellMeasure(profile: .tmux)),
  ("st", CellMeasure(profile: .tmux)), ("vte", CellMeasure(profile: .tmux)),
  ("alacritty", CellMeasure(profile: .alacritty)), ("foot", CellMeasure(profile: .tmux)),
  ("konsole", CellMeasure(profile: .konsole)), ("kitty", CellMeasure(profile: .kitty)),
]

@Suite struct TerminalWidthTests {
  /// Every sample the profile draws as it is (or as another sample the terminal drew)
  /// takes the cells the terminal drew it in. A sample the strip draws otherwise (a
  /// joiner dropped, a scalar glibc does not know as U+FFFD, a Prepend mark removed)
  /// is checked as what is drawn when the fixture has that text too; the rest were not
  /// measured in that form and are counted apart.
  @Test(arguments: terminals.map(\.name))
  func eachProfileDrawsItsTerminalsCells(_ name: String) throws {
    let samples = fixture(name)
    #expect(samples.count >= 1200, "the fixture of \(name) is missing or short")
    let measure = try #require(terminals.first { $0.name == name }?.measure)
    // By scalars: a String key would take 1100 1161 and AC00 (canonically equal) as one.
    let cellsOf = Dictionary(samples.map { (hex($0.text), $0.cells) }) { first, _ in first }
    var checked = 0
    var unmeasured = 0
    for sample in samples {
      let strip = Strip(items: [StyledText(sample.text)], separator: "", measure: measure)
      let clusters = strip.clusters
      let drawn = clusters.map(\.text).joined()
      let claimed = clusters.reduce(0) { $0 + $1.width }
      let isAsGiven = drawn.unicodeScalars.elementsEqual(sample.text.unicodeScalars)
      guard let cells = isAsGiven ? sample.cells : cellsOf[hex(drawn)] else {
        unmeasured += 1
        continue
      }
      checked += 1
      #expect(
        claimed == cells,
        "\(name): \(hex(sample.text)) (\(sample.category)) drawn as \(hex(drawn)): \(claimed) cells claimed, \(cells) measured"
      )
    }
    // Most samples are drawn as they are: were the strip to rewrite more, the check
    // would quietly shrink.
    #expect(checked >= 850, "\(name): \(checked) checked, \(unmeasured) not measured as drawn")
  }

  /// The glibc-sum family draws exactly what glibc's wcwidth sums, sample for sample,
  /// before the strip's rewriting: the reason one profile serves the six.
  @Test(arguments: ["xterm", "urxvt", "st"])
  func xtermUrxvtAndStDrawTheGlibcSum(_ name: String) {
    let measure = CellMeasure(profile: .tmux)
    for sample in fixture(name) {
      guard sample.text.count == 1, let cluster = sample.text.first else { continue }
      var total = 0
      measure.forEachUnit(of: cluster) { total += $1 }
      #expect(total == sample.cells, "\(name): \(hex(sample.text))")
    }
  }

  struct KonsoleCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The text of one item; a String, as the compiler's clustering of Character
    /// literals lags the runtime's.
    var text: String
    var cells: Int
    var testDescription: String { name }
  }

  /// konsole's cells where its screen departs from the glibc sum, as the fixture and
  /// `KonsoleCell` have them: a spacing mark takes a cell only in a cell of one scalar,
  /// a Hangul vowel or final joins the syllable konsole takes it to continue, and the
  /// categories are Unicode 13.0's. (U+4DC0, which glibc draws wide, was measured
  /// apart: VTE and alacritty draw it narrow too, where the `tmux` profile cannot.)
  @Test(arguments: [
    KonsoleCase(name: "spacing mark after a consonant", text: "\u{915}\u{93F}", cells: 2),
    KonsoleCase(name: "spacing mark after a nukta", text: "\u{915}\u{93C}\u{93F}", cells: 1),
    KonsoleCase(name: "two spacing marks", text: "\u{9AC}\u{9BE}\u{982}", cells: 2),
    KonsoleCase(name: "Unicode 14 spacing mark", text: "\u{1703}\u{1712}\u{1715}", cells: 2),
    KonsoleCase(name: "keycap", text: "1\u{FE0F}\u{20E3}", cells: 1),
    KonsoleCase(name: "L V V", text: "\u{1100}\u{1161}\u{1161}", cells: 2),
    KonsoleCase(name: "L V V T", text: "\u{1100}\u{1161}\u{1161}\u{11A8}", cells: 2),
    KonsoleCase(name: "L T", text: "\u{1100}\u{11A8}", cells: 4),
    KonsoleCase(name: "lone vowel", text: "\u{1161}", cells: 2),
    KonsoleCase(name: "LV syllable, final", text: "\u{AC00}\u{11A8}", cells: 2),
    KonsoleCase(name: "LV syllable, vowel", text: "\u{AC00}\u{1161}", cells: 4),
    KonsoleCase(name: "flag and a lone indicator", text: "🇯🇵🇺", cells: 4),
    KonsoleCase(name: "thumbs up, skin tone", text: "👍🏽", cells: 2),
    KonsoleCase(name: "family", text: "👨‍👩‍👧", cells: 6),
    KonsoleCase(name: "Yijing hexagram", text: "\u{4DC0}", cells: 1),
  ])
  func konsoleCells(_ named: KonsoleCase) {
    let measure = CellMeasure(profile: .konsole)
    #expect(named.text.reduce(0) { $0 + measure.width(of: $1) } == named.cells)
  }

  /// What konsole would put into the cell before though Unicode keeps it a cluster of
  /// its own (a regional indicator after one that a VS16 followed, a vowel after a
  /// syllable whose code point is a multiple of 28) is kept apart by a space, within
  /// an item, between items and at the seam, as the frames check found it must be.
  @Test func konsoleJoinsAreKeptApart() {
    let measure = CellMeasure(profile: .konsole)
    let cases: [(items: [String], separator: String, clusters: [String])] = [
      (["🇯\u{FE0F}🇵"], "-", ["🇯\u{FE0F}", " ", "🇵", "-"]),
      (["🇯\u{20DD}", "🇵"], "", ["🇯\u{20DD}", " ", "🇵", " "]),
      (["\u{AC0C}\u{1161}"], "-", ["\u{AC0C}", " ", "\u{1161}", "-"]),
      (["\u{AC0C}"], "\u{1161}", ["\u{AC0C}", " ", "\u{1161}"]),
      // A syllable konsole reads rightly, and a flag after a flag: nothing to keep apart.
      (["\u{D55C}\u{1161}", "🇯🇵🇺🇸"], "", ["\u{D55C}", "\u{1161}", "🇯🇵", "🇺🇸"]),
    ]
    for (items, separator, clusters) in cases {
      let strip = Strip(
        items: items.map { StyledText($0) }, separator: StyledText(separator), measure: measure)
      #expect(strip.clusters.map(\.text) == clusters, "\(items.map(hex)) \(hex(separator))")
    }
  }

  private func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(
      separator: " ")
  }
}
