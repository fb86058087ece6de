import Foundation
import Testing

@testable import TickerCore
@testable import ticker_status

// How lines are framed before they are items (third attack round): a JSON item is a
// line that is one object alone, a byte-order mark at the start of a source is no part
// of its first item, and `--split` cuts a JSON item's text, not its line.

/// The items `lines` give as a source of a pipeline of `options`, found two ways: by
/// the cells of the strip a frame draws (what is drawn, laid out the fast ways) and by
/// the click lookup in the strip a click lays out (what a click acts on).
private func itemsBothWays(_ options: [String], lines: [String]) throws -> (
  strip: [String], clicks: [ClickAction.Target?]
) {
  let parsed = try ArgumentParser.parse(options + ["-w", "10", "--", "unused"])
  let pipeline = try Pipeline(parsed, environment: Environment())
  let reader = pipeline.reader(for: .file("items"))
  let sources = [SourceLines(lines: TextLines(lines), reader: reader)]
  var drawn = StripBuild(pipeline, sources: sources)
  let built = drawn.advance(until: .infinity, clock: { 0 })
  let strip = try #require(built)
  var clicked = StripBuild(pipeline, sources: sources, keepingFacts: true)
  let builtForClicks = clicked.advance(until: .infinity, clock: { 0 })
  let clickStrip = try #require(builtForClicks)
  var indices: [Int] = []
  for cell in 0..<strip.cellCount {
    if let item = strip.item(atCell: cell), indices.last != item { indices.append(item) }
  }
  return (
    indices.map { strip.text(ofItem: $0) ?? "none" },
    indices.map { ClickAction.Target(item: $0, of: clickStrip) }
  )
}

/// The frame the binary draws of `input` read from a file, standard input and a
/// one-shot `--command`, each with `options`.
private func framesOfEveryInput(_ input: [UInt8], options: [String]) throws -> [String: String] {
  let folder = try TestFolder("ticker-framing")
  defer { folder.remove() }
  let path = folder.file("items")
  try Data(input).write(to: URL(fileURLWithPath: path))
  let common = options + ["-w", "40", "--at", "0", "--format", "plain"]
  var frames: [String: String] = [:]
  frames["file"] = try runTicker(common + ["-f", path]).stdout
  frames["stdin"] = try runTicker(common + ["-f", "-"], stdin: input).stdout
  frames["command"] =
    try runTicker(
      common + ["--command", "cat '\(path)'"],
      environment: ProcessInfo.processInfo.environment.merging(
        ["XDG_CACHE_HOME": folder.file("cache")], uniquingKeysWith: { $1 })
    ).stdout
  return frames
}

@Suite struct InputFramingAttackTests {
  /// Lines that hold an object but are not one object alone: each was an item, with
  /// its own index and URL, before.
  static let notOneObject = [
    #"[{"text":"array","url":"https://evil/1"}]"#,
    #",,{"text":"commas","url":"https://evil/2"}"#,
    #"{"text":"first"} {"text":"second"}"#,
    #"{"text":"trailing"},"#,
    #"{"text":"closing"}]"#,
    #"[,{"text":"both"}"#,
  ]

