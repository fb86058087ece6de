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
    draw(offset: offset, width: width, markingItems: markingItems, into: &builder)
    return builder.frame()
  }

  /// Draws the window of `window(offset:width:markingItems:)` into `output`.
  func draw<Output: WindowOutput>(
    offset: Int, width: Int, markingItems: Bool, into builder: inout Output
  ) {
    guard width > 0 else { return }
    guard cellCount > 0 else {
      if markingItems { builder.mark(item: nil) }
      builder.appendBlank(width)
      return
    }
    let start = ((offset % cellCount) + cellCount) % cellCount
    var position = locate(cell: start)
    var run = runByte.lastIndex(notAbove: position.byte)
    var runEnd = end(ofRun: run)
    builder.setStyle(runStyle[run], of: styles)
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
        builder.setStyle(runStyle[0], of: styles)
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
        builder.setStyle(runStyle[run], of: styles)
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
    let lead = bytes[byte]
    guard lead >= 0x80 else { return false }
    // U+00A0–U+02FF (Latin-1 to the spacing modifiers, `·` among them) never do, under
    // any measure (a test holds the rules to that): no decoding for the usual separator.
    if (0xC3...0xCB).contains(lead) || (lead == 0xC2 && bytes[byte + 1] >= 0xA0) { return false }
    var iterator = bytes[byte...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
    return ClusterRules.joinsWhatPrecedes(scalar, measure)
  }
}

/// Where a window's cells go: a frame being built (`FrameBuilder`), or the text alone
/// (`FrameText`).
protocol WindowOutput {
  /// What follows is in style `index` of `styles`.
  mutating func setStyle(_ index: UInt32, of styles: StyleTable)
  /// Appends bytes in the style set last.
  mutating func append(_ bytes: ArraySlice<UInt8>)
  /// Appends spaces in the style set last.
  mutating func appendSpaces(_ count: Int)
  /// Appends `count` spaces in the plain style: the window of an empty strip.
  mutating func appendBlank(_ count: Int)
  /// What follows belongs to `item` (`nil`: to no item).
  mutating func mark(item: Int?)
}

extension FrameBuilder: WindowOutput {
  @inline(__always)
  mutating func setStyle(_ index: UInt32, of styles: StyleTable) { setStyle(styles[index]) }

  mutating func appendBlank(_ count: Int) { appendSpaces(count, style: .plain) }
}

/// The text of a frame, drawn into storage that lasts from frame to frame, so that a
/// stream writing the text alone draws each frame without allocating.
package struct FrameText: Equatable, WindowOutput {
  /// The frame's text: exactly what `Frame.text` holds.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  mutating func reset() { bytes.removeAll(keepingCapacity: true) }

  @inline(__always)
  mutating func setStyle(_ index: UInt32, of styles: StyleTable) {}

  @inline(__always)
  mutating func append(_ bytes: ArraySlice<UInt8>) { self.bytes.append(contentsOf: bytes) }

  mutating func appendSpaces(_ count: Int) {
    bytes.append(contentsOf: repeatElement(0x20, count: count))
  }

  mutating func appendBlank(_ count: Int) { appendSpaces(count) }

  @inline(__always)
  mutating func mark(item: Int?) {}

  /// Appends `text`'s bytes.
  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
}
