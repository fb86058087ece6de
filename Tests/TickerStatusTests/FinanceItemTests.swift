import Foundation
import Testing

@testable import TickerCore

// Finance-grade items through the built binary: alerts in every dialect, the
// market's state, sparklines, hostile values, and `--on-alert` once a crossing.

private func environment(_ extra: [String: String] = [:]) -> [String: String] {
  scrubbedEnvironment(removing: ["NO_COLOR"] + cacheFolderVariables, adding: extra)
}

private func frame(_ arguments: [String], stdin: String? = nil) throws -> String {
  let result = try runTicker(
    ["--at", "0", "-w", "40"] + arguments, stdin: stdin.map { Array($0.utf8) },
    environment: environment(["XDG_RUNTIME_DIR": NSTemporaryDirectory()]))
  #expect(result.status == 0, "\(arguments): \(result.stderr)")
  #expect(result.stdout.hasSuffix("\n"))
  return String(result.stdout.dropLast())
}

@Suite struct FinanceItemTests {
  struct Look: CustomTestStringConvertible, Sendable {
    var format: OutputFormat
    /// What the alerting frame holds that the other does not; `nil` where the dialect
    /// has no way to show it (plain text, i3blocks' text lines, the JSON for scripts).
    var mark: String?
    var testDescription: String { format.rawValue }
  }

