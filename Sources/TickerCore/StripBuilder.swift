/// Builds a `Strip` item by item, without holding the items themselves.
public struct StripBuilder: Sendable {
  var strip: Strip
  private var separatorStrip: Strip
  private var itemsSeen = 0
  /// How many items have been given so far, blank or not: the index the next one
  /// gets (`Strip.item(atCell:)` answers in these indices).
  public var itemsGiven: Int { itemsSeen }
  /// The cells of the quote marks ▲, ▼ and ▪ under the measure, once known; 0 when a
  /// mark is not drawn as itself (then quotes take the general way).
  var markCells: (up: Int, down: Int, flat: Int)?
  /// The strip's index of the style of the last quote of each trend (up, down, flat)
  /// and that style: the same style again costs a comparison with one, where the
  /// strip's table compares it with each it holds.
  var quoteStyleIndices = (up: KeptStyle(), down: KeptStyle(), flat: KeptStyle())
  /// The main strip's index of the style of each of the separator's runs, once known.
  private var separatorStyles: [UInt32] = []
  /// What the fast way of laying out text has learnt about the scalars seen so far.
  private var scalars = ScalarTable()
  /// What `appendSimpleLine` did not read of the last line given as bytes, decoded
  /// (`Sanitizer.repairUTF8`): reused.
  private var decoded: [UInt8] = []
  /// The last line read by `appendSimpleLine`: reused.
  private var simpleLine = SimpleLine()

  /// Starts an empty strip whose items will be followed by `separator`.
  public init(separator: StyledText, measure: CellMeasure = CellMeasure()) {
    self.init(separator: separator, measure: measure, fastWay: true)
  }

  /// Starts an empty strip; without `fastWay`, all text takes the general way (the
  /// reference the fast way is tested against).
  init(separator: StyledText, measure: CellMeasure, fastWay: Bool) {
    var separatorStrip = Strip(measure: measure)
    // The separator is laid out the general way: the fast way's tables would cost
    // every run 7,500 instructions to set up for its one `·`, and a feed of quotes
    // or ASCII never needs them (FastPathTests hold the two ways to the same strip).
    var general = ScalarTable()
    general.isEnabled = false
    separatorStrip.append(separator, scalars: &general)
    scalars.isEnabled = fastWay
    self.separatorStrip = separatorStrip
    strip = Strip(measure: measure)
    strip.reserveFirstCapacity()
    strip.separatorCellCount = separatorStrip.cellCount
  }

  /// Appends one item and the separator after it; a blank item is skipped.
  ///
  /// An item is blank when it would show nothing but space: it is empty, or holds
  /// only white space, control characters and zero-width characters (see
  /// `StyledText.isBlank`).
  ///
  /// - Complexity: O(length of the item).
  public mutating func append(_ item: StyledText) {
    var table = ScalarTable()
    swap(&table, &scalars)
    appendItem { $0.append(item, scalars: &table) }
    swap(&table, &scalars)
  }

  /// Appends one item with its facts, and the separator after it; a blank item is
  /// skipped, facts and all.
  ///
  /// - Complexity: O(length of the item).
  public mutating func append(_ item: Item) {
    let shown = strip.itemCount
    append(item.text)
    guard !item.facts.isEmpty, strip.itemCount > shown else { return }
    strip.itemFacts.record(item.facts, ofItem: itemsSeen - 1)
  }

  /// Appends one item with a tooltip (waybar shows the tooltips of the items on
  /// screen, see `FrameItem.tooltip`), and the separator after it; a blank item is
  /// skipped, and so is an empty tooltip.
  ///
  /// - Complexity: O(length of the item).
  public mutating func append(_ item: StyledText, tooltip: String?) {
    append(Item(item, facts: ItemFacts(tooltip: tooltip?.isEmpty == false ? tooltip : nil)))
  }

