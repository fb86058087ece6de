/// One rendered window: styled runs that together fill exactly the window's width.
public struct Frame: Hashable, Sendable {
  /// The runs, each in one style; neighbouring runs differ in style, or in item when
  /// the frame marks its items.
  public var runs: [StyledRun]
  /// Where each item's cells begin, when the frame was asked to mark them
  /// (`Ticker.frame(at:markingItems:)`); empty otherwise.
  public var items: [FrameItem]

  /// A frame of `runs`; the caller keeps them to the window's width.
  public init(runs: [StyledRun], items: [FrameItem] = []) {
    self.runs = runs
    self.items = items
  }

  /// The frame's text without styles.
  public var text: String {
    // One run, the usual frame without styles, is its own text: no copy.
    if runs.count == 1 { return runs[0].text }
    return runs.reduce(into: "") { $0 += $1.text }
  }

  /// The frame with `left` and `right` spaces of padding in the plain style; padding
  /// belongs to no item.
  public func padded(left: Int, right: Int) -> Frame {
    var builder = FrameBuilder()
    let marks = !items.isEmpty
    if marks && left > 0 { builder.mark(item: nil) }
    builder.appendSpaces(left, style: .plain)
    var nextMark = 0
    for (index, run) in runs.enumerated() {
      while nextMark < items.count && items[nextMark].firstRun == index {
        builder.mark(item: items[nextMark].item)
        nextMark += 1
      }
      builder.append(run.text.utf8, style: run.style)
    }
    if marks && right > 0 { builder.mark(item: nil) }
    builder.appendSpaces(right, style: .plain)
    return builder.frame()
  }

  /// The runs of each item in turn: `body` is called with the index of the item the
  /// runs belong to (among the items given; `nil` for padding) and the runs.
  ///
  /// For a frame that does not mark its items, once, with `nil` and every run.
  public func forEachItem(_ body: (Int?, ArraySlice<StyledRun>) -> Void) {
    guard !items.isEmpty else {
      body(nil, runs[...])
      return
    }
    for (index, mark) in items.enumerated() {
      let end = index + 1 < items.count ? items[index + 1].firstRun : runs.count
      body(mark.item, runs[mark.firstRun..<end])
    }
  }
}

/// Where one item's cells begin in a frame that marks its items.
public struct FrameItem: Hashable, Sendable {
  /// The first run of the item's cells.
  public var firstRun: Int
  /// The item's index among the items given; `nil` for padding, which belongs to none.
  public var item: Int?
  /// The item's tooltip, or its text when it has none, in a frame of a strip with
  /// tooltips (`Strip.hasTooltips`); `nil` otherwise.
  public var tooltip: String?
  /// The item's facts, in a frame of a strip with facts (`Strip.hasFacts`); `nil`
  /// otherwise, and for padding.
  public var facts: ItemFacts?

  public init(firstRun: Int, item: Int?, tooltip: String? = nil, facts: ItemFacts? = nil) {
    self.firstRun = firstRun
    self.item = item
    self.tooltip = tooltip
    self.facts = facts
  }
}

/// Collects the bytes of a frame, closing a run whenever the style (or, when items are
/// marked, the item) changes.
struct FrameBuilder {
  private var runs: [StyledRun] = []
  private var items: [FrameItem] = []
  private var pending: [UInt8] = []
  private var pendingStyle = Style.plain

  init() {}

  /// A builder whose buffer holds a frame of `width` cells of one-byte clusters
  /// without growing.
  init(capacity width: Int) {
    pending.reserveCapacity(min(width, 1 << 16) + 8)
  }

  mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, style: Style) {
    if style != pendingStyle { flush(nextStyle: style) }
    pending.append(contentsOf: bytes)
  }

  /// What follows is in `style`.
  @inline(__always)
  mutating func setStyle(_ style: Style) {
    if style != pendingStyle { flush(nextStyle: style) }
  }

  /// Appends bytes in the style set last.
  @inline(__always)
  mutating func append(_ bytes: ArraySlice<UInt8>) {
    pending.append(contentsOf: bytes)
  }

  mutating func appendSpaces(_ count: Int, style: Style) {
    guard count > 0 else { return }
    if style != pendingStyle { flush(nextStyle: style) }
    pending.append(repeating: 0x20, count: count)
  }

  /// Appends spaces in the style set last.
  mutating func appendSpaces(_ count: Int) {
    guard count > 0 else { return }
    pending.append(repeating: 0x20, count: count)
  }

  /// What follows belongs to `item` (`nil`: to no item).
  mutating func mark(item: Int?) {
    flush(nextStyle: pendingStyle)
    if let last = items.last, last.firstRun == runs.count {
      items[items.count - 1].item = item
    } else {
      items.append(FrameItem(firstRun: runs.count, item: item))
    }
  }

  private mutating func flush(nextStyle: Style) {
    if !pending.isEmpty {
      runs.append(StyledRun(String(decoding: pending, as: UTF8.self), style: pendingStyle))
      pending.removeAll(keepingCapacity: true)
    }
    pendingStyle = nextStyle
  }

  mutating func frame() -> Frame {
    flush(nextStyle: .plain)
    // A mark after the last run marks nothing.
    while let last = items.last, last.firstRun == runs.count { items.removeLast() }
    return Frame(runs: runs, items: items)
  }
}
