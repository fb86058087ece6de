import Testing

@testable import TickerCore

@Suite struct QuoteTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var line: String
    var symbol: String
    var price: String
    var change: String?
    var trend: Trend
    var testDescription: String { line.debugDescription }
  }

  @Test(arguments: [
    Case(line: "AAPL 189.84 +1.25", symbol: "AAPL", price: "189.84", change: "1.25", trend: .up),
    Case(line: "MSFT 415.20 -2.31", symbol: "MSFT", price: "415.20", change: "2.31", trend: .down),
    Case(
      line: "EURUSD,1.0842,-0.4%", symbol: "EURUSD", price: "1.0842", change: "0.4%", trend: .down),
    Case(line: "NVDA 121.44 +2.6%", symbol: "NVDA", price: "121.44", change: "2.6%", trend: .up),
    Case(
      line: "BTC 67245.10 \u{2212}1.8%", symbol: "BTC", price: "67245.10", change: "1.8%",
      trend: .down),
    Case(line: "TSLA 248.50 0", symbol: "TSLA", price: "248.50", change: "0", trend: .flat),
    Case(
      line: "EUR/GBP 0.85050 0.00%", symbol: "EUR/GBP", price: "0.85050", change: "0.00%",
      trend: .flat),
    Case(line: "X 1 -0", symbol: "X", price: "1", change: "0", trend: .flat),
    Case(line: "AAPL 189.84", symbol: "AAPL", price: "189.84", change: nil, trend: .flat),
    Case(line: "CL -37.63 +2.1", symbol: "CL", price: "-37.63", change: "2.1", trend: .up),
    Case(line: "  AAPL\t189.84,  +1  ", symbol: "AAPL", price: "189.84", change: "1", trend: .up),
  ])
  func quotesAreRead(_ c: Case) throws {
    let quote = try #require(Quote(parsing: c.line))
    #expect(quote.symbol == c.symbol)
    #expect(quote.price == c.price)
    #expect(quote.change == c.change)
    #expect(quote.trend == c.trend)
  }

  /// Ordinary text is not a quote: the price must be a number and the change a signed
  /// number or percentage (or zero). These all read as quotes before: `Team wins 3`
  /// showed as `Team wins ▲3` in green.
  @Test(arguments: notQuotes)
  func otherLinesAreText(_ line: String) {
    #expect(Quote(parsing: line) == nil)
  }

  static let fetcherAndDemoLines = [
    "AAPL 189.84 +1.25", "MSFT 415.20 -2.31", "EUR/USD 1.0842 -0.0013", "NVDA 121.44 +2.6%",
    "GOOGL 171.05 +0.87", "USD/JPY 151.62 +0.48", "AMZN 186.13 -0.4%", "GBP/USD 1.2675 +0.0021",
    "TSLA 248.50 0", "META 502.37 +3.14", "USD/CHF 0.9011 -0.0007", "BTC/USD 67245.10 -1.8%",
    "AAPL 196.45 -2.75", "USD/JPY 144.07 +0.36%", "EUR/GBP 0.85050 0", "GBP/USD 1.3536 -0.0075",
  ]

  /// Every line of the tables of this suite.
  static let tableLines =
    fetcherAndDemoLines + notQuotes + [
      "AAPL 189.84 +1.25", "EURUSD,1.0842,-0.4%", "BTC 67245.10 \u{2212}1.8%", "X 1 -0",
      "AAPL 189.84", "CL -37.63 +2.1", "  AAPL\t189.84,  +1  ", "EUR/GBP 0.85050 0.00%",
    ]

  static let notQuotes = [
    "Team wins 3", "1 < 2", "Hello, world", "a,b", "AAPL 189.84 3", "AAPL 189.84 2.5%",
    "AAPL $189.84 +1", "AAPL 1,234.56 +1", "AAPL 1.2.3 +1", "AAPL 189.84 +1.2.3",
    "AAPL 189.84 +", "AAPL . +1", "AAPL 189.84 +1%%", "AAPL 189.84 1e3", "AAPL 189.84%",
    "AAPL 189.84 +1.25 extra", "AAPL", "", "   ", "no price here",
  ]

  /// What the demo and contrib/quotes/ticker-quotes print still reads as quotes.
  @Test(arguments: fetcherAndDemoLines)
  func fetcherAndDemoLinesAreQuotes(_ line: String) {
    #expect(Quote(parsing: line) != nil)
  }

  /// The usual line read in one pass (`Quote.Usual`) against the general way, over
  /// every line of the tables above and lines made of quote-like pieces: each line it
  /// takes is read exactly as the general way reads it, and it takes every line the
  /// fetchers and the demo print.
  @Test func theUsualLineIsReadAsTheGeneralWayReadsIt() {
    let symbols = ["AAPL", "EUR/USD", "X", "#1", "a,b", "", "日経", "+1", "1.5"]
    let numbers = [
      "189.84", "-37.6", "+0", "0", "1.2.3", "$5", ".5", "5.", "+1.25", "-0.4%", "-0", "0.00%",
      "+", "-", "3", "+1%%", "+2.6%", "%", "1%2", "\u{2212}1.8%", "1e3", "+.", "", "2.5%",
    ]
    let gaps = [" ", " ", " ", " ", "  ", ",", ", ", "\t", ""]
    var lines = Self.tableLines
    var rng = SplitMix64(seed: 36)
    for _ in 0..<4000 {
      var line = symbols.randomElement(using: &rng)!
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        line += gaps.randomElement(using: &rng)! + numbers.randomElement(using: &rng)!
      }
      if Int.random(in: 0..<10, using: &rng) == 0 { line += gaps.randomElement(using: &rng)! }
      if Int.random(in: 0..<10, using: &rng) == 0 { line = gaps.randomElement(using: &rng)! + line }
      lines.append(line)
    }
    var taken = 0
    for line in lines {
      var bytes = Array(line.utf8)
      bytes.withUnsafeMutableBufferPointer {
        let utf8 = UnsafeBufferPointer($0)
        let general = Quote.Scan(general: utf8)
        guard let usual = Quote.Usual.scan(utf8) else { return }
        taken += 1
        #expect(usual == general, "\(line.debugDescription)")
      }
    }
    #expect(taken > 150)
    for line in Self.fetcherAndDemoLines {
      var bytes = Array(line.utf8)
      let usual = bytes.withUnsafeMutableBufferPointer { Quote.Usual.scan(UnsafeBufferPointer($0)) }
      #expect(usual != nil, "\(line)")
    }
  }

  @Test func styledTextMarksTheChange() {
    let styles = QuoteStyles()
    let up = Quote(parsing: "AAPL 189.84 +1.25")!.styledText(styles: styles)
    #expect(up.runs == [StyledRun("AAPL 189.84 "), StyledRun("▲1.25", style: styles.up)])
    let bare = Quote(parsing: "AAPL 189.84")!.styledText(styles: styles)
    #expect(bare.runs == [StyledRun("AAPL 189.84")])
  }
}

