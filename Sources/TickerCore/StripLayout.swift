/// How a strip's clusters, runs and items are laid out: the primitives every way of
/// appending text ends in (see `StripBuilder`), and taking a blank item out again.
extension Strip {
  /// Gives the lists the room a status line's items usually fit in (a few dozen items
  /// of a few dozen bytes), so that they do not grow from empty by doubling: a
  /// one-shot of 50 quotes reallocated them 70 times.
  mutating func reserveFirstCapacity() {
    let text = 4096
    bytes.reserveCapacity(text)
    checkpointByte.reserveCapacity(text / Strip.checkpointStride)
    checkpointCell.reserveCapacity(text / Strip.checkpointStride)
    checkpointSpecial.reserveCapacity(text / Strip.checkpointStride)
    specialByte.reserveCapacity(256)
    specialInfo.reserveCapacity(256)
    runByte.reserveCapacity(256)
    runStyle.reserveCapacity(256)
    itemCell.reserveCapacity(128)
  }

  /// Appends clusters of one byte and one cell each (printable ASCII), in the run
  /// opened last.
  ///
  /// - Complexity: O(1) besides copying the bytes: checkpoints fall at known places.
  mutating func appendOneByteClusters(_ ascii: UnsafeBufferPointer<UInt8>) {
    guard !ascii.isEmpty else { return }
    let byte = bytes.count
    bytes.append(contentsOf: ascii)
    countOneByteClusters(ascii.count, from: byte, special: specialInfo.count)
  }

  /// Counts `count` clusters of one byte and one cell each whose bytes are in place
  /// from `byte`, `special` records before them: the checkpoints that fall among them
  /// and the strip's counts.
  ///
  /// - Complexity: O(1 + checkpoints): they fall at known places.
  @inline(__always)
  mutating func countOneByteClusters(_ count: Int, from byte: Int, special: Int) {
    let stride = Strip.checkpointStride
    var cluster = (clusterCount + stride - 1) / stride * stride
    while cluster < clusterCount + count {
      let step = cluster - clusterCount
      addCheckpoint(byte: byte + step, cell: cellCount + step, special: special)
      cluster += stride
    }
    lastClusterStart = byte + count - 1
    clusterCount += count
    cellCount += count
  }

  /// Records a checkpoint: the byte, cell and record counts before a cluster whose
  /// index is a multiple of `checkpointStride`.
  @inline(__always)
  mutating func addCheckpoint(byte: Int, cell: Int, special: Int) {
    checkpointByte.append(byte)
    checkpointCell.append(cell)
    checkpointSpecial.append(special)
  }

  /// Appends one cluster of `width` cells, in the run opened last (a special one in a
  /// record of its own).
  mutating func appendCluster(_ utf8: UnsafeRawBufferPointer, width: Int) {
    if utf8.count == 1 && width == 1 {
      appendOneByteClusters(utf8.assumingMemoryBound(to: UInt8.self))
      return
    }
    if clusterCount % Strip.checkpointStride == 0 {
      addCheckpoint(byte: bytes.count, cell: cellCount, special: specialInfo.count)
    }
    specialByte.append(bytes.count)
    if utf8.count < 16 && width < 16 {
      specialInfo.append(UInt8(width << 4 | utf8.count))
    } else {
      longSpecials.append(special: specialInfo.count, length: utf8.count, width: width)
      specialInfo.append(0)
    }
    lastClusterStart = bytes.count
    if utf8.count <= 4 {
      // A scalar's bytes one at a time: appending a buffer costs about 150
      // instructions whatever its length (a quote's mark, at every quote).
      for byte in utf8 { bytes.append(byte) }
    } else {
      bytes.append(contentsOf: utf8)
    }
    clusterCount += 1
    cellCount += width
  }

  /// Appends every cluster of another strip (the separator), whose run `i` is in style
  /// `styleIndices[i]` of this strip's table (see `styleIndices(of:)`).
  ///
  /// - Complexity: O(length of `other`): its text in one copy, its specials and runs
  ///   shifted, the checkpoints that fall inside it looked up there.
  mutating func append(_ other: Strip, styleIndices: [UInt32]) {
    if checksJoin, other.clusterCount > 0, clusterCount > 0, other.bytes[0] >= 0x80,
      let first = other.clusterText(0).first, keepsApart(lastClusterText, first)
    {
      appendSpacer()
    }
    checksJoin = false
    guard other.clusterCount > 0 else { return }
    let base = Position(byte: bytes.count, cell: cellCount, special: specialInfo.count)
    for run in 0..<other.runStyle.count where runStyle.last != styleIndices[run] {
      runByte.append(base.byte + other.runByte[run])
      runStyle.append(styleIndices[run])
    }
    let stride = Strip.checkpointStride
    var cluster = (clusterCount + stride - 1) / stride * stride
    while cluster < clusterCount + other.clusterCount {
      let position = other.position(ofCluster: cluster - clusterCount)
      addCheckpoint(
        byte: base.byte + position.byte, cell: base.cell + position.cell,
        special: base.special + position.special)
      cluster += stride
    }
    if !other.specialRepeat.isEmpty {
      fillRepeats()
      specialRepeat.append(contentsOf: other.specialRepeat)
    }
    for special in 0..<other.specialInfo.count {
      specialByte.append(base.byte + other.specialByte[special])
      specialInfo.append(other.specialInfo[special])
      if other.specialInfo[special] == 0 {
        let (length, width) = other.specialSize(special)
        longSpecials.append(special: base.special + special, length: length, width: width)
      }
    }
    bytes.append(contentsOf: other.bytes)
    holdsReplacementBytes = holdsReplacementBytes || other.holdsReplacementBytes
    lastClusterStart = base.byte + other.lastClusterStart
    clusterCount += other.clusterCount
    cellCount += other.cellCount
  }

