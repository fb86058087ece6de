// The facts a strip keeps of its items (`ItemFacts`), and the text of an item, which
// stands for its tooltip when it has none.

extension Strip {
  /// The most cells of an item's text that stand for its tooltip when it has none.
  public static let longestTooltipText = 1024

  /// Whether any item has facts (`ItemFacts`).
  public var hasFacts: Bool { !itemFacts.isEmpty }

  /// Whether any item has a tooltip.
  public var hasTooltips: Bool { itemFacts.hasTooltips }

  /// The facts of the item with index `item` among the items given; empty when it has
  /// none.
  ///
  /// - Complexity: O(log *f*) in the items with facts; O(1) without any.
  public func facts(ofItem item: Int) -> ItemFacts { itemFacts.facts(ofItem: item) }

  /// Every item that has facts, by its index among the items given, ascending.
  ///
  /// - Complexity: O(1); O(*f*) to go through.
  public var itemsWithFacts: some Sequence<(Int, ItemFacts)> { itemFacts.entries }

  /// The tooltip of the item with index `item` among the items given, if it has one.
  ///
  /// - Complexity: O(log *f*) in the items with facts; O(1) without any.
  public func tooltip(ofItem item: Int) -> String? {
    guard let tooltip = facts(ofItem: item).tooltip, !tooltip.isEmpty else { return nil }
    return tooltip
  }

  /// `frame`, cut from this strip marking its items, with each item's facts, and with
  /// each item's tooltip (or its text) when the strip has tooltips.
  ///
  /// - Complexity: O(log *n*) a marked item; with tooltips, plus the text of each item
  ///   without one.
  public func attachingFacts(to frame: Frame) -> Frame {
    guard hasFacts else { return frame }
    var frame = frame
    let tooltips = hasTooltips
    for index in frame.items.indices {
      guard let item = frame.items[index].item else { continue }
      let facts = facts(ofItem: item)
      frame.items[index].facts = facts
      if tooltips { frame.items[index].tooltip = tooltip(ofItem: item) ?? text(ofItem: item) }
    }
    return frame
  }

  /// The text of the shown item with index `item` among the items given, without the
  /// separator after it or the spaces either side, and at most `longestTooltipText`
  /// cells of it; `nil` for an item not shown.
  ///
  /// - Complexity: O(log *n* + the cells of the text).
  public func text(ofItem item: Int) -> String? {
    guard itemCount > 0 else { return nil }
    let shown =
      itemSource.isEmpty ? item : lastIndex(upTo: itemCount) { Int(itemSource[$0]) <= item }
    guard shown < itemCount, itemSource(shown) == item else { return nil }
    let start = itemCell[shown]
    var end = itemCell[shown + 1] - separatorCellCount
    if shown == itemCount - 1 { end -= seamSpacerCount }
    let width = min(end - start, Strip.longestTooltipText)
    guard width > 0 else { return "" }
    let text = window(offset: start, width: width).text
    return String(text.trimmingSpaces())
  }
}

extension StringProtocol {
  /// The text without spaces at either end.
  fileprivate func trimmingSpaces() -> SubSequence {
    let head = drop(while: { $0 == " " })
    var end = head.endIndex
    while end > head.startIndex, head[head.index(before: end)] == " " {
      end = head.index(before: end)
    }
    return head[head.startIndex..<end]
  }
}
