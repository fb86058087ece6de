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
  @Test(arguments: [
    "Team wins 3", "1 < 2", "Hello, world", "a,b", "AAPL 189.84 3", "AAPL 189.84 2.5%",
    "AAPL $189.84 +1", "AAPL 1,234.56 +1", "AAPL 1.2.3 +1", "AAPL 189.84 +1.2.3",
    "AAPL 189.84 +", "AAPL . +1", "AAPL 189.84 +1%%", "AAPL 189.84 1e3", "AAPL 189.84%",
    "AAPL 189.84 +1.25 extra", "AAPL", "", "   ", "no price here",
  ])
  func otherLinesAreText(_ line: String) {
    #expect(Quote(parsing: line) == nil)
  }

  /// What the demo and contrib/quotes/ticker-quotes print still reads as quotes.
  @Test(arguments: [
    "AAPL 189.84 +1.25", "MSFT 415.20 -2.31", "EUR/USD 1.0842 -0.0013", "NVDA 121.44 +2.6%",
    "GOOGL 171.05 +0.87", "USD/JPY 151.62 +0.48", "AMZN 186.13 -0.4%", "GBP/USD 1.2675 +0.0021",
    "TSLA 248.50 0", "META 502.37 +3.14", "USD/CHF 0.9011 -0.0007", "BTC/USD 67245.10 -1.8%",
    "AAPL 196.45 -2.75", "USD/JPY 144.07 +0.36%", "EUR/GBP 0.85050 0", "GBP/USD 1.3536 -0.0075",
  ])
  func fetcherAndDemoLinesAreQuotes(_ line: String) {
    #expect(Quote(parsing: line) != nil)
  }

  @Test func styledTextMarksTheChange() {
    let styles = QuoteStyles()
    let up = Quote(parsing: "AAPL 189.84 +1.25")!.styledText(styles: styles)
    #expect(up.runs == [StyledRun("AAPL 189.84 "), StyledRun("▲1.25", style: styles.up)])
    let bare = Quote(parsing: "AAPL 189.84")!.styledText(styles: styles)
    #expect(bare.runs == [StyledRun("AAPL 189.84")])
  }
}
