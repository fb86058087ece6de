// libFuzzer target: the quotes reader. A line either reads as a quote whose price is
// a number and whose change is a signed number or zero, its fields exactly as given,
// or is left as text; neither may crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuotes(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let line = Sanitizer.decodeUTF8(UnsafeBufferPointer(start: data, count: size))
  guard let quote = Quote(parsing: line) else { return 0 }
  precondition(!quote.symbol.isEmpty && !quote.price.isEmpty)
  precondition(contains(line, quote.symbol) && contains(line, quote.price))
  precondition(Quote.decimal(quote.price, allowsPercent: false) != nil, "price is no number")
  var shown = quote.symbol + " " + quote.price
  if let change = quote.change {
    precondition(contains(line, change), "change not kept as given")
    precondition(change.unicodeScalars.allSatisfy { "0123456789.%".unicodeScalars.contains($0) })
    let isZero = change.unicodeScalars.allSatisfy { "0.%".unicodeScalars.contains($0) }
    precondition((quote.trend == .flat) == isZero, "trend \(quote.trend) for \(change)")
    switch quote.trend {
    case .up: shown += " " + Quote.upMark + change
    case .down: shown += " " + Quote.downMark + change
    case .flat: shown += " " + Quote.flatMark + change
    }
  } else {
    precondition(quote.trend == .flat)
  }
  precondition(quote.styledText().plainText == shown, "shown as \(quote.styledText().plainText)")
  return 0
}

/// Whether `needle`'s bytes occur in `haystack`'s: fields are split on bytes, so they
/// need not be whole characters of the line.
private func contains(_ haystack: String, _ needle: String) -> Bool {
  let h = Array(haystack.utf8)
  let n = Array(needle.utf8)
  guard n.count <= h.count else { return false }
  return (0...(h.count - n.count)).contains { Array(h[$0..<($0 + n.count)]) == n }
}
