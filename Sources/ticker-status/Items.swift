import TickerCore

/// Where items come from: arguments, files, standard input, the demo.
enum Items {
  static func load(_ options: Options) -> Result<[StyledText], ReadError> {
    var items: [StyledText] = []
    let (demoReader, reader) = readers(options)
    if options.demo { items += Demo.quoteLines.map(demoReader.item) }
    for path in options.files {
      switch Platform.readAll(path: path) {
      case .success(let bytes):
        // A one-shot `--follow` shows what a stream would at the end of the input.
        let follows = path == "-" && options.follow
        items += itemTexts(of: bytes, split: options.split, lastLineOnly: follows).map(reader.item)
      case .failure(let error):
        return .failure(error)
      }
    }
    items += options.items.map(reader.item)
    return .success(items)
  }

  /// The readers for the demo's quotes and for every other item.
  static func readers(_ options: Options) -> (demo: ItemReader, items: ItemReader) {
    var styles = QuoteStyles()
    if let up = options.upStyle { styles.up = up }
    if let down = options.downStyle { styles.down = down }
    return (
      ItemReader(quotes: true, styles: styles, markup: .none),
      ItemReader(quotes: options.quotes, styles: styles, markup: options.markup)
    )
  }

  /// Turns one line or argument into an item: a quote (with `--quotes`), or text read
  /// with the `--markup` in force.
  struct ItemReader {
    var quotes: Bool
    var styles: QuoteStyles
    var markup: Markup

    func item(_ text: String) -> StyledText {
      if quotes, let quote = Quote(parsing: text) { return quote.styledText(styles: styles) }
      return markup.read(text)
    }
  }

  /// Splits bytes into lines (LF or CR LF), decoding each as UTF-8.
  static func lines(of bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0A {
        var end = index
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        result.append(Sanitizer.decodeUTF8(bytes[start..<end]))
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { result.append(Sanitizer.decodeUTF8(bytes[start...])) }
    return result
  }
}
