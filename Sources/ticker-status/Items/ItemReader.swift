import TickerCore

/// Turns text into items: `--split` cuts a line into several, `--quotes` reads quotes,
/// `--input json` reads JSON objects (`JSONItem`), `--markup` reads styles; everything
/// else is literal text.
///
/// This is the one place text becomes items, for one-shot runs and streams alike.
struct ItemReader {
  /// `--quotes`: read `SYMBOL PRICE CHANGE` lines as quotes.
  var quotes = false
  var styles = QuoteStyles()
  var markup = Markup.none
  /// `--split`: cut each line at this separator (compared as UTF-8); empty, none.
  /// (Not an optional: a one-shot that makes no `Optional<[UInt8]>` saves the runtime
  /// building its type, 26,000 instructions.)
  var split: [UInt8] = []
  /// `--input json`: each line is a `JSONItem`, or no item (with `--split`, its text is
  /// cut into several).
  var json = false
  /// `--alert`: the rules a quote may meet, and `--alert-style`, how it then looks.
  var alerts: [AlertRule] = []
  var alertStyle = AlertRule.defaultStyle
  /// `--sparkline`: how many of a JSON quote's `history` values are drawn.
  var sparkline = 0

  /// The item of one argument or part of a line of text or quotes (not JSON): a quote
  /// with `--quotes` when it reads as one, else the text with `--markup` read.
  func textItem(_ text: String) -> Item {
    guard quotes, let quote = Quote(parsing: text) else { return Item(markup.read(text)) }
    return alerting(Item(quote.styledText(styles: styles), facts: ItemFacts(quote: quote)))
  }

  /// `item` drawn alerting (`AlertRule.marked`) when its quote meets a rule.
  func alerting(_ item: Item) -> Item {
    guard !alerts.isEmpty, let quote = item.facts.quote,
      alerts.contains(where: { $0.isMet(by: quote) })
    else { return item }
    return AlertRule.marked(item, style: alertStyle)
  }

  /// Every item `line` gives, with its facts, in the order `append(line:to:)` appends
  /// them: the general way, which the fast ways of `append(line:to:)` agree with (a
  /// stale source and a strip for clicks take this one).
  ///
  /// With `--split`, a line of text or quotes is cut into parts, each an item; a JSON
  /// line is read first, and its `text` cut into parts, each with the object's `url`,
  /// `tooltip` and `style` (a quote object is one item).
  ///
  /// - Parameter keepingText: Keep each item's text as given in its facts
  ///   (`ItemFacts.text`), for a click.
  /// - Complexity: O(length of the line).
  func items(of line: UnsafeRawBufferPointer, keepingText: Bool = false) -> [Item] {
    var items: [Item] = []
    if json {
      guard let item = JSONItem(line: line, styles: styles, sparkline: sparkline) else {
        return []
      }
      let facts = ItemFacts(
        quote: item.quote, url: item.url, tooltip: item.tooltip, marketState: item.marketState)
      items = item.parts(at: split).map { alerting(Item($0, facts: facts)) }
    } else {
      forEachPart(of: line) { items.append(textItem(String(decoding: $0, as: UTF8.self))) }
    }
    if keepingText {
      for index in items.indices where !items[index].text.isBlank {
        items[index].facts.text = Sanitizer.clean(items[index].text.plainText)
      }
    }
    return items
  }

  /// Appends the items of one line to `builder`: several with `--split`.
  ///
  /// - Parameter keepingFacts: Keep every fact of every item, its text as given
  ///   included, for a click to read from the strip (`ClickAction.Target`); the fast
  ///   ways, which keep none, are then left for the general one.
  func append(
    line: UnsafeRawBufferPointer, to builder: inout StripBuilder, keepingFacts: Bool = false
  ) {
    if json || keepingFacts {
      for item in items(of: line, keepingText: keepingFacts) { builder.append(item) }
      return
    }
    forEachPart(of: line) { appendItem($0, to: &builder) }
  }

  /// Appends one argument to `builder`: one item, or with `--input json` the items of
  /// its object (arguments are otherwise never split).
  func append(argument: String, to builder: inout StripBuilder) {
    guard !json else {
      var argument = argument
      argument.withUTF8 { append(line: UnsafeRawBufferPointer($0), to: &builder) }
      return
    }
    builder.append(textItem(argument))
  }

  /// Whether `lines` give at least one item.
  func hasItems(_ lines: TextLines) -> Bool {
    lines.contains(where: hasItem)
  }

  /// Whether `line` gives at least one item: one that is not blank (empty after
  /// sanitising, or only spaces, tabs and zero-width characters).
  func hasItem(_ line: UnsafeRawBufferPointer) -> Bool {
    if json { return items(of: line).contains { !$0.text.isBlank } }
    var found = false
    forEachPart(of: line) { part in found = found || !isBlank(part) }
    return found
  }

  private func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    // Without markup, printable ASCII other than a space is never blank: the usual line
    // answers here.
    if markup == .none, let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }),
      first > 0x20, first < 0x7F
    {
      return false
    }
    return textItem(String(decoding: bytes, as: UTF8.self)).text.isBlank
  }

  /// Appends one part of a line of text or quotes (not JSON) as one item.
  private func appendItem(_ bytes: UnsafeRawBufferPointer, to builder: inout StripBuilder) {
    let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
    if !quotes && markup == .none {
      // The usual feed line: straight into the strip, no String in between.
      builder.appendPlain(utf8: utf8)
      return
    }
    // The usual quote line, likewise; the builder says when it is not one.
    if quotes && alerts.isEmpty && builder.appendQuote(utf8: utf8, styles: styles) { return }
    builder.append(textItem(String(decoding: utf8, as: UTF8.self)))
  }

  /// Calls `body` with `line` whole, or with `--split` each non-empty part of it
  /// between separators.
  private func forEachPart(
    of line: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    guard !split.isEmpty else { return body(line) }
    ItemReader.forEachPart(of: line, at: split, body)
  }

  /// Calls `body` with each non-empty part of `line` between `separator`s.
  static func forEachPart(
    of line: UnsafeRawBufferPointer, at separator: [UInt8],
    _ body: (UnsafeRawBufferPointer) -> Void
  ) {
    var start = 0
    var index = 0
    while index + separator.count <= line.count {
      if line[index..<index + separator.count].elementsEqual(separator) {
        if index > start { body(UnsafeRawBufferPointer(rebasing: line[start..<index])) }
        index += separator.count
        start = index
      } else {
        index += 1
      }
    }
    if line.count > start { body(UnsafeRawBufferPointer(rebasing: line[start...])) }
  }
}
