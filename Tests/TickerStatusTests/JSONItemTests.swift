import Foundation
import Testing

@testable import TickerCore
@testable import ticker_status

// --input json: JSON Lines become items. Text from JSON is item text, escaped by every
// dialect exactly as a plain item; a style is a style or nothing; bad, huge and deep
// lines are left out (one warning a run) and take no index, in the strip and in the
// click lookup alike; clicks carry the item's url and tooltip.

/// Text that is markup, an action or a break-out in some dialect, with controls and a
/// lone surrogate (`\ud800`, which becomes U+FFFD).
private let hostileTexts = [
  ##"<span foreground=\"red\">RED</span> &amp; <b>BOLD"##,
  ##"%{A1:touch h:}%{A3:touch h:}CLICK%{A}%{A} %{F#ff0000}RED %{O100}FAR 100%"##,
  ##"#(touch h) #[fg=red]#{host}## #[range=user|t_9]X#[norange] $(touch h) `touch h`"##,
  ##"\"}],[{\"full_text\":\"X\",\"color\":\"#ff0000\"}],[{\"full_text\":\"Y {} {0}"##,
  ##"bell\u0007 esc\u001b[31m red\u001b]0;title\u0007 nul\u0000 del\u007f c1\u009b2J \ud800 lone"##,
  ##"back\\slash \\u005c \u2028 \u2029 tab\there\nnew line\r\n %%{A} \\\"quote"##,
]

/// One JSON Lines line with `text` (already a JSON string body) and other members.
private func line(_ text: String, _ members: String = "") -> String {
  "{\"text\":\"" + text + "\"" + (members.isEmpty ? "" : "," + members) + "}"
}

/// The text a JSON string body stands for (a lone surrogate as U+FFFD).
private func decoded(_ body: String) throws -> String {
  let body = body.replacingOccurrences(of: "\\ud800", with: "\\ufffd")
  let value = try JSONSerialization.jsonObject(
    with: Data(("\"" + body + "\"").utf8), options: .fragmentsAllowed)
  return try #require(value as? String)
}

/// What one configuration draws for each of `times`: `lines` read as lines of a file,
/// or `arguments` as ITEM arguments, by a pipeline of `options` run in-process.
private func frames(
  _ options: [String], lines: [String] = [], arguments: [String] = [],
  times: [Double] = Array(stride(from: 0, to: 12, by: 0.75))
) throws -> [String] {
  let parsed = try ArgumentParser.parse(options + ["--", "unused"])
  let pipeline = try Pipeline(parsed, environment: Environment())
  var builder = pipeline.makeBuilder()
  let reader = pipeline.reader(for: .file("items"))
  for text in lines {
    var text = text
    text.withUTF8 { reader.append(line: UnsafeRawBufferPointer($0), to: &builder) }
  }
  for argument in arguments {
    pipeline.reader(for: .arguments([])).append(argument: argument, to: &builder)
  }
  let ticker = pipeline.ticker(builder.build())
  return times.map { time in
    let frame = ticker.frame(at: time, markingItems: pipeline.encoder.marksItems)
    #expect(frame.text.count == pipeline.width, "\(options): \(frame.text)")
    return pipeline.encoder.encode(frame, placement: ticker.placement(at: time), at: time)
  }
}

/// Every dialect, and the click markup of those that have it.
private let dialects: [[String]] =
  OutputFormat.allCases.map { ["--format", $0.rawValue] } + [
    ["--format", "polybar", "--on-click", "true"], ["--format", "lemonbar", "--on-click", "true"],
    ["--format", "tmux", "--tmux-version", "3.5a", "--on-click", "true"],
  ]

/// The click target of item `index` of `sources`, found as a click finds it: the
/// sources laid out (`StripBuild`) keeping every item's facts, and read from the strip.
private func clickTarget(at index: Int, in sources: [SourceLines]) throws -> ClickAction.Target? {
  let pipeline = try Pipeline(ArgumentParser.parse(["x"]), environment: Environment())
  var build = StripBuild(pipeline, sources: sources, keepingFacts: true)
  let strip = build.advance(until: .infinity, clock: { 0 })
  return strip.flatMap { ClickAction.Target(item: index, of: $0) }
}

