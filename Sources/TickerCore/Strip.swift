/// The items of a ticker laid end to end as one circular row of cells.
///
/// Each item is followed by the separator; the seam from the last item back to the
/// first is just another separator. Items with nothing to show are skipped, and so
/// are clusters that occupy no cell (they could only merge with whatever a window
/// edge puts beside them). After this O(total text) preparation, any window of the
/// strip is found in O(log *n*) and drawn in O(width).
public struct Strip: Sendable {
  /// The UTF-8 bytes of every cluster, in strip order.
  private var bytes: [UInt8] = []
  /// Where cluster *i* starts in `bytes`; one extra entry marks the end.
  private var clusterByte: [UInt32] = [0]
  /// The cell at which cluster *i* starts; one extra entry is the strip's width.
  private var clusterCell: [UInt32] = [0]
  /// The first cluster of each style run.
  private var runCluster: [UInt32] = []
  /// The style of each run, as an index into `styles`.
  private var runStyle: [UInt32] = []
  private var styles: [Style] = []
  /// The cell at which each shown item starts; one extra entry is the strip's width.
  private var itemCell: [UInt32] = []
  /// The index, among the items given, of each shown item.
  private var itemSource: [Int] = []
  /// How many cells the separator takes.
  public private(set) var separatorCellCount = 0

  /// The measure the strip was laid out with.
  public let measure: CellMeasure

  /// Lays out `items` with `separator` after each, under `measure`.
  ///
  /// - Complexity: O(total length of the text).
  public init(items: [StyledText], separator: StyledText, measure: CellMeasure = CellMeasure()) {
    self.measure = measure
    var separatorStrip = Strip(measure: measure)
    separatorStrip.append(separator)
    separatorCellCount = separatorStrip.cellCount
    bytes.reserveCapacity(items.count * 24)
    for (index, item) in items.enumerated() {
      let startCell = clusterCell[clusterCount]
      let before = clusterCount
      append(item)
      guard clusterCount > before else { continue }
      itemSource.append(index)
      itemCell.append(startCell)
      append(separatorStrip)
    }
    itemCell.append(clusterCell[clusterCount])
  }

  private init(measure: CellMeasure) { self.measure = measure }

  /// The strip's width in cells, `L`, seam included.
  public var cellCount: Int { Int(clusterCell[clusterCell.count - 1]) }

  /// The width of the items joined by the separator, without the seam.
  public var contentCellCount: Int { itemCount == 0 ? 0 : cellCount - separatorCellCount }

  /// How many items are shown (those with at least one cell).
  public var itemCount: Int { itemSource.count }

  /// How many grapheme clusters the strip holds.
  public var clusterCount: Int { clusterCell.count - 1 }

  /// Whether the strip shows nothing at all.
  public var isEmpty: Bool { cellCount == 0 }

  /// The cell at which shown item `index` starts.
  public func itemStartCell(_ index: Int) -> Int { Int(itemCell[index]) }

  /// The index, among the items given to `init`, of the item whose segment (the item
  /// and the separator after it) holds `cell`.
  ///
  /// - Complexity: O(log *n*).
  public func item(atCell cell: Int) -> Int? {
    guard !itemSource.isEmpty else { return nil }
    return itemSource[shownItem(atCell: cell)]
  }

  /// The index, among the shown items, of the item whose segment holds `cell`.
  func shownItem(atCell cell: Int) -> Int {
    lastIndex(in: itemCell, upTo: itemSource.count, notAbove: cell)
  }

  // MARK: Building

  private mutating func append(_ text: StyledText) {
    var cleaned: [(text: String, style: UInt32)] = []
    cleaned.reserveCapacity(text.runs.count)
    for run in text.runs { cleaned.append((Sanitizer.clean(run.text), styleIndex(run.style))) }
    // A cluster can only span two runs when the later one starts with a scalar that
    // extends the one before it, and no ASCII scalar does that.
    let runsAreSeparate = cleaned.dropFirst().allSatisfy { ($0.text.utf8.first ?? 0) < 0x80 }
    if runsAreSeparate {
      for run in cleaned { append(run.text, styleIndex: run.style) }
      return
    }
    // Clusters span runs here; each takes the style of its first scalar.
    var joined = ""
    var runEnds: [(end: Int, style: UInt32)] = []
    for run in cleaned {
      joined += run.text
      runEnds.append((joined.utf8.count, run.style))
    }
    var runIndex = 0
    var offset = 0
    for cluster in joined {
      while runIndex < runEnds.count - 1 && offset >= runEnds[runIndex].end { runIndex += 1 }
      offset += cluster.utf8.count
      appendCluster(cluster, styleIndex: runEnds[runIndex].style)
    }
  }

