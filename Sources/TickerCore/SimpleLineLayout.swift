// A line read by `SimpleLine.read` into the strip: its stretches a record or a copy at
// a time, and its pieces for the general way between them the usual fast way
// (`Strip.appendRun`), which takes a base and its marks whole.

extension StripBuilder {
  /// Appends `input`, one unstyled item's UTF-8, exactly as `appendPlain(utf8:)` lays
  /// it out the usual fast way (`FastPathTests` hold the two alike): read in one pass
  /// by `SimpleLine.read`, or the usual fast way when its first cluster is a simple
  /// scalar that might join the separator before it, and from where the reading gave
  /// up.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  mutating func appendSimpleLine(
    _ input: UnsafeBufferPointer<UInt8>, line: inout SimpleLine, decoded: inout [UInt8],
    scalars: inout ScalarTable
  ) {
    line.read(input, scalars: &scalars, measure: strip.measure)
    // The first cluster of an item is checked against the one before it (the
    // separator's last): `layOut` takes a simple scalar there the general way unless
    // it surely needs no space.
    let first = line.stretches > 0 ? line.stretchInfo[0] : 0
    let firstIsSimple =
      first != 0 && first != SimpleLine.general
      || first == 0 && line.stretches > 0 && line.text[0] == Strip.replacementByte
    if firstIsSimple && !strip.simpleScalarKeepsApart(&scalars) {
      line.stretches = 0
      line.rest = 0
    }
    let rest = line.rest
    if rest < input.count {
      Sanitizer.repairUTF8(UnsafeBufferPointer(rebasing: input[rest...]), into: &decoded)
    }
    appendItem { strip in
      let style = strip.plainStyleIndex()
      if line.stretches > 0 {
        strip.holdsReplacementBytes = strip.holdsReplacementBytes || line.replaced
        strip.appendStretches(of: line, style: style, scalars: &scalars)
        strip.checksJoin = line.removedAtEnd
      }
      if rest < input.count {
        decoded.withUnsafeBufferPointer {
          strip.appendRun($0, styleIndex: style, scalars: &scalars)
        }
      }
    }
  }
}

extension Strip {
  /// Appends `line`'s stretches and pieces: the stretches between two pieces as a
  /// group (`appendGroup`), a piece as `appendRun` lays it out (sanitised already, it
  /// stays the same).
  ///
  /// - Complexity: O(stretches + checkpoints) besides copying the bytes and laying
  ///   out the pieces for the general way.
  fileprivate mutating func appendStretches(
    of line: SimpleLine, style: UInt32, scalars: inout ScalarTable
  ) {
    line.text.withUnsafeBufferPointer { text in
      line.stretchInfo.withUnsafeBufferPointer { infos in
        line.stretchClusters.withUnsafeBufferPointer { clusters in
          var index = 0
          var read = 0
          while index < line.stretches {
            if infos[index] == SimpleLine.general {
              if clusters[index] & 1 != 0 { checksJoin = true }
              let end = read + clusters[index] >> 1
              appendRun(
                UnsafeBufferPointer(rebasing: text[read..<end]), styleIndex: style,
                scalars: &scalars)
              read = end
              index += 1
              continue
            }
            // The stretches up to the next piece: their bytes, and room for their
            // records (a stretch of n clusters takes at most 2 + n / 64, one for each
            // checkpoint it meets).
            var end = index
            var bytes = 0
            var room = 0
            repeat {
              let count = clusters[end]
              let info = infos[end]
              bytes += info == 0 ? count : Int(info & 7) * count
              if info != 0 { room += min(count, 2 + count >> 6) }
              end += 1
            } while end < line.stretches && infos[end] != SimpleLine.general
            openRun(style)
            appendGroup(
              UnsafeBufferPointer(rebasing: text[read..<read + bytes]),
              infos: UnsafeBufferPointer(rebasing: infos[index..<end]),
              clusters: UnsafeBufferPointer(rebasing: clusters[index..<end]), room: room)
            read += bytes
            index = end
          }
        }
      }
    }
  }

  /// Appends a group of stretches, `text` their bytes, in the run opened last: the
  /// bytes in one copy, then a stretch at a time, the checkpoints that fall in each
  /// and a record for each stretch of special clusters between them, as
  /// `appendClusters` would. The records go in as one block of `room`, written
  /// through pointers and cut to those written (`RecordBlock`), unless the group's
  /// offsets pass a multiple of 2^32.
  ///
  /// - Complexity: O(stretches + checkpoints) besides copying the bytes.
  private mutating func appendGroup(
    _ text: UnsafeBufferPointer<UInt8>, infos: UnsafeBufferPointer<UInt8>,
    clusters: UnsafeBufferPointer<Int>, room: Int
  ) {
    let base = bytes.count
    bytes.append(contentsOf: text)
    if !itemShowsSomething {
      itemShowsSomething = Self.shows(text, infos: infos, clusters: clusters)
    }
    guard room > 0 else {
      countOneByteClusters(text.count, from: base, special: specialInfo.count)
      return
    }
    // A few records cost less one by one than taking the lists out and back.
    guard room > Self.fewClusters else {
      appendGroupOneByOne(infos: infos, clusters: clusters, base: base)
      return
    }
    let inOneBlock = appendRecordBlock(room: room, base: base, limit: text.count) {
      strip, block in
      strip.layOutGroup(infos: infos, clusters: clusters, base: base, into: block)
    }
    if !inOneBlock { appendGroupOneByOne(infos: infos, clusters: clusters, base: base) }
  }

