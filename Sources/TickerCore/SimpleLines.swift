// Reading a line whose clusters are mostly one scalar each: printable ASCII, a break
// made a space, or a simple scalar (`ScalarTable.classify`), U+FFFD for each invalid
// sequence among them: Latin-1 text read as UTF-8, binary noise, CJK, text with
// accents but no combining marks. No rule joins two such scalars, so the line is read
// into its text and stretches of clusters of one size in one pass, with no pass to
// repair it, none to code its scalars and none to find its clusters
// (SimpleLineLayout.swift lays the stretches out). A mark after such a cluster, far
// from the last, is joined to it in the pass when the two are a simple cluster
// (SimpleLineMarkedClusters.swift). Where a scalar needs more (any other mark, one
// laid out the general way), the cluster before it, it and what follows up to
// where two such scalars meet again are read into pieces for the general way, and the
// one pass goes on from there: a mark in every line of noise costs a few scalars the
// general way, not the rest of the line. Where U+FFFD is one cell, printable ASCII,
// breaks, removed controls and invalid bytes (each a U+FFFD, held as one byte,
// `Strip.replacementByte`) are all clusters of one byte or none, read in a loop
// without branches: noise, which mixes them at random, is read as fast as the
// processor goes, not at the speed of its wrong guesses.

/// A line read by `SimpleLine.read`: its text as the strip takes it, and its clusters
/// as stretches of one size each (printable ASCII, or one special size and width) and
/// pieces of sanitised text for the general way. The buffers are reused from line to
/// line, and only grow.
struct SimpleLine {
  /// The stretch information of a piece for the general way: no special's size
  /// (a simple scalar has at most four bytes).
  static let general: UInt8 = 0xFF
  /// Set in a stretch's information when its clusters show something: above the
  /// length of any scalar.
  static let visible: UInt8 = 0x08

  var text: [UInt8] = []
  /// Each stretch's clusters' packed width and length as `Strip.specialInfo` has it,
  /// with `visible`; 0 for one-byte clusters; `general` for a piece for the general
  /// way.
  var stretchInfo: [UInt8] = []
  /// Each stretch's clusters; for a piece for the general way, its bytes of `text`
  /// times two, plus one when scalars were removed before it (what follows is checked
  /// against what came before, as after any removal).
  var stretchClusters: [Int] = []
  /// How many of `text` and of the stretches the last line read took.
  var bytes = 0
  var stretches = 0
  /// Whether scalars were removed after the last cluster or piece read.
  var removedAtEnd = false
  /// Where the rest of the line starts in the input, for the usual fast way, when
  /// the reading gave it up for text of many marks; the input's end otherwise.
  var rest = 0
  /// Whether `text` holds `Strip.replacementByte`.
  var replaced = false

  /// The stretch information of clusters of `length` bytes of a simple scalar (or
  /// one drawn as U+FFFD) whose `ScalarTable` information is `info`.
  @inline(__always)
  static func simpleSize(of info: UInt8, length: Int) -> UInt8 {
    // `ScalarTable.visible` (0x40) moved down to `visible` (0x08).
    (info & ScalarTable.widthMask) << 4 | (info & ScalarTable.visible) >> 3
      | UInt8(truncatingIfNeeded: length)
  }

  /// Reads `input` (UTF-8, invalid sequences too) sanitised and repaired as
  /// `Sanitizer.repairUTF8` and `Strip.appendRun`'s first pass do it.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  mutating func read(
    _ input: UnsafeBufferPointer<UInt8>, scalars: inout ScalarTable, measure: CellMeasure
  ) {
    let count = input.count
    if text.count < 3 * count { text = Array(repeating: 0, count: 3 * count) }
    if stretchInfo.count < count {
      stretchInfo = Array(repeating: 0, count: count)
      stretchClusters = Array(repeating: 0, count: count)
    }
    let replacement = scalars.info(of: 0xFFFD, under: measure)
    var reading = SimpleLineReading(rest: count)
    text.withUnsafeMutableBufferPointer { text in
      stretchInfo.withUnsafeMutableBufferPointer { infos in
        stretchClusters.withUnsafeMutableBufferPointer { clusters in
          SimpleLineReading.OneByteKind.table.withUnsafeBufferPointer { kinds in
            reading = SimpleLineReading.read(
              input, into: text, infos: infos, clusters: clusters, kinds: kinds,
              replacement: replacement, scalars: &scalars, measure: measure)
          }
        }
      }
    }
    bytes = reading.written
    stretches = reading.stretches
    removedAtEnd = reading.removed
    rest = reading.rest
    replaced = reading.replaced
  }
}

/// What `SimpleLine.read` found.
struct SimpleLineReading {
  var written = 0
  var stretches = 0
  var removed = false
  var rest: Int
  /// Whether any cluster was written as `Strip.replacementByte`.
  var replaced = false

