import Foundation
import Testing

@testable import TickerCore

private let terminal = CellMeasure(profile: .terminal, ambiguous: .narrow)
private let terminalWide = CellMeasure(profile: .terminal, ambiguous: .wide)
private let tmux = CellMeasure(profile: .tmux)

/// One line of `Fixtures/width-oracle.tsv`, written by `scripts/width-oracle.py`.
private struct OracleCase: Sendable {
  /// The code points in hex, as the fixture spells them: "1F44D 1F3FD".
  var hex: String
  var text: String
  /// wcwidth 0.9.4 `width()`.
  var terminal: Int
  /// wcwidth 0.9.4 `width(ambiguous_width=2)`.
  var terminalWide: Int
  /// The sum of glibc 2.36 `wcwidth` over the code points, -1 counted as 0.
  var tmux: Int

  /// The case as one Swift `Character`, or nil when Swift clusters it differently.
  var character: Character? {
    text.count == 1 ? text.first : nil
  }
}

/// Clusters where Swift keeps in one grapheme cluster what wcwidth measures as two or
/// more, so that wcwidth's width passes 2 (a Prepend mark before a base, GB9b; a Hangul
/// leading jamo before L, V, LV or LVT, GB6; a skin tone after a base that is not a
/// pictograph, GB9): the terminal profile gives them wcwidth's width, as terminals
/// draw them (issue 27; it had capped every cluster at 2).
private let widerThanTwo = ["1100 1100", "1100 AC00", "0061 1F3FD", "4E2D 1F3FD", "0600 AC00"]

/// The fixture's cases, in order.
private let oracle: [OracleCase] = loadOracle()

private func loadOracle() -> [OracleCase] {
  let path = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .appendingPathComponent("Fixtures/width-oracle.tsv")
    .path
  guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
    return []
  }
  var cases: [OracleCase] = []
  for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 4,
      let narrow = Int(fields[1]), let wide = Int(fields[2]), let glibc = Int(fields[3])
    else {
      return []  // a malformed fixture fails `fixtureLoads` rather than passing vacuously
    }
    var scalars = String.UnicodeScalarView()
    for hex in fields[0].split(separator: " ") {
      guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
        return []
      }
      scalars.append(scalar)
    }
    cases.append(
      OracleCase(
        hex: String(fields[0]), text: String(scalars),
        terminal: narrow, terminalWide: wide, tmux: glibc))
  }
  return cases
}

/// The only Character of `text`, or nil when it has more or fewer.
private func single(_ text: String) -> Character? {
  text.count == 1 ? text.first : nil
}

/// The units and widths `forEachUnit` yields.
private func units(_ measure: CellMeasure, _ cluster: Character) -> [Unit] {
  var out: [Unit] = []
  measure.forEachUnit(of: cluster) { out.append(Unit($0, $1)) }
  return out
}

private struct Unit: Equatable, CustomStringConvertible, Sendable {
  var text: Character
  var width: Int
  init(_ text: Character, _ width: Int) {
    self.text = text
    self.width = width
  }
  var description: String { "\(text.debugDescription):\(width)" }
}

@Suite struct CellWidthTests {
  @Test func fixtureLoads() {
    #expect(oracle.count >= 500)
    // Most cases are one Swift Character; if Swift stopped agreeing, the checks below
    // would quietly shrink.
    #expect(oracle.filter { $0.character != nil }.count >= 490)
  }

  @Test func terminalMatchesWcwidth() {
    for item in oracle {
      guard let character = item.character else { continue }
      #expect(terminal.width(of: character) == item.terminal, "U+\(item.hex)")
      #expect(terminalWide.width(of: character) == item.terminalWide, "U+\(item.hex) wide")
    }
  }

  @Test func clustersWiderThanTwoKeepWcwidthsWidth() throws {
    for hex in widerThanTwo {
      let item = try #require(oracle.first { $0.hex == hex }, "U+\(hex) is in the fixture")
      let character = try #require(item.character, "U+\(hex) is one Character")
      #expect(item.terminal > 2, "U+\(hex)")
      #expect(terminal.width(of: character) == item.terminal, "U+\(hex)")
    }
  }