  /// The index in this strip's table of the style of each of `other`'s runs, added
  /// where new.
  mutating func styleIndices(of other: Strip) -> [UInt32] {
    (0..<other.runStyle.count).map { styles.index(of: other.styles[other.runStyle[$0]]) }
  }

  /// Whether the last cluster is one ASCII byte. Nothing that starts with an ASCII
  /// scalar joins it (`keepsApart` says no for them).
  var lastClusterIsASCII: Bool {
    bytes.count - lastClusterStart == 1 && bytes[lastClusterStart] < 0x80
  }

  /// Whether the first cluster is one ASCII byte.
  var firstClusterIsASCII: Bool {
    !bytes.isEmpty && bytes[0] < 0x80 && specialStart(0) != 0
  }

  /// Records a shown item: item `index` among those given, starting at `cell`.
  mutating func addItem(given index: Int, startingAt cell: Int) {
    if !itemSource.isEmpty || index != itemCount {
      if itemSource.isEmpty {
        // The first item skipped: from here on each shown item says which it is.
        itemSource.reserveCapacity(itemCount + 1)
        for shown in 0..<itemCount { itemSource.append(UInt32(truncatingIfNeeded: shown)) }
      }
      itemSource.append(UInt32(truncatingIfNeeded: index))
    }
    itemCell.append(cell)
    itemCount += 1
  }

  /// Whether `next` must be kept apart from `previous` by a space: the two would join
  /// into one grapheme cluster, or the tmux release or the terminal the measure follows
  /// would draw `next` into `previous`'s last cell (see
  /// `CellMeasure.joinsPreviousCell(_:_:)`).
  ///
  /// A cluster that starts with an ASCII scalar never needs it: grapheme breaking
  /// joins an ASCII scalar to nothing before it but a CR (which sanitised text has
  /// not), and no tmux or terminal puts one into the cell before it.
  func keepsApart(_ previous: String, _ next: Character) -> Bool {
    if let first = next.utf8.first, first < 0x80 { return false }
    return ClusterRules.wouldJoin(previous, next) || measure.joinsPreviousCell(previous, next)
  }

  /// Where the strip stands, to take a blank item out again.
  struct Mark {
    var bytes, clusters, specials, longSpecials, checkpoints, runs, cells, lastCluster: Int
  }

  func mark() -> Mark {
    Mark(
      bytes: bytes.count, clusters: clusterCount, specials: specialInfo.count,
      longSpecials: longSpecials.count, checkpoints: checkpointByte.count,
      runs: runStyle.count, cells: cellCount, lastCluster: lastClusterStart)
  }

  /// Takes out everything appended since `mark`.
  mutating func rewind(to mark: Mark) {
    bytes.removeSubrange(mark.bytes...)
    clusterCount = mark.clusters
    specialByte.truncate(to: mark.specials)
    specialInfo.removeSubrange(mark.specials...)
    specialRepeat.removeSubrange(min(mark.specials, specialRepeat.count)...)
    longSpecials.truncate(to: mark.longSpecials)
    checkpointByte.truncate(to: mark.checkpoints)
    checkpointCell.truncate(to: mark.checkpoints)
    checkpointSpecial.truncate(to: mark.checkpoints)
    runByte.truncate(to: mark.runs)
    runStyle.removeSubrange(mark.runs...)
    cellCount = mark.cells
    lastClusterStart = mark.lastCluster
  }

  /// Appends a plain space, to keep two clusters that would join apart.
  mutating func appendSpacer() {
    openRun(styleIndex(.plain))
    appendSpaceCluster()
  }

  /// Appends a space cluster in the run opened last.
  mutating func appendSpaceCluster() {
    var space: UInt8 = 0x20
    withUnsafePointer(to: &space) {
      appendOneByteClusters(UnsafeBufferPointer(start: $0, count: 1))
    }
  }

  mutating func openRun(_ styleIndex: UInt32) {
    if runStyle.last != styleIndex {
      runByte.append(bytes.count)
      runStyle.append(styleIndex)
    }
  }

  mutating func styleIndex(_ style: Style) -> UInt32 {
    if let last = runStyle.last, styles[last] == style { return last }
    return styles.index(of: style)
  }

  /// `styleIndex(.plain)`, without comparing styles once the table has the plain one.
  mutating func plainStyleIndex() -> UInt32 { styles.plainIndex ?? styles.index(of: .plain) }
}
