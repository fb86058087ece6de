import Foundation
import Testing

@testable import TickerCore

/// One line of `Fixtures/tmux-widths/RELEASE.tsv`, written by
/// scripts/tmux-width-oracle.py from a real tmux of that release.
struct TmuxSample: Sendable {
  /// The code points in hex, as the fixture spells them.
  var hex: String
  var text: String
  /// `#{w:…}`: tmux's measure; nil where tmux 3.3a cannot measure it (it spins).
  var measure: Int?
  /// How far the cursor moves when the sample is drawn after an ASCII `L`.
  var cells: Int
  var category: String
}

/// The samples of `release`'s fixture, in order; empty when the file is missing or
/// malformed (which `fixturesLoad` reports).
func tmuxSamples(_ release: TmuxRelease) -> [TmuxSample] {
  let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tmux-widths/\(release.rawValue).tsv")
    .path
  guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
  var samples: [TmuxSample] = []
  for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 5, let cells = Int(fields[2]) else { return [] }
    var scalars = String.UnicodeScalarView()
    for hex in fields[0].split(separator: " ") {
      guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
        return []
      }
      scalars.append(scalar)
    }
    let measure = fields[1] == "-" ? nil : Int(fields[1])
    guard measure != nil || fields[1] == "-" else { return [] }
    samples.append(
      TmuxSample(
        hex: String(fields[0]), text: String(scalars), measure: measure, cells: cells,
        category: String(fields[4])))
  }
  return samples
}

/// What the strip shows for `text` as one item under `measure`: the text of its
/// clusters (without the seam) and their width.
func stripped(_ text: String, _ measure: CellMeasure) -> (text: String, width: Int) {
  let strip = Strip(items: [StyledText(text)], separator: "", measure: measure)
  let shown = strip.clusters.dropLast(strip.seamSpacerCount)
  return (shown.map(\.text).joined(), strip.contentCellCount)
}

@Suite struct TmuxWidthTests {
  @Test(arguments: TmuxRelease.allCases)
  func fixturesLoad(release: TmuxRelease) {
    let samples = tmuxSamples(release)
    #expect(samples.count == 1184)
    // Only 3.3a cannot measure some samples (those with scalars glibc does not know).
    #expect(samples.contains { $0.measure == nil } == (release == .v33a))
  }