  @Test func tmuxMatchesGlibc() {
    for item in oracle {
      if let character = item.character {
        #expect(tmux.width(of: character) == item.tmux, "U+\(item.hex)")
        let drawn = units(tmux, character).reduce(0) { $0 + $1.width }
        #expect(drawn == item.tmux, "U+\(item.hex) units")
      }
      // The tmux profile adds up, so every case checks, whatever Swift's clusters.
      let sum = item.text.reduce(0) { $0 + tmux.width(of: $1) }
      #expect(sum == item.tmux, "U+\(item.hex) as \(item.text.count) clusters")
    }
  }

  @Test func unitsKeepTheTextButJoiners() {
    for item in oracle {
      guard let character = item.character else { continue }
      let drawn = units(tmux, character)
      // Joiners go; scalars glibc does not know (its -1) are shown as U+FFFD.
      let joinerless = String(
        String.UnicodeScalarView(
          character.unicodeScalars.filter { $0 != "\u{200D}" }.map {
            glibcRejects($0) ? "\u{FFFD}" : $0
          }))
      let expected = joinerless.isEmpty ? String(character) : joinerless
      #expect(String(drawn.map(\.text)) == expected, "U+\(item.hex)")
      for unit in drawn {
        #expect(unit.width == tmux.width(of: unit.text), "U+\(item.hex) unit")
      }
      // The terminal draws a cluster whole, but for joiners at its end, which join
      // nothing (and which wcwidth takes as hiding the character after them), and
      // with a non-joiner after a final virama (which wcwidth joins with anything).
      var kept = String(character)
      while kept.unicodeScalars.count > 1 && kept.unicodeScalars.last == "\u{200D}" {
        kept.unicodeScalars.removeLast()
      }
      let width = terminal.width(of: character)
      let onTerminal = units(terminal, character)
      #expect(onTerminal.count == 1 && onTerminal[0].width == width, "U+\(item.hex)")
      let text = onTerminal.first.map { String($0.text) } ?? ""
      #expect(text == kept || text == kept + "\u{200C}", "U+\(item.hex)")
      #expect(terminal.width(of: Character(kept)) == width, "U+\(item.hex)")
    }
  }

