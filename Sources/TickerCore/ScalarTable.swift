/// What laying out one-run text needs to know about a non-ASCII scalar, found once per
/// scalar and kept: whether it is a simple scalar (see `ScalarTable.classify`), and
/// then its width and whether it shows something; or whether the sanitiser removes it.
///
/// A table belongs to one builder, whose measure never changes.
struct ScalarTable: Sendable {
  /// A simple scalar: a cluster of its own between simple scalars and ASCII.
  static let simple: UInt8 = 0x80
  /// A simple scalar that shows something (`ClusterRules.isVisible`).
  static let visible: UInt8 = 0x40
  /// A scalar the sanitiser removes (a Prepend scalar).
  static let removed: UInt8 = 0x20
  /// The cells of a simple scalar, 1 to 15.
  static let widthMask: UInt8 = 0x0F

  /// Set in a page of `bmp` once a scalar is classified.
  private static let known: UInt8 = 0x10
  /// The information of each scalar of the Basic Multilingual Plane, with `known`; 0
  /// until classified: in pages of 256 scalars, each made (zeroed) at the first look-up
  /// of one of its scalars. `bmpPages[value >> 8]` is the page's place in `bmp` plus
  /// one, or 0 while it has none. A flat table of the whole plane cost a one-shot 64
  /// KiB of zeroing (65,552 instructions, a tenth of a 50-quote one-shot's) for the
  /// three quote marks; text uses few pages.
  private var bmp: [UInt8] = []
  private var bmpPages: [UInt16] = []
  /// Above it, direct-mapped by a hash: the scalar's value above its information; 0
  /// for an empty slot.
  private var entries: [UInt64] = []
  private static let slotBits: UInt32 = 12
  /// Whether text takes the fast way at all (the general way alone is the reference
  /// the fast way is tested against).
  var isEnabled = true
  /// Scratch of `appendRun` (PlainFastPath.swift): what it found of each scalar of the
  /// run it lays out (`ScalarCode`), and where the scalar starts; kept from one run to
  /// the next, since a run is usually a short line and growing new arrays for each
  /// would cost more than the line.
  var codes: [UInt8] = []
  var starts: [Int] = []
  /// The general way's text, kept the same way.
  var general: [UInt8] = []

  init() {}

  /// What is known of `value` (U+00A0 or above, not U+2028 or U+2029) under `measure`.
  ///
  /// - Complexity: O(1) for a scalar seen before, barring a collision.
  @inline(__always)
  mutating func info(of value: UInt32, under measure: CellMeasure) -> UInt8 {
    if value < 0x10000 {
      let index = bmpIndex(of: value)
      let found = bmp[index]
      if found != 0 { return found & ~Self.known }
      let info = Self.classify(value, under: measure)
      bmp[index] = info | Self.known
      return info
    }
    if entries.isEmpty { entries = Array(repeating: 0, count: 1 << Self.slotBits) }
    let slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B1) >> (32 - Self.slotBits))
    let entry = entries[slot]
    if entry >> 8 == UInt64(value) { return UInt8(truncatingIfNeeded: entry) }
    let info = Self.classify(value, under: measure)
    entries[slot] = UInt64(value) << 8 | UInt64(info)
    return info
  }

  /// The place of BMP scalar `value` in `bmp`, its page made first if it has none.
  @inline(__always)
  private mutating func bmpIndex(of value: UInt32) -> Int {
    if bmpPages.isEmpty { bmpPages = Array(repeating: 0, count: 0x100) }
    let page = Int(value >> 8)
    var place = Int(bmpPages[page])
    if place == 0 {
      bmp.append(contentsOf: repeatElement(0, count: 0x100))
      place = bmp.count >> 8
      bmpPages[page] = UInt16(truncatingIfNeeded: place)
    }
    return (place - 1) << 8 | Int(value & 0xFF)
  }

  /// Classifies one scalar the slow way.
  ///
  /// A simple scalar is one that no rule of grapheme breaking joins to a simple scalar
  /// or an ASCII scalar on either side (it is not a mark, a joiner, a format or
  /// control character, a regional indicator, a conjoining Hangul jamo nor a Prepend
  /// scalar, and it stands alone between ASCII letters and beside itself), that has a
  /// base, and that the measure draws as itself, in one unit of at least one cell,
  /// never into the cell before it. Such a scalar between other simple scalars or
  /// ASCII is a cluster of its own, and the strip lays it out exactly as
  /// `appendCluster(_:styleIndex:)` would, without grapheme breaking.
  static func classify(_ value: UInt32, under measure: CellMeasure) -> UInt8 {
    if ClusterRules.isPrepend(value) { return removed }
    guard value >= 0xA0, let scalar = Unicode.Scalar(value) else { return 0 }
    switch value {
    case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x1F1E6...0x1F1FF, 0x200C, 0x200D,
      0x2028, 0x2029, 0xE33, 0xEB3:
      return 0
    default: break
    }
    // Symbols, kana and ideographs join nothing (`ClusterRules.isCommonBase`).
    if !ClusterRules.isCommonBase(value) {
      let properties = scalar.properties
      if properties.isGraphemeExtend || properties.isEmojiModifier { return 0 }
      switch properties.generalCategory {
      case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .lineSeparator,
        .paragraphSeparator, .surrogate, .unassigned:
        return 0
      default: break
      }
      var probe = String.UnicodeScalarView()
      for next in ["a", scalar, "a", scalar, scalar] as [Unicode.Scalar] { probe.append(next) }
      guard String(probe).count == 5 else { return 0 }
    }
    let cluster = Character(scalar)
    guard !ClusterRules.isBaseless(cluster), !measure.mayJoinPreviousCell(cluster) else {
      return 0
    }
    var units = 0
    var width = 0
    var same = true
    measure.forEachUnit(of: cluster) { unit, cells in
      units += 1
      width = cells
      same = same && unit.utf8.elementsEqual(cluster.utf8)
    }
    guard units == 1, same, width > 0, width <= Int(widthMask) else { return 0 }
    // A symbol, kana or ideograph is neither white space nor default-ignorable: it is
    // visible when both profiles give it cells (`ClusterRules.isVisible`, which a test
    // holds this to).
    let shows =
      ClusterRules.isCommonBase(value)
      ? CellMeasure(profile: .terminal).width(of: cluster) > 0
        && CellMeasure(profile: .tmux).width(of: cluster) > 0
      : ClusterRules.isVisible(cluster)
    return simple | (shows ? visible : 0) | UInt8(width)
  }
}