  @Test(arguments: [
    Look(format: .plain, mark: nil),
    Look(format: .ansi, mark: "\u{1B}[1;30;43mAAPL 189.84"),
    Look(format: .bash, mark: "\u{1}\u{1B}[1;30;43m\u{2}AAPL 189.84"),
    Look(format: .zsh, mark: "%B%F{0}%K{3}AAPL 189.84"),
    Look(format: .fish, mark: "\u{1B}[1;30;43mAAPL 189.84"),
    Look(format: .tmux, mark: "#[fg=black,bg=yellow,bold]AAPL 189.84"),
    Look(format: .polybar, mark: "%{F#000000}%{B#cdcd00}AAPL 189.84"),
    Look(format: .lemonbar, mark: "%{F#000000}%{B#cdcd00}AAPL 189.84"),
    Look(format: .pango, mark: ##"background="#cdcd00" weight="bold">AAPL 189.84"##),
    Look(format: .i3bar, mark: #""urgent":true}"#),
    Look(format: .i3blocks, mark: nil),
    Look(format: .waybar, mark: #""class":["ticker","alert"]}"#),
    Look(format: .json, mark: nil),
  ])
  func anAlertingQuoteInEachDialect(_ test: Look) throws {
    let items = ["AAPL 189.84 +1.25", "MSFT 410.1 -2.5"]
    let common = ["--quotes", "--format", test.format.rawValue]
    let alerting = try frame(common + ["--alert", "AAPL>100"] + items)
    let calm = try frame(common + ["--alert", "AAPL>200"] + items)
    let none = try frame(common + items)
    // A rule no quote meets, or one on a symbol that is not there, draws as no rule.
    #expect(calm == none)
    #expect(try frame(common + ["--alert", "NOPE<1"] + items) == none)
    if let mark = test.mark {
      #expect(alerting.contains(mark), "\(alerting)")
      #expect(!calm.contains(mark))
    } else {
      #expect(alerting == none)
    }
    // The text is the same: an alert is a look, not other text.
    let text = try frame(["--quotes", "--format", "plain"] + items)
    #expect(try frame(["--quotes", "--format", "plain", "--alert", "AAPL>100"] + items) == text)
  }

  @Test func alertsApplyToJSONQuotesAndTheDemo() throws {
    let line = #"{"symbol":"EUR/USD","price":1.0412,"change":-0.0021}"#
    let json = try frame(
      ["-f", "-", "--input", "json", "--format", "tmux", "--alert", "EUR-USD<1.05"], stdin: line)
    #expect(json.hasPrefix("#[fg=black,bg=yellow,bold]EUR/USD 1.0412"))
    let demo = try frame(["--demo", "--format", "i3bar", "--alert", "price>0", "-w", "200"])
    #expect(demo.contains(#""urgent":true"#))
  }

  @Test(arguments: [
    ["--alert", "AAPL"], ["--alert", "price>3%"], ["--alert", ">1"], ["--alert", "AAPL>x"],
    ["--alert", "AAPL:volume>1"], ["--sparkline", "0"], ["--sparkline", "65"],
    ["--sparkline", "x"], ["--alert-style", "fg=nocolour"],
  ])
  func aBadRuleOrCountIsAUsageErrorNamingIt(arguments: [String]) throws {
    let result = try runTicker(arguments + ["x"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'\(arguments[1])'"), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  struct State: CustomTestStringConvertible, Sendable {
    var state: String
    var expected: String
    var testDescription: String { state }
  }

  static let extended =
    #""extended":{"session":"x","price":191.5,"change":1.4,"percent":0.74,"time":null}"#

  @Test(arguments: [
    State(state: "regular", expected: "AAPL 190.1 ▲0.4"),
    State(state: "pre", expected: "AAPL 191.5 ▲1.4 pre"),
    State(state: "post", expected: "AAPL 191.5 ▲1.4 post"),
    State(state: "closed", expected: "AAPL 190.1 ▲0.4 closed"),
    State(state: "<b>", expected: "AAPL 190.1 ▲0.4"),
  ])
  func theMarketStateTagsTheQuoteAndTheExtendedTradeIsShownOutsideHours(_ test: State) throws {
    let line =
      #"{"symbol":"AAPL","price":190.1,"change":0.4,"market_state":"\#(test.state)",\#(Self.extended)}"#
    let plain = try frame(["-f", "-", "--input", "json", "--format", "plain"], stdin: line)
    #expect(plain.hasPrefix(test.expected + " "), "\(plain)")
    #expect(plain.count == 40)
    // The tag is dim, escaped as item text in every dialect (it is item text).
    let tmux = try frame(["-f", "-", "--input", "json", "--format", "tmux"], stdin: line)
    if test.expected.hasSuffix("pre") { #expect(tmux.contains("#[dim] pre#[default]")) }
  }

  @Test func aPreMarketQuoteWithoutAnExtendedTradeShowsItsOwnPrice() throws {
    let line = #"{"symbol":"AAPL","price":190.1,"change":0.4,"market_state":"pre","extended":null}"#
    #expect(
      try frame(["-f", "-", "--input", "json", "--format", "plain"], stdin: line).hasPrefix(
        "AAPL 190.1 ▲0.4 pre "))
  }

  struct History: CustomTestStringConvertible, Sendable {
    var name: String
    var history: String
    var expected: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    History(name: "rising", history: "[1,2,3,4,5,6,7,8]", expected: "AAPL 190.1 ▁▂▃▄▅▆▇█ ▲0.4"),
    History(
      name: "text in it", history: #"[1,"x",8,null,true,{"a":1},[2]]"#,
      expected: "AAPL 190.1 ▁█ ▲0.4"),
    History(name: "not a list", history: #""1,2,3""#, expected: "AAPL 190.1 ▲0.4"),
    History(name: "empty", history: "[]", expected: "AAPL 190.1 ▲0.4"),
    History(name: "huge values", history: "[-1e308,1e308,0]", expected: "AAPL 190.1 ▁█▅ ▲0.4"),
    History(
      name: "10,000 points",
      history: "[" + (0..<10_000).map { String($0 % 8) }.joined(separator: ",") + "]",
      expected: "AAPL 190.1 ▁▂▃▄▅▆▇█ ▲0.4"),
  ])
  func aSparklineIsDrawnAfterThePriceWhateverTheHistoryHolds(_ test: History) throws {
    let line = #"{"symbol":"AAPL","price":190.1,"change":0.4,"history":\#(test.history)}"#
    let plain = try frame(
      ["-f", "-", "--input", "json", "--format", "plain", "--sparkline", "8", "-w", "60"],
      stdin: line)
    #expect(plain.hasPrefix(test.expected + " "), "\(plain)")
    #expect(plain.count == 60)
    // Without --sparkline, no blocks.
    let without = try frame(["-f", "-", "--input", "json", "--format", "plain"], stdin: line)
    #expect(without.hasPrefix("AAPL 190.1 ▲0.4 "))
  }

  struct Drawn: CustomTestStringConvertible, Sendable {
    var format: OutputFormat
    /// How the dialect draws the dim market tag, where it has a way.
    var tag: String
    var testDescription: String { format.rawValue }
  }

  @Test(arguments: [
    Drawn(format: .plain, tag: " post"), Drawn(format: .ansi, tag: "\u{1B}[0;2m post"),
    Drawn(format: .bash, tag: "\u{1B}[0;2m\u{2} post"),
    Drawn(format: .zsh, tag: "%{\u{1B}[2m%} post"),
    Drawn(format: .fish, tag: "\u{1B}[0;2m post"), Drawn(format: .tmux, tag: "#[dim] post"),
    Drawn(format: .polybar, tag: "%{F#808080} post"),
    Drawn(format: .lemonbar, tag: "%{F#808080} post"),
    Drawn(format: .pango, tag: #"<span alpha="50%"> post"#),
    Drawn(format: .i3bar, tag: #"<span alpha=\"50%\"> post"#),
    Drawn(format: .i3blocks, tag: " post"),
    Drawn(format: .waybar, tag: #"<span alpha=\"50%\"> post"#),
    Drawn(format: .json, tag: " post"),
  ])
  func theMarketTagAndTheSparklineInEachDialect(_ test: Drawn) throws {
    let line =
      #"{"symbol":"AAPL","price":190.1,"change":0.4,"market_state":"post","history":[1,2,3,4]}"#
    let frame = try frame(
      ["-f", "-", "--input", "json", "--sparkline", "4", "--format", test.format.rawValue],
      stdin: line)
    #expect(frame.contains("AAPL 190.1 ▁▃▆█ "), "\(frame)")
    #expect(frame.contains(test.tag), "\(frame.debugDescription)")
  }

  /// The frame's East Asian ambiguous characters: the blocks, the quote marks ▲ ▼ ▪
  /// and the separator's ·.
  static let wideWhereAmbiguous = Set<UInt32>(
    Array(0x2581...0x2588) + [0x25B2, 0x25BC, 0x25AA, 0xB7])

  @Test(arguments: ["narrow", "wide"])
  func theTagAndTheSparklineKeepTheFrameItsWidth(ambiguous: String) throws {
    // The blocks are East Asian ambiguous: two cells where those are wide (wcwidth's
    // profile; the terminals' measured profiles draw them one cell either way).
    let line =
      #"{"symbol":"A","price":1,"change":0.4,"market_state":"pre","history":[1,2,3,4,5,6,7,8]}"#
    for width in [0, 1, 5, 9, 12, 17, 30] {
      for time in [0.0, 1.5, 4, 7.25] {
        let text = try frame(
          [
            "-f", "-", "--input", "json", "--sparkline", "8", "--cells", "wcwidth",
            "--ambiguous", ambiguous, "-w",
            "\(width)", "--at", "\(time)", "--format", "plain",
          ], stdin: line)
        let cells = text.unicodeScalars.reduce(0) {
          $0 + (ambiguous == "wide" && Self.wideWhereAmbiguous.contains($1.value) ? 2 : 1)
        }
        #expect(cells == width, "\(width) at \(time): \(text)")
      }
    }
  }

  @Test func hostileNumbersGiveACleanFrame() throws {
    for line in [
      #"{"symbol":"A","price":NaN}"#, #"{"symbol":"A","price":1e308}"#,
      #"{"symbol":"A","price":"1e308","history":[1e999]}"#,
      #"{"symbol":"A","price":5,"change":"+9999999999999999999999999999999999999999"}"#,
    ] {
      let result = try runTicker(
        [
          "-f", "-", "--input", "json", "--at", "0", "-w", "20", "--alert", "change>1%",
          "--sparkline", "4",
        ], stdin: Array(line.utf8))
      #expect(result.status == 0, "\(line)")
      #expect(result.stdout.count == 21, "\(line): \(result.stdout)")
    }
  }

  // MARK: --on-alert

  /// A one-shot of `quote` with `--on-alert` appending `TICKER_SYMBOL TICKER_PRICE` to
  /// `log`, and whether the rule is met.
  private func oneShot(_ quote: String, log: String, cache: String) throws {
    let result = try runTicker(
      [
        "--quotes", "--at", "0", "-w", "30", "--alert", "AAPL>200",
        "--on-alert", #"echo "$TICKER_SYMBOL $TICKER_PRICE $TICKER_BUTTON" >> "$LOG""#, quote,
        "MSFT 1 +1",
      ],
      environment: environment(["XDG_RUNTIME_DIR": cache, "LOG": log]))
    #expect(result.status == 0, "\(result.stderr)")
  }

  private func lines(_ path: String, count: Int) -> [String] {
    _ = waitUntil(timeout: 5) {
      ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
        >= count
    }
    // A moment for one more, which must not come.
    Thread.sleep(forTimeInterval: 0.3)
    return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
      .map(String.init)
  }

  @Test func onAlertRunsOnceACrossingAcrossOneShotCalls() throws {
    let folder = try TestFolder("ticker-alert")
    defer { folder.remove() }
    let log = folder.file("log")
    let cache = folder.file("cache")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    try oneShot("AAPL 150 +1", log: log, cache: cache)
    for _ in 0..<3 { try oneShot("AAPL 201 +1", log: log, cache: cache) }
    #expect(lines(log, count: 1) == ["AAPL 201 0"])
    try oneShot("AAPL 199 -2", log: log, cache: cache)
    try oneShot("AAPL 205 +6", log: log, cache: cache)
    try oneShot("AAPL 206 +7", log: log, cache: cache)
    #expect(lines(log, count: 2) == ["AAPL 201 0", "AAPL 205 0"])
  }

  @Test func onAlertRunsOnceACrossingInAStream() throws {
    let folder = try TestFolder("ticker-alert-stream")
    defer { folder.remove() }
    let log = folder.file("log")
    let items = folder.file("items")
    try "AAPL 150 +1\n".write(toFile: items, atomically: true, encoding: .utf8)
    let stream = try LiveProcess(
      [
        "--stream", "--quotes", "-f", items, "-w", "30", "--alert", "AAPL>200",
        "--on-alert", #"echo "$TICKER_SYMBOL $TICKER_PRICE $TICKER_ITEM" >> "$LOG""#,
      ],
      environment: environment(["XDG_RUNTIME_DIR": folder.file("nocache"), "LOG": log]))
    defer { stream.stop() }
    _ = stream.waitForLines(1)
    for (text, drawn) in [
      ("AAPL 201 +1", "201 ▲1"), ("AAPL 202 +2", "202 ▲2"), ("AAPL 150 -1", "150 ▼1"),
      ("AAPL 210 +3", "210 ▲3"),
    ] {
      let seen = stream.lines.count
      try (text + "\n").write(toFile: items, atomically: true, encoding: .utf8)
      #expect(stream.waitForLine(from: seen, timeout: 5) { $0.contains(drawn) } != nil, "\(text)")
    }
    #expect(lines(log, count: 2) == ["AAPL 201 AAPL 201 ▲1", "AAPL 210 AAPL 210 ▲3"])
  }
}
