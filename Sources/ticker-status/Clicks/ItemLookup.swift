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
    var found: String?
    source.lines.withLines(in: origin.line..<(origin.line + 1)) { line in
      let texts = source.reader.itemTexts(of: line)
      if origin.part < texts.count { found = texts[origin.part] }
    }
    return found.flatMap { target($0, index: index, reader: source.reader) }
  }

  /// The target of item text `text`: as shown (sanitised, without styles), and its
  /// quote fields when the reader reads quotes; with `--input json`, its quote, URL
  /// and tooltip too.
  static func target(_ text: String, index: Int, reader: ItemReader) -> ClickAction.Target? {
    if reader.json {
      guard let item = JSONItem(text, styles: reader.styles), !item.text.isBlank else {
        return nil
      }
      return ClickAction.Target(
        index: index, text: Sanitizer.clean(item.text.plainText), quote: item.quote,
        url: item.url, tooltip: item.tooltip)
    }
    let item = reader.item(text)
    guard !item.isBlank else { return nil }
    let quote = reader.quotes ? Quote(parsing: text) : nil
    return ClickAction.Target(index: index, text: Sanitizer.clean(item.plainText), quote: quote)
  }
}
