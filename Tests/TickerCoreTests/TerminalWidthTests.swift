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

  private func hex(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(
      separator: " ")
  }
}
