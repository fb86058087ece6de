extension Strip {
  /// The `width` cells of the circular strip that start at cell `offset`.
  ///
  /// A wide cluster cut by either edge shows as spaces for its visible cells, in its
  /// own style, and so does a cluster at the left edge that could join what precedes
  /// the frame on a status line (one that starts with a scalar of no width of its own,
  /// or with a Hangul vowel or final). When the strip is narrower than the window it
  /// repeats. An empty strip gives a blank window.
  ///
  /// With `markingItems`, the frame also says where each item's cells begin
  /// (`Frame.items`); the separator after an item belongs to it.
  ///
  /// A stretch of one-byte clusters within one run (and one item, when marking them)
  /// is copied at once; only special clusters are looked at one by one.
  ///
  /// - Complexity: O(`width` + log *n*).
  public func window(offset: Int, width: Int, markingItems: Bool = false) -> Frame {
    var builder = FrameBuilder(capacity: width)
    guard width > 0 else { return builder.frame() }
    guard cellCount > 0 else {
      if markingItems { builder.mark(item: nil) }
      builder.appendSpaces(width, style: .plain)
      return builder.frame()
    }
    let start = ((offset % cellCount) + cellCount) % cellCount
    var position = locate(cell: start)
    var run = runByte.lastIndex(notAbove: position.byte)
    var runEnd = end(ofRun: run)
    builder.setStyle(styles[runStyle[run]])
    // With items marked: the shown item being drawn, and the cell where the next begins.
    let marks = markingItems && itemCount > 0
    var shown = marks ? min(itemCell.lastIndex(notAbove: start), itemCount - 1) : 0
    var nextItemCell = marks ? itemStart(after: shown) : Int.max
    if markingItems { builder.mark(item: itemCount == 0 ? nil : itemSource(shown)) }
    var column = 0
    if position.cell < start || joinsWhatPrecedes(clusterAt: position.byte) {
      let (length, cells) = size(at: position)
      let visible = min(position.cell + cells - start, width)
      builder.appendSpaces(visible)
      column = visible
      if position.byte == specialStart(position.special) { position.special += 1 }
      position.byte += length
      position.cell += cells
    }
    while column < width {
      if position.byte == bytes.count {
        position = Position(byte: 0, cell: 0, special: 0)
        run = 0
        runEnd = end(ofRun: 0)
        builder.setStyle(styles[runStyle[0]])
        if marks && shown != 0 {
          shown = 0
          builder.mark(item: itemSource(0))
          nextItemCell = itemStart(after: 0)
        }
      }
      while nextItemCell <= position.cell {
        shown += 1
        builder.mark(item: itemSource(shown))
        nextItemCell = itemStart(after: shown)
      }
      if position.byte >= runEnd {
        repeat {
          run += 1
          runEnd = end(ofRun: run)
        } while position.byte >= runEnd
        builder.setStyle(styles[runStyle[run]])
      }
      let next = specialStart(position.special)
      if position.byte < next {
        // One-byte clusters, up to the next special, run, item or the window's end.
        let count = min(
          min(next, runEnd) - position.byte, width - column, nextItemCell - position.cell)
        builder.append(bytes[position.byte..<(position.byte + count)])
        position.byte += count
        position.cell += count
        column += count
        continue
      }
      let (length, cells) = specialSize(position.special)
      if column + cells > width {
        builder.appendSpaces(width - column)
        break
      }
      builder.append(bytes[position.byte..<(position.byte + length)])
      column += cells
      position.byte += length
      position.cell += cells
      position.special += 1
    }
    return builder.frame()
  }

  /// The first byte after run `index`; `Int.max` for the last run.
  @inline(__always)
  private func end(ofRun index: Int) -> Int {
    index + 1 < runStyle.count ? runByte[index + 1] : .max
  }

  /// The cell where the shown item after `index` starts; `Int.max` after the last.
  @inline(__always)
  private func itemStart(after index: Int) -> Int {
    index + 1 < itemCount ? itemCell[index + 1] : .max
  }

  /// Whether the cluster whose text starts at `byte` could join what precedes it.
  private func joinsWhatPrecedes(clusterAt byte: Int) -> Bool {
    guard bytes[byte] >= 0x80 else { return false }
    var iterator = bytes[byte...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
    return ClusterRules.joinsWhatPrecedes(scalar, measure)
  }
}
