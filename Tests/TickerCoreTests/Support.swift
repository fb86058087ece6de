import TickerCore

/// A small, seeded random number generator, so failures can be replayed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Pieces that random items are made of: ASCII, CJK, combining marks, emoji
/// (ZWJ, skin tones, VS16) and flags.
let itemPieces: [String] = [
  "a", "b", "Q", "z", "0", "7", " ", "-", "+", "%", ".", "AAPL", "price",
  "日", "本", "語", "한", "글", "ｶ", "Ａ",
  "e\u{301}", "n\u{303}", "a\u{308}\u{304}",
  "😀", "👍🏽", "👨‍👩‍👧", "👩🏽‍💻", "❤️", "☺", "🏳️‍🌈", "1️⃣",
  "🇯🇵", "🇺🇸", "±", "→", "é",
  // Clusters longer than 15 bytes, and (under tmux) wider than 15 cells.
  "z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}",
  "\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}\u{1100}",
]

func randomItem(_ rng: inout SplitMix64, maxPieces: Int = 6) -> String {
  var text = ""
  let count = Int.random(in: 1...maxPieces, using: &rng)
  for _ in 0..<count { text += itemPieces.randomElement(using: &rng)! }
  return text
}

/// The reference model of a strip: every cell, built the slow and obvious way.
///
/// It knows the rules that matter for `itemPieces`: blank items are skipped, and a
/// window does not start with a cluster whose first scalar has no width of its own.
/// (The pieces never need a space to keep neighbours apart.)
struct ReferenceStrip {
  /// Each shown cluster with its width, in strip order.
  var clusters: [(text: String, width: Int)] = []
  let measure: CellMeasure

  init(items: [String], separator: String, measure: CellMeasure) {
    func units(_ text: String) -> [(String, Int)] {
      var result: [(String, Int)] = []
      for cluster in Sanitizer.clean(text) {
        measure.forEachUnit(of: cluster) { unit, width in
          if width > 0 { result.append((String(unit), width)) }
        }
      }
      return result
    }
    self.measure = measure
    let separatorUnits = units(separator)
    for item in items {
      let itemUnits = units(item)
      let isBlank = itemUnits.allSatisfy { unit in
        unit.0.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
      }
      if isBlank { continue }
      clusters += itemUnits.map { (text: $0.0, width: $0.1) }
      clusters += separatorUnits.map { (text: $0.0, width: $0.1) }
    }
  }

  var length: Int { clusters.reduce(0) { $0 + $1.width } }

  /// Repeats the strip often enough, lays every cluster out cell by cell and slices.
  func window(offset: Int, width: Int) -> String {
    let length = self.length
    guard width > 0 else { return "" }
    guard length > 0 else { return String(repeating: " ", count: width) }
    let start = ((offset % length) + length) % length
    // cells[i] = (cluster index in the repeated strip, cell within the cluster)
    var cells: [(cluster: Int, part: Int)] = []
    var repeated: [(text: String, width: Int)] = []
    while cells.count < start + width + 2 {
      for cluster in clusters {
        for part in 0..<cluster.width { cells.append((repeated.count, part)) }
        repeated.append(cluster)
      }
    }
    var text = ""
    var index = start
    while index < start + width {
      let cell = cells[index]
      let cluster = repeated[cell.cluster]
      let joinsBefore =
        index == start
        && measure.width(of: Character(cluster.text.unicodeScalars.first!)) == 0
      let fitsLeft = cell.part == 0 && !joinsBefore
      let fitsRight = index + cluster.width <= start + width
      if fitsLeft && fitsRight {
        text += cluster.text
        index += cluster.width
      } else {
        text += " "
        index += 1
      }
    }
    return text
  }
}

/// The width of `text` under `measure`, cluster by cluster.
func cellWidth(_ text: String, _ measure: CellMeasure) -> Int {
  var total = 0
  for cluster in text { measure.forEachUnit(of: cluster) { _, width in total += width } }
  return total
}