  /// Whether any cluster of a group shows something: a stretch of specials that do,
  /// or a byte of its ASCII that is not a space.
  ///
  /// - Complexity: O(stretches + bytes) up to the first that shows something.
  private static func shows(
    _ text: UnsafeBufferPointer<UInt8>, infos: UnsafeBufferPointer<UInt8>,
    clusters: UnsafeBufferPointer<Int>
  ) -> Bool {
    var offset = 0
    for index in 0..<infos.count {
      let info = infos[index]
      let count = clusters[index]
      if info & SimpleLine.visible != 0 { return true }
      if info == 0 {
        for byte in text[offset..<offset + count] where byte != 0x20 { return true }
        offset += count
      } else {
        offset += Int(info & 7) * count
      }
    }
    return false
  }

  /// The loop of `appendGroup`: the records into `block`, the checkpoints and counts
  /// into the strip. The counts are kept in locals and stored once: written through
  /// the block's pointers, the strip's fields were loaded and stored again at every
  /// record.
  ///
  /// - Returns: How many records were written.
  @inline(__always)
  private mutating func layOutGroup(
    infos: UnsafeBufferPointer<UInt8>, clusters: UnsafeBufferPointer<Int>, base: Int,
    into block: RecordBlock
  ) -> Int {
    let stride = Strip.checkpointStride
    let lowBase = UInt32(truncatingIfNeeded: base)
    var byte = base
    var record = 0
    var (clusterCount, cellCount, lastStart) = (self.clusterCount, self.cellCount, 0)
    defer {
      (self.clusterCount, self.cellCount, lastClusterStart) = (clusterCount, cellCount, lastStart)
    }
    for index in 0..<infos.count {
      var count = clusters[index]
      let info = infos[index] & ~SimpleLine.visible
      if info == 0 {
        // One-byte clusters: the checkpoints that fall among them.
        var cluster = (clusterCount &+ stride &- 1) & ~(stride &- 1)
        while cluster < clusterCount &+ count {
          let step = cluster &- clusterCount
          addCheckpoint(byte: byte &+ step, cell: cellCount &+ step, special: block.first &+ record)
          cluster &+= stride
        }
        byte &+= count
        lastStart = byte &- 1
        clusterCount &+= count
        cellCount &+= count
        continue
      }
      // Special clusters of one size: a record up to each checkpoint.
      let (length, width) = (Int(info & 15), Int(info >> 4))
      while count > 0 {
        let sinceCheckpoint = clusterCount & (stride &- 1)
        if sinceCheckpoint == 0 {
          addCheckpoint(byte: byte, cell: cellCount, special: block.first &+ record)
        }
        let taken = min(count, stride &- sinceCheckpoint)
        block.lows[record] = lowBase &+ UInt32(truncatingIfNeeded: byte &- base)
        block.info[record] = info
        block.repeats[record] = UInt8(truncatingIfNeeded: taken)
        record &+= 1
        byte &+= length &* taken
        lastStart = byte &- length
        clusterCount &+= taken
        cellCount &+= width &* taken
        count &-= taken
      }
    }
    return record
  }

  /// `appendGroup` a record at a time, for a group of `fewClusters` records or fewer
  /// and for the rare group whose byte offsets pass a multiple of 2^32; the bytes are
  /// in place already, from `base`.
  private mutating func appendGroupOneByOne(
    infos: UnsafeBufferPointer<UInt8>, clusters: UnsafeBufferPointer<Int>, base: Int
  ) {
    let stride = Strip.checkpointStride
    var byte = base
    for index in 0..<infos.count {
      var count = clusters[index]
      let info = infos[index] & ~SimpleLine.visible
      if info == 0 {
        countOneByteClusters(count, from: byte, special: specialInfo.count)
        byte += count
        continue
      }
      let (length, width) = (Int(info & 15), Int(info >> 4))
      while count > 0 {
        let sinceCheckpoint = clusterCount & (stride - 1)
        if sinceCheckpoint == 0 {
          addCheckpoint(byte: byte, cell: cellCount, special: specialInfo.count)
        }
        let taken = min(count, stride - sinceCheckpoint)
        if taken > 1 {
          fillRepeats()
          specialRepeat.append(UInt8(truncatingIfNeeded: taken))
        }
        specialByte.append(byte)
        specialInfo.append(info)
        byte += length * taken
        lastClusterStart = byte - length
        clusterCount += taken
        cellCount += width * taken
        count -= taken
      }
    }
  }
}
