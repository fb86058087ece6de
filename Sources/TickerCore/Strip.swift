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
/// The layout is compact: the text itself, and a record for each stretch of clusters
/// that are not one byte of one cell ("special": anything but printable ASCII) and
/// share one byte length and width (U+FFFD after U+FFFD, ideograph after ideograph, é
/// after é), with its offset, its packed width and length and how many clusters it
/// holds; every 64th cluster's byte, cell and record counts as checkpoints to search
/// (a record never spans one); style runs and items by their first byte and cell.
/// Offsets take four bytes each (`Offsets`). A stretch of one-byte clusters is laid
/// out and drawn as one copy. A U+FFFD of one cell may be held as one byte,
/// `replacementByte`, which no UTF-8 has: a one-byte cluster like printable ASCII, so
/// that noise (ASCII and invalid bytes at random) takes one byte each and no records.
public struct Strip: Sendable {
  /// The UTF-8 bytes of every cluster, in strip order, but for a U+FFFD of one cell
  /// held as `replacementByte`.
  var bytes: [UInt8] = []
  /// Whether `bytes` may hold `replacementByte`: only then does drawing look for it.
  var holdsReplacementBytes = false
  /// Where each record of special clusters (those that are not one byte and one cell)
  /// starts in `bytes`; every other cluster is one byte of one cell.
  var specialByte = Offsets()
  /// The width (high nibble) and byte length (low nibble) of each cluster of a record;
  /// 0 when either does not fit in a nibble, and the cluster is then in
  /// `longSpecials`.
  var specialInfo: [UInt8] = []
  /// How many clusters each record holds, one after another: at most 64, as a record
  /// ends at a checkpoint; a record past the list's end holds one. Only the fast way
  /// (`layOutStretch`) writes more than one: U+FFFD, CJK or é text takes a record for
  /// a stretch, not for each cluster (most of the memory for U+FFFD, BENCHMARKS.md),
  /// and a record of one cluster written one by one costs no entry here.
  var specialRepeat: [UInt8] = []
  /// Records whose cluster is too wide or too long for `specialInfo`, always of one
  /// cluster: their indices among the records, lengths and widths.
  var longSpecials = LongClusters()
  /// The byte, cell and record counts before clusters 0, 64, 128, …
  var checkpointByte = Offsets()
  var checkpointCell = Offsets()
  var checkpointSpecial = Offsets()
  /// The first byte of each style run, and its style as an index into `styles`.
  var runByte = Offsets()
  var runStyle: [UInt32] = []
  var styles = StyleTable()
  /// The cell at which each shown item starts; one extra entry is the strip's width.
  var itemCell = Offsets()
  /// The index, among the items given, of each shown item; empty while each item given
  /// has been shown (the index is then the shown item's own).
  var itemSource: [UInt32] = []
  /// How many items are shown: those that are not blank.
  public internal(set) var itemCount = 0
  /// The facts of the items that have some (`StripBuilder.append(_:)`); empty, and
  /// never looked at, in a strip without.
  var itemFacts = FactsTable()
  /// How many grapheme clusters the strip holds.
  public internal(set) var clusterCount = 0
  /// The first byte of the last cluster.
  var lastClusterStart = 0
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

  /// The byte that holds a U+FFFD of one cell in `bytes` (`SimpleLine.read` writes
  /// it for invalid bytes when U+FFFD is one cell): no UTF-8 has it, and
  /// `String(decoding:as:)` reads it as U+FFFD.
  static let replacementByte: UInt8 = 0xFF
  /// What `replacementByte` is drawn as.
  static let replacementUTF8: [UInt8] = [0xEF, 0xBF, 0xBD]

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

  /// Whether the strip shows nothing at all.
  public var isEmpty: Bool { cellCount == 0 }

  /// The cell at which shown item `index` starts (`itemCount` gives the strip's width).
  public func itemStartCell(_ index: Int) -> Int { itemCell[index] }

  /// The index, among the items given, of shown item `index`.
  @inline(__always)
  func itemSource(_ index: Int) -> Int { itemSource.isEmpty ? index : Int(itemSource[index]) }

  /// The index, among the items given, of the item whose segment (the item and the
  /// separator after it) holds `cell`.
  ///
  /// - Complexity: O(log *n*).
  public func item(atCell cell: Int) -> Int? {
    guard itemCount > 0 else { return nil }
    return itemSource(min(itemCell.lastIndex(notAbove: cell), itemCount - 1))
  }

  // MARK: Clusters

  /// A cluster's first byte and cell, and how many records of special clusters end
  /// before it: the cluster is in record `special` when its byte is at or past the
  /// record's start, else it is one byte of one cell.
  struct Position {
    var byte: Int
    var cell: Int
    var special: Int
  }

  /// Where record `index` starts; the end of the text for the one after the last.
  @inline(__always)
  func specialStart(_ index: Int) -> Int {
    index < specialByte.count ? specialByte[index] : bytes.count
  }

  /// The byte length and width of each cluster of record `index`.
  @inline(__always)
  func specialSize(_ index: Int) -> (length: Int, width: Int) {
    let packed = specialInfo[index]
    if packed != 0 { return (Int(packed & 15), Int(packed >> 4)) }
    return longSpecials.size(ofSpecial: index)
  }

  /// Where record `index` ends: its start and its clusters' bytes.
  @inline(__always)
  func specialEnd(_ index: Int) -> Int {
    specialStart(index) + repeats(ofSpecial: index) * specialSize(index).length
  }

  /// How many clusters record `index` holds.
  @inline(__always)
  func repeats(ofSpecial index: Int) -> Int {
    index < specialRepeat.count ? Int(specialRepeat[index]) : 1
  }

