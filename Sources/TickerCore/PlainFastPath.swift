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

  /// Set in `bmp` once a scalar is classified.
  private static let known: UInt8 = 0x10
  /// The information of each scalar of the Basic Multilingual Plane, by value, with
  /// `known`; 0 until classified. Allocated at the first look-up.
  private var bmp: [UInt8] = []
  /// Above it, direct-mapped by a hash: the scalar's value above its information; 0
  /// for an empty slot.
  private var entries: [UInt64] = []
  private static let slotBits: UInt32 = 12
  /// Whether text takes the fast way at all (the general way alone is the reference
  /// the fast way is tested against).
  var isEnabled = true

  init() {}

  /// What is known of `value` (U+00A0 or above, not U+2028 or U+2029) under `measure`.
  ///
  /// - Complexity: O(1) for a scalar seen before, barring a collision.
  @inline(__always)
  mutating func info(of value: UInt32, under measure: CellMeasure) -> UInt8 {
    if value < 0x10000 {
      if bmp.isEmpty { bmp = Array(repeating: 0, count: 0x10000) }
      let found = bmp[Int(value)]
      if found != 0 { return found & ~Self.known }
      let info = Self.classify(value, under: measure)
      bmp[Int(value)] = info | Self.known
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

// MARK: The fast way

extension Strip {
  /// What one scalar of sanitised text is to the fast way.
  private enum Kind {
    /// The start of the text or of a piece (after a removal).
    case start
    /// An ASCII scalar, or a break or tab that the sanitiser makes a space.
    case ascii
    /// A simple scalar (`ScalarTable.classify`).
    case simple
    /// Anything else: laid out the general way, with its neighbours.
    case other
  }

  /// Appends one run of text in style `styleIndex`, sanitised, exactly as
  /// `Sanitizer.forEachPiece(of:_:)` and `appendUTF8(_:styleIndex:)` would, but
  /// without grapheme breaking where it cannot matter.
  ///
  /// The text is walked a scalar at a time and sanitised on the way: a removed scalar
  /// ends a piece (what follows is checked against what came before, as after any
  /// removal), and breaks and tabs become spaces. An ASCII or simple scalar whose
  /// neighbours in its piece are each ASCII, simple or nothing is a cluster of its own;
  /// runs of ASCII go in with one copy and a simple scalar with its known width. The
  /// rest, with the scalars on either side of it, is laid out the general way: those
  /// stretches start and end between two ASCII or simple scalars, where a cluster
  /// always ends, so they break into the same clusters as the whole piece would.
  ///
  /// - Complexity: O(*n*) in the length of the text, O(1) a scalar of ASCII or seen
  ///   simple scalars besides copying.
  mutating func appendRun(
    _ utf8: UnsafeBufferPointer<UInt8>, styleIndex style: UInt32, scalars: inout ScalarTable
  ) {
    let count = utf8.count
    // The general way's text: the sanitised scalars of the stretch it lays out.
    var general: [UInt8] = []
    // A run of clusters of one ASCII or simple scalar each in `utf8`, waiting to go in
    // with one copy; the widths of its simple scalars; whether it shows something.
    var fastStart = 0
    var fastEnd = 0
    var widths: [UInt8] = []
    var fastShows = false
    var previousWasCR = false

    func flushFast() {
      guard fastEnd > fastStart else { return }
      if fastShows { itemShowsSomething = true }
      openRun(style)
      appendClusters(UnsafeBufferPointer(rebasing: utf8[fastStart..<fastEnd]), widths: widths)
      fastStart = fastEnd
      widths.removeAll(keepingCapacity: true)
      fastShows = false
    }
    func flushGeneral() {
      guard !general.isEmpty else { return }
      general.withUnsafeBufferPointer { appendUTF8($0, styleIndex: style) }
      general.removeAll(keepingCapacity: true)
    }

    // One scalar: where it is, what it is, and (for a simple one) its information.
    struct Scalar {
      var start = 0
      var end = 0
      var value: UInt32 = 0
      var kind = Kind.other
      var info: UInt8 = 0
      /// A break or tab, which the sanitiser makes a space.
      var becomesSpace = false
      /// Removed by the sanitiser.
      var removed = false
    }
    // Decodes the scalar at `start` of valid UTF-8, sanitising as `forEachPiece` does;
    // `nil` at the end. An LF after a CR is skipped: CR LF is one break.
    func scalar(at start: Int) -> Scalar? {
      var start = start
      while start < count {
        var next = Scalar()
        next.start = start
        let lead = utf8[start]
        var value = UInt32(lead)
        if lead < 0x80 {
          next.end = start + 1
        } else if lead < 0xE0 {
          value = (value & 0x1F) << 6 | UInt32(utf8[start + 1] & 0x3F)
          next.end = start + 2
        } else if lead < 0xF0 {
          value = (value & 0x0F) << 12 | UInt32(utf8[start + 1] & 0x3F) << 6
          value |= UInt32(utf8[start + 2] & 0x3F)
          next.end = start + 3
        } else {
          value = (value & 0x07) << 18 | UInt32(utf8[start + 1] & 0x3F) << 12
          value |= UInt32(utf8[start + 2] & 0x3F) << 6 | UInt32(utf8[start + 3] & 0x3F)
          next.end = start + 4
        }
        next.value = value
        let afterCR = previousWasCR
        previousWasCR = value == 0x0D
        switch value {
        case 0x0A where afterCR:
          start = next.end
          continue
        case 0x09...0x0D, 0x85, 0x2028, 0x2029:
          next.kind = .ascii
          next.becomesSpace = true
        case 0x20..<0x7F:
          next.kind = .ascii
        case 0x00...0x1F, 0x7F...0x9F:
          next.removed = true
        default:
          next.info = scalars.info(of: value, under: measure)
          if next.info & ScalarTable.removed != 0 {
            next.removed = true
          } else if next.info & ScalarTable.simple != 0 {
            next.kind = .simple
          }
        }
        return next
      }
      return nil
    }

    var previous = Kind.start
    var current = scalar(at: 0)
    while let this = current {
      let next = scalar(at: this.end)
      current = next
      if this.removed {
        flushFast()
        flushGeneral()
        checksJoin = true
        previous = .start
        continue
      }
      let following = next.map { $0.removed ? .start : $0.kind } ?? .start
      defer { previous = this.kind }
      guard this.kind != .other, previous != .other, following != .other else {
        flushFast()
        if this.becomesSpace {
          general.append(0x20)
        } else {
          general.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[this.start..<this.end]))
        }
        continue
      }
      flushGeneral()
      if this.becomesSpace {
        flushFast()
        checksJoin = false
        openRun(style)
        appendSpaceCluster()
        continue
      }
      if fastEnd == fastStart {
        if this.kind == .simple && checksJoin && !simpleScalarKeepsApart(&scalars) {
          // The first cluster of a piece, after a cluster it might join: checked
          // against it the general way.
          appendCluster(Character(Unicode.Scalar(this.value)!), styleIndex: style)
          continue
        }
        // Nothing is appended before the run is: it is what follows.
        fastStart = this.start
        checksJoin = false
      }
      fastEnd = this.end
      if this.kind == .simple {
        widths.append(this.info & ScalarTable.widthMask)
        if this.info & ScalarTable.visible != 0 { fastShows = true }
      } else if this.value != 0x20 {
        fastShows = true
      }
    }
    flushFast()
    flushGeneral()
  }
}