/// Quote lines laid out from their bytes (`StripBuilder.appendQuote`) against the
/// general way (`Quote(parsing:)`, `styledText(styles:)`, or the line as text).
@Suite struct QuoteLayoutTests {
  /// Lines of quote-like pieces: quotes, near-quotes and text, with commas and runs of
  /// spaces.
  private static func lines(count: Int, seed: UInt64) -> [String] {
    var rng = SplitMix64(seed: seed)
    let symbols = ["AAPL", "EUR/USD", "X", "#1", "a,b", ""]
    let prices = ["189.84", "-37.6", "0", "1.2.3", "$5", "0.9011", ""]
    let changes = ["+1.25", "-0.4%", "0", "-0", "0.00%", "+", "3", "+1%%", "+2.6%", ""]
    let gaps = [" ", "  ", ",", ", ", " ,"]
    return (0..<count).map { _ in
      var line = symbols.randomElement(using: &rng)! + gaps.randomElement(using: &rng)!
      line += prices.randomElement(using: &rng)!
      if Bool.random(using: &rng) {
        line += gaps.randomElement(using: &rng)! + changes.randomElement(using: &rng)!
      }
      if Int.random(in: 0..<8, using: &rng) == 0 { line = " " + line + " " }
      return line
    }
  }

  @Test(arguments: [
    CellMeasure(profile: .terminal), CellMeasure(profile: .terminal, ambiguous: .wide),
    CellMeasure(profile: .tmux),
  ])
  func bytesLayOutAsTheGeneralWay(measure: CellMeasure) {
    let styles = QuoteStyles(flat: Style(foreground: .named(3), attributes: .bold))
    for seed in 0..<12 {
      let lines = Self.lines(count: 30, seed: UInt64(seed))
      var fast = StripBuilder(separator: " · ", measure: measure)
      var general = StripBuilder(separator: " · ", measure: measure)
      for line in lines {
        var bytes = Array(line.utf8)
        let appended = bytes.withUnsafeMutableBufferPointer {
          fast.appendQuote(utf8: UnsafeBufferPointer($0), styles: styles)
        }
        #expect(appended == (Quote(parsing: line) != nil), "\(line)")
        if !appended { fast.append(StyledText(line)) }
        general.append(Quote(parsing: line)?.styledText(styles: styles) ?? StyledText(line))
        bytes.removeAll()
      }
      let strip = fast.build()
      let reference = general.build()
      #expect(strip.cellCount == reference.cellCount, "\(lines)")
      #expect(strip.itemCount == reference.itemCount)
      #expect(strip.clusters.map(\.text) == reference.clusters.map(\.text), "\(lines)")
      #expect(strip.clusters.map(\.width) == reference.clusters.map(\.width))
      #expect(strip.clusters.map(\.style) == reference.clusters.map(\.style))
      for offset in stride(from: 0, to: strip.cellCount, by: 3) {
        #expect(
          strip.window(offset: offset, width: 30) == reference.window(offset: offset, width: 30))
        #expect(strip.item(atCell: offset) == reference.item(atCell: offset))
      }
    }
  }
}
