import TickerCore

/// Finds an item by its index among the items given, counting as the strip builder
/// does: each line (each part, with `--split`) is one item, blank or not, except a
/// line `--input json` leaves out, which is none.
enum ItemLookup {
  /// The item at `index` as a click target; `nil` when there is no such item, or it is
  /// a placeholder.
  ///
  /// - Complexity: O(lines before the item).
  static func target(at index: Int, in sources: [SourceLines]) -> ClickAction.Target? {
    guard index >= 0 else { return nil }
    var seen = 0
    for source in sources {
      if source.lines.isEmpty, source.placeholder != nil {
        if seen == index { return nil }
        seen += 1
        continue
      }
      var found: String?
      source.lines.withEachLine { line in
        guard found == nil else { return }
        let texts = source.reader.itemTexts(of: line)
        if index < seen + texts.count { found = texts[index - seen] }
        seen += texts.count
      }
      if let found { return target(found, index: index, reader: source.reader) }
    }
    return nil
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
