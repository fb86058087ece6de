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
    var cursor = startCursor(at: start, markingItems: markingItems, into: &builder)
    var column = drawLeftEdge(&cursor, start: start, width: width, into: &builder)
    while column < width {
      if cursor.position.byte == bytes.count { wrap(&cursor, into: &builder) }
      enterItemsAndRuns(&cursor, into: &builder)
      let next = specialStart(cursor.position.special)
      if cursor.position.byte < next {
        // One-byte clusters, up to the next special, run, item or the window's end.
        let count = min(
          min(next, cursor.runEnd) - cursor.position.byte, width - column,
          cursor.nextItemCell - cursor.position.cell)
        let ones = bytes[cursor.position.byte..<(cursor.position.byte + count)]
        if holdsReplacementBytes {
          appendReplacing(ones, into: &builder)
        } else {
          builder.append(ones)
        }
        cursor.position.byte += count
        cursor.position.cell += count
        column += count
        continue
      }
      let (length, cells) = specialSize(cursor.position.special)
      if column + cells > width {
        builder.appendSpaces(width - column)
        break
      }
      builder.append(bytes[cursor.position.byte..<(cursor.position.byte + length)])
      column += cells
      advance(&cursor.position, length: length, width: cells, special: true)
    }
  }

  /// Appends one-byte clusters, each `replacementByte` as the U+FFFD it holds.
  private func appendReplacing<Output: WindowOutput>(
    _ ones: ArraySlice<UInt8>, into builder: inout Output
  ) {
    var start = ones.startIndex
    while let found = ones[start...].firstIndex(of: Strip.replacementByte) {
      builder.append(ones[start..<found])
      builder.append(Strip.replacementUTF8[...])
      start = found + 1
    }
    builder.append(ones[start...])
  }

  /// Where a window's drawing is: the position in the strip, the run there and
  /// where it ends, and, with items marked, the shown item and where the next begins.
  struct WindowCursor {
    var position: Position
    var run: Int
    var runEnd: Int
    /// Whether items are marked (and there are some).
    let marks: Bool
    var shown: Int
    var nextItemCell: Int
  }

  /// The cursor at cell `start`, its run's style and its item set in `builder`.
  @inline(__always)
  private func startCursor<Output: WindowOutput>(
    at start: Int, markingItems: Bool, into builder: inout Output
  ) -> WindowCursor {
    let position = locate(cell: start)
    let run = runByte.lastIndex(notAbove: position.byte)
    builder.setStyle(runStyle[run], of: styles)
    let marks = markingItems && itemCount > 0
    let shown = marks ? min(itemCell.lastIndex(notAbove: start), itemCount - 1) : 0
    if markingItems { builder.mark(item: itemCount == 0 ? nil : itemSource(shown)) }
    return WindowCursor(
      position: position, run: run, runEnd: end(ofRun: run), marks: marks, shown: shown,
      nextItemCell: marks ? itemStart(after: shown) : Int.max)
  }

  /// A cluster cut by the left edge, or one that could join what precedes the frame,
  /// drawn as spaces for its visible cells.
  ///
  /// - Returns: The cells drawn.
  @inline(__always)
  private func drawLeftEdge<Output: WindowOutput>(
    _ cursor: inout WindowCursor, start: Int, width: Int, into builder: inout Output
  ) -> Int {
    guard cursor.position.cell < start || joinsWhatPrecedes(clusterAt: cursor.position.byte)
    else { return 0 }
    let special = isSpecial(cursor.position)
    let (length, cells) = size(at: cursor.position)
    let visible = min(cursor.position.cell + cells - start, width)
    builder.appendSpaces(visible)
    advance(&cursor.position, length: length, width: cells, special: special)
    return visible
  }

  /// The end of the strip: on again from its start, in its first run and item.
  @inline(__always)
  private func wrap<Output: WindowOutput>(_ cursor: inout WindowCursor, into builder: inout Output)
  {
    cursor.position = Position(byte: 0, cell: 0, special: 0)
    cursor.run = 0
    cursor.runEnd = end(ofRun: 0)
    builder.setStyle(runStyle[0], of: styles)
    if cursor.marks && cursor.shown != 0 {
      cursor.shown = 0
      builder.mark(item: itemSource(0))
      cursor.nextItemCell = itemStart(after: 0)
    }
  }

  /// Marks the items and sets the styles of the runs that begin at the cursor.
  @inline(__always)
  private func enterItemsAndRuns<Output: WindowOutput>(
    _ cursor: inout WindowCursor, into builder: inout Output
  ) {
    while cursor.nextItemCell <= cursor.position.cell {
      cursor.shown += 1
      builder.mark(item: itemSource(cursor.shown))
      cursor.nextItemCell = itemStart(after: cursor.shown)
    }
    if cursor.position.byte >= cursor.runEnd {
      repeat {
        cursor.run += 1
        cursor.runEnd = end(ofRun: cursor.run)
      } while cursor.position.byte >= cursor.runEnd
      builder.setStyle(runStyle[cursor.run], of: styles)
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

  /// Holds `other`'s text in this one's storage: a copy of the bytes, where assigning
  /// would share `other`'s storage, and `other`'s next drawing would then allocate.
  package mutating func copy(_ other: FrameText) {
    reset()
    bytes.append(contentsOf: other.bytes)
  }

  @inline(__always)
  mutating func setStyle(_ index: UInt32, of styles: StyleTable) {}

  @inline(__always)
  mutating func append(_ bytes: ArraySlice<UInt8>) { self.bytes.append(contentsOf: bytes) }

  mutating func appendSpaces(_ count: Int) {
    bytes.append(repeating: 0x20, count: count)
  }

  mutating func appendBlank(_ count: Int) { appendSpaces(count) }

  @inline(__always)
  mutating func mark(item: Int?) {}

  /// Appends `text`'s bytes.
  mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
}
