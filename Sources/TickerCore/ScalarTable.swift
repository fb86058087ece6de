/// What laying out one-run text needs to know about a non-ASCII scalar, found once per
/// scalar and kept: whether it is a simple scalar (see `ScalarTable.classify`), and
/// then its width and whether it shows something; whether it is a mark that may extend
/// one; or whether the sanitiser removes it. The same for a cluster of a base and its
/// marks, found once per cluster (`clusterInfo(of:under:)`).
///
/// A table belongs to one builder, whose measure never changes.
struct ScalarTable: Sendable {
  /// A simple scalar: a cluster of its own between simple scalars and ASCII.
  static let simple: UInt8 = 0x80
  /// A simple scalar that shows something (`ClusterRules.isVisible`).
  static let visible: UInt8 = 0x40
  /// A scalar the sanitiser removes (a Prepend scalar); with a width, a scalar drawn
  /// as U+FFFD (see `isDrawnAsReplacement`).
  static let removed: UInt8 = 0x20
  /// The cells of a simple scalar, 1 to 15.
  static let widthMask: UInt8 = 0x0F
  /// The most bytes of a cluster taken as a simple scalar: what a special's size holds
  /// in `Strip.specialInfo`'s low four bits.
  static let longestCluster = 15
  /// A mark (`simple` clear): a scalar that grapheme breaking always joins to what is
  /// before it and that no rule joins anything after it to (see `classify`).
  static let mark: UInt8 = 0x01

  /// Whether `info` is of a scalar that stands alone between ASCII and simple
  /// scalars as a simple scalar does, but that the measure draws as one U+FFFD (tmux
  /// 3.3a a scalar glibc does not know): `removed` with its width, and `visible` when
  /// it shows something. `appendCluster(_:styleIndex:)` appends U+FFFD for it, and
  /// checks what follows against it, which a simple scalar or ASCII never joins. The
  /// usual fast way takes it as one for the general way; `SimpleLine.read` as U+FFFD.
  @inline(__always)
  static func isDrawnAsReplacement(_ info: UInt8) -> Bool {
    info & (simple | removed) == removed && info & widthMask != 0
  }

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
  /// Clusters of a base and marks, direct-mapped by a hash of their bytes, two words a
  /// slot: the cluster's bytes (at most `longestCluster`, in order from the low byte of the first
  /// word), then its information in the last byte; zero for an empty slot. No cluster
  /// of a base starts with a zero byte, so a slot that holds one is never all zero.
  /// 4,096 slots, 64 KiB, made at the first such cluster: 16 MiB of random bytes hold
  /// 25,000 different clusters of a base and a mark, and the one pass classified
  /// 32,500 of its 60,000 the slow way with 1,024 slots, 26,100 with 4,096.
  private var clusters: [UInt64] = []
  private static let clusterSlotBits = 12
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

  /// What the fast ways need to know of `value`, a scalar above ASCII, as the
  /// sanitiser leaves it: `ScalarCode.becomesSpace` (a value `info(of:under:)` never
  /// gives) for a break it makes a space (NEL, LS, PS), `removed` for a C1 control,
  /// else `info(of:under:)`.
  @inline(__always)
  mutating func sanitisedInfo(of value: UInt32, under measure: CellMeasure) -> UInt8 {
    switch value {
    case 0x85, 0x2028, 0x2029: return ScalarCode.becomesSpace
    case 0x80...0x9F: return Self.removed
    default: return info(of: value, under: measure)
    }
  }