  /// The model of each release gives every sample's measure and cells as the real
  /// tmux did: it can stand in for tmux where the fixture has no sample.
  @Test(arguments: TmuxRelease.allCases)
  func modelMatchesRealTmux(release: TmuxRelease) {
    for sample in tmuxSamples(release) {
      #expect(
        TmuxModel.cells(sample.text, release) == sample.cells,
        "\(release.rawValue) cells of \(sample.hex) (\(sample.category))")
      #expect(
        TmuxModel.measure(sample.text, release) == sample.measure,
        "\(release.rawValue) #{w:} of \(sample.hex) (\(sample.category))")
    }
  }

  /// Each sample through the strip under the release's profile: where the profile
  /// shows the sample as it is, its width is the cells real tmux gave it, and tmux's
  /// measure is the same; where the profile rewrites it, the model of the release
  /// draws and measures the rewritten text at the profile's width.
  @Test(arguments: TmuxRelease.allCases)
  func profileMatchesFixture(release: TmuxRelease) {
    let measure = CellMeasure(profile: .tmux, tmux: release.rules)
    var untouched = 0
    for sample in tmuxSamples(release) {
      let (text, width) = stripped(sample.text, measure)
      if text == sample.text {
        untouched += 1
        #expect(width == sample.cells, "\(release.rawValue) \(sample.hex) (\(sample.category))")
        #expect(
          sample.measure == sample.cells,
          "\(release.rawValue) \(sample.hex): tmux measures it otherwise than it draws it")
      } else {
        #expect(
          TmuxModel.cells(text, release) == width,
          "\(release.rawValue) \(sample.hex) shown as \(hex(text)) (\(sample.category))")
        #expect(
          TmuxModel.measure(text, release) == width,
          "\(release.rawValue) \(sample.hex) shown as \(hex(text)): #{w:}")
      }
    }
    // Most samples need no rewrite: the check above is mostly against real tmux.
    #expect(untouched >= 600, "only \(untouched) samples shown as they are")
  }

  /// The width of a cluster is the sum of the widths of the units it is drawn as,
  /// and each unit, measured again, is itself: what is printed is what was measured.
  @Test(arguments: TmuxRelease.allCases)
  func unitsAddUpAndStayAsTheyAre(release: TmuxRelease) {
    let measure = CellMeasure(profile: .tmux, tmux: release.rules)
    for sample in tmuxSamples(release) {
      for cluster in sample.text {
        var total = 0
        measure.forEachUnit(of: cluster) { unit, width in
          total += width
          var again: [(Character, Int)] = []
          measure.forEachUnit(of: unit) { again.append(($0, $1)) }
          #expect(
            again.count == 1 && again[0].0 == unit && again[0].1 == width,
            "\(release.rawValue) \(sample.hex): unit \(hex(String(unit)))")
        }
        #expect(measure.width(of: cluster) == total, "\(release.rawValue) \(sample.hex)")
      }
    }
  }

  struct RewriteCase: CustomTestStringConvertible, Sendable {
    var name: String
    var rules: TmuxRules
    var cluster: String
    var units: [String]
    var widths: [Int]
    var testDescription: String { "\(rules.rawValue): \(name)" }
  }

  @Test(arguments: [
    RewriteCase(
      name: "VS16 after a narrow base goes", rules: .tmux34, cluster: "❤️", units: ["❤"],
      widths: [1]),
    RewriteCase(
      name: "VS16 after a wide base stays", rules: .tmux34, cluster: "😀\u{FE0F}",
      units: ["😀\u{FE0F}"], widths: [2]),
    RewriteCase(
      name: "skin tone goes", rules: .tmux34, cluster: "👍🏽", units: ["👍"], widths: [2]),
    RewriteCase(
      name: "tone base on tmux's list is wide", rules: .tmux34, cluster: "☝🏽", units: ["☝"],
      widths: [2]),
    RewriteCase(
      name: "ZWJ sequence splits", rules: .tmux36, cluster: "👩🏽‍💻", units: ["👩", "💻"],
      widths: [2, 2]),
    RewriteCase(
      name: "flag becomes letters", rules: .tmux34, cluster: "🇯🇵", units: ["J", "P"],
      widths: [1, 1]),
    RewriteCase(name: "flag stays", rules: .tmux36, cluster: "🇯🇵", units: ["🇯🇵"], widths: [2]),
    RewriteCase(name: "flag stays", rules: .tmux37, cluster: "🇯🇵", units: ["🇯🇵"], widths: [2]),
    RewriteCase(
      name: "Hangul filler is drawn", rules: .tmux34, cluster: "\u{3164}", units: ["\u{3164}"],
      widths: [2]),
    RewriteCase(
      name: "Hangul filler becomes an ideographic space", rules: .tmux36, cluster: "\u{3164}",
      units: ["\u{3000}"], widths: [2]),
    RewriteCase(
      name: "a scalar glibc does not know stays", rules: .tmux34, cluster: "\u{1FAE9}",
      units: ["\u{1FAE9}"], widths: [1]),
    RewriteCase(
      name: "marks past 21 bytes go", rules: .tmux34,
      cluster: "e" + String(repeating: "\u{301}", count: 12),
      units: ["e" + String(repeating: "\u{301}", count: 10)], widths: [1]),
    RewriteCase(
      name: "marks up to 31 bytes stay", rules: .tmux36,
      cluster: "e" + String(repeating: "\u{301}", count: 16),
      units: ["e" + String(repeating: "\u{301}", count: 15)], widths: [1]),
  ])
  func rewrites(_ rewrite: RewriteCase) throws {
    let measure = CellMeasure(profile: .tmux, tmux: rewrite.rules)
    let cluster = try #require(rewrite.cluster.count == 1 ? rewrite.cluster.first : nil)
    var units: [String] = []
    var widths: [Int] = []
    measure.forEachUnit(of: cluster) {
      units.append(String($0))
      widths.append($1)
    }
    #expect(units == rewrite.units)
    #expect(widths == rewrite.widths)
    #expect(measure.width(of: cluster) == rewrite.widths.reduce(0, +))
  }

  /// The 3.3a rules are the profile as it was: the default, and what 3.3a and older
  /// releases get.
  @Test func threeThreeIsTheDefault() {
    #expect(CellMeasure(profile: .tmux) == CellMeasure(profile: .tmux, tmux: .tmux33))
    #expect(TmuxRules(version: "3.3a") == .tmux33)
  }

  @Test(arguments: [
    ("3.3a", TmuxRules.tmux33), ("3.3", .tmux33), ("2.9a", .tmux33), ("1.8", .tmux33),
    ("3.4", .tmux34), ("3.5", .tmux34), ("3.5a", .tmux34), ("tmux 3.5a", .tmux34),
    (" 3.5a\n", .tmux34), ("3.4-rc", .tmux34), ("3.4-rc3", .tmux34),
    ("3.6", .tmux36), ("3.6a", .tmux36), ("3.6b", .tmux36), ("next-3.6", .tmux36),
    ("3.7", .tmux37), ("3.7c", .tmux37), ("next-3.8", .tmux37), ("tmux next-3.8", .tmux37),
    ("3.8", .tmux37), ("3.10", .tmux37), ("4.0", .tmux37), ("master", .tmux37),
    ("openbsd-7.6", .tmux37),
  ])
  func versions(text: String, rules: TmuxRules) {
    #expect(TmuxRules(version: text) == rules)
  }

  @Test(arguments: [
    "", "tmux", "3", "3.", ".4", "3.4.1", "v3.4", "3.4A", "3.4aa", "3,4", "three", "3.4-",
    "3.4-rc!", "next-", "openbsd-", "openbsd-x", "-3.4", "12345.1", "3.4 a",
  ])
  func notVersions(text: String) {
    #expect(TmuxRules(version: text) == nil)
  }
}