  /// Appends one unstyled item given as UTF-8 bytes (invalid sequences become U+FFFD).
  ///
  /// Printable ASCII, the usual feed line, goes straight into the strip.
  package mutating func appendPlain<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) {
    let appended = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
      guard Self.isPrintableASCII(buffer) else { return false }
      appendItem { $0.appendPrintableASCII(buffer) }
      return true
    }
    guard appended != true else { return }
    guard scalars.isEnabled else {
      append(StyledText(Sanitizer.decodeUTF8(bytes)))
      return
    }
    var table = ScalarTable()
    var line = SimpleLine()
    var text: [UInt8] = []
    swap(&table, &scalars)
    swap(&line, &simpleLine)
    swap(&text, &decoded)
    let wasRead = bytes.withContiguousStorageIfAvailable { input -> Bool in
      appendSimpleLine(input, line: &line, decoded: &text, scalars: &table)
      return true
    }
    if wasRead == nil {
      // As `append(_:)` lays out the one run of the decoded text, without a `String`.
      text = Array(Sanitizer.decodeUTF8(bytes).utf8)
      appendItem { strip in
        let style = strip.styleIndex(.plain)
        text.withUnsafeBufferPointer { strip.appendRun($0, styleIndex: style, scalars: &table) }
      }
    }
    swap(&table, &scalars)
    swap(&line, &simpleLine)
    swap(&text, &decoded)
  }

  /// Whether every byte is printable ASCII (0x20 to 0x7E).
  ///
  /// Eight bytes at a time, stopping at the first word that holds a byte that is not:
  /// a byte at a time cost 8 instructions a byte (the compiler made no vector compares
  /// of it), paid by every plain item and quote line, and by text that is not ASCII
  /// before its own way.
  ///
  /// - Complexity: O(*n*): about two instructions a byte, against eight.
  @inline(__always)
  static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs = ones &* 0x80
    var index = 0
    while index &+ 8 <= bytes.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      // A byte with its high bit set; one below 0x20 (borrows without a high bit of its
      // own); one that is 0x7F (zero after the XOR). Each test is exact for the word as
      // a whole, which is all that is asked.
      let below = (word &- ones &* 0x20) & ~word & highs
      let delete = word ^ (ones &* 0x7F)
      let deleted = (delete &- ones) & ~delete & highs
      if (word & highs) | below | deleted != 0 { return false }
      index &+= 8
    }
    while index < bytes.count {
      if bytes[index] &- 0x20 >= 0x5F { return false }
      index &+= 1
    }
    return true
  }

  /// Runs `body` to append one item, then the separator if the item shows anything;
  /// a blank item is taken out again.
  mutating func appendItem(_ body: (inout Strip) -> Void) {
    let index = itemsSeen
    itemsSeen += 1
    let startCell = strip.cellCount
    let mark = strip.mark()
    strip.checksJoin = true
    strip.itemShowsSomething = false
    body(&strip)
    guard strip.itemShowsSomething else {
      strip.rewind(to: mark)
      return
    }
    strip.addItem(given: index, startingAt: startCell)
    strip.checksJoin = true
    if separatorStyles.count != separatorStrip.runStyle.count {
      separatorStyles = strip.styleIndices(of: separatorStrip)
    }
    strip.append(separatorStrip, styleIndices: separatorStyles)
  }

  /// The finished strip.
  public consuming func build() -> Strip {
    // The seam is a boundary too: the first cluster must not join the last one (nor a
    // lone cluster itself, when the window repeats it).
    if strip.clusterCount > 0, !(strip.lastClusterIsASCII && strip.firstClusterIsASCII),
      let first = strip.clusterText(0).first, strip.keepsApart(strip.lastClusterText, first)
    {
      strip.appendSpacer()
      strip.seamSpacerCount = 1
    }
    strip.itemCell.append(strip.cellCount)
    strip.styles.finish()
    return strip
  }
}

// MARK: Building

extension Strip {
  /// Appends an item's or the separator's text.
  ///
  /// Clusters may span runs (`e` and a combining accent in another colour) but never a
  /// removal: the text between removals is broken into clusters on its own, and the
  /// first cluster after a removal is checked against the one before it.
  /// One run (the usual item) goes the fast way (`appendRun(_:styleIndex:scalars:)`),
  /// which lays it out as the general way below would.
  fileprivate mutating func append(_ text: StyledText, scalars: inout ScalarTable) {
    if text.runs.count == 1 && scalars.isEnabled {
      let style = styleIndex(text.runs[0].style)
      var run = text.runs[0].text
      run.withUTF8 { appendRun($0, styleIndex: style, scalars: &scalars) }
      return
    }
    if text.runs.count == 1 {
      let style = styleIndex(text.runs[0].style)
      Sanitizer.forEachPiece(of: text.runs[0].text) { piece in
        if let piece { append(piece, styleIndex: style) } else { checksJoin = true }
      }
      return
    }
    var span: [(text: String, style: UInt32)] = []
    for run in text.runs {
      let style = styleIndex(run.style)
      Sanitizer.forEachPiece(of: run.text) { piece in
        if let piece {
          span.append((piece, style))
        } else {
          appendSpan(span)
          span.removeAll(keepingCapacity: true)
          checksJoin = true
        }
      }
    }
    appendSpan(span)
  }

