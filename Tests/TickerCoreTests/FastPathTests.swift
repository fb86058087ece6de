import Testing

@testable import TickerCore

/// Everything a strip holds, as plain values: two strips that agree here lay out every
/// window, item and click alike. Records of special clusters are counted out a cluster
/// each (the fast way keeps clusters of one size in one record, the general way never),
/// and so are the checkpoints' counts of them; a U+FFFD held as one byte
/// (`Strip.replacementByte`, which the fast way writes for noise) is counted as the
/// special cluster of three bytes and one cell it stands for, every offset after it
/// moved on by two.
private struct Layout: Equatable, CustomStringConvertible {
  var bytes: [UInt8]
  var specialByte: [Int]
  var specialInfo: [UInt8]
  var longSpecials: [[Int]]
  var checkpoints: [[Int]]
  var runs: [[Int]]
  var runStyles: [Style]
  var itemCells: [Int]
  var itemSources: [Int]
  var counts: [Int]

  init(_ strip: Strip) {
    // Where each of the strip's offsets is in the text with U+FFFD written out.
    var moved: [Int] = []
    bytes = []
    for byte in strip.bytes {
      moved.append(bytes.count)
      if byte == Strip.replacementByte {
        bytes += Strip.replacementUTF8
      } else {
        bytes.append(byte)
      }
    }
    moved.append(bytes.count)
    func values(_ offsets: Offsets) -> [Int] { (0..<offsets.count).map { offsets[$0] } }
    // Each special cluster's offset, packed size and, when long, its length and width.
    var specials: [(byte: Int, info: UInt8, long: [Int]?)] = []
    for record in strip.specialInfo.indices {
      let size = strip.specialSize(record)
      let long = strip.specialInfo[record] == 0 ? [size.length, size.width] : nil
      for cluster in 0..<strip.repeats(ofSpecial: record) {
        let byte = moved[strip.specialByte[record] + cluster * size.length]
        specials.append((byte, strip.specialInfo[record], long))
      }
    }
    for (offset, byte) in strip.bytes.enumerated() where byte == Strip.replacementByte {
      #expect(strip.holdsReplacementBytes)
      specials.append((moved[offset], 0x13, nil))
    }
    specials.sort { $0.byte < $1.byte }
    specialByte = specials.map(\.byte)
    specialInfo = specials.map(\.info)
    longSpecials = specials.indices.compactMap { index in
      specials[index].long.map { [index] + $0 }
    }
    let checkpointBytes = values(strip.checkpointByte).map { moved[$0] }
    checkpoints = [
      checkpointBytes, values(strip.checkpointCell),
      checkpointBytes.map { byte in specials.count { $0.byte < byte } },
    ]
    runs = [values(strip.runByte).map { moved[$0] }, strip.runStyle.map { Int($0) }]
    runStyles = strip.runStyle.map { strip.styles[$0] }
    itemCells = values(strip.itemCell)
    itemSources = (0..<strip.itemCount).map { strip.itemSource($0) }
    counts = [
      strip.itemCount, strip.clusterCount, strip.cellCount, moved[strip.lastClusterStart],
      strip.seamSpacerCount, strip.separatorCellCount,
    ]
  }

  var description: String {
    String(decoding: bytes, as: UTF8.self).unicodeScalars.map {
      $0.value < 0x80 ? String($0) : "<\(String($0.value, radix: 16))>"
    }.joined()
  }
}

/// Every measure the fast way must agree with the general way under.
private let measures: [CellMeasure] =
  [
    CellMeasure(profile: .terminal), CellMeasure(profile: .terminal, ambiguous: .wide),
    CellMeasure(profile: .konsole), CellMeasure(profile: .kitty),
    CellMeasure(profile: .alacritty),
  ] + TmuxRules.allCases.map { CellMeasure(profile: .tmux, tmux: $0) }

/// The strip of `items` (UTF-8, invalid sequences too) laid out the fast way, and the
/// general way alone.
private func bothWays(_ items: [[UInt8]], separator: StyledText, measure: CellMeasure) -> (
  fast: Layout, general: Layout
) {
  var fast = StripBuilder(separator: separator, measure: measure, fastWay: true)
  var general = StripBuilder(separator: separator, measure: measure, fastWay: false)
  for item in items {
    fast.appendPlain(utf8: item)
    general.appendPlain(utf8: item)
  }
  return (Layout(fast.build()), Layout(general.build()))
}

