extension Strip {
  /// Appends clusters of one ASCII scalar, one simple scalar (see
  /// `ScalarTable.classify`), or a base and its marks taken as one
  /// (`ScalarTable.classifyCluster`) each, valid UTF-8, in the run opened last: the
  /// bytes in one copy, then the records and checkpoints: `appendCluster(_:width:)`'s,
  /// but with the clusters of one size one after another in one record.
  ///
  /// - Parameters:
  ///   - codes: The `ScalarCode` of each scalar, in order; a base with marks after it
  ///     has its cluster's.
  ///   - hasMarks: Whether any cluster has marks: without, a cluster is a scalar, and
  ///     the loop does not look for marks after each.
  /// - Complexity: O(number of scalars) besides copying the bytes.
  mutating func appendClusters(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, hasMarks: Bool
  ) {
    let base = bytes.count
    bytes.append(contentsOf: utf8)
    // A few clusters cost less one by one than taking the lists out and back.
    if codes.count <= Self.fewClusters {
      appendClustersOneByOne(utf8, codes: codes, base: base)
      return
    }
    var simpleCount = 0
    for code in codes { simpleCount &+= Int(code >> 7) }
    let inOneBlock = appendRecordBlock(room: simpleCount, base: base, limit: utf8.count) {
      strip, block in
      hasMarks
        ? strip.layOutClusters(utf8, codes: codes, base: base, into: block, hasMarks: true)
        : strip.layOutClusters(utf8, codes: codes, base: base, into: block, hasMarks: false)
    }
    if !inOneBlock { appendClustersOneByOne(utf8, codes: codes, base: base) }
  }

  /// Appends a block of records, room for `room` of them written through pointers by
  /// `body` (given the strip, for its counts and checkpoints), which returns how many
  /// it wrote, and cut to those: the strip's lists are taken out for it and put back. Their offsets are from `base` to `base + limit`:
  /// `false`, with nothing appended, when those pass a multiple of 2^32.
  ///
  /// - Complexity: O(`room`) besides `body`.
  mutating func appendRecordBlock(
    room: Int, base: Int, limit: Int, _ body: (inout Strip, RecordBlock) -> Int
  ) -> Bool {
    fillRepeats()
    var info: [UInt8] = []
    var repeats: [UInt8] = []
    var lows = Offsets()
    swap(&info, &specialInfo)
    swap(&repeats, &specialRepeat)
    swap(&lows, &specialByte)
    let first = info.count
    info.append(repeating: 0, count: room)
    repeats.append(repeating: 1, count: room)
    var records = 0
    let inOneBlock = info.withUnsafeMutableBufferPointer { info in
      repeats.withUnsafeMutableBufferPointer { repeats in
        lows.append(count: room, base: base, limit: limit) { lows in
          records = body(
            &self,
            RecordBlock(
              info: info.baseAddress! + first, repeats: repeats.baseAddress! + first,
              lows: lows, first: first))
        }
      }
    }
    let unused = room - (inOneBlock ? records : 0)
    if unused > 0 {
      info.removeLast(unused)
      repeats.removeLast(unused)
      if inOneBlock { lows.truncate(to: first + records) }
    }
    swap(&info, &specialInfo)
    swap(&repeats, &specialRepeat)
    swap(&lows, &specialByte)
    return inOneBlock
  }

  /// Where `appendClusters` writes its records: each one's packed size, cluster count
  /// (1 to start with) and byte offset from the text's base, given `lows` starting at
  /// the base's low bits; `first` is the index of the first among all records.
  struct RecordBlock {
    let info: UnsafeMutablePointer<UInt8>
    let repeats: UnsafeMutablePointer<UInt8>
    let lows: UnsafeMutablePointer<UInt32>
    let first: Int
  }

  /// How many scalars `appendClusters` appends one by one.
  static let fewClusters = 12

  /// The loop of `appendClusters`: the records of the run's special clusters into
  /// `block`, the checkpoints and counts into the strip: runs of one-byte clusters
  /// here, stretches of special clusters in `layOutStretch`.
  ///
  /// - Returns: How many records were written.
  @inline(__always)
  private mutating func layOutClusters(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, base: Int,
    into block: RecordBlock, hasMarks: Bool
  ) -> Int {
    let count = utf8.count
    var offset = 0
    var scalar = 0
    var special = 0
    while offset < count {
      let lead = utf8[offset]
      if lead < 0x80 {
        var end = offset + 1
        while end < count && utf8[end] < 0x80 { end += 1 }
        // The last ASCII byte is a base, not a cluster of its own, when marks follow.
        if hasMarks && end < count && codes[scalar + end - offset] == ScalarCode.mark {
          end -= 1
        }
        let ascii = end - offset
        if ascii > 0 {
          countOneByteClusters(ascii, from: base + offset, special: block.first + special)
          offset = end
          scalar += ascii
          continue
        }
      }
      offset = layOutStretch(
        utf8, from: offset, codes: codes, scalar: &scalar, base: base, into: block,
        special: &special, hasMarks: hasMarks)
    }
    return special
  }