  /// Appends text from one or more runs, with nothing removed between them.
  private mutating func appendSpan(_ span: [(text: String, style: UInt32)]) {
    guard span.count > 1 else {
      if let piece = span.first { append(piece.text, styleIndex: piece.style) }
      return
    }
    let runsAreSeparate = span.dropFirst().allSatisfy { ClusterRules.startsCluster($0.text) }
    if runsAreSeparate {
      for piece in span { append(piece.text, styleIndex: piece.style) }
      return
    }
    // Clusters span runs here; each takes the style of its first scalar.
    var joined = ""
    var runEnds: [(end: Int, style: UInt32)] = []
    for piece in span {
      joined += piece.text
      runEnds.append((joined.utf8.count, piece.style))
    }
    var runIndex = 0
    var offset = 0
    for cluster in joined {
      while runIndex < runEnds.count - 1 && offset >= runEnds[runIndex].end { runIndex += 1 }
      offset += cluster.utf8.count
      appendCluster(cluster, styleIndex: runEnds[runIndex].style)
    }
  }

  /// Appends printable ASCII in the plain style: one cluster of one cell a byte.
  fileprivate mutating func appendPrintableASCII(_ ascii: UnsafeBufferPointer<UInt8>) {
    guard !ascii.isEmpty else { return }
    checksJoin = false
    if !itemShowsSomething && ascii.contains(where: { $0 != 0x20 }) { itemShowsSomething = true }
    openRun(styleIndex(.plain))
    appendOneByteClusters(ascii)
  }

  private mutating func append(_ text: String, styleIndex: UInt32) {
    var text = text
    text.withUTF8 { appendUTF8($0, styleIndex: styleIndex) }
  }

  /// Appends sanitised UTF-8 text cluster by cluster.
  ///
  /// An ASCII byte followed by another ASCII byte (or by the end) is a whole cluster
  /// of one cell: nothing but a preceding CR or Prepend scalar joins an ASCII scalar,
  /// and sanitising removed both. Only the stretches between such bytes go through
  /// grapheme breaking and the width tables.
  mutating func appendUTF8(_ utf8: UnsafeBufferPointer<UInt8>, styleIndex: UInt32) {
    let count = utf8.count
    func isLoneASCII(_ index: Int) -> Bool {
      utf8[index] < 0x80 && (index + 1 == count || utf8[index + 1] < 0x80)
    }
    var index = 0
    while index < count {
      if isLoneASCII(index) {
        var end = index + 1
        while end < count && isLoneASCII(end) { end += 1 }
        checksJoin = false
        openRun(styleIndex)
        let ascii = UnsafeBufferPointer(rebasing: utf8[index..<end])
        if !itemShowsSomething && ascii.contains(where: { $0 != 0x20 }) {
          itemShowsSomething = true
        }
        appendOneByteClusters(ascii)
        index = end
        continue
      }
      var end = index + 1
      while end < count && !isLoneASCII(end) { end += 1 }
      let stretch = String(
        decoding: UnsafeBufferPointer(rebasing: utf8[index..<end]), as: UTF8.self)
      for cluster in stretch { appendCluster(cluster, styleIndex: styleIndex) }
      index = end
    }
  }

  /// Whether `unit` would join the last cluster's cell (`CellMeasure.joinsPreviousCell`),
  /// or with `orKeepsApart`, would join it in any way (`keepsApart`).
  ///
  /// `mutating` only so that the closure of `appendCluster(_:styleIndex:)`, which
  /// holds the strip `inout`, calls it in place: a getter or a non-mutating method
  /// called there copied the whole strip for each cluster (a sixth of laying out
  /// text that is not ASCII; BENCHMARKS.md section 13).
  private mutating func joinsLastCluster(_ unit: Character, orKeepsApart: Bool) -> Bool {
    let previous = lastClusterText
    return orKeepsApart
      ? keepsApart(previous, unit) : measure.joinsPreviousCell(previous, unit)
  }

  mutating func appendCluster(_ cluster: Character, styleIndex: UInt32) {
    if !itemShowsSomething && ClusterRules.isVisible(cluster) { itemShowsSomething = true }
    // A cluster with no base (a skin tone or a mark at the start of the text) would
    // join whatever the window or the status line puts before it. It goes, and so
    // does a cluster of no width; what was either side must not join in its place.
    if ClusterRules.isBaseless(cluster) {
      checksJoin = true
      return
    }
    // A cluster the measure rewrote (a scalar left out, such as a skin tone after a
    // regional indicator under tmux) may leave its last unit able to join what comes
    // next: look at the next cluster as after any removal.
    var rewritten = false
    defer { if rewritten { checksJoin = true } }
    measure.forEachUnit(of: cluster) { unit, width in
      if unit.utf8.count != cluster.utf8.count { rewritten = true }
      guard width > 0 else {
        checksJoin = true
        return
      }
      if checksJoin {
        checksJoin = false
        if clusterCount > 0 && joinsLastCluster(unit, orKeepsApart: true) { appendSpacer() }
      } else if clusterCount > 0 && joinsLastCluster(unit, orKeepsApart: false) {
        appendSpacer()
      }
      openRun(styleIndex)
      var text = String(unit)
      text.withUTF8 { appendCluster(UnsafeRawBufferPointer($0), width: width) }
    }
  }
}
