extension Strip {
  /// Appends clusters of one ASCII scalar, one simple scalar (see
  /// `ScalarTable.classify`), or a base and its marks taken as one
  /// (`ScalarTable.classifyCluster`) each, valid UTF-8, in the run opened last: the
  /// bytes in one copy, then the specials and checkpoints, as
  /// `appendCluster(_:width:)` would record them one by one.
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
    // The specials go in as one block, written through pointers: the strip's lists
    // are taken out for it and put back.
    var info: [UInt8] = []
    var lows = Offsets()
    swap(&info, &specialInfo)
    swap(&lows, &specialByte)
    let firstSpecial = info.count
    info.append(repeating: 0, count: simpleCount)
    let inOneBlock = info.withUnsafeMutableBufferPointer { info in
      lows.append(count: simpleCount, base: base, limit: utf8.count) { lows in
        let info = info.baseAddress! + firstSpecial
        if hasMarks {
          layOutClusters(
            utf8, codes: codes, base: base, info: info, lows: lows, firstSpecial: firstSpecial,
            hasMarks: true)
        } else {
          layOutClusters(
            utf8, codes: codes, base: base, info: info, lows: lows, firstSpecial: firstSpecial,
            hasMarks: false)
        }
      }
    }
    if !inOneBlock { info.removeSubrange(firstSpecial...) }
    swap(&info, &specialInfo)
    swap(&lows, &specialByte)
    if !inOneBlock { appendClustersOneByOne(utf8, codes: codes, base: base) }
  }

  /// How many scalars `appendClusters` appends one by one.
  static let fewClusters = 12

  /// The loop of `appendClusters`: the specials of the run into `info` and `lows` (the
  /// run's byte offsets from `base`, given `lows` starting at `base`'s low bits), the
  /// checkpoints and counts into the strip: runs of one-byte clusters here, stretches
  /// of special clusters in `layOutStretch`.
  @inline(__always)
  private mutating func layOutClusters(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, base: Int,
    info: UnsafeMutablePointer<UInt8>, lows: UnsafeMutablePointer<UInt32>, firstSpecial: Int,
    hasMarks: Bool
  ) {
    let stride = Strip.checkpointStride
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
          var cluster = (clusterCount + stride - 1) / stride * stride
          while cluster < clusterCount + ascii {
            let step = cluster - clusterCount
            checkpointByte.append(base + offset + step)
            checkpointCell.append(cellCount + step)
            checkpointSpecial.append(firstSpecial + special)
            cluster += stride
          }
          lastClusterStart = base + end - 1
          clusterCount += ascii
          cellCount += ascii
          offset = end
          scalar += ascii
          continue
        }
      }
      offset = layOutStretch(
        utf8, from: offset, codes: codes, scalar: &scalar, base: base, info: info, lows: lows,
        firstSpecial: firstSpecial, special: &special, hasMarks: hasMarks)
    }
  }

  /// The part of `layOutClusters` for a stretch of special clusters from `offset`: a
  /// simple scalar each, or with `hasMarks` a base and its marks (an ASCII base too);
  /// up to the next ASCII byte that is a cluster of its own, the end of the text or the
  /// next checkpoint, whichever comes first, in a loop that does nothing else.
  ///
  /// Most of the cost of text that is mostly specials (U+FFFD for invalid bytes, CJK,
  /// letters with combining accents) was the general loop's decisions for each
  /// cluster, not the two records written.
  ///
  /// - Returns: Where the stretch ends in `utf8`.
  @inline(never)
  private mutating func layOutStretch(
    _ utf8: UnsafeBufferPointer<UInt8>, from offset: Int, codes: UnsafeBufferPointer<UInt8>,
    scalar: inout Int, base: Int, info: UnsafeMutablePointer<UInt8>,
    lows: UnsafeMutablePointer<UInt32>, firstSpecial: Int, special: inout Int, hasMarks: Bool
  ) -> Int {
    let stride = Strip.checkpointStride
    let sinceCheckpoint = clusterCount & (stride - 1)
    if sinceCheckpoint == 0 {
      checkpointByte.append(base + offset)
      checkpointCell.append(cellCount)
      checkpointSpecial.append(firstSpecial + special)
    }
    // The stretch stops before the cluster the next checkpoint is for.
    let last = special + stride - 1 - sinceCheckpoint
    let lowBase = UInt32(truncatingIfNeeded: base)
    var end = offset
    var start = offset
    var next = special
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
      lows[next] = lowBase &+ UInt32(truncatingIfNeeded: end)
      info[next] = width << 4 | UInt8(truncatingIfNeeded: length)
      start = end
      end &+= length
      cells &+= Int(width)
      guard next < last, end < utf8.count else { break }
      if utf8[end] < 0x80 {
        // An ASCII byte is a cluster of its own unless marks follow it.
        guard hasMarks, scalar &+ 1 < codes.count, codes[scalar &+ 1] == ScalarCode.mark
        else { break }
      }
      next &+= 1
    }
    next &+= 1
    lastClusterStart = base + start
    clusterCount += next - special
    cellCount += cells
    special = next
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
        checkpointByte.append(base + offset)
        checkpointCell.append(cellCount)
        checkpointSpecial.append(specialInfo.count)
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