  /// What is known of `cluster`, a base (printable ASCII or a simple scalar) and one
  /// or more marks, under `measure`: what `classify` says of a simple scalar, if the
  /// cluster is one, or 0.
  ///
  /// - Complexity: O(length of the cluster) for a cluster seen before, barring a
  ///   collision.
  @inline(__always)
  mutating func clusterInfo(
    of cluster: UnsafeBufferPointer<UInt8>, under measure: CellMeasure
  ) -> UInt8 {
    guard cluster.count <= Self.longestCluster else { return 0 }
    var words: (UInt64, UInt64) = (0, 0)
    for index in 0..<cluster.count {
      let byte = UInt64(cluster[index])
      if index < 8 {
        words.0 |= byte << (index << 3)
      } else {
        words.1 |= byte << ((index - 8) << 3)
      }
    }
    if clusters.isEmpty { clusters = Array(repeating: 0, count: 2 << Self.clusterSlotBits) }
    let hash = (words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15
    let slot = Int(truncatingIfNeeded: hash >> (64 - Self.clusterSlotBits)) << 1
    let known = clusters[slot + 1]
    if clusters[slot] == words.0 && known & 0x00FF_FFFF_FFFF_FFFF == words.1 {
      return UInt8(truncatingIfNeeded: known >> 56)
    }
    let info = Self.classifyCluster(cluster, under: measure)
    clusters[slot] = words.0
    clusters[slot + 1] = words.1 | UInt64(info) << 56
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
    switch standing(of: scalar) {
    case .mark: return mark
    case .joins: return 0
    case .unassigned:
      // An unassigned scalar is never simple, however the measure draws it today.
      guard standsAlone(scalar) else { return 0 }
      return drawnAsReplacement(Character(scalar), under: measure, hasBase: true)
    case .alone: break
    }
    // The scalar has a base (`ClusterRules.hasNoBase` is false): a symbol, kana or
    // ideograph, or a scalar that neither extends, nor is an emoji modifier, a spacing
    // mark, THAI SARA AM or LAO VOWEL SIGN AM (each returned above). Not asked again:
    // each property is a search of the standard library's tables.
    let cluster = Character(scalar)
    guard let width = widthDrawnAsItself(cluster, under: measure, hasBase: true) else {
      return drawnAsReplacement(cluster, under: measure, hasBase: true)
    }
    // A symbol, kana or ideograph is neither white space nor default-ignorable: it is
    // visible when both profiles give it cells (`ClusterRules.isVisible`, which a test
    // holds this to).
    let shows =
      ClusterRules.isCommonBase(value)
      ? CellMeasure(profile: .terminal).width(of: cluster) > 0
        && CellMeasure(profile: .tmux).width(of: cluster) > 0
      : ClusterRules.isVisible(cluster, hasBase: true)
    return simple | (shows ? visible : 0) | UInt8(width)
  }

  /// How grapheme breaking takes a scalar beside ASCII and beside itself, as far as
  /// its properties tell: what `classify` asks before it measures.
  enum Standing {
    /// Joined to what is before it, and joining nothing after it but another
    /// (`mark`).
    case mark
    /// Joined or joining in some other way, or a scalar with no base: never simple.
    case joins
    /// A cluster of its own between ASCII letters and beside itself, with a base.
    case alone
    /// Unassigned: alone unless grapheme breaking takes it as a control
    /// (`standsAlone` says which).
    case unassigned
  }

  /// How grapheme breaking takes `scalar` (U+00A0 or above, not a Prepend scalar),
  /// from its properties: each a search of the standard library's tables, each asked
  /// once. No property is asked of a symbol, kana or ideograph
  /// (`ClusterRules.isCommonBase`). A test holds every scalar this calls `alone` to
  /// `standsAlone`: asking that of each (a string of five scalars and its grapheme
  /// breaking) was 3,000 of a first look's 4,600 instructions.
  static func standing(of scalar: Unicode.Scalar) -> Standing {
    let value = scalar.value
    switch value {
    case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x1F1E6...0x1F1FF, 0x200C, 0x200D,
      0x2028, 0x2029, 0xE33, 0xEB3:
      return .joins
    default: break
    }
    if ClusterRules.isCommonBase(value) { return .alone }
    let properties = scalar.properties
    // Grapheme breaking joins an extending scalar to what is before it (GB9) and
    // joins nothing after it but another (GB9), a joiner (GB9), a spacing mark
    // (GB9a), or a consonant after a linker (GB9c): a virama, which joins.
    let extends = properties.isGraphemeExtend
    if extends && properties.canonicalCombiningClass != .virama { return .mark }
    if extends || ClusterRules.isEmojiModifier(value) { return .joins }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .lineSeparator,
      .paragraphSeparator, .surrogate:
      return .joins
    case .unassigned:
      // An unassigned default-ignorable scalar is a control to grapheme breaking.
      return .unassigned
    default:
      return .alone
    }
  }

