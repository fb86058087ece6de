/// What one scalar of sanitised text is to the fast way, in a byte: `other` (laid out
/// the general way, with its neighbours), `removed` by the sanitiser, a `mark`, one of
/// three kinds of ASCII, or a simple scalar's `ScalarTable` information (`simple` set,
/// with its width and whether it shows something). After the second pass has looked
/// at a base and its marks, the base's code is the cluster's information.
enum ScalarCode {
  static let other: UInt8 = 0
  static let removed: UInt8 = 1
  /// A mark (`ScalarTable.mark`): with the printable ASCII or simple scalar before it
  /// and any marks after it, a cluster the fast way may take whole.
  static let mark: UInt8 = 2
  /// A break or tab, which the sanitiser makes a space.
  static let becomesSpace: UInt8 = 3
  static let space: UInt8 = 4
  /// Printable ASCII other than the space.
  static let shown: UInt8 = 5

  /// Whether `code` goes the fast way when its neighbours do: ASCII or simple.
  @inline(__always)
  static func isFast(_ code: UInt8) -> Bool { code >= becomesSpace }

  /// Whether marks after a scalar of `code` may make one cluster with it that the fast
  /// way takes: printable ASCII or simple.
  @inline(__always)
  static func takesMarks(_ code: UInt8) -> Bool { code == shown || code >= ScalarTable.simple }

  /// Whether a cluster of `code` shows something (`Strip.itemShowsSomething`).
  @inline(__always)
  static func shows(_ code: UInt8) -> Bool {
    code == shown
      || code & (ScalarTable.simple | ScalarTable.visible)
        == ScalarTable.simple | ScalarTable.visible
  }
}

extension Strip {
  /// Appends one run of text in style `styleIndex`, sanitised, exactly as
  /// `Sanitizer.forEachPiece(of:_:)` and `appendUTF8(_:styleIndex:)` would, but
  /// without grapheme breaking where it cannot matter.
  ///
  /// Two passes. The first decodes each scalar once and codes it (`ScalarCode`),
  /// sanitising on the way: breaks and tabs become spaces, CR LF is one break, and a
  /// removed scalar ends a piece (what follows is checked against what came before, as
  /// after any removal). The second lays the codes out: an ASCII or simple scalar
  /// whose neighbours in its piece are each ASCII, simple or nothing is a cluster of
  /// its own, and runs of them go in with one copy of their bytes. The rest, with the
  /// scalars on either side of it, is laid out the general way: those stretches start
  /// and end between two ASCII or simple scalars, where a cluster always ends, so they
  /// break into the same clusters as the whole piece would.
  ///
  /// - Parameter utf8: Valid UTF-8.
  /// - Complexity: O(*n*) in the length of the text, O(1) a scalar of ASCII or seen
  ///   simple scalars besides copying.
  mutating func appendRun(
    _ utf8: UnsafeBufferPointer<UInt8>, styleIndex style: UInt32, scalars: inout ScalarTable
  ) {
    var codes: [UInt8] = []
    var starts: [Int] = []
    var general: [UInt8] = []
    swap(&codes, &scalars.codes)
    swap(&starts, &scalars.starts)
    swap(&general, &scalars.general)
    defer {
      swap(&codes, &scalars.codes)
      swap(&starts, &scalars.starts)
      swap(&general, &scalars.general)
    }
    if codes.count < utf8.count {
      codes = Array(repeating: 0, count: utf8.count)
      starts = Array(repeating: 0, count: utf8.count)
    }
    let count = codes.withUnsafeMutableBufferPointer { codes in
      starts.withUnsafeMutableBufferPointer { starts in
        Self.code(utf8, into: codes, starts: starts, scalars: &scalars, measure: measure)
      }
    }
    codes.withUnsafeMutableBufferPointer { codes in
      starts.withUnsafeBufferPointer { starts in
        layOut(
          utf8, codes: UnsafeMutableBufferPointer(rebasing: codes[..<count]), starts: starts,
          general: &general, styleIndex: style, scalars: &scalars)
      }
    }
  }