  @Test("a line that is not one object alone is no item", arguments: notOneObject)
  func aLineThatIsNotOneObjectAloneIsNoItem(_ hostile: String) throws {
    let lines = [#"{"text":"before"}"#, hostile, #"  {"text":"after"}  "#]
    let found = try itemsBothWays(["--input", "json"], lines: lines)
    #expect(found.strip == ["before", "after"])
    #expect(found.clicks.map { $0?.text } == ["before", "after"])
    #expect(found.clicks.map { $0?.index } == [0, 1])
    #expect(found.clicks.allSatisfy { $0?.url == nil })
  }

  @Test func theBinaryLeavesSuchLinesOutWithOneWarning() throws {
    let input = (Self.notOneObject + [#"{"text":"kept"}"#]).joined(separator: "\n") + "\n"
    let result = try runTicker(
      ["--input", "json", "-f", "-", "-w", "12", "--at", "0", "--format", "plain"],
      stdin: Array(input.utf8))

    #expect(result.stdout == "kept        \n")
    #expect(
      result.stderr.components(separatedBy: "not a JSON object").count == 2, "\(result.stderr)")
  }

  /// Each `--input` with a first line and what it draws.
  static let byteOrderMarkCases: [(options: [String], first: String, shown: String)] = [
    ([], "first", "first · second"),
    (["--quotes"], "AAPL 189.84 +1.25", "AAPL 189.84 ▲1.25 · second"),
    (["--input", "json"], #"{"text":"first","url":"https://a/"}"#, "first"),
    (["--markup", "ansi"], "\u{1B}[1mfirst\u{1B}[0m", "first · second"),
  ]

  @Test(
    "a byte-order mark at the start of a file, standard input or a command is skipped",
    arguments: byteOrderMarkCases.indices)
  func aByteOrderMarkIsSkipped(_ index: Int) throws {
    let (options, first, shown) = Self.byteOrderMarkCases[index]
    let second = options.contains("json") ? "" : "second"
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array((first + "\n" + second + "\n").utf8)
    let frames = try framesOfEveryInput(input, options: options)
    #expect(frames.count == 3)
    for (kind, frame) in frames {
      #expect(frame.hasPrefix(shown), "\(options) from \(kind): \(frame)")
      #expect(!frame.unicodeScalars.contains("\u{FEFF}"), "\(kind)")
      #expect(frame.count == 41, "\(kind): \(frame)")
    }
  }

  @Test func aByteOrderMarkAfterTheStartIsText() throws {
    // Only the start of a source is framing; later, U+FEFF is a zero-width character
    // of the item (drawn as the item's text is drawn).
    var splitter = LineSplitter()
    var lines: [[UInt8]] = []
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61, 0x0A, 0xEF, 0xBB, 0xBF, 0x62, 0x0A]
    // Fed a byte at a time: the mark spans chunks.
    for byte in bytes { [byte].withUnsafeBytes { splitter.feed($0) { lines.append(Array($0)) } } }
    #expect(lines == [[0x61], [0xEF, 0xBB, 0xBF, 0x62]])
  }

  @Test func splitCutsAJSONItemsTextAndEachPartKeepsItsFacts() throws {
    let lines = [
      #"{"text":"a|b||c","url":"https://x/","tooltip":"tip","style":"fg=red"}"#,
      #"{"symbol":"A|B","price":1.5,"change":0.5,"url":"https://q/"}"#,
      #"{"text":"|"}"#,
      #"{"text":"d"}"#,
    ]
    let found = try itemsBothWays(["--input", "json", "--split", "|"], lines: lines)
    #expect(found.strip == ["a", "b", "c", "A|B 1.5 ▲0.5", "d"])
    #expect(found.clicks.map { $0?.text } == ["a", "b", "c", "A|B 1.5 ▲0.5", "d"])
    #expect(found.clicks.map { $0?.index } == [0, 1, 2, 3, 4])
    #expect(found.clicks.prefix(3).allSatisfy { $0?.url == "https://x/" && $0?.tooltip == "tip" })
    #expect(found.clicks[3]?.quote?.symbol == "A|B")
    #expect(found.clicks[4]?.url == nil)
    // Through the binary: the parts drawn, in the item's style.
    let result = try runTicker(
      ["--input", "json", "--split", "|", "-f", "-", "-w", "20", "--at", "0", "--format", "tmux"],
      stdin: Array((lines[0] + "\n").utf8))
    #expect(result.stdout.hasPrefix("#[fg=red]a#[default] · #[fg=red]b"), "\(result.stdout)")
  }

  @Test func splitStillCutsTextAndQuoteLinesBeforeTheyAreRead() throws {
    let found = try itemsBothWays(["--quotes", "--split", ";"], lines: ["AAPL 1 +2;MSFT 3 -1"])
    #expect(found.strip == ["AAPL 1 ▲2", "MSFT 3 ▼1"])
    #expect(found.clicks.map { $0?.quote?.symbol } == ["AAPL", "MSFT"])
  }
}
