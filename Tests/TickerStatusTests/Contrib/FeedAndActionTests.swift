import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - The click action (contrib/actions/open-item, and quotes/open-quote)

@Suite struct FeedAndActionTests {
  static let openItem = "contrib/actions/open-item"
  static let openQuote = "contrib/quotes/open-quote"

  /// `script` (open-item unless told) in the plainest POSIX sh at hand, with a fake
  /// xdg-open first on PATH that records its argument count and arguments, one a
  /// line: what would have been opened.
  func action(
    _ environment: [String: String], _ arguments: [String] = [], script: String = openItem,
    folder: TestFolder
  ) throws -> (status: Int32, opened: [String], stderr: String) {
    let fake = try folder.write(
      "xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" >> \"$0.log\"\n")
    chmod(fake, 0o755)
    try? FileManager.default.removeItem(atPath: folder.file("xdg-open.log"))
    let result = try runProcess(
      which("dash") ?? "/bin/sh", [repositoryFile(script)] + arguments,
      environment: testEnvironment([
        "PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
      ]).merging(environment) { $1 })
    let opened = (folder.read("xdg-open.log") ?? "").split(separator: "\n").map(String.init)
    return (result.status, opened, result.stderr)
  }

  /// Every byte but A-Z a-z 0-9 - . _ ~ as %XX: what open-item must make of a symbol.
  static func percentEncoded(_ text: String) -> String {
    var result = ""
    for byte in Array(text.utf8) {
      let c = Character(Unicode.Scalar(byte))
      if byte < 0x80 && (c.isLetter || c.isNumber || "-._~".contains(c)) {
        result.append(c)
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }

  @Test(
    "the item's URL is opened as xdg-open's one argument, whatever it holds",
    arguments: [
      "https://news.example/2025/01/05/story?id=1&ref=ticker#top",
      "HTTP://News.Example/a;b=$(touch${IFS}pwned)`touch${IFS}pwned`'x'!*",
      "https://news.example/search?q=a|b&x=<y>",
    ])
  func urlIsOneArgument(url: String) throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    let run = try action(["TICKER_URL": url, "TICKER_BUTTON": "1"], folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    // ` { } | < > are not URL characters: percent-encoded; nothing else changes.
    var expected = url
    for (byte, code) in [("`", "%60"), ("{", "%7B"), ("}", "%7D"), ("|", "%7C"), ("<", "%3C")] {
      expected = expected.replacing(byte, with: code)
    }
    expected = expected.replacing(">", with: "%3E")
    #expect(run.opened == ["1", expected])
    #expect(!folder.exists("pwned"))
  }

  @Test(
    "an address that is not http or https is refused, with a message, and nothing opens",
    arguments: [
      "file:///etc/passwd", "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x",
      "ftp://files.example/x", "-https://news.example/", "--help", "news.example/no-scheme",
      "https:///no-host", "https://news.example/a b", "https://news.example/a\tb",
      "https://news.example/a\u{1B}[31m", "https://news.example/\nhttps://evil.example/",
      " https://news.example/", "https://news.example/" + String(repeating: "x", count: 9000),
    ])
  func nonHTTPIsRefused(url: String) throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    let run = try action(["TICKER_URL": url, "TICKER_BUTTON": "1"], folder: folder)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.opened.isEmpty, "\(run.opened)")
    #expect(run.stderr.hasPrefix("open-item: refusing the item's URL: "), "\(run.stderr)")
    #expect(!run.stderr.contains("\u{1B}"))
  }