  /// Makes `specialRepeat` hold an entry for each record so far, so that the next
  /// record's entry can follow.
  mutating func fillRepeats() {
    let missing = specialInfo.count - specialRepeat.count
    if missing > 0 { specialRepeat.append(repeating: 1, count: missing) }
  }

  /// Whether the cluster at `position` is special (in record `position.special`).
  @inline(__always)
  func isSpecial(_ position: Position) -> Bool {
    position.byte >= specialStart(position.special)
  }

  /// The byte length and width of the cluster at `position`.
  @inline(__always)
  func size(at position: Position) -> (length: Int, width: Int) {
    isSpecial(position) ? specialSize(position.special) : (1, 1)
  }

  /// Moves `position` past its cluster, of `length` bytes and `width` cells, special or
  /// not (`isSpecial`): past the end of its record, on to the next.
  @inline(__always)
  func advance(_ position: inout Position, length: Int, width: Int, special: Bool) {
    position.byte += length
    position.cell += width
    if special && position.byte == specialEnd(position.special) { position.special += 1 }
  }

  /// The position of checkpoint `index` (cluster `index × 64`).
  @inline(__always)
  func checkpoint(_ index: Int) -> Position {
    Position(
      byte: checkpointByte[index], cell: checkpointCell[index],
      special: checkpointSpecial[index])
  }

  /// The cluster that holds `cell`.
  ///
  /// - Complexity: O(log *n*): a binary search of the checkpoints, then at most 64
  ///   clusters, a stretch of one-byte clusters or a record at a time.
  func locate(cell: Int) -> Position {
    var position = checkpoint(checkpointCell.lastIndex(notAbove: cell))
    while true {
      let next = specialStart(position.special)
      if position.byte < next {
        // One-byte clusters up to the next record: the one that holds `cell`, or the
        // last of the strip.
        let stretch = next - position.byte
        if cell - position.cell < stretch || next == bytes.count {
          let step = min(cell - position.cell, stretch - 1)
          return Position(
            byte: position.byte + step, cell: position.cell + step, special: position.special)
        }
        position.byte = next
        position.cell += stretch
      }
      // The record's clusters from here: the one that holds `cell`, or the last of the
      // strip.
      let (length, width) = specialSize(position.special)
      let end = specialEnd(position.special)
      let clusters = (end - position.byte) / length
      if position.cell + clusters * width > cell || end == bytes.count {
        let step = min((cell - position.cell) / width, clusters - 1)
        return Position(
          byte: position.byte + step * length, cell: position.cell + step * width,
          special: position.special)
      }
      position.byte = end
      position.cell += clusters * width
      position.special += 1
    }
  }

  /// The position of cluster `index`.
  ///
  /// - Complexity: O(log *n*).
  func position(ofCluster index: Int) -> Position {
    let checkpoint = index / Strip.checkpointStride
    var position = self.checkpoint(checkpoint)
    var cluster = checkpoint * Strip.checkpointStride
    while cluster < index {
      let next = specialStart(position.special)
      if position.byte < next {
        let step = min(index - cluster, next - position.byte)
        position.byte += step
        position.cell += step
        cluster += step
        continue
      }
      let (length, width) = specialSize(position.special)
      let end = specialEnd(position.special)
      let step = min(index - cluster, (end - position.byte) / length)
      position.byte += step * length
      position.cell += step * width
      cluster += step
      if position.byte == end { position.special += 1 }
    }
    return position
  }

  /// The text of cluster `index`.
  ///
  /// - Complexity: O(log *n*).
  func clusterText(_ index: Int) -> String {
    let position = position(ofCluster: index)
    let length = size(at: position).length
    return String(decoding: bytes[position.byte..<(position.byte + length)], as: UTF8.self)
  }

  /// The text of the last cluster.
  var lastClusterText: String {
    String(decoding: bytes[lastClusterStart...], as: UTF8.self)
  }

  /// The clusters of the strip with their widths and styles, in order; for tests and
  /// tools that need the whole layout.
  ///
  /// - Complexity: O(total length of the text).
  package var clusters: [(text: String, width: Int, style: Style)] {
    var result: [(text: String, width: Int, style: Style)] = []
    var run = 0
    var position = Position(byte: 0, cell: 0, special: 0)
    while position.byte < bytes.count {
      while run + 1 < runStyle.count && runByte[run + 1] <= position.byte { run += 1 }
      let (length, width) = size(at: position)
      let text = String(
        decoding: bytes[position.byte..<(position.byte + length)], as: UTF8.self)
      result.append((text, width, styles[runStyle[run]]))
      advance(&position, length: length, width: width, special: isSpecial(position))
    }
    return result
  }
}

/// Special clusters too long or too wide to pack in a byte (a long emoji sequence, a
/// cluster rewritten wide), by the index of their record (of one cluster each).
struct LongClusters: Sendable {
  private var specials: [Int] = []
  private var lengths: [Int] = []
  private var widths: [Int] = []

  var count: Int { specials.count }

  mutating func append(special: Int, length: Int, width: Int) {
    specials.append(special)
    lengths.append(length)
    widths.append(width)
  }

  mutating func truncate(to count: Int) {
    specials.removeSubrange(count...)
    lengths.removeSubrange(count...)
    widths.removeSubrange(count...)
  }

  func size(ofSpecial index: Int) -> (length: Int, width: Int) {
    let entry = lastIndex(upTo: specials.count) { specials[$0] <= index }
    return (lengths[entry], widths[entry])
  }
}
