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
  /// `--split`: cut each line at this separator (compared as UTF-8).
  var split: [UInt8]?
  /// `--input json`: each line (each part, with `--split`) is a `JSONItem`, or no item.
  var json = false

  /// The item of one argument or line, without `--split`.
  func item(_ text: String) -> StyledText {
    if json { return JSONItem(text, styles: styles)?.text ?? StyledText("") }
    if quotes, let quote = Quote(parsing: text) { return quote.styledText(styles: styles) }
    return markup.read(text)
  }

  /// Appends the items of one line to `builder`: several with `--split`.
  func append(line: UnsafeRawBufferPointer, to builder: inout StripBuilder) {
    guard let split, !split.isEmpty else {
      appendItem(line, to: &builder)
      return
    }
    forEachPart(of: line, at: split) { appendItem($0, to: &builder) }
  }

  /// The text of each item `line` gives, in the order `append(line:to:)` appends them.
  func itemTexts(of line: UnsafeRawBufferPointer) -> [String] {
    guard let split, !split.isEmpty else {
      if json && JSONItem(line: line, styles: styles) == nil { return [] }
      return [String(decoding: line, as: UTF8.self)]
    }
    var texts: [String] = []
    forEachPart(of: line, at: split) { part in
      // A line left out of `--input json` is no item, here as in the strip.
      if !json || JSONItem(line: part, styles: styles) != nil {
        texts.append(String(decoding: part, as: UTF8.self))
      }
    }
    return texts
  }

  /// Appends one argument to `builder` as one item (arguments are never split).
  func append(argument: String, to builder: inout StripBuilder) {
    guard !json else {
      var argument = argument
      argument.withUTF8 { appendItem(UnsafeRawBufferPointer($0), to: &builder) }
      return
    }
    builder.append(item(argument))
  }

  /// Whether `lines` give at least one item.
  func hasItems(_ lines: TextLines) -> Bool {
    lines.contains(where: hasItem)
  }

  /// Whether `line` gives at least one item: one that is not blank (empty after
  /// sanitising, or only spaces, tabs and zero-width characters).
  func hasItem(_ line: UnsafeRawBufferPointer) -> Bool {
    guard let split, !split.isEmpty else { return !isBlank(line) }
    var found = false
    forEachPart(of: line, at: split) { part in found = found || !isBlank(part) }
    return found
  }

  private func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
    // Without markup, printable ASCII other than a space is never blank: the usual line
    // answers here.
    if markup == .none, !json, let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }),
      first > 0x20, first < 0x7F
    {
      return false
    }
    return item(String(decoding: bytes, as: UTF8.self)).isBlank
  }

  private func appendItem(_ bytes: UnsafeRawBufferPointer, to builder: inout StripBuilder) {
    let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
    if json {
      if let item = JSONItem(line: utf8, styles: styles) {
        builder.append(item.text, tooltip: item.tooltip)
      }
      return
    }
    if !quotes && markup == .none {
      // The usual feed line: straight into the strip, no String in between.
      builder.appendPlain(utf8: utf8)
      return
    }
    // The usual quote line, likewise; the builder says when it is not one.
    if quotes && builder.appendQuote(utf8: utf8, styles: styles) { return }
    builder.append(item(String(decoding: utf8, as: UTF8.self)))
  }

  /// Calls `body` with each non-empty part of `line` between `separator`s.
  private func forEachPart(
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
