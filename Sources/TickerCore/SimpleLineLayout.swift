// A line read by `SimpleLine.read` into the strip: its stretches a record or a copy at
// a time, and the rest of the line, from where the reading stopped, the usual fast
// way (`Strip.appendRun`).

extension StripBuilder {
  /// Appends `input`, one unstyled item's UTF-8, exactly as `appendPlain(utf8:)` lays
  /// it out the usual fast way (`FastPathTests` hold the two alike): as much of it as
  /// `SimpleLine.read` takes in one pass, the rest the usual fast way.
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
    if line.stretches > 0 && line.stretchInfo[0] != 0 && !strip.simpleScalarKeepsApart(&scalars) {
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
        if line.shows { strip.itemShowsSomething = true }
        strip.openRun(style)
        strip.appendStretches(of: line)
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
  /// Appends `line`'s clusters in the run opened last: its bytes in one copy, then a
  /// stretch at a time, the checkpoints that fall in each and a record for each
  /// stretch of special clusters between them, as `appendClusters` would.
  ///
  /// - Complexity: O(stretches + checkpoints) besides copying the bytes.
  fileprivate mutating func appendStretches(of line: SimpleLine) {
    let stride = Strip.checkpointStride
    var byte = bytes.count
    line.text.withUnsafeBufferPointer {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<line.bytes]))
    }
    for index in 0..<line.stretches {
      let info = line.stretchInfo[index]
      var clusters = line.stretchClusters[index]
      if info == 0 {
        countOneByteClusters(clusters, from: byte, special: specialInfo.count)
        byte += clusters
        continue
      }
      // Special clusters of one size: a record up to each checkpoint.
      let (length, width) = (Int(info & 15), Int(info >> 4))
      while clusters > 0 {
        let sinceCheckpoint = clusterCount & (stride - 1)
        if sinceCheckpoint == 0 {
          addCheckpoint(byte: byte, cell: cellCount, special: specialInfo.count)
        }
        let taken = min(clusters, stride - sinceCheckpoint)
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
        clusters -= taken
      }
    }
  }
}
