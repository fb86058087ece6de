import TickerCore

/// Where items come from: arguments, files, standard input, the demo.
enum Items {
  static func load(_ options: Options) -> Result<[StyledText], ReadError> {
    var items: [StyledText] = []
    if options.demo { items += Demo.quoteLines.map { quoteOrText($0, asQuote: true) } }
    for path in options.files {
      switch Platform.readAll(path: path) {
      case .success(let bytes):
        items += lines(of: bytes).map { quoteOrText($0, asQuote: options.quotes) }
      case .failure(let error):
        return .failure(error)
      }
    }
    items += options.items.map { quoteOrText($0, asQuote: options.quotes) }
    return .success(items)
  }

  static func quoteOrText(_ text: String, asQuote: Bool) -> StyledText {
    if asQuote, let quote = Quote(parsing: text) { return quote.styledText() }
    return StyledText(text)
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