  /// The part of `layOutClusters` for a stretch of special clusters from `offset`: a
  /// simple scalar each, or with `hasMarks` a base and its marks (an ASCII base too);
  /// up to the next ASCII byte that is a cluster of its own, the end of the text or the
  /// next checkpoint, whichever comes first, in a loop that does nothing else.
  /// Clusters of the size of the one before go into its record.
  ///
  /// Most of the cost of text that is mostly specials (U+FFFD for invalid bytes, CJK,
  /// letters with combining accents) was the general loop's decisions for each
  /// cluster, not the records written.
  ///
  /// - Parameter special: The record the stretch starts, moved past its last.
  /// - Returns: Where the stretch ends in `utf8`.
  @inline(never)
  private mutating func layOutStretch(
    _ utf8: UnsafeBufferPointer<UInt8>, from offset: Int, codes: UnsafeBufferPointer<UInt8>,
    scalar: inout Int, base: Int, into block: RecordBlock, special: inout Int, hasMarks: Bool
  ) -> Int {
    let stride = Strip.checkpointStride
    let sinceCheckpoint = clusterCount & (stride - 1)
    if sinceCheckpoint == 0 {
      addCheckpoint(byte: base + offset, cell: cellCount, special: block.first + special)
    }
    // The stretch stops before the cluster the next checkpoint is for.
    let room = stride - sinceCheckpoint
    let lowBase = UInt32(truncatingIfNeeded: base)
    var end = offset
    var start = offset
    var record = special
    var size: UInt8 = 0
    var clusters = 0
    var cells = 0
    while true {
      let lead = utf8[end]
      let width = codes[scalar] & ScalarTable.widthMask
      let length: Int
      if hasMarks {
        length = Self.clusterLength(utf8, at: end, codes: codes, scalar: &scalar)
      } else {
        length = Self.multibyteLength(lead)
        scalar &+= 1
      }
      let packed = width << 4 | UInt8(truncatingIfNeeded: length)
      if packed == size {
        block.repeats[record] &+= 1
      } else {
        if size != 0 { record &+= 1 }
        block.lows[record] = lowBase &+ UInt32(truncatingIfNeeded: end)
        block.info[record] = packed
        size = packed
      }
      start = end
      end &+= length
      cells &+= Int(width)
      clusters &+= 1
      guard clusters < room, end < utf8.count else { break }
      if utf8[end] < 0x80 {
        // An ASCII byte is a cluster of its own unless marks follow it.
        guard hasMarks, scalar &+ 1 < codes.count, codes[scalar &+ 1] == ScalarCode.mark
        else { break }
      }
    }
    lastClusterStart = base + start
    clusterCount += clusters
    cellCount += cells
    special = record &+ 1
    return end
  }

  /// The bytes of the cluster of `appendClusters`'s text that starts at `offset` with
  /// scalar `scalar`: the scalar and the marks after it; `scalar` is moved past them.
  @inline(__always)
  private static func clusterLength(
    _ utf8: UnsafeBufferPointer<UInt8>, at offset: Int, codes: UnsafeBufferPointer<UInt8>,
    scalar: inout Int
  ) -> Int {
    var length = scalarLength(utf8[offset])
    scalar += 1
    while scalar < codes.count && codes[scalar] == ScalarCode.mark {
      length += scalarLength(utf8[offset + length])
      scalar += 1
    }
    return length
  }

  /// The bytes of the scalar whose UTF-8 starts with `lead`.
  @inline(__always)
  static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The bytes of the scalar whose UTF-8 starts with `lead`, a byte above ASCII: 2
  /// below 0xE0, 3 below 0xF0, else 4; without branches. `layOutStretch`'s loop is
  /// shorter so (1 M instructions in a MiB of U+FFFD), `clusterLength` with
  /// `scalarLength`'s branches (2 M in a MiB of e + U+0301).
  @inline(__always)
  static func multibyteLength(_ lead: UInt8) -> Int {
    2 &+ (lead >= 0xE0 ? 1 : 0) &+ (lead >= 0xF0 ? 1 : 0)
  }

  /// `appendClusters` a cluster at a time, for a run of `fewClusters` scalars or fewer
  /// and for the rare run whose byte offsets pass a multiple of 2^32; the bytes are in
  /// place already, from `base`.
  private mutating func appendClustersOneByOne(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, base: Int
  ) {
    let stride = Strip.checkpointStride
    var offset = 0
    var scalar = 0
    while offset < utf8.count {
      let code = codes[scalar]
      let width = code < ScalarTable.simple ? 1 : Int(code & ScalarTable.widthMask)
      let length = Self.clusterLength(utf8, at: offset, codes: codes, scalar: &scalar)
      if clusterCount % stride == 0 {
        addCheckpoint(byte: base + offset, cell: cellCount, special: specialInfo.count)
      }
      if code >= ScalarTable.simple {
        specialByte.append(base + offset)
        specialInfo.append(UInt8(width) << 4 | UInt8(length))
      }
      lastClusterStart = base + offset
      clusterCount += 1
      cellCount += width
      offset += length
    }
  }
}
