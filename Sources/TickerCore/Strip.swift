/// The items of a ticker laid end to end as one circular row of cells.
///
/// Each item is followed by the separator; the seam from the last item back to the
/// first is just another separator. Blank items (see `StyledText.isBlank`) are
/// skipped, and so are clusters that occupy no cell or have no base (they could only
/// merge with whatever a window edge puts beside them). Where text meets text it was
/// not broken into clusters with (items, separators, the two sides of something the
/// sanitiser or the strip removed), a space keeps apart clusters that would join; so
/// it does wherever the measure's tmux release would draw a cluster into the one
/// before it (tmux 3.6: a flag after a flag).
/// After this O(total text) preparation, any window of the strip is found in
/// O(log *n*) and drawn in O(width).
///
/// The layout is compact, about one byte per cluster besides the text: each cluster's
/// width and length packed in a byte, and every 64th cluster's byte and cell offsets
/// as checkpoints to search.
public struct Strip: Sendable {
  /// The UTF-8 bytes of every cluster, in strip order.
  var bytes: [UInt8] = []
  /// Each cluster's width (high nibble) and byte length (low nibble); 0 when either
  /// does not fit in a nibble, and the cluster is then in `longClusters`.
  var clusterInfo: [UInt8] = []
  /// Clusters too wide or too long for `clusterInfo`, by cluster index.
  var longClusters: [(cluster: Int, length: Int, width: Int)] = []
  /// The byte and cell offsets of clusters 0, 64, 128, …
  var checkpointByte: [Int] = []
  var checkpointCell: [Int] = []
  /// The first cluster of each style run, and its style as an index into `styles`.
  var runCluster: [UInt32] = []
  var runStyle: [UInt32] = []
  var styles = StyleTable()
  /// The cell at which each shown item starts; one extra entry is the strip's width.
  var itemCell: [Int] = []
  /// The index, among the items given, of each shown item.
  var itemSource: [UInt32] = []
  /// The strip's width in cells, `L`, seam included.
  public internal(set) var cellCount = 0
  /// How many cells the separator takes.
  public internal(set) var separatorCellCount = 0
  /// A space added at the seam because the last and first clusters would join.
  var seamSpacerCount = 0
  /// Set when the next cluster appended begins an item or a separator, or follows
  /// something removed, to check that it does not join the cluster before it.
  var checksJoin = false
  /// Whether the item being appended has shown anything but space yet.
  var itemShowsSomething = false

  /// The measure the strip was laid out with.
  public let measure: CellMeasure

  static let checkpointStride = 64

  /// Lays out `items` with `separator` after each, under `measure`.
  ///
  /// - Complexity: O(total length of the text).
  public init(items: [StyledText], separator: StyledText, measure: CellMeasure = CellMeasure()) {
    var builder = StripBuilder(separator: separator, measure: measure)
    for item in items { builder.append(item) }
    self = builder.build()
  }

  init(measure: CellMeasure) { self.measure = measure }

  /// The width of the items joined by the separator, without the seam.
  public var contentCellCount: Int {
    itemCount == 0 ? 0 : cellCount - separatorCellCount - seamSpacerCount
  }

  /// How many items are shown: those that are not blank.
  public var itemCount: Int { itemSource.count }

  /// How many grapheme clusters the strip holds.
  public var clusterCount: Int { clusterInfo.count }

  /// Whether the strip shows nothing at all.
  public var isEmpty: Bool { cellCount == 0 }

  /// The cell at which shown item `index` starts (`itemCount` gives the strip's width).
  public func itemStartCell(_ index: Int) -> Int { itemCell[index] }

  /// The index, among the items given, of the item whose segment (the item and the
  /// separator after it) holds `cell`.
  ///
  /// - Complexity: O(log *n*).
  public func item(atCell cell: Int) -> Int? {
    guard !itemSource.isEmpty else { return nil }
    return Int(itemSource[lastIndex(upTo: itemSource.count) { itemCell[$0] <= cell }])
  }

  /// The byte length and width of cluster `index`.
  @inline(__always)
  func info(_ index: Int) -> (length: Int, width: Int) {
    let packed = clusterInfo[index]
    if packed != 0 { return (Int(packed & 15), Int(packed >> 4)) }
    let long = longClusters[
      lastIndex(upTo: longClusters.count) { longClusters[$0].cluster <= index }]
    return (long.length, long.width)
  }