  private mutating func append(_ text: String, styleIndex: UInt32) {
    let utf8 = text.utf8
    var isASCII = true
    for byte in utf8 where byte >= 0x80 {
      isASCII = false
      break
    }
    if isASCII {
      // Printable ASCII: every byte is a cluster of one cell, except a CR LF pair,
      // which sanitising has already removed.
      guard !utf8.isEmpty else { return }
      openRun(styleIndex)
      var cell = clusterCell[clusterCell.count - 1]
      var byteOffset = UInt32(bytes.count)
      bytes.append(contentsOf: utf8)
      for _ in utf8 {
        byteOffset += 1
        cell += 1
        clusterByte.append(byteOffset)
        clusterCell.append(cell)
      }
      return
    }
    for cluster in text { appendCluster(cluster, styleIndex: styleIndex) }
  }

  private mutating func appendCluster(_ cluster: Character, styleIndex: UInt32) {
    measure.forEachUnit(of: cluster) { unit, width in
      guard width > 0 else { return }
      openRun(styleIndex)
      bytes.append(contentsOf: unit.utf8)
      clusterByte.append(UInt32(bytes.count))
      clusterCell.append(clusterCell[clusterCell.count - 1] + UInt32(width))
    }
  }

  /// Appends every cluster of another strip (the separator).
  private mutating func append(_ other: Strip) {
    let byteBase = UInt32(bytes.count)
    let cellBase = clusterCell[clusterCount]
    for (run, start) in other.runCluster.enumerated() {
      let style = styleIndex(other.styles[Int(other.runStyle[run])])
      if runStyle.last != style {
        runCluster.append(UInt32(clusterCount) + start)
        runStyle.append(style)
      }
    }
    bytes.append(contentsOf: other.bytes)
    for index in 1..<other.clusterByte.count {
      clusterByte.append(byteBase + other.clusterByte[index])
      clusterCell.append(cellBase + other.clusterCell[index])
    }
  }

  private mutating func openRun(_ styleIndex: UInt32) {
    if runStyle.last != styleIndex {
      runCluster.append(UInt32(clusterCount))
      runStyle.append(styleIndex)
    }
  }

  private mutating func styleIndex(_ style: Style) -> UInt32 {
    if let index = styles.firstIndex(of: style) { return UInt32(index) }
    styles.append(style)
    return UInt32(styles.count - 1)
  }

  // MARK: Windows

  /// The `width` cells of the circular strip that start at cell `offset`.
  ///
  /// A wide cluster cut by either edge shows as spaces for its visible cells, in its
  /// own style. When the strip is narrower than the window it repeats. An empty
  /// strip gives a blank window.
  ///
  /// - Complexity: O(`width` + log *n*).
  public func window(offset: Int, width: Int) -> Frame {
    var builder = FrameBuilder()
    guard width > 0 else { return builder.frame() }
    let length = cellCount
    guard length > 0 else {
      builder.appendSpaces(width, style: .plain)
      return builder.frame()
    }
    let start = ((offset % length) + length) % length
    var cluster = lastIndex(in: clusterCell, upTo: clusterCount, notAbove: start)
    var run = lastIndex(in: runCluster, upTo: runCluster.count, notAbove: cluster)
    var column = 0
    let clusterStart = Int(clusterCell[cluster])
    if clusterStart < start {
      let visible = min(Int(clusterCell[cluster + 1]) - start, width)
      builder.appendSpaces(visible, style: styles[Int(runStyle[run])])
      column = visible
      cluster += 1
    }
    while column < width {
      if cluster == clusterCount {
        cluster = 0
        run = 0
      }
      while run + 1 < runCluster.count && Int(runCluster[run + 1]) <= cluster { run += 1 }
      let style = styles[Int(runStyle[run])]
      let cells = Int(clusterCell[cluster + 1] - clusterCell[cluster])
      if column + cells > width {
        builder.appendSpaces(width - column, style: style)
        break
      }
      builder.append(
        bytes[Int(clusterByte[cluster])..<Int(clusterByte[cluster + 1])], style: style)
      column += cells
      cluster += 1
    }
    return builder.frame()
  }

  /// The clusters of the strip with their widths and styles, in order; for tests and
  /// tools that need the whole layout.
  ///
  /// - Complexity: O(total length of the text).
  public var clusters: [(text: String, width: Int, style: Style)] {
    var result: [(text: String, width: Int, style: Style)] = []
    var run = 0
    for index in 0..<clusterCount {
      while run + 1 < runCluster.count && Int(runCluster[run + 1]) <= index { run += 1 }
      let text = String(
        decoding: bytes[Int(clusterByte[index])..<Int(clusterByte[index + 1])], as: UTF8.self)
      result.append(
        (text, Int(clusterCell[index + 1] - clusterCell[index]), styles[Int(runStyle[run])]))
    }
    return result
  }
}

/// The largest index `i < count` with `array[i] <= value`, or 0 when there is none.
///
/// - Complexity: O(log `count`).
func lastIndex(in array: [UInt32], upTo count: Int, notAbove value: Int) -> Int {
  var low = 0
  var high = count
  while high - low > 1 {
    let middle = (low + high) / 2
    if Int(array[middle]) <= value { low = middle } else { high = middle }
  }
  return low
}