  struct NamedCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// One grapheme cluster; a String because the compiler's check of Character
    /// literals lags the runtime's clustering (it splits Indic conjuncts, GB9c).
    var cluster: String
    var terminal: Int
    var terminalWide: Int
    var tmux: Int
    var testDescription: String { name }
  }

  @Test(arguments: [
    NamedCase(name: "ASCII letter", cluster: "A", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(name: "space", cluster: " ", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(name: "CJK ideograph", cluster: "中", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(
      name: "e + combining acute", cluster: "e\u{301}", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(
      name: "precomposed é (ambiguous)", cluster: "é", terminal: 1, terminalWide: 2, tmux: 1),
    NamedCase(name: "plus-minus (ambiguous)", cluster: "±", terminal: 1, terminalWide: 2, tmux: 1),
    NamedCase(
      name: "rightwards arrow (ambiguous)", cluster: "→", terminal: 1, terminalWide: 2, tmux: 1),
    NamedCase(name: "thumbs up, skin tone", cluster: "👍🏽", terminal: 2, terminalWide: 2, tmux: 4),
    NamedCase(name: "red heart + VS16", cluster: "❤️", terminal: 2, terminalWide: 2, tmux: 1),
    NamedCase(name: "red heart, text default", cluster: "❤", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(name: "smiling face + VS16", cluster: "☺️", terminal: 2, terminalWide: 2, tmux: 1),
    NamedCase(name: "watch + VS15", cluster: "⌚︎", terminal: 1, terminalWide: 1, tmux: 2),
    NamedCase(name: "pointing up + skin tone", cluster: "☝🏽", terminal: 1, terminalWide: 1, tmux: 3),
    NamedCase(name: "family ZWJ", cluster: "👨‍👩‍👧", terminal: 2, terminalWide: 2, tmux: 6),
    NamedCase(name: "technologist ZWJ", cluster: "👩🏽‍💻", terminal: 2, terminalWide: 2, tmux: 6),
    NamedCase(name: "rainbow flag", cluster: "🏳️‍🌈", terminal: 2, terminalWide: 2, tmux: 3),
    NamedCase(name: "keycap one", cluster: "1️⃣", terminal: 2, terminalWide: 2, tmux: 1),
    NamedCase(name: "flag of Japan", cluster: "🇯🇵", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(name: "lone regional indicator", cluster: "🇯", terminal: 2, terminalWide: 2, tmux: 1),
    NamedCase(name: "Hangul syllable", cluster: "한", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(
      name: "Hangul L V T jamo", cluster: "\u{1100}\u{1161}\u{11A8}", terminal: 2, terminalWide: 2,
      tmux: 2),
    NamedCase(name: "fullwidth A", cluster: "Ａ", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(name: "halfwidth katakana", cluster: "ｱ", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(name: "Devanagari conjunct", cluster: "क्ष", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(name: "Devanagari spacing mark", cluster: "कि", terminal: 2, terminalWide: 2, tmux: 2),
    NamedCase(name: "zero width space", cluster: "\u{200B}", terminal: 0, terminalWide: 0, tmux: 0),
    NamedCase(name: "soft hyphen", cluster: "\u{AD}", terminal: 1, terminalWide: 2, tmux: 1),
    NamedCase(
      name: "replacement character", cluster: "\u{FFFD}", terminal: 1, terminalWide: 2, tmux: 1),
    NamedCase(
      name: "melting face (Unicode 14)", cluster: "🫠", terminal: 2, terminalWide: 2, tmux: 2),
    // glibc 2.36 knows Unicode 14 only: wcwidth -1, which tmux 3.3a drops.
    NamedCase(
      name: "Unicode 16 emoji", cluster: "\u{1FAE9}", terminal: 2, terminalWide: 2, tmux: 1),
    NamedCase(name: "unassigned U+0378", cluster: "\u{378}", terminal: 1, terminalWide: 1, tmux: 1),
    NamedCase(name: "bell (control)", cluster: "\u{7}", terminal: 0, terminalWide: 0, tmux: 0),
    NamedCase(name: "CR LF", cluster: "\r\n", terminal: 0, terminalWide: 0, tmux: 0),
    NamedCase(name: "C1 control", cluster: "\u{85}", terminal: 0, terminalWide: 0, tmux: 0),
  ])
  func namedWidths(_ named: NamedCase) throws {
    let cluster = try #require(single(named.cluster))
    #expect(terminal.width(of: cluster) == named.terminal)
    #expect(terminalWide.width(of: cluster) == named.terminalWide)
    #expect(tmux.width(of: cluster) == named.tmux)
  }

  struct UnitCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// One grapheme cluster; a String because the compiler's check of Character
    /// literals lags the runtime's clustering (it splits Indic conjuncts, GB9c).
    var cluster: String
    var units: [String]
    var widths: [Int]
    var testDescription: String { name }
  }

  @Test(arguments: [
    UnitCase(name: "family ZWJ", cluster: "👨‍👩‍👧", units: ["👨", "👩", "👧"], widths: [2, 2, 2]),
    UnitCase(name: "technologist ZWJ", cluster: "👩🏽‍💻", units: ["👩🏽", "💻"], widths: [4, 2]),
    UnitCase(name: "rainbow flag", cluster: "🏳️‍🌈", units: ["🏳️", "🌈"], widths: [1, 2]),
    UnitCase(name: "heart on fire", cluster: "❤️‍🔥", units: ["❤️", "🔥"], widths: [1, 2]),
    UnitCase(name: "skin tone, no ZWJ", cluster: "👍🏽", units: ["👍🏽"], widths: [4]),
    UnitCase(name: "conjunct with ZWJ", cluster: "क्\u{200D}ष", units: ["क्ष"], widths: [2]),
    UnitCase(name: "letter and ZWJ", cluster: "a\u{200D}", units: ["a"], widths: [1]),
    UnitCase(name: "lone ZWJ", cluster: "\u{200D}", units: ["\u{200D}"], widths: [0]),
  ])
  func tmuxUnits(_ named: UnitCase) throws {
    let cluster = try #require(single(named.cluster))
    let drawn = units(tmux, cluster)
    #expect(drawn.map { String($0.text) } == named.units)
    #expect(drawn.map(\.width) == named.widths)
    #expect(tmux.width(of: cluster) == named.widths.reduce(0, +))
    #expect(units(terminal, cluster).count == 1)
  }

  @Test func asciiFastPathMatchesTables() {
    for value in UInt32(0)..<0x80 {
      let character = Character(Unicode.Scalar(value)!)
      let expected = (0x20..<0x7F).contains(value) ? 1 : 0
      #expect(terminal.width(of: character) == expected, "U+\(value)")
      #expect(tmux.width(of: character) == expected, "U+\(value)")
      // The same scalar through the table path, before a combining grapheme joiner
      // (controls do not join, so they have no such cluster).
      let joined = "\(Unicode.Scalar(value)!)\u{34F}"
      if let cluster = joined.first, joined.count == 1 {
        #expect(terminal.width(of: cluster) == expected, "U+\(value) + CGJ")
        #expect(tmux.width(of: cluster) == expected, "U+\(value) + CGJ")
      }
    }
  }

  @Test func tablesAreWellFormed() {
    let runTables: [([UInt32], Int)] = [
      (WidthTables.terminalRunStarts, WidthTables.terminalRunClasses.count),
      (WidthTables.tmuxRunStarts, WidthTables.tmuxRunWidths.count),
    ]
    for (starts, values) in runTables {
      #expect(starts.first == 0)
      #expect(starts.count == values)
      #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 })
      #expect(starts.last.map { $0 <= 0x10FFFF } == true)
    }
    let rangeTables = [
      WidthTables.vs16NarrowToWide, WidthTables.vs15WideToNarrow,
      WidthTables.extendedPictographic, WidthTables.tmuxForceWide,
    ]
    for ranges in rangeTables {
      #expect(ranges.count % 2 == 0)
      // lo <= hi within a pair, and hi + 1 < next lo: sorted, disjoint, merged.
      for index in stride(from: 0, to: ranges.count, by: 2) {
        #expect(ranges[index] <= ranges[index + 1])
        if index + 2 < ranges.count {
          #expect(ranges[index + 1] + 1 < ranges[index + 2])
        }
      }
    }
    #expect(WidthTables.unicodeVersion == "17.0.0")
    #expect(WidthTables.glibcVersion == "2.36")
  }
}

@Suite struct TmuxRewriteTests {
  /// tmux 3.3a drops a scalar glibc does not know and its `#{=-N:…}` spins on one,
  /// so the tmux profile draws such a scalar as U+FFFD, one cell.
  @Test func scalarsUnknownToGlibcBecomeReplacementCharacters() {
    let measure = CellMeasure(profile: .tmux)
    // U+1FAE9 (Unicode 16) and U+1FA77 PINK HEART (Unicode 15) are past glibc 2.36.
    for text in ["\u{1FAE9}", "\u{1FA77}"] {
      var units: [String] = []
      measure.forEachUnit(of: Character(text)) { unit, width in
        units.append(String(unit))
        #expect(width == 1)
      }
      #expect(units == ["\u{FFFD}"])
      #expect(measure.width(of: Character(text)) == 1)
    }
    // The terminal profile keeps them: terminals newer than glibc draw them.
    #expect(CellMeasure(profile: .terminal).width(of: "\u{1FA77}") == 2)
  }
}

/// Whether glibc 2.36's `wcwidth` rejects `scalar` (returns -1), by the tmux table.
private func glibcRejects(_ scalar: Unicode.Scalar) -> Bool {
  let value = scalar.value
  guard value >= 0xA0 else { return false }
  return WidthTables.tmuxRunWidths[WidthTables.runIndex(WidthTables.tmuxRunStarts, value)] == 255
}