  @Test("a TICKER_QUOTE_URL that is not http or https is refused too")
  func quoteTemplateIsChecked() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    let run = try action(
      ["TICKER_SYMBOL": "AAPL", "TICKER_QUOTE_URL": "file:///tmp/{symbol}"], folder: folder)
    #expect(run.status == 65)
    #expect(run.opened.isEmpty)
    #expect(run.stderr.contains("refusing TICKER_QUOTE_URL"), "\(run.stderr)")
  }

  @Test(
    "only a left click opens, unless the buttons are chosen",
    arguments: [
      (["TICKER_BUTTON": "1"], [], true),
      (["TICKER_BUTTON": "2"], [], false),
      (["TICKER_BUTTON": "3"], [], false),
      (["TICKER_BUTTON": "4"], [], false),
      (["TICKER_BUTTON": "5"], [], false),
      (["TICKER_BUTTON": "x"], [], false),
      ([:], [], true),  // run by hand: as a left click
      (["TICKER_BUTTON": "2", "TICKER_OPEN_BUTTONS": "1 2"], [], true),
      (["TICKER_BUTTON": "3", "TICKER_OPEN_BUTTONS": "1 2"], [], false),
      (["TICKER_BUTTON": "5", "TICKER_OPEN_BUTTONS": "all"], [], true),
      (["TICKER_BUTTON": "3"], ["--buttons", "3"], true),
      (["TICKER_BUTTON": "1"], ["--buttons=2,3"], false),
      (["TICKER_BUTTON": "2", "TICKER_OPEN_BUTTONS": "1"], ["--buttons", "1,2"], true),
    ] as [([String: String], [String], Bool)])
  func buttons(environment: [String: String], arguments: [String], opens: Bool) throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    var variables = environment
    variables["TICKER_URL"] = "https://news.example/1"
    let run = try action(variables, arguments, folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "")
    #expect(run.opened == (opens ? ["1", "https://news.example/1"] : []))
  }

  @Test("a bad --buttons or TICKER_OPEN_BUTTONS is a bad argument")
  func badButtons() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    for (environment, arguments) in [
      (["TICKER_OPEN_BUTTONS": "1;touch pwned"], [String]()), ([:], ["--buttons"]),
      ([:], ["--nonsense"]), ([:], ["--buttons", ""]),
    ] {
      var variables = environment
      variables["TICKER_URL"] = "https://news.example/1"
      let run = try action(variables, arguments, folder: folder)
      #expect(run.status == 2, "\(environment) \(arguments): \(run.stderr)")
      #expect(run.opened.isEmpty)
      #expect(run.stderr.hasPrefix("open-item: "))
    }
    #expect(!folder.exists("pwned"))
  }

  @Test("the item's URL comes before its symbol; without either, a message says why")
  func urlBeforeSymbol() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    let both = try action(
      ["TICKER_URL": "https://news.example/q", "TICKER_SYMBOL": "AAPL"], folder: folder)
    #expect(both.opened == ["1", "https://news.example/q"])
    let symbol = try action(["TICKER_SYMBOL": "AAPL", "TICKER_URL": ""], folder: folder)
    #expect(symbol.opened == ["1", "https://stooq.com/q/?s=aapl.us"])
    let neither = try action([:], folder: folder)
    #expect(neither.status == 0)
    #expect(neither.opened.isEmpty)
    #expect(neither.stderr.contains("open-item: nothing to open"), "\(neither.stderr)")
  }

  /// A 3,000-byte symbol took open-quote 5.7 s when it forked printf and tr for each
  /// byte; one od and one awk now encode it whole. Only the result is checked here (the
  /// time is in the report of the change, not asserted).
  @Test("a 3,000-byte symbol is percent-encoded exactly, in one pass")
  func longSymbol() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    let unit = "Ab9/ü^$(x);&|~-._%"
    var symbol = ""
    while symbol.utf8.count + unit.utf8.count <= 3000 { symbol += unit }
    symbol += String(repeating: "z", count: 3000 - symbol.utf8.count)
    #expect(symbol.utf8.count == 3000)
    let run = try action(
      ["TICKER_SYMBOL": symbol, "TICKER_QUOTE_URL": "https://q.example/{symbol}?s={symbol}"],
      folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    let encoded = Self.percentEncoded(symbol)
    #expect(run.opened == ["1", "https://q.example/\(encoded)?s=\(encoded)"])
    // Stooq's form: lower case, without '/', then encoded.
    let stooq = try action(["TICKER_SYMBOL": symbol], folder: folder)
    let lowered = symbol.replacing("/", with: "").lowercased()
    #expect(stooq.opened == ["1", "https://stooq.com/q/?s=" + Self.percentEncoded(lowered)])
    // Longer than 8 KiB: refused, not encoded.
    let huge = try action(["TICKER_SYMBOL": String(repeating: "A", count: 9000)], folder: folder)
    #expect(huge.status == 65)
    #expect(huge.opened.isEmpty)
  }

  @Test("quotes/open-quote, the old name, still opens quotes as it did, and URLs now")
  func openQuoteStillWorks() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    for (environment, url) in [
      (["TICKER_SYMBOL": "EUR/USD"], "https://stooq.com/q/?s=eurusd"),
      (["TICKER_SYMBOL": "^SPX"], "https://stooq.com/q/?s=%5Espx"),
      (
        ["TICKER_SYMBOL": "A/B c", "TICKER_QUOTE_URL": "https://q.example/{symbol}"],
        "https://q.example/A%2FB%20c"
      ),
      (["TICKER_URL": "https://news.example/x"], "https://news.example/x"),
    ] {
      let run = try action(environment, script: Self.openQuote, folder: folder)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.opened == ["1", url])
    }
    let none = try action([:], script: Self.openQuote, folder: folder)
    #expect(none.status == 0)
    #expect(none.stderr.contains("open-quote: no TICKER_SYMBOL"), "\(none.stderr)")
    let wheel = try action(
      ["TICKER_SYMBOL": "AAPL", "TICKER_BUTTON": "4"], script: Self.openQuote, folder: folder)
    #expect(wheel.opened.isEmpty)
  }

  /// A click through ticker-status, as a bar's action runs it: the wheel opens nothing,
  /// the left button the quote's page.
  @Test("through ticker-status --clicked-item: the wheel opens nothing, button 1 the page")
  func throughTickerStatus() throws {
    let folder = try TestFolder("ticker-open-item")
    defer { folder.remove() }
    _ = try action([:], folder: folder)  // writes the fake xdg-open
    let environment = testEnvironment([
      "PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/bin")
    ])
    for button in ["4", "5", "3", "1"] {
      let result = try runTicker(
        [
          "--clicked-item", "1", "--clicked-button", button,
          "--on-click", repositoryFile(Self.openItem), "--quotes", "AAPL 1 +1", "MSFT 2 -1",
        ],
        environment: environment)
      #expect(result.status == 0, "\(button): \(result.stderr)")
    }
    #expect(
      waitUntil(timeout: 10) { folder.lineCount("xdg-open.log") >= 2 }, "open-item opened nothing")
    usleep(300_000)  // an action of another button, had it opened anything, has too
    #expect(folder.read("xdg-open.log") == "1\nhttps://stooq.com/q/?s=msft.us\n")
  }
}