/// The shown items of `lines` through the strip (by cell) and through the click lookup.
private func itemsFoundBothWays(_ lines: [String]) throws -> (strip: [String], lookup: [String]) {
  let parsed = try ArgumentParser.parse(["--input", "json", "-w", "10", "--", "unused"])
  let pipeline = try Pipeline(parsed, environment: Environment())
  let reader = pipeline.reader(for: .file("items"))
  var builder = pipeline.makeBuilder()
  for text in lines {
    var text = text
    text.withUTF8 { reader.append(line: UnsafeRawBufferPointer($0), to: &builder) }
  }
  let strip = builder.build()
  var indices: [Int] = []
  for cell in 0..<strip.cellCount {
    if let item = strip.item(atCell: cell), indices.last != item { indices.append(item) }
  }
  let sources = [SourceLines(lines: TextLines(lines), reader: reader)]
  let lookup = try indices.map { try clickTarget(at: $0, in: sources)?.text ?? "none" }
  let shown = indices.map { strip.text(ofItem: $0) ?? "none" }
  return (shown, lookup)
}

@Suite struct JSONItemTests {
  @Test func theOptionReadsItsKindsAndQuotesIsItsAlias() throws {
    #expect(try ArgumentParser.parse(["--input", "json", "x"]).input == .json)
    #expect(try ArgumentParser.parse(["--quotes", "x"]).input == .quotes)
    #expect(
      try ArgumentParser.parse(["--input", "quotes", "x"])
        == ArgumentParser.parse(["--quotes", "x"]))
    #expect(try ArgumentParser.parse(["x"]).input == .text)
    #expect(throws: UsageError.self) { try ArgumentParser.parse(["--input", "jsn", "x"]) }
    let result = try runTicker(["--input", "yaml", "x"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--input <kind>'"), "\(result.stderr)")
  }

  @Test("hostile text is drawn as the same text given as an item", arguments: dialects)
  func hostileTextIsItemText(dialect: [String]) throws {
    for body in hostileTexts {
      let text = try decoded(body)
      // A tooltip and a URL change nothing but waybar's tooltip and the clicks.
      let json = try frames(
        ["--input", "json", "-w", "40", "-s", "7"] + dialect,
        lines: [line(body), line("second", #""url":"https://x/\"}","tooltip":"<b>t</b>""#)])
      let plain = try frames(["-w", "40", "-s", "7"] + dialect, arguments: [text, "second"])
      if dialect == ["--format", "waybar"] {
        for (one, other) in zip(json, plain) {
          let object = try #require(
            try JSONSerialization.jsonObject(with: Data(one.utf8)) as? [String: Any])
          let reference = try #require(
            try JSONSerialization.jsonObject(with: Data(other.utf8)) as? [String: Any])
          #expect(object["text"] as? String == reference["text"] as? String)
          #expect(object["class"] as? String == "ticker")
        }
      } else {
        #expect(json == plain, "\(dialect): \(body)")
      }
    }
  }

  @Test("a hostile style is ignored; a style is only a style", arguments: dialects)
  func stylesNeverInject(dialect: [String]) throws {
    let options = ["--input", "json", "-w", "30", "-s", "5"] + dialect
    let unstyled = try frames(options, lines: [line("headline"), line("next")])
    for style in [
      "fg=red]#(touch h)", "fg=red,%{A1:touch h:}", "<span foreground='red'>",
      "fg=#ff0000\\\"}],[{\\\"full_text\\\":\\\"X", "fg=red\\u001b[5m", "bold #[fg=blue]", "",
    ] {
      #expect(
        try frames(options, lines: [line("headline", "\"style\":\"\(style)\""), line("next")])
          == unstyled, "\(dialect): \(style)")
    }
    #expect(
      try frames(options, lines: [line("headline", "\"style\":7"), line("next")]) == unstyled)
    // A good style is the same as that style given through the markup of another kind.
    let styled = try frames(
      options, lines: [line("headline", #""style":"fg=red,bold""#), line("next")])
    let reference = try frames(
      ["--markup", "tmux", "-w", "30", "-s", "5"] + dialect,
      arguments: ["#[fg=red,bold]headline", "next"])
    #expect(styled == reference, "\(dialect)")
  }

  @Test func waybarsTooltipHoldsTheTooltipsOfTheItemsOnScreen() throws {
    let frames = try frames(
      ["--input", "json", "-w", "30", "-s", "0", "--format", "waybar"],
      lines: [
        line("first", #""tooltip":"<b>one</b> & \"1\" \u0007\n</span>""#), line("second"),
      ], times: [0])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(frames[0].utf8)) as? [String: Any])
    #expect(
      object["tooltip"] as? String
        == "&lt;b&gt;one&lt;/b&gt; &amp; &quot;1&quot;  &lt;/span&gt;\nsecond")
  }

  @Test func badLinesAreLeftOutAndTakeNoIndex() throws {
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let shallow = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
    let lines = [
      "not json", line("one"), #"{"text": 5}"#, "[1,2]", #"{"text": "cut"#, "",
      #"{"text": ["a"]}"#, "{\"text\":\"deep\",\"x\":\(deep)}", line("two"),
      #"{"url": "https://x/"}"#, "{\"text\":\"shallow\",\"x\":\(shallow)}", #""just a string""#,
      line(""), line("three"),
    ]
    let found = try itemsFoundBothWays(lines)
    #expect(found.strip == ["one", "two", "shallow", "three"])
    #expect(found.lookup == found.strip)
    // The same lines through the binary: drawn as those items, one warning.
    let folder = try TestFolder("ticker-json")
    defer { folder.remove() }
    let path = try folder.write("items", lines.joined(separator: "\n") + "\n")
    let result = try runTicker([
      "--input", "json", "-f", path, "-w", "80", "--at", "0", "--format", "plain",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout == "one · two · shallow · three".padding(
        toLength: 80, withPad: " ", startingAt: 0) + "\n")
    #expect(!result.stdout.contains("{") && !result.stdout.contains("json"))
    #expect(result.stderr.components(separatedBy: "--input json").count == 2, "\(result.stderr)")
    #expect(result.stderr.contains("--input json"))
  }

  @Test func aHugeLineIsLeftOutAndTheNextKept() throws {
    let folder = try TestFolder("ticker-json")
    defer { folder.remove() }
    let huge = line(String(repeating: "x", count: 200_000))
    let path = try folder.write("items", huge + "\n" + line("after") + "\n")
    let result = try runTicker([
      "--input", "json", "-f", path, "-w", "20", "--at", "0", "--format", "plain",
    ])
    #expect(
      result.stdout == "after" + String(repeating: " ", count: 15) + "\n",
      "\(result.stdout.prefix(100))")
    #expect(result.stderr.components(separatedBy: "--input json").count == 2)
    // Many lines, all bad: no item at all.
    let bad = try folder.write(
      "bad", Array(repeating: "{\"text\":", count: 1000).joined(separator: "\n"))
    let none = try runTicker(["--input", "json", "-f", bad, "-w", "10", "--at", "0"])
    #expect(none.stdout == String(repeating: " ", count: 10) + "\n")
    #expect(none.stderr.components(separatedBy: "--input json").count == 2)
  }

  @Test func quotesAreReadAsTickerQuotesPrintsThem() throws {
    let lines = [
      #"{"symbol": "AAPL", "name": "Apple", "price": 189.84, "change": 1.25, "change_percent": 0.66, "currency": "USD", "time": "2025-01-05T13:10:02Z", "market_state": "open", "source": "stooq"}"#,
      #"{"symbol": "EUR/USD", "price": 1.0842, "change": null, "change_percent": -0.4}"#,
      #"{"symbol": "FLAT", "price": "12.5", "change": 0}"#,
      #"{"symbol": "BAD", "price": "1e3", "text": "BAD as text"}"#,
    ]
    let plain = try frames(
      ["--input", "json", "-w", "72", "-s", "0", "--format", "plain"], lines: lines, times: [0])
    let shown = "AAPL 189.84 ▲1.25 · EUR/USD 1.0842 ▼0.4% · FLAT 12.5 ▪0 · BAD as text"
    #expect(plain == [shown + String(repeating: " ", count: 72 - shown.count)])
    let sources = [SourceLines(lines: TextLines(lines), reader: ItemReader(json: true))]
    let target = try #require(try clickTarget(at: 1, in: sources))
    let environment = ClickAction.environment(for: target, button: 1, inherited: [])
    #expect(environment.contains("TICKER_SYMBOL=EUR/USD"))
    #expect(environment.contains("TICKER_PRICE=1.0842"))
    #expect(environment.contains("TICKER_CHANGE=-0.4%"))
    #expect(try clickTarget(at: 3, in: sources)?.quote == nil)
  }

  @Test func decimalsDrawThePriceAndChangeAsPeopleReadThem() throws {
    let lines = [
      #"{"symbol": "BTC/USD", "price": 84036.00000, "change": -344.00000, "decimals": 2}"#,
      #"{"symbol": "EUR/USD", "price": "1.084249", "change": 0.00005, "decimals": 4}"#,
      #"{"symbol": "RAW", "price": 1.23456, "change": 0.1, "decimals": 2.5}"#,
      #"{"symbol": "BIG", "price": 7, "change": null, "change_percent": 1.234, "decimals": 99}"#,
    ]
    let plain = try frames(
      ["--input", "json", "-w", "90", "-s", "0", "--format", "plain"], lines: lines, times: [0])
    let shown =
      "BTC/USD 84036.00 ▼344.00 · EUR/USD 1.0842 ▲0.0001 · RAW 1.23456 ▲0.1 · BIG 7 ▲1.234%"
    #expect(plain == [shown + String(repeating: " ", count: 90 - shown.count)])
  }

  @Test func clicksCarryTheItemsURLAndTooltip() throws {
    let lines = [
      line("plain"),
      line(
        "news",
        #""url":"https://news.example/a?b=1&c=$(touch h)","tooltip":"Feed — summary\u0000\n<b>""#),
    ]
    let sources = [SourceLines(lines: TextLines(lines), reader: ItemReader(json: true))]
    let target = try #require(try clickTarget(at: 1, in: sources))
    let environment = ClickAction.environment(
      for: target, button: 3, inherited: ["PATH=/bin", "TICKER_URL=stale"])
    #expect(
      environment == [
        "PATH=/bin", "TICKER_ITEM=news", "TICKER_INDEX=1", "TICKER_BUTTON=3",
        "TICKER_URL=https://news.example/a?b=1&c=$(touch h)", "TICKER_TOOLTIP=Feed — summary <b>",
      ])
    let first = try #require(try clickTarget(at: 0, in: sources))
    #expect(
      !ClickAction.environment(for: first, button: 1, inherited: []).contains {
        $0.hasPrefix("TICKER_URL")
      })
  }

  @Test func aClickedItemRunsTheActionWithItsURL() throws {
    let folder = try TestFolder("ticker-json-click")
    defer { folder.remove() }
    let path = try folder.write(
      "items",
      [
        line("bad\", \"x"), "garbage", line("first", #""url":"https://a/1""#),
        line("second", #""url":"https://a/2?$(touch pwned)","tooltip":"two""#),
      ].joined(separator: "\n"))
    let action =
      "printf '%s|%s|%s|%s\\n' \"$TICKER_INDEX\" \"$TICKER_ITEM\" \"$TICKER_URL\" \"$TICKER_TOOLTIP\" >> '\(folder.file("clicks"))'"
    let result = try runTicker(
      ["--input", "json", "-f", path, "--on-click", action, "--clicked-item", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(recordedClicks(folder, count: 1) == ["1|second|https://a/2?$(touch pwned)|two"])
    #expect(!folder.exists("pwned"))
  }
}