extension Strip {
  /// Appends clusters of one ASCII scalar or one simple scalar each (see
  /// `ScalarTable.classify`), valid UTF-8, in the run opened last: the bytes in one
  /// copy, then the specials and checkpoints, as `appendCluster(_:width:)` would
  /// record them one by one.
  ///
  /// - Parameter widths: The width of each non-ASCII scalar, in order.
  /// - Complexity: O(number of scalars) besides copying the bytes.
  mutating func appendClusters(_ utf8: UnsafeBufferPointer<UInt8>, widths: [UInt8]) {
    let base = bytes.count
    bytes.append(contentsOf: utf8)
    let stride = Strip.checkpointStride
    let count = utf8.count
    var offset = 0
    var simple = 0
    while offset < count {
      let lead = utf8[offset]
      if lead < 0x80 {
        var end = offset + 1
        while end < count && utf8[end] < 0x80 { end += 1 }
        let ascii = end - offset
        var cluster = (clusterCount + stride - 1) / stride * stride
        while cluster < clusterCount + ascii {
          let step = cluster - clusterCount
          checkpointByte.append(base + offset + step)
          checkpointCell.append(cellCount + step)
          checkpointSpecial.append(specialInfo.count)
          cluster += stride
        }
        lastClusterStart = base + end - 1
        clusterCount += ascii
        cellCount += ascii
        offset = end
        continue
      }
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      let width = widths[simple]
      simple += 1
      if clusterCount % stride == 0 {
        checkpointByte.append(base + offset)
        checkpointCell.append(cellCount)
        checkpointSpecial.append(specialInfo.count)
      }
      specialByte.append(base + offset)
      specialInfo.append(width << 4 | UInt8(length))
      lastClusterStart = base + offset
      clusterCount += 1
      cellCount += Int(width)
      offset += length
    }
  }
}

extension Strip {
  /// Whether a simple scalar appended now surely needs nothing to keep it apart from
  /// the last cluster (`keepsApart` would say no): there is none, it ends in ASCII
  /// (nothing joins an ASCII scalar before it, see `ClusterRules.wouldJoin`), or it is
  /// one simple scalar (no rule joins two).
  fileprivate func simpleScalarKeepsApart(_ scalars: inout ScalarTable) -> Bool {
    guard clusterCount > 0, let last = bytes.last, last >= 0x80 else { return true }
    let start = lastClusterStart
    let lead = bytes[start]
    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    guard lead >= 0xC0, bytes.count - start == length else { return false }
    var value = UInt32(lead) & (0x7F >> length)
    for byte in bytes[(start + 1)...] { value = value << 6 | UInt32(byte & 0x3F) }
    return scalars.info(of: value, under: measure) & ScalarTable.simple != 0
  }
}