  /// Whether grapheme breaking leaves `scalar` a cluster of its own between ASCII
  /// letters and beside itself: "a", it, "a", it, it are five clusters.
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
    var probe = String.UnicodeScalarView()
    for next in ["a", scalar, "a", scalar, scalar] as [Unicode.Scalar] { probe.append(next) }
    return String(probe).count == 5
  }

  /// Classifies a cluster of a base and marks the slow way: it is taken as a simple
  /// scalar would be when grapheme breaking makes it one cluster and the measure draws
  /// it as itself in one unit, never into the cell before it.
  ///
  /// The fast way asks only of a printable ASCII or simple base and marks, between
  /// ASCII or simple scalars (or other such clusters): no rule joins a base to a mark
  /// or an ASCII scalar before it, nor an ASCII or simple scalar to a mark before it
  /// (see `classify`), so the cluster stands alone there as in the general way.
  static func classifyCluster(
    _ utf8: UnsafeBufferPointer<UInt8>, under measure: CellMeasure
  ) -> UInt8 {
    let text = String(decoding: utf8, as: UTF8.self)
    // One cluster when the first is all of it: asked by its length, not by counting
    // the clusters, which broke the text into them again (680 instructions).
    guard let cluster = text.first, cluster.utf8.count == text.utf8.count,
      let width = widthDrawnAsItself(cluster, under: measure)
    else { return 0 }
    return simple | (ClusterRules.isVisible(cluster) ? visible : 0) | UInt8(width)
  }

  /// `removed` with the width and `visible` (`isDrawnAsReplacement`) when the measure
  /// draws `cluster`, one scalar that stands alone beside ASCII and simple scalars, as
  /// one U+FFFD of 1 to 15 cells, which no measure draws into the cell before it; else
  /// 0. `hasBase`: known to have a base (`ClusterRules.isBaseless` is false).
  private static func drawnAsReplacement(
    _ cluster: Character, under measure: CellMeasure, hasBase: Bool
  ) -> UInt8 {
    guard hasBase || !ClusterRules.isBaseless(cluster),
      let (unit, width) = onlyUnit(of: cluster, under: measure),
      unit == "\u{FFFD}", !measure.mayJoinPreviousCell(unit)
    else { return 0 }
    return removed | (ClusterRules.isVisible(cluster, hasBase: true) ? visible : 0) | UInt8(width)
  }

  /// The one unit the measure draws `cluster` as, and its cells, 1 to 15; `nil` when
  /// it draws more units or another width.
  private static func onlyUnit(of cluster: Character, under measure: CellMeasure)
    -> (unit: Character, width: Int)?
  {
    var units = 0
    var only: (unit: Character, width: Int) = (cluster, 0)
    measure.forEachUnit(of: cluster) { unit, cells in
      units += 1
      only = (unit, cells)
    }
    guard units == 1, only.width > 0, only.width <= Int(widthMask) else { return nil }
    return only
  }

  /// The cells of `cluster` if it has a base, the measure never draws it into the cell
  /// before it, and draws it as itself in one unit of 1 to 15 cells; else `nil`.
  /// `hasBase`: known to have a base (`ClusterRules.isBaseless` is false).
  private static func widthDrawnAsItself(
    _ cluster: Character, under measure: CellMeasure, hasBase: Bool = false
  ) -> Int? {
    guard hasBase || !ClusterRules.isBaseless(cluster), !measure.mayJoinPreviousCell(cluster),
      let (unit, width) = onlyUnit(of: cluster, under: measure),
      unit.utf8.elementsEqual(cluster.utf8)
    else { return nil }
    return width
  }
}
