import TickerCore

/// Finds an item by its index among the items given to the strip, through the strip's
/// own record of where each came from (`ItemOrigins`).
enum ItemLookup {
  /// The item at `index` as a click target; `nil` when there is no such item, or it is
  /// a placeholder.
  ///
  /// - Complexity: O(log lines) to find its line, and O(its line) to read it.
  static func target(at index: Int, origins: ItemOrigins, in sources: [SourceLines])
    -> ClickAction.Target?
  {
    guard let origin = origins.origin(of: index), origin.source < sources.count else {
      return nil
    }
    let source = sources[origin.source]
    guard origin.line < source.lines.count else { return nil }
    var found: LineItem?
    source.lines.withLines(in: origin.line..<(origin.line + 1)) { line in
      let items = source.reader.items(of: line)
      if origin.part < items.count { found = items[origin.part] }
    }
    guard let item = found, !item.text.isBlank else { return nil }
    return ClickAction.Target(
      index: index, text: Sanitizer.clean(item.text.plainText), quote: item.quote, url: item.url,
      tooltip: item.tooltip)
  }
}
