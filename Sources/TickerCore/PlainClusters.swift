extension Strip {
  /// Appends clusters of one ASCII scalar or one simple scalar each (see
  /// `ScalarTable.classify`), valid UTF-8, in the run opened last: the bytes in one
  /// copy, then the specials and checkpoints, as `appendCluster(_:width:)` would
  /// record them one by one.
  ///
  /// - Parameter codes: The `ScalarCode` of each scalar, in order.
  /// - Complexity: O(number of scalars) besides copying the bytes.
  mutating func appendClusters(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>
  ) {
    let base = bytes.count
    bytes.append(contentsOf: utf8)
    var simpleCount = 0
    for code in codes { simpleCount &+= Int(code >> 7) }
    // The specials go in as one block, written through pointers: the strip's lists
    // are taken out for it and put back.
    var info: [UInt8] = []
    var lows = Offsets()
    swap(&info, &specialInfo)
    swap(&lows, &specialByte)
    let firstSpecial = info.count
    info.append(contentsOf: repeatElement(0, count: simpleCount))
    let inOneBlock = info.withUnsafeMutableBufferPointer { info in
      lows.append(count: simpleCount, base: base, limit: utf8.count) { lows in
        layOutClusters(
          utf8, codes: codes, base: base, info: info.baseAddress! + firstSpecial, lows: lows,
          firstSpecial: firstSpecial)
      }
    }
    if !inOneBlock { info.removeSubrange(firstSpecial...) }
    swap(&info, &specialInfo)
    swap(&lows, &specialByte)
    if !inOneBlock { appendClustersOneByOne(utf8, codes: codes, base: base) }
  }

  /// The loop of `appendClusters`: the specials of the run into `info` and `lows` (the
  /// run's byte offsets from `base`, given `lows` starting at `base`'s low bits), the
  /// checkpoints and counts into the strip.
  private mutating func layOutClusters(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, base: Int,
    info: UnsafeMutablePointer<UInt8>, lows: UnsafeMutablePointer<UInt32>, firstSpecial: Int
  ) {
    let stride = Strip.checkpointStride
    let count = utf8.count
    let lowBase = UInt32(truncatingIfNeeded: base)
    var offset = 0
    var scalar = 0
    var special = 0
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
      let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      let width = codes[scalar] & ScalarTable.widthMask
      scalar += 1
      if clusterCount & (stride - 1) == 0 {
        checkpointByte.append(base + offset)
        checkpointCell.append(cellCount)
        checkpointSpecial.append(firstSpecial + special)
      }
      lows[special] = lowBase &+ UInt32(truncatingIfNeeded: offset)
      info[special] = width << 4 | UInt8(length)
      special += 1
      lastClusterStart = base + offset
      clusterCount += 1
      cellCount += Int(width)
      offset += length
    }
  }

  /// `appendClusters` a special at a time, for the rare run whose byte offsets pass a
  /// multiple of 2^32; the bytes are in place already, from `base`.
  private mutating func appendClustersOneByOne(
    _ utf8: UnsafeBufferPointer<UInt8>, codes: UnsafeBufferPointer<UInt8>, base: Int
  ) {
    let stride = Strip.checkpointStride
    var offset = 0
    var scalar = 0
    while offset < utf8.count {
      let lead = utf8[offset]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      let width = lead < 0x80 ? 1 : Int(codes[scalar] & ScalarTable.widthMask)
      if clusterCount % stride == 0 {
        checkpointByte.append(base + offset)
        checkpointCell.append(cellCount)
        checkpointSpecial.append(specialInfo.count)
      }
      if lead >= 0x80 {
        specialByte.append(base + offset)
        specialInfo.append(UInt8(width) << 4 | UInt8(length))
      }
      scalar += 1
      lastClusterStart = base + offset
      clusterCount += 1
      cellCount += width
      offset += length
    }
  }
}