@Suite struct TmuxStripTests {
  /// Pieces that each release measures and draws differently: variation selectors
  /// after narrow and wide bases, skin tones, flags side by side, lone and threefold
  /// regional indicators, joiners, the Hangul filler, clusters near 21 and 32 bytes,
  /// and scalars glibc does not know.
  static let tmuxPieces: [String] = [
    "❤️", "☺️", "😀\u{FE0F}", "a\u{FE0F}", "中\u{FE0F}", "👍🏽", "☝🏽", "👨‍👩‍👧", "👩🏽‍💻",
    "🏳️‍🌈", "❤️‍🔥", "🇯🇵", "🇺🇸", "🇯🇵🇺🇸", "🇫🇷🇩🇪🇬", "🇯", "\u{3164}", "a\u{3164}",
    "\u{1FAE9}", "\u{1FA77}\u{1F3FD}", "e" + String(repeating: "\u{301}", count: 12),
    "e" + String(repeating: "\u{301}", count: 15), "e" + String(repeating: "\u{301}", count: 16),
    "🇦🇧" + String(repeating: "\u{301}", count: 12), "😀" + String(repeating: "\u{301}", count: 14),
    "\u{1100}\u{1161}\u{11A8}", "\u{115F}\u{1160}", "1️⃣", "⌚︎", "\u{200B}", "x\u{200D}",
  ]

  /// Every frame of random strips takes exactly its width in each release's model,
  /// after ASCII and after a wide character, and tmux measures it so too.
  @Test(arguments: TmuxRelease.allCases)
  func framesTakeTheirWidthInTmux(release: TmuxRelease) {
    let measure = CellMeasure(profile: .tmux, tmux: release.rules)
    let pieces = itemPieces + Self.tmuxPieces
    var rng = SplitMix64(seed: 0x7E57_0000 &+ UInt64(TmuxRelease.allCases.firstIndex(of: release)!))
    for _ in 0..<120 {
      let items = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
        (0..<Int.random(in: 1...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
          .joined()
      }
      let separator = [" · ", "", " ", "|日|", "🇯🇵", "❤️"].randomElement(using: &rng)!
      let strip = Strip(
        items: items.map { StyledText($0) }, separator: StyledText(separator), measure: measure)
      for _ in 0..<25 {
        let width = Int.random(in: 0...(strip.cellCount * 2 + 3), using: &rng)
        let offset = Int.random(in: -1000...1000, using: &rng)
        let frame = strip.window(offset: offset, width: width).text
        for prefix in ["M", "中"] {
          #expect(
            TmuxModel.cells(frame, after: prefix, release) == width,
            "\(release.rawValue) \(items) after \(prefix): \(hex(frame))")
        }
        #expect(TmuxModel.measure(frame, release) == width, "\(release.rawValue) \(hex(frame))")
      }
    }
  }

  /// tmux 3.6 puts a regional indicator into a cell that starts with one, however
  /// many it holds: a flag right after a flag would lose a cell, so a space keeps
  /// them apart, within an item, between items, around the separator and at the seam.
  @Test func flagsAfterFlagsAreKeptApartFor36() {
    let measure = CellMeasure(profile: .tmux, tmux: .tmux36)
    let strip = Strip(items: ["🇯🇵🇺🇸", "🇫🇷"], separator: "🇩🇪", measure: measure)
    #expect(strip.clusters.map(\.text) == ["🇯🇵", " ", "🇺🇸", " ", "🇩🇪", " ", "🇫🇷", " ", "🇩🇪", " "])
    // 3.7 pairs them only two by two, and 3.4 draws letters: nothing to keep apart.
    let later = Strip(
      items: ["🇯🇵🇺🇸"], separator: "", measure: CellMeasure(profile: .tmux, tmux: .tmux37))
    #expect(later.clusters.map(\.text) == ["🇯🇵", "🇺🇸"])
  }
}

private func hex(_ text: String) -> String {
  text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
}
