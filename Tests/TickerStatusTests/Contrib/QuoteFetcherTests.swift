import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - Quotes

@Suite(.enabled(if: which("python3") != nil, "python3 is not installed"))
struct QuoteFetcherTests {
  let fetcher = repositoryFile("contrib/quotes/ticker-quotes")

  func quotes(_ arguments: [String], stdin: [UInt8]? = nil) throws -> ProcessResult {
    try runProcess(which("python3")!, [fetcher] + arguments, stdin: stdin)
  }

  @Test("Stooq's CSV becomes SYMBOL PRICE CHANGE lines, the change against the previous close")
  func stooq() throws {
    let sample = repositoryFile("contrib/quotes/sample-response.csv")
    let result = try quotes([
      "--offline", sample, "aapl.us", "msft.us", "eurusd", "usdjpy", "nosuch.us",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "AAPL 196.45 -2.75\nMSFT 474.96 -3.91\nEUR/USD 1.1550 -0.0034\nUSD/JPY 144.07 +0.51\n")
    // The symbol, the source, the failure class, and what to do.
    #expect(
      result.stderr.hasPrefix(
        "ticker-quotes: no quote for 'nosuch.us': stooq: unknown symbol (no price for it, N/D)\n"
          + "ticker-quotes: unknown symbol: check the spelling"),
      "\(result.stderr)")

    let percent = try quotes(
      ["--percent", "--offline", "-", "usdjpy", "aapl.us"],
      stdin: Array(try contents("contrib/quotes/sample-response.csv").utf8))
    #expect(percent.stdout == "USD/JPY 144.07 +0.36%\nAAPL 196.45 -1.38%\n")
  }

  @Test(
    "the ECB's reference rates become pairs, the change against the day before",
    arguments: [["--source", "ecb"], []])
  func ecb(_ source: [String]) throws {
    // With --source auto (no --source) the saved answer is recognised as the ECB's.
    let result = try quotes(
      source + [
        "--offline", repositoryFile("contrib/quotes/sample-ecb.xml"), "usd", "eurjpy", "gbp",
        "gbpusd",
      ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "EUR/USD 1.1512 -0.0064\nEUR/JPY 165.98 +0.09\nEUR/GBP 0.85050 0\nGBP/USD 1.3536 -0.0075\n"
    )
  }

  @Test(
    "--help names the notation, each source, the default (auto) and the default timeout",
    arguments: ["--help", "-h"])
  func help(_ option: String) throws {
    // argparse wraps to COLUMNS; 80 is what it assumes without a terminal.
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    let result = try runProcess(which("python3")!, [fetcher, option], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let text = result.stdout
    #expect(text.hasPrefix("usage: ticker-quotes "))
    for expected in [
      "SYMBOL", "AAPL", "SAP.DE", "^GSPC", "EUR/USD", "BTC-USD", "aapl.us", "sap.de", "eurusd",
      "usd", "jpy", "--source", "(default: auto)", "yahoo:", "nasdaq:", "stooq:", "frankfurter:",
      "ecb:", "coinbase:", "kraken:", "finnhub:", "alphavantage:", "twelvedata:", "--check",
      "--json", "--verbose", "--timeout SECONDS", "(default: 10)", "--percent", "--offline FILE",
      "ticker-status --quotes", "Exit status",
    ] {
      #expect(text.contains(expected), "'\(expected)' is missing from:\n\(text)")
    }
    // The help is for a terminal: no line is wider than 80 columns.
    let wide = text.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  @Test("no quote at all exits 1 with a message; a bad command line exits 2")
  func nothing() throws {
    let result = try quotes(
      ["--offline", "-", "aapl.us"], stdin: Array("<html>busy</html>\n".utf8))
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("no quote for 'aapl.us'"))
    #expect(result.stderr.contains("malformed"))
    #expect(try quotes(["--source", "nosuch", "aapl.us"]).status == 2)
  }

  @Test("ticker-status --quotes reads what the fetcher prints")
  func intoTheTicker() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try quotes([
      "--offline", repositoryFile("contrib/quotes/sample-response.csv"), "aapl.us", "usdjpy",
    ])
    let file = folder.appendingPathComponent("quotes")
    try lines.stdout.write(to: file, atomically: true, encoding: .utf8)
    let frame = try plainFrame(["--quotes", "-f", file.path, "-w", "60", "--at", "0"])
    #expect(frame.hasPrefix("AAPL 196.45 ▼2.75 · USD/JPY 144.07 ▲0.51 "))
  }

  @Test("--command runs the fetcher")
  func asCommand() throws {
    let sample = repositoryFile("contrib/quotes/sample-response.csv")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runTicker(
      [
        "--stream", "--quotes", "--format", "plain", "-w", "60", "--every", "300", "--command",
        "'\(fetcher)' --offline '\(sample)' aapl.us",
      ],
      environment: clientEnvironment(["XDG_RUNTIME_DIR": folder.path]), timeout: 2)
    #expect(result.stdout.contains("AAPL 196.45 ▼2.75"), "\(result.stdout) \(result.stderr)")
  }

  /// A loopback server with every quote source's recorded answers
  /// (Tests/fetchers/serve_quotes.py), its URL and the moment its answers are of
  /// given to `body`; stopped (its standard input closed) when `body` returns.
  func withQuoteServer(_ body: (_ url: String, _ moment: String) throws -> Void) throws {
    let server = Process()
    server.executableURL = URL(fileURLWithPath: which("python3")!)
    server.arguments = [repositoryFile("Tests/fetchers/serve_quotes.py")]
    let input = Pipe()
    let output = Pipe()
    server.standardInput = input
    server.standardOutput = output
    try server.run()
    defer {
      try? input.fileHandleForWriting.close()
      server.waitUntilExit()
    }
    var data = Data()
    while data.filter({ $0 == UInt8(ascii: "\n") }).count < 2 {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      data.append(chunk)
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    try #require(lines.count >= 2, "serve_quotes.py printed \(lines)")
    try body(lines[0], lines[1])
  }

  @Test(
    "ticker-status --quotes shows what ticker-quotes fetched from its sources (on loopback)")
  func fromTheSources() throws {
    try withQuoteServer { url, moment in
      let folder = try temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      var extra = [
        "XDG_RUNTIME_DIR": folder.path,
        "TICKER_QUOTES_STATE_DIR": folder.appendingPathComponent("state").path,
        "TICKER_QUOTES_LOOPBACK_ONLY": "1", "TICKER_QUOTES_NOW": moment,
      ]
      for source in [
        "YAHOO", "NASDAQ", "STOOQ", "FRANKFURTER", "ECB", "COINBASE", "KRAKEN", "FINNHUB",
        "ALPHAVANTAGE", "TWELVEDATA",
      ] {
        extra["TICKER_QUOTES_\(source)_URL"] = url
      }
      let result = try runTicker(
        [
          "--stream", "--quotes", "--format", "plain", "-w", "120", "--every", "300",
          "--command", "'\(fetcher)' AAPL EUR/USD BTC-USD",
        ],
        environment: clientEnvironment(extra), timeout: 4)
      for quote in ["AAPL 196.45 ▼2.75", "EUR/USD 1.1512 ▼0.0064", "BTC/USD 105970.30 ▼179.80"] {
        #expect(result.stdout.contains(quote), "\(result.stdout) \(result.stderr)")
      }
    }
  }
}
