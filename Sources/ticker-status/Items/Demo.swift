/// The built-in quotes `--demo` shows: stocks and currency pairs.
enum Demo {
  static let quoteLines: [String] = [
    "AAPL 189.84 +1.25",
    "MSFT 415.20 -2.31",
    "EUR/USD 1.0842 -0.0013",
    "NVDA 121.44 +2.6%",
    "GOOGL 171.05 +0.87",
    "USD/JPY 151.62 +0.48",
    "AMZN 186.13 -0.4%",
    "GBP/USD 1.2675 +0.0021",
    "TSLA 248.50 0",
    "META 502.37 +3.14",
    "USD/CHF 0.9011 -0.0007",
    "BTC/USD 67245.10 -1.8%",
  ]
}