  /// The cluster that holds `cell`, with its byte and cell offsets.
  ///
  /// - Complexity: O(log *n*): a binary search of the checkpoints, then at most 64 steps.
  func locate(cell: Int) -> (cluster: Int, byte: Int, cell: Int) {
    let checkpoint = lastIndex(upTo: checkpointCell.count) { checkpointCell[$0] <= cell }
    var cluster = checkpoint * Strip.checkpointStride
    var byte = checkpointByte[checkpoint]
    var start = checkpointCell[checkpoint]
    while true {
      let (length, width) = info(cluster)
      if start + width > cell || cluster + 1 == clusterCount { return (cluster, byte, start) }
      start += width
      byte += length
      cluster += 1
    }
  }

  // MARK: Windows

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
  /// - Complexity: O(`width` + log *n*).
  public func window(offset: Int, width: Int, markingItems: Bool = false) -> Frame {
    var builder = FrameBuilder()
    guard width > 0 else { return builder.frame() }
    guard cellCount > 0 else {
      if markingItems { builder.mark(item: nil) }
      builder.appendSpaces(width, style: .plain)
      return builder.frame()
    }
    let start = ((offset % cellCount) + cellCount) % cellCount
    var (cluster, byte, clusterStart) = locate(cell: start)
    var run = lastIndex(upTo: runCluster.count) { Int(runCluster[$0]) <= cluster }
    // With items marked: the shown item being drawn, and the strip cell being drawn.
    var shown = markingItems ? lastIndex(upTo: itemSource.count) { itemCell[$0] <= start } : 0
    var cell = clusterStart
    if markingItems { builder.mark(item: itemSource.isEmpty ? nil : Int(itemSource[shown])) }
    var column = 0
    if clusterStart < start || joinsWhatPrecedes(clusterAt: byte) {
      let (length, cells) = info(cluster)
      let visible = min(clusterStart + cells - start, width)
      builder.appendSpaces(visible, style: styles[runStyle[run]])
      column = visible
      cluster += 1
      byte += length
      cell += cells
    }
    while column < width {
      if cluster == clusterCount {
        cluster = 0
        byte = 0
        run = 0
        cell = 0
      }
      if markingItems, !itemSource.isEmpty {
        if cell == 0 && shown != 0 {
          shown = 0
          builder.mark(item: Int(itemSource[0]))
        }
        while shown + 1 < itemSource.count && itemCell[shown + 1] <= cell {
          shown += 1
          builder.mark(item: Int(itemSource[shown]))
        }
      }
      while run + 1 < runCluster.count && Int(runCluster[run + 1]) <= cluster { run += 1 }
      let style = styles[runStyle[run]]
      let (length, cells) = info(cluster)
      if column + cells > width {
        builder.appendSpaces(width - column, style: style)
        break
      }
      if length == 1 {
        builder.append(byte: bytes[byte], style: style)
      } else {
        builder.append(bytes[byte..<(byte + length)], style: style)
      }
      column += cells
      cluster += 1
      byte += length
      cell += cells
    }
    return builder.frame()
  }

  /// Whether the cluster whose text starts at `byte` could join what precedes it.
  private func joinsWhatPrecedes(clusterAt byte: Int) -> Bool {
    guard bytes[byte] >= 0x80 else { return false }
    var iterator = bytes[byte...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
    return ClusterRules.joinsWhatPrecedes(scalar, measure)
  }

  /// The clusters of the strip with their widths and styles, in order; for tests and
  /// tools that need the whole layout.
  ///
  /// - Complexity: O(total length of the text).
  package var clusters: [(text: String, width: Int, style: Style)] {
    var result: [(text: String, width: Int, style: Style)] = []
    var run = 0
    var byte = 0
    for index in 0..<clusterCount {
      while run + 1 < runCluster.count && Int(runCluster[run + 1]) <= index { run += 1 }
      let (length, width) = info(index)
      let text = String(decoding: bytes[byte..<(byte + length)], as: UTF8.self)
      result.append((text, width, styles[runStyle[run]]))
      byte += length
    }
    return result
  }
}

/// The distinct styles of a strip, each stored once and found by its hash, so a line
/// of thousands of differently coloured runs costs no more per run than one of two.
struct StyleTable: Sendable {
  private var styles: [Style] = []
  private var indices: [Style: UInt32] = [:]
  /// How many styles have been hashed or compared to find others (for tests of the
  /// bound: one per lookup).
  private(set) var probes = 0

  /// The style at `index`.
  @inline(__always)
  subscript(index: UInt32) -> Style { styles[Int(index)] }

  /// The index of `style`, added if it is new.
  ///
  /// - Complexity: O(1) on average.
  mutating func index(of style: Style) -> UInt32 {
    probes += 1
    if let index = indices[style] { return index }
    let index = UInt32(styles.count)
    styles.append(style)
    indices[style] = index
    return index
  }

  /// Forgets the lookup table once the strip is built; the styles stay.
  mutating func finish() { indices = [:] }
}