  /// `SimpleLine.read`'s loop, its state in local variables, which stay in registers:
  /// as a struct's fields, each was loaded and stored at every byte (91 instructions a
  /// U+FFFD against 56, before the loop for a stretch of them).
  static func read(
    _ input: UnsafeBufferPointer<UInt8>, into text: UnsafeMutableBufferPointer<UInt8>,
    infos: UnsafeMutableBufferPointer<UInt8>, clusters: UnsafeMutableBufferPointer<Int>,
    kinds: UnsafeBufferPointer<UInt16>, replacement: UInt8, scalars: inout ScalarTable,
    measure: CellMeasure
  ) -> SimpleLineReading {
    let count = input.count
    var index = 0
    var written = 0
    var stretches = SimpleLineStretches(infos: infos, clusters: clusters)
    var removed = false
    // The last cluster's start in the input and its bytes, and whether scalars were
    // removed before it: given back when the scalar after it needs more than this way.
    var last = (start: 0, bytes: 0, removed: false)
    let replacementSize =
      replacement & ScalarTable.simple != 0 ? SimpleLine.simpleSize(of: replacement, length: 3) : 0
    // U+FFFD one cell wide: the strip holds each such cluster as one byte
    // (`Strip.replacementByte`), a one-byte cluster like printable ASCII.
    let oneByte = replacementSize != 0 && replacement & ScalarTable.widthMask == 1
    var replaced = false
    // Where the last mark joined here ended.
    var joinedEnd = -joinGap
    while index < count {
      let lead = input[index]
      let start = index
      if !endsOneByteClusters(input, at: index, lone: oneByte, kinds: kinds) {
        // Printable ASCII, breaks, removed controls and (`oneByte`) bytes that are a
        // U+FFFD each, up to the lead byte of a sequence that may be valid; two
        // calls, so that each copy of the inlined loop has `lone` a constant.
        let (end, out, lone) =
          oneByte
          ? readOneByteClusters(
            input, from: index, into: text, at: written, lone: true, kinds: kinds)
          : readOneByteClusters(
            input, from: index, into: text, at: written, lone: false, kinds: kinds)
        let (lastStart, removedBefore, removedAfter) = lastOneByteCluster(
          input, from: index, to: end, removed: removed)
        if out > written {
          stretches.add(out &- written, ofSize: 0)
          last = (lastStart, 1, removedBefore)
        }
        (written, index, removed) = (out, end, removedAfter)
        replaced = replaced || lone
        continue
      }
      if lead == 0x0D {
        // CR where the loop stopped: before LF (CR LF is one break, a space, and the
        // LF no cluster) or, rarely, before a continuation byte.
        text[written] = 0x20
        stretches.add(1, ofSize: 0)
        last = (index, 1, removed)
        removed = false
        written &+= 1
        index &+= index &+ 1 < count && input[index &+ 1] == 0x0A ? 2 : 1
        continue
      }
      if (lead &- 0x80 < 0x42 || lead > 0xF4) && replacementSize != 0 {
        // Bytes that start no sequence, a U+FFFD of more than one cell each (the
        // commonest invalid bytes), in a loop that does nothing else: 15 instructions
        // a U+FFFD against 56 a scalar at a time.
        var end = index
        repeat {
          let at = written &+ 3 &* (end &- index)
          (text[at], text[at &+ 1], text[at &+ 2]) = (0xEF, 0xBF, 0xBD)
          end &+= 1
        } while end < count && (input[end] &- 0x80 < 0x42 || input[end] > 0xF4)
        stretches.add(end &- index, ofSize: replacementSize)
        last = (end &- 1, 3, end &- index > 1 ? false : removed)
        removed = false
        written &+= 3 &* (end &- index)
        index = end
        continue
      }
      // The lead byte of a sequence.
      var clusterSize: UInt8 = 0
      var length = 1
      let value = decode(input, at: &index)
      let info = Self.info(
        of: value, replacement: replacement, scalars: &scalars, measure: measure)
      if info == ScalarCode.becomesSpace {
        text[written] = 0x20
      } else if info & ScalarTable.simple != 0 {
        if oneByte && value == 0xFFFD {
          // U+FFFD of one cell, for an ill-formed sequence: one byte.
          text[written] = Strip.replacementByte
          replaced = true
        } else {
          length = write(value, from: input[start..<index], into: text, at: written)
          clusterSize = SimpleLine.simpleSize(of: info, length: length)
        }
      } else if ScalarTable.isDrawnAsReplacement(info) && replacementSize != 0 {
        // Drawn as U+FFFD, a cluster of its own here (the general way gives it
        // back with its neighbours when a mark follows); one byte when it is
        // U+FFFD's one cell.
        clusterSize = SimpleLine.simpleSize(of: info, length: 3)
        if oneByte && clusterSize == replacementSize {
          text[written] = Strip.replacementByte
          replaced = true
          clusterSize = 0
        } else {
          length = write(0xFFFD, from: input[start..<index], into: text, at: written)
        }
      } else if info == ScalarTable.removed {
        removed = true
        continue
      } else if info == ScalarTable.mark && !last.removed && !removed
        && start &- joinedEnd >= Self.joinGap,
        let (size, joined) = joinMark(
          input[start..<index], to: (last.start, last.bytes), of: input, in: text, at: written,
          scalars: &scalars, measure: measure)
      {
        // The mark and the cluster before it are one (GB9), a simple cluster: it
        // takes the last cluster's place, and no piece for the general way is needed.
        stretches.replaceLast(withOneOfSize: size)
        written &+= joined &- last.bytes
        last = (last.start, joined, false)
        joinedEnd = index
        continue
      } else {
        // A mark or a scalar for the general way: the cluster before it (which it
        // may join) is given back and read again with it for the general way.
        stretches.removeLast()
        _ = stretches.finish()
        let before = (stretches: stretches.closed, written: written &- last.bytes)
        let joined = before.stretches > 0 ? clusters[before.stretches &- 1] : 0
        written = before.written
        index = last.start
        guard
          readForTheGeneralWay(
            input, from: &index, into: text, at: &written, checks: last.removed,
            stretches: &stretches, replacement: replacement, scalars: &scalars,
            measure: measure)
        else {
          // Text of many marks (each letter with its accent): the rest of the
          // line goes the usual fast way, which takes a base and its marks whole.
          if before.stretches > 0 { clusters[before.stretches &- 1] = joined }
          return SimpleLineReading(
            written: before.written, stretches: before.stretches, removed: last.removed,
            rest: last.start, replaced: replaced)
        }
        // Where two simple or ASCII scalars met (nothing removed between), or the
        // end of the line (what the strip checks after an item does not matter).
        removed = false
        last = (index, 0, false)
        continue
      }
      // One cluster more, `length` bytes of text at `written`.
      stretches.add(1, ofSize: clusterSize)
      last = (start, length, removed)
      removed = false
      written &+= length
    }
    return SimpleLineReading(
      written: written, stretches: stretches.finish(), removed: removed, rest: count,
      replaced: replaced)
  }