/// Text whose scalars are drawn from `pool`, `count` of them.
private func text(from pool: [String], count: Int, _ rng: inout SplitMix64) -> [UInt8] {
  Array((0..<count).map { _ in pool.randomElement(using: &rng)! }.joined().utf8)
}

/// The corpora: each a pool of pieces that items are made of.
private let corpora: [(name: String, pool: [String])] = {
  let latin1 = (0x80...0xFF).map { String(Unicode.Scalar(UInt8($0))) }
  let marks = (0x300...0x36F).map { String(Unicode.Scalar(UInt32($0))!) }
  let cjk = ["日", "本", "語", "中", "文", "ｶ", "Ａ", "。", "、", "ー", "あ", "ア", "𠀋", "𪚲"]
  let hangul = ["한", "글", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{D7A3}", "\u{3164}"]
  let emoji = [
    "😀", "👍🏽", "👨‍👩‍👧", "👩🏽‍💻", "❤️", "☺", "🏳️‍🌈", "1️⃣", "🇯🇵", "🇺🇸", "🇦", "\u{1F3FB}",
    "\u{200D}", "\u{FE0F}", "\u{FE0E}", "©", "®", "™", "⌚", "↔",
  ]
  let indic = ["क", "्", "ष", "ि", "ा", "ं", "\u{200C}", "ก", "\u{E33}", "\u{EB3}", "ำ", "ນ"]
  let sanitised = [
    "\t", "\r", "\n", "\r\n", "\u{B}", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    "\u{2028}", "\u{2029}", "\u{600}", "\u{110BD}", "\u{200B}", "\u{FEFF}", "\u{2060}",
    "\u{AD}",
  ]
  let ascii = ["a", "Z", "0", " ", " ", ".", "-", "#", "*"]
  let other = [
    "\u{FFFD}", "\u{E0B0}", "\u{F8FF}", "\u{10FFFD}", "\u{E0001}", "\u{E0041}", "\u{378}",
  ]
  return [
    ("latin1", latin1 + ascii), ("marks", marks + latin1 + ascii), ("cjk", cjk + ascii + marks),
    ("hangul", hangul + ascii), ("emoji", emoji + ascii + ["e", "\u{301}"]),
    ("indic", indic + ascii), ("sanitised", sanitised + latin1 + ascii + marks + emoji),
    ("everything", latin1 + marks + cjk + hangul + emoji + indic + sanitised + ascii + other),
  ]
}()

@Suite struct FastPathTests {
  /// Items made of each corpus's pieces, under every measure, with separators that
  /// join nothing and that join what is beside them.
  @Test(arguments: corpora.indices)
  func theFastWayLaysOutAsTheGeneralWay(corpus: Int) {
    var rng = SplitMix64(seed: 0xFA57 &+ UInt64(corpus))
    let pool = corpora[corpus].pool
    for measure in measures {
      for separator: StyledText in [" · ", "\u{301}|", "🇯", ""] {
        let items = (0..<40).map { _ in
          text(from: pool, count: Int.random(in: 0...12, using: &rng), &rng)
        }
        let (fast, general) = bothWays(items, separator: separator, measure: measure)
        #expect(fast == general, "\(corpora[corpus].name) \(measure) \(separator.plainText)")
      }
    }
  }

  /// Random bytes, valid UTF-8 or not, cut into lines as a file's would be.
  @Test func randomBytesLayOutAsTheGeneralWay() {
    var rng = SplitMix64(seed: 0xB17E5)
    for measure in measures {
      let items = (0..<60).map { _ in
        (0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng)
        }
      }
      let (fast, general) = bothWays(items, separator: " · ", measure: measure)
      #expect(fast == general, "\(measure)")
    }
  }

  /// Lines of printable ASCII, breaks, removed scalars, simple scalars and invalid
  /// UTF-8 (Latin-1 read as UTF-8, lone continuation bytes, sequences cut short, bytes
  /// that start nothing), which the fast way reads in one pass
  /// (`StripBuilder.appendSimpleLine`), now and then with a mark or a scalar for the
  /// general way, which the pass reads with the cluster before it and what follows up
  /// to two ASCII or simple scalars in a row into a piece for the usual fast way
  /// (or, at a second mark, the rest of the line); after separators that end in
  /// ASCII, in U+FFFD, in a mark and in a regional indicator.
  @Test func simpleLinesLayOutAsTheGeneralWay() {
    var rng = SplitMix64(seed: 0xFFFD)
    let pieces: [[UInt8]] = [
      [0xE9], [0xFF], [0x80], [0xBF], [0xC0], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0],
      [0xF4, 0x90], [0xC3], [0x61], [0x5A, 0x7A], [0x20], [0x20], [0x30, 0x2E, 0x35],
      [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0x09], [0x0D], [0x0A],
      [0x0D, 0x0A], [0x1B], [0x7F], [0xC2, 0x85], [0xC2, 0x9B], [0xE2, 0x80, 0xA8],
      [0xD8, 0x80], [0xEF, 0xBF, 0xBD], [0xE2, 0x94, 0x81], [0xEF, 0xBD, 0xB6],
    ]
    let rare: [[UInt8]] = [
      [0xCC, 0x81], [0xE2, 0x80, 0x8D], [0xEF, 0xB8, 0x8F], [0xF0, 0x9F, 0x87, 0xAF],
      [0xE0, 0xA4, 0x95], [0xCD, 0xB8], [0xE1, 0x84, 0x80],
    ]
    // A rare piece in twelve leaves long stretches for the one pass; one in three
    // puts rare pieces side by side and either side of removed scalars.
    for measure in measures {
      for rareOneIn in [12, 3] {
        for separator: StyledText in [" · ", "|\u{301}", "🇯", "", "ab\u{FFFD}"] {
          let items = (0..<40).map { _ in
            (0..<Int.random(in: 0...16, using: &rng)).flatMap { _ in
              Int.random(in: 0..<rareOneIn, using: &rng) == 0
                ? rare.randomElement(using: &rng)! : pieces.randomElement(using: &rng)!
            }
          }
          let (fast, general) = bothWays(items, separator: separator, measure: measure)
          #expect(fast == general, "\(measure) \(separator.plainText) 1/\(rareOneIn)")
        }
      }
    }
  }

  /// Every extending scalar of the lower blocks, and marks from above them, after
  /// every kind of base and before every kind of neighbour: a base and its marks are
  /// one cluster the fast way takes whole when it can, and the general way's otherwise.
  @Test func basesWithMarksLayOutAsTheGeneralWay() {
    var marks = (UInt32(0x300)..<0x3000).compactMap(Unicode.Scalar.init).filter {
      $0.properties.isGraphemeExtend
    }.map(String.init)
    marks += ["\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{1F3FB}", "\u{E0100}", "\u{3099}"]
    marks += ["\u{FF9E}", "\u{1D165}", "\u{200C}", "\u{200D}"]
    for measure in measures {
      var items: [[UInt8]] = []
      for mark in marks {
        let stacked = String(repeating: mark, count: 3)
        items.append(
          Array(
            ("a\(mark)é\(mark)\(mark)日\(mark)b \(mark)\t\(mark)😀\(mark)\u{200D}😀"
              + "क\(mark)्ष\(mark)☺\(mark)\u{1B}\(mark)x\(mark)\u{1B}y\(stacked)z"
              + "\u{FFFD}\(mark)🇯🇵\(mark)가\(mark)\u{11A8}#\(mark)").utf8))
        items.append(Array("\(mark)e\(mark)".utf8))
        // Each base the one pass joins a mark to, far enough apart that it does:
        // U+FFFD, an invalid byte and a sequence cut short (each read as U+FFFD), a
        // break; and an unassigned scalar and a mark after a removed control, which
        // it leaves to the general way.
        items.append(
          Array("abcdefgh\u{FFFD}\(mark)ijklmnop\u{378}\(mark)qrstuvwx\t\(mark)yz012345".utf8)
            + [0xFF] + Array("\(mark)abcdefgh".utf8) + [0xE2, 0x82] + Array("\(mark)abcdefgh".utf8)
            + [0x1B] + Array("\(mark)abcdefgh".utf8))
      }
      // Clusters of 15 bytes and of 16, the longest a special holds in a byte and one
      // more: seven and eight two-byte marks after an ASCII base; and the same marks
      // after a simple one.
      for count in 6...8 {
        let stack = String(repeating: "\u{301}", count: count)
        items.append(Array("e\(stack)é\(stack)日\(stack)a".utf8))
      }
      let (fast, general) = bothWays(items, separator: " ", measure: measure)
      #expect(fast == general, "\(measure)")
    }
  }

  /// Every Latin-1 scalar, and every scalar of the blocks below U+3000, alone and
  /// between letters, each an item of its own.
  @Test func everyScalarOfTheLowerBlocksLaysOutAsTheGeneralWay() {
    for measure in measures {
      var items: [[UInt8]] = []
      for value in UInt32(0x80)..<0x3000 {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let alone = String(scalar)
        items += [Array(alone.utf8), Array("a\(alone)b\(alone)\(alone)é".utf8)]
      }
      let (fast, general) = bothWays(items, separator: " ", measure: measure)
      #expect(fast == general, "\(measure)")
    }
  }

  /// One item of many scalars, long enough for checkpoints to fall among simple
  /// scalars, general stretches and removals.
  @Test func aLongItemLaysOutAsTheGeneralWay() {
    var rng = SplitMix64(seed: 0x10C)
    let pool = corpora.last!.pool
    for measure in measures {
      let item = text(from: pool, count: 3000, &rng)
      let (fast, general) = bothWays([item, item], separator: "—", measure: measure)
      #expect(fast == general, "\(measure)")
    }
  }

  /// The fast way's UTF-8 decoding repairs invalid bytes as `String(decoding:as:)`
  /// does: one U+FFFD for each maximal subpart of an ill-formed sequence.
  @Test func invalidUTF8IsRepairedAsStringsRepairIt() {
    var rng = SplitMix64(seed: 0x7E9A)
    let edges: [UInt8] =
      [0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0]
      + [0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF, 0x41]
    var decoded: [UInt8] = []
    for round in 0..<20_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
        round % 2 == 0 ? edges.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
      }
      bytes.withUnsafeBufferPointer { Sanitizer.repairUTF8($0, into: &decoded) }
      #expect(decoded == Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
      let valid = bytes.withUnsafeBufferPointer { Sanitizer.isValidUTF8($0) }
      #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }

  /// `ClusterRules.isEmojiModifier`'s range is the standard library's property, at
  /// every scalar.
  @Test func emojiModifiersAreTheFiveSkinTones() {
    let wrong = (UInt32(0)...0x10FFFF).filter { value in
      guard let scalar = Unicode.Scalar(value) else { return false }
      return ClusterRules.isEmojiModifier(value) != scalar.properties.isEmojiModifier
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(8).map { String($0, radix: 16) })")
  }

  /// Every scalar `ScalarTable.standing(of:)` takes as alone by its properties
  /// stands alone between ASCII letters and beside itself, as grapheme breaking
  /// finds it: `classify` no longer asks each. It still asks an unassigned one (a
  /// default-ignorable one is a control to Unicode's rules; Swift 6.3's tables have
  /// none that joins).
  @Test func scalarsAloneByTheirPropertiesStandAlone() {
    var alone = 0
    var wrong: [UInt32] = []
    for value in UInt32(0xA0)...0x10FFFF where !ClusterRules.isPrepend(value) {
      guard let scalar = Unicode.Scalar(value) else { continue }
      switch ScalarTable.standing(of: scalar) {
      case .alone:
        alone += 1
        if !ScalarTable.standsAlone(scalar) { wrong.append(value) }
      case .mark, .joins, .unassigned:
        break
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(8).map { String($0, radix: 16) })")
    // Most assigned scalars are: letters, symbols, ideographs, private use.
    #expect(alone > 250_000)
    // The probe itself tells: a mark, a joiner and a regional indicator do not.
    #expect(!ScalarTable.standsAlone("\u{301}") && !ScalarTable.standsAlone("\u{200D}"))
    #expect(!ScalarTable.standsAlone("\u{1F1E6}") && ScalarTable.standsAlone("\u{E9}"))
  }

  /// Symbols, kana and ideographs (`ClusterRules.isCommonBase`) are visible exactly
  /// when both profiles give them cells, as the fast way takes them.
  @Test func commonBasesAreVisibleWhenTheyHaveCells() {
    for value in UInt32(0x2000)..<0x10000 where ClusterRules.isCommonBase(value) {
      let cluster = Character(Unicode.Scalar(value)!)
      let cells =
        CellMeasure(profile: .terminal).width(of: cluster) > 0
        && CellMeasure(profile: .tmux).width(of: cluster) > 0
      #expect(ClusterRules.isVisible(cluster) == cells, "U+\(String(value, radix: 16))")
    }
  }

  /// A few clusters the fast way takes, checked against what they must be.
  @Test func simpleScalarsAreSingleClustersOfKnownWidth() {
    let strip = Strip(items: ["é日😀\u{FFFD}a"], separator: "", measure: CellMeasure())
    #expect(strip.clusters.map(\.text) == ["é", "日", "😀", "\u{FFFD}", "a"])
    #expect(strip.clusters.map(\.width) == [1, 2, 2, 1, 1])
    var table = ScalarTable()
    #expect(table.info(of: 0xE9, under: CellMeasure()) & ScalarTable.simple != 0)
    #expect(table.info(of: 0x301, under: CellMeasure()) == ScalarTable.mark)
    #expect(table.info(of: 0x94D, under: CellMeasure()) == 0, "a virama is a linker")
    let accent = Array("e\u{301}".utf8)
    let info = accent.withUnsafeBufferPointer {
      table.clusterInfo(of: $0, under: CellMeasure())
    }
    #expect(info == ScalarTable.simple | ScalarTable.visible | 1)
    #expect(table.info(of: 0x1F1EF, under: CellMeasure()) == 0)
    #expect(table.info(of: 0x600, under: CellMeasure()) == ScalarTable.removed)
  }

  /// The check that sends a line the ASCII way, against a byte at a time: every byte
  /// value at every place of lines of 0 to 19 bytes (two words and a tail), among
  /// printable neighbours, and at both ends of the printable range.
  @Test func printableASCIIIsFoundByWordsAsByBytes() {
    func naive(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }
    var lines: [[UInt8]] = [[], Array(" ~".utf8), Array("AAPL 190.5 +1.2".utf8)]
    for length in 1...19 {
      for place in 0..<length {
        for byte in UInt8.min...UInt8.max {
          var line = [UInt8](repeating: UInt8(ascii: "a") &+ UInt8(place % 26), count: length)
          line[place] = byte
          lines.append(line)
        }
      }
    }
    var mismatches: [[UInt8]] = []
    for line in lines {
      let fast = line.withUnsafeBufferPointer { StripBuilder.isPrintableASCII($0) }
      if fast != naive(line) { mismatches.append(line) }
    }
    #expect(mismatches.count == 0, "first: \(mismatches.prefix(3))")
  }

  /// The comparison that lets a base with marks reuse the code of the one before,
  /// against a byte at a time: clusters of 1 to 15 bytes, the same and differing in
  /// each byte, compared as words and, near the end of the text, a byte at a time.
  @Test func repeatedClustersAreFoundAsByBytes() {
    var mismatches: [String] = []
    for count in 1...15 {
      // Two copies of a cluster, then room to compare in words or not.
      for tail in [0, 3, 8] {
        let cluster = (0..<count).map { UInt8(0x80 + $0) }
        for differing in [-1] + Array(0..<count) {
          var other = cluster
          if differing >= 0 { other[differing] ^= 0x01 }
          let text = cluster + other + [UInt8](repeating: 0x41, count: tail)
          let same = text.withUnsafeBufferPointer {
            MarkedCluster.same($0, 0, count, count)
          }
          if same != (differing < 0) { mismatches.append("\(count) \(tail) \(differing)") }
        }
      }
    }
    #expect(mismatches.count == 0, "count, tail, byte: \(mismatches.prefix(5))")
  }
}