  /// The first pass of `appendRun`: the code and start of each scalar of `utf8` the
  /// sanitiser keeps in place (all but an LF after a CR), in order.
  ///
  /// - Returns: How many scalars were coded.
  private static func code(
    _ utf8: UnsafeBufferPointer<UInt8>, into codes: UnsafeMutableBufferPointer<UInt8>,
    starts: UnsafeMutableBufferPointer<Int>, scalars: inout ScalarTable, measure: CellMeasure
  ) -> Int {
    let count = utf8.count
    var index = 0
    var coded = 0
    var afterCR = false
    // The last scalar above ASCII, ASCII between them or not, and its code: the next
    // is often the same (é after é in French, each U+FFFD of a run of invalid bytes,
    // a rule of ━), and a repeat costs a comparison instead of the table's look-up.
    var lastValue: UInt32 = 0
    var lastCode = ScalarCode.other
    while index < count {
      let lead = utf8[index]
      let code: UInt8
      if lead < 0x80 {
        switch lead {
        case 0x21...0x7E: code = ScalarCode.shown
        case 0x20: code = ScalarCode.space
        case 0x0A where afterCR:
          afterCR = false
          index += 1
          continue
        case 0x09...0x0D: code = ScalarCode.becomesSpace
        default: code = ScalarCode.removed
        }
        afterCR = lead == 0x0D
        starts[coded] = index
        index += 1
      } else {
        var value: UInt32
        let length: Int
        if lead < 0xE0 {
          value = UInt32(lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
          length = 2
        } else if lead < 0xF0 {
          value = UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6
          value |= UInt32(utf8[index + 2] & 0x3F)
          length = 3
        } else {
          value = UInt32(lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
          value |= UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F)
          length = 4
        }
        if value == lastValue {
          code = lastCode
        } else {
          let info = scalars.sanitisedInfo(of: value, under: measure)
          switch info {
          case _ where info & ScalarTable.simple != 0: code = info
          case ScalarCode.becomesSpace: code = ScalarCode.becomesSpace
          case ScalarTable.removed: code = ScalarCode.removed
          case ScalarTable.mark: code = ScalarCode.mark
          default: code = ScalarCode.other
          }
          lastValue = value
          lastCode = code
        }
        afterCR = false
        starts[coded] = index
        index += length
      }
      codes[coded] = code
      coded += 1
    }
    return coded
  }

  /// The second pass of `appendRun`: lays out the coded scalars of `utf8`, a cluster
  /// at a time where it can tell one: a scalar, or a printable ASCII or simple base
  /// with the marks after it.
  private mutating func layOut(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeMutableBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<Int>, general: inout [UInt8], styleIndex style: UInt32,
    scalars: inout ScalarTable
  ) {
    let count = codes.count
    let piece = CodedPiece(utf8: utf8, codes: UnsafeBufferPointer(codes), starts: starts)
    var fast = FastRun()
    var lastMarked = MarkedCluster()
    // Whether the cluster before is laid out the fast way when it may: nothing (the
    // start of a piece) counts as fast.
    var previousIsFast = true
    var index = 0
    while index < count {
      while !fast.isEmpty {
        index = fast.extend(over: piece.codes, from: index)
        // A base with marks after it the run may take too, then more plain scalars.
        guard index + 1 < count, codes[index + 1] == ScalarCode.mark,
          let end = fast.takeMarked(
            over: codes, of: piece, at: index, lastMarked: &lastMarked, scalars: &scalars,
            measure: measure)
        else { break }
        index = end
      }
      var code = codes[index]
      if code == ScalarCode.removed {
        flush(&fast, of: piece, style: style)
        flush(general: &general, style: style)
        checksJoin = true
        previousIsFast = true
        index += 1
        continue
      }
      var end = index + 1
      var next = end < count ? codes[end] : ScalarCode.removed
      if next == ScalarCode.mark && ScalarCode.takesMarks(code) {
        repeat { end += 1 } while end < count && codes[end] == ScalarCode.mark
        next = end < count ? codes[end] : ScalarCode.removed
        // Taken as one simple scalar when the measure draws it as itself; its code is
        // the cluster's from here on (`appendClusters` reads it).
        code = scalars.clusterInfo(of: piece.bytes(index..<end), under: measure)
        codes[index] = code
        if code != ScalarCode.other { fast.hasMarks = true }
      }
      let isFast = ScalarCode.isFast(code)
      defer {
        previousIsFast = isFast
        index = end
      }
      guard isFast, previousIsFast, next == ScalarCode.removed || ScalarCode.isFast(next) else {
        flush(&fast, of: piece, style: style)
        if code == ScalarCode.becomesSpace {
          general.append(0x20)
        } else {
          general.append(contentsOf: piece.bytes(index..<end))
        }
        continue
      }
      flush(general: &general, style: style)
      if code == ScalarCode.becomesSpace {
        flush(&fast, of: piece, style: style)
        checksJoin = false
        openRun(style)
        appendSpaceCluster()
        continue
      }
      if fast.isEmpty {
        if code & ScalarTable.simple != 0 && checksJoin && !simpleScalarKeepsApart(&scalars) {
          // The first cluster of a piece, after a cluster it might join: checked
          // against it the general way.
          let cluster = piece.bytes(index..<end)
          appendCluster(Character(String(decoding: cluster, as: UTF8.self)), styleIndex: style)
          continue
        }
        // Nothing is appended before the run is: it is what follows.
        fast.start = index
        checksJoin = false
      }
      fast.end = end
      if ScalarCode.shows(code) { fast.shows = true }
    }
    flush(&fast, of: piece, style: style)
    flush(general: &general, style: style)
  }

  /// Appends the clusters of `fast`, one ASCII or simple scalar each, with one copy;
  /// `fast` is then empty, at its end.
  @inline(__always)
  private mutating func flush(_ fast: inout FastRun, of piece: CodedPiece, style: UInt32) {
    guard !fast.isEmpty else { return }
    if fast.shows { itemShowsSomething = true }
    openRun(style)
    appendClusters(
      UnsafeBufferPointer(
        rebasing: piece.utf8[piece.starts[fast.start]..<piece.end(of: fast.end - 1)]),
      codes: UnsafeBufferPointer(rebasing: piece.codes[fast.start..<fast.end]),
      hasMarks: fast.hasMarks)
    fast.start = fast.end
    fast.shows = false
    fast.hasMarks = false
  }

  /// Appends the scalars gathered for the general way, and empties `general`.
  @inline(__always)
  private mutating func flush(general: inout [UInt8], style: UInt32) {
    guard !general.isEmpty else { return }
    general.withUnsafeBufferPointer { appendUTF8($0, styleIndex: style) }
    general.removeAll(keepingCapacity: true)
  }
}

extension Strip {
  /// Whether a simple scalar appended now surely needs nothing to keep it apart from
  /// the last cluster (`keepsApart` would say no): there is none, it ends in ASCII
  /// (nothing joins an ASCII scalar before it, see `ClusterRules.wouldJoin`), or it is
  /// one simple scalar (no rule joins two; `replacementByte` holds one).
  func simpleScalarKeepsApart(_ scalars: inout ScalarTable) -> Bool {
    guard clusterCount > 0, let last = bytes.last, last >= 0x80, last != Strip.replacementByte
    else { return true }
    let start = lastClusterStart
    let lead = bytes[start]
    let length = Self.scalarLength(lead)
    guard lead >= 0xC0, bytes.count - start == length else { return false }
    var value = UInt32(lead) & (0x7F >> length)
    for byte in bytes[(start + 1)...] { value = value << 6 | UInt32(byte & 0x3F) }
    return scalars.info(of: value, under: measure) & ScalarTable.simple != 0
  }
}
