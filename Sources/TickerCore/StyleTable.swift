/// The distinct styles of a strip, each stored once.
///
/// A strip has a few styles as a rule: they are found by comparing them in turn. Past
/// `linearLimit`, by their hash, so a line of thousands of differently coloured runs
/// costs no more per run than one of two.
///
/// Each style is kept packed in an `Int` (`PackedStyle`): the runtime builds the type
/// of an array of each element type the first time one is made, 6,800 instructions of
/// a one-shot for an array of `Style` (as for one of `UInt64`), none for one of `Int`,
/// which every strip has already; and comparing two words is one instruction.
struct StyleTable: Sendable {
  private var styles: [Int] = []
  private var indices: [Int: UInt32] = [:]
  /// How many styles have been hashed or compared to find others, and how many
  /// lookups that took (for tests of the bound: at most `linearLimit` probes a lookup
  /// while the table is small, one after).
  private(set) var probes = 0
  private(set) var lookups = 0
  /// The index of the plain style once the table has it: quotes open a plain run for
  /// each item, and comparing styles to find it again cost about 120 instructions.
  private(set) var plainIndex: UInt32?

  /// The most styles looked for one by one; a dictionary holds them past that.
  static let linearLimit = 4

  /// The style at `index`.
  @inline(__always)
  subscript(index: UInt32) -> Style { PackedStyle.style(styles[Int(index)]) }

  /// The index of `style`, added if it is new.
  ///
  /// - Complexity: O(1) on average.
  mutating func index(of style: Style) -> UInt32 {
    lookups += 1
    let packed = PackedStyle.word(style)
    if styles.count <= StyleTable.linearLimit {
      for index in styles.indices {
        probes += 1
        if styles[index] == packed { return UInt32(index) }
      }
    } else {
      probes += 1
      if let index = indices[packed] { return index }
    }
    let index = UInt32(styles.count)
    styles.append(packed)
    if plainIndex == nil && style.isPlain { plainIndex = index }
    if styles.count > StyleTable.linearLimit {
      if indices.isEmpty {
        for index in styles.indices { indices[styles[index]] = UInt32(index) }
      } else {
        indices[packed] = index
      }
    }
    return index
  }

  /// Forgets the lookup table once the strip is built; the styles stay.
  mutating func finish() { indices = [:] }
}

/// A style as one word, and back: each colour in 26 bits (which kind in 2, its value in
/// 24), the background's above the foreground's, the attributes above both. Two
/// styles are equal exactly when their words are.
enum PackedStyle {
  static func word(_ style: Style) -> Int {
    Int(
      truncatingIfNeeded: color(style.foreground) | color(style.background) << 26
        | UInt64(style.attributes.rawValue) << 52)
  }

  static func style(_ word: Int) -> Style {
    let word = UInt64(truncatingIfNeeded: word)
    return Style(
      foreground: color(word & 0x3FF_FFFF), background: color(word >> 26 & 0x3FF_FFFF),
      attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: word >> 52)))
  }

  private static func color(_ color: TerminalColor?) -> UInt64 {
    switch color {
    case nil: return 0
    case .named(let n): return 1 << 24 | UInt64(n)
    case .palette(let n): return 2 << 24 | UInt64(n)
    case .rgb(let r, let g, let b): return 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
    }
  }

  private static func color(_ bits: UInt64) -> TerminalColor? {
    let value = UInt8(truncatingIfNeeded: bits)
    switch bits >> 24 {
    case 1: return .named(value)
    case 2: return .palette(value)
    case 3:
      return .rgb(
        UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), value)
    default: return nil
    }
  }
}