  /// Decodes the scalar whose lead byte (0x80 or above) is at `index` and moves `index`
  /// past it: a valid sequence's value, or U+FFFD for the maximal subpart of an
  /// ill-formed one.
  @inline(__always)
  static func decode(_ input: UnsafeBufferPointer<UInt8>, at index: inout Int) -> UInt32 {
    let lead = input[index]
    index &+= 1
    guard let (needed, first, last) = Sanitizer.sequence(lead) else { return 0xFFFD }
    var (low, high) = (first, last)
    var decoded = UInt32(lead) & (0x3F >> UInt32(needed))
    for _ in 0..<needed {
      guard index < input.count, input[index] >= low, input[index] <= high else { return 0xFFFD }
      decoded = decoded << 6 | UInt32(input[index] & 0x3F)
      index &+= 1
      (low, high) = (0x80, 0xBF)
    }
    return decoded
  }

  /// `ScalarTable.sanitisedInfo(of:under:)` of `value` (0x80 or above), U+FFFD's,
  /// the commonest, from `replacement` without a look-up.
  @inline(__always)
  static func info(
    of value: UInt32, replacement: UInt8, scalars: inout ScalarTable, measure: CellMeasure
  ) -> UInt8 {
    value == 0xFFFD ? replacement : scalars.sanitisedInfo(of: value, under: measure)
  }

  /// Writes the UTF-8 of `value`, decoded from `bytes` (U+FFFD for an ill-formed
  /// sequence, else two to four bytes), at `written`.
  ///
  /// - Returns: How many bytes it wrote.
  @inline(__always)
  static func write(
    _ value: UInt32, from bytes: Slice<UnsafeBufferPointer<UInt8>>,
    into text: UnsafeMutableBufferPointer<UInt8>, at written: Int
  ) -> Int {
    if value == 0xFFFD {
      (text[written], text[written &+ 1], text[written &+ 2]) = (0xEF, 0xBF, 0xBD)
      return 3
    }
    let start = bytes.startIndex
    let length = bytes.count
    (text[written], text[written &+ 1]) = (bytes[start], bytes[start &+ 1])
    if length > 2 {
      text[written &+ 2] = bytes[start &+ 2]
      if length > 3 { text[written &+ 3] = bytes[start &+ 3] }
    }
    return length
  }
}
