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
    #expect(result.stderr == "ticker-quotes: no quote for 'nosuch.us'\n")

    let percent = try quotes(
      ["--percent", "--offline", "-", "usdjpy", "aapl.us"],
      stdin: Array(try contents("contrib/quotes/sample-response.csv").utf8))
    #expect(percent.stdout == "USD/JPY 144.07 +0.36%\nAAPL 196.45 -1.38%\n")
  }

  @Test("the ECB's reference rates become pairs, the change against the day before")
  func ecb() throws {
    let result = try quotes([
      "--source", "ecb", "--offline", repositoryFile("contrib/quotes/sample-ecb.xml"),
      "usd", "eurjpy", "gbp", "gbpusd",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "EUR/USD 1.1512 -0.0064\nEUR/JPY 165.98 +0.09\nEUR/GBP 0.85050 0\nGBP/USD 1.3536 -0.0075\n"
    )
  }

  @Test(
    "--help names the symbols of each source, the default source and the default timeout",
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
      "SYMBOL", "aapl.us", "sap.de", "eurusd", "usd", "jpy", "--source", "(default: stooq)",
      "ecb", "--timeout SECONDS", "(default: 10)", "--percent", "--offline FILE",
      "ticker-status --quotes",
    ] {
      #expect(text.contains(expected), "'\(expected)' is missing from:\n\(text)")
    }
    // The help is for a terminal: no line is wider than 80 columns.
    let wide = text.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  @Test("no quote at all exits 1 with a message")
  func nothing() throws {
    let result = try quotes(
      ["--offline", "-", "aapl.us"], stdin: Array("<html>busy</html>\n".utf8))
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("aapl.us"))
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

  @Test(
    "--command runs the fetcher",
    .enabled(if: hasOption("command"), "stream sources (--command) are not built yet"))
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
}
