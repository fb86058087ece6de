// The fast way a quote line is laid out: `SYMBOL PRICE CHANGE` straight into the
// strip, as `Quote(parsing:)` reads it and `Quote.styledText(styles:)` shows it.

extension StripBuilder {
  /// Appends one quote given as printable ASCII bytes, `SYMBOL PRICE CHANGE`, as
  /// `Quote(parsing:)` reads it and `Quote.styledText(styles:)` shows it, without
  /// making either.
  ///
  /// - Returns: `false`, having appended nothing, when the line is not printable ASCII
  ///   or not a quote: the caller takes the general way.
  package mutating func appendQuote(utf8 line: UnsafeBufferPointer<UInt8>, styles: QuoteStyles)
    -> Bool
  {
    guard Self.isPrintableASCII(line), let scan = Quote.Scan(line) else { return false }
    guard let magnitude = scan.change else {
      appendItem { strip in
        strip.itemShowsSomething = true
        strip.checksJoin = false
        strip.openRun(strip.plainStyleIndex())
        Self.appendHead(of: scan, in: line, spaceAfter: false, to: &strip)
      }
      return true
    }
    let cells = markCells ?? measureMarks()
    let mark: StaticString
    let width: Int
    switch scan.trend {
    case .up: (mark, width) = ("▲", cells.up)
    case .down: (mark, width) = ("▼", cells.down)
    case .flat: (mark, width) = ("▪", cells.flat)
    }
    guard width > 0 else { return false }
    let changeStyle = quoteStyleIndex(for: scan.trend, of: styles)
    appendItem { strip in
      // As `append(_:)` lays out the two runs: the head, printable ASCII that joins
      // nothing; the mark, a cluster of its own; the change's digits.
      strip.itemShowsSomething = true
      strip.checksJoin = false
      strip.openRun(strip.plainStyleIndex())
      Self.appendHead(of: scan, in: line, spaceAfter: true, to: &strip)
      strip.openRun(changeStyle)
      strip.appendCluster(
        UnsafeRawBufferPointer(start: mark.utf8Start, count: mark.utf8CodeUnitCount),
        width: width)
      strip.appendOneByteClusters(UnsafeBufferPointer(rebasing: line[magnitude.range]))
    }
    return true
  }

  /// Appends `SYMBOL PRICE`, and a space after it when `spaceAfter`: in one copy when
  /// the line has them so, the usual case.
  private static func appendHead(
    of scan: Quote.Scan, in line: UnsafeBufferPointer<UInt8>, spaceAfter: Bool,
    to strip: inout Strip
  ) {
    let space = UInt8(ascii: " ")
    var end = scan.price.end
    if scan.price.start == scan.symbol.end + 1 && line[scan.symbol.end] == space {
      if spaceAfter && end < line.count && line[end] == space { end += 1 }
      strip.appendOneByteClusters(UnsafeBufferPointer(rebasing: line[scan.symbol.start..<end]))
    } else {
      strip.appendOneByteClusters(UnsafeBufferPointer(rebasing: line[scan.symbol.range]))
      strip.appendSpaceCluster()
      strip.appendOneByteClusters(UnsafeBufferPointer(rebasing: line[scan.price.range]))
    }
    if spaceAfter && end == scan.price.end { strip.appendSpaceCluster() }
  }

  /// The strip's index of the style of a change in `trend`, kept for the next quote.
  private mutating func quoteStyleIndex(for trend: Trend, of styles: QuoteStyles) -> UInt32 {
    switch trend {
    case .up: return quoteStyleIndices.up.index(of: styles.up, in: &strip)
    case .down: return quoteStyleIndices.down.index(of: styles.down, in: &strip)
    case .flat: return quoteStyleIndices.flat.index(of: styles.flat, in: &strip)
    }
  }

  /// How many cells each quote mark takes, when the measure draws it as a cluster of
  /// its own that joins nothing before it (both profiles do, one cell or two).
  private mutating func measureMarks() -> (up: Int, down: Int, flat: Int) {
    func cells(_ mark: String) -> Int {
      let cluster = Character(mark)
      guard !ClusterRules.isBaseless(cluster), !strip.measure.mayJoinPreviousCell(cluster)
      else { return 0 }
      var units = 0
      var cells = 0
      var same = true
      strip.measure.forEachUnit(of: cluster) { unit, width in
        units += 1
        cells = width
        same = same && String(unit) == mark
      }
      return units == 1 && same ? cells : 0
    }
    let measured = (cells(Quote.upMark), cells(Quote.downMark), cells(Quote.flatMark))
    markCells = measured
    return measured
  }
}

/// A style and its index in a strip's table, kept to find the style again with one
/// comparison.
struct KeptStyle: Sendable {
  private var style: Style?
  private var index: UInt32 = 0

  /// The index of `style` in `strip`'s table.
  mutating func index(of style: Style, in strip: inout Strip) -> UInt32 {
    if self.style == style { return index }
    index = strip.styleIndex(style)
    self.style = style
    return index
  }
}
