import Testing

@testable import TickerCore
@testable import ticker_status

/// The items stage in-process: lines in, items out, through `ItemReader`.
@Suite struct ItemReaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var label: String
    var arguments: [String]
    var lines: [String]
    var source = SourceSpec.file("items")
    /// The items' plain text, in order.
    var items: [String]
    var testDescription: String { label }
  }

  /// The plain text of each item `lines` give under `arguments`.
  static func items(_ arguments: [String], lines: [String], source: SourceSpec) throws -> [String] {
    let options = try ArgumentParser.parse(arguments + ["x"])
    let pipeline = try Pipeline(options, environment: Environment())
    let reader = pipeline.reader(for: source)
    var builder = StripBuilder(separator: "|")
    if case .arguments = source {
      for line in lines { reader.append(argument: line, to: &builder) }
    } else {
      TextLines(lines).withEachLine { reader.append(line: $0, to: &builder) }
    }
    let strip = builder.build()
    let text = strip.window(offset: 0, width: strip.cellCount).text
    return text.split(separator: "|", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  @Test(arguments: [
    Case(label: "one item a line", arguments: [], lines: ["a b", "c"], items: ["a b", "c"]),
    Case(
      label: "empty lines are not items", arguments: [], lines: ["a", "", "b"], items: ["a", "b"]),
    Case(
      label: "--split cuts lines, dropping empty parts", arguments: ["--split", ", "],
      lines: ["a, b, , c", ", d"], items: ["a", "b", "c", "d"]),
    Case(
      label: "--split with a multi-byte separator", arguments: ["--split", "·"],
      lines: ["日本·語·"], items: ["日本", "語"]),
    Case(
      label: "arguments are never split", arguments: ["--split", ","], lines: ["a,b"],
      source: .arguments([]), items: ["a,b"]),
    Case(
      label: "--quotes marks the change", arguments: ["--quotes"],
      lines: ["AAPL 189.84 +1.25", "EURUSD,1.0842,-0.4%", "TSLA 248.50 0"],
      items: ["AAPL 189.84 ▲1.25", "EURUSD 1.0842 ▼0.4%", "TSLA 248.50 ▪0"]),
    Case(
      label: "--markup tmux keeps only the text", arguments: ["--markup", "tmux"],
      lines: ["#[fg=red]red#[default] ##1"], items: ["red #1"]),
    Case(
      label: "--markup ansi keeps only the text", arguments: ["--markup", "ansi"],
      lines: ["\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}x"], items: ["red x"]),
    Case(
      label: "the demo reads quotes whatever the options",
      arguments: ["--markup", "tmux", "--split", " "], lines: ["AAPL##1 1.5 +1"], source: .demo,
      items: ["AAPL##1 1.5 ▲1"]),
    Case(
      label: "invalid UTF-8 becomes U+FFFD", arguments: [], lines: ["a\u{FFFD}b"],
      items: ["a\u{FFFD}b"]),
  ])
  func readsItems(_ c: Case) throws {
    #expect(try Self.items(c.arguments, lines: c.lines, source: c.source) == c.items)
  }
}

/// Bytes into lines, however the bytes arrive.
@Suite struct LineSplitterTests {
  @Test(arguments: [
    ("a\nb\n", ["a", "b"]), ("a\r\nb", ["a", "b"]), ("\n\n", ["", ""]), ("", []),
    ("no end", ["no end"]), ("a\r\n\r\nb\n", ["a", "", "b"]),
  ])
  func splits(_ text: String, _ lines: [String]) {
    #expect(LineSplitter.lines(of: Array(text.utf8)) == lines)
  }

  /// Fed in chunks of every size, the lines are those of the whole.
  @Test func chunkBoundariesDoNotMatter() {
    let bytes = Array("one\r\ntwo\n\nthree\r\nfour, with a longer line\nend".utf8)
    let whole = LineSplitter.lines(of: bytes)
    for size in 1...bytes.count {
      var splitter = LineSplitter()
      var lines: [String] = []
      var start = 0
      while start < bytes.count {
        let chunk = Array(bytes[start..<min(start + size, bytes.count)])
        chunk.withUnsafeBytes {
          splitter.feed($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        start += size
      }
      splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
      #expect(lines == whole, "chunks of \(size)")
    }
  }

  /// Random runs of LF, CR and text, fed in chunks of random sizes, split as a byte
  /// at a time reference splits them whole.
  @Test func randomLineEndsSplitAsTheReferenceDoes() {
    var state: UInt64 = 0x5EED
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let alphabet: [UInt8] = Array("\n\r\rab ".utf8)
    for round in 0..<500 {
      let bytes = (0..<random(120)).map { _ in alphabet[random(alphabet.count)] }
      var expected: [String] = []
      var current: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x0A || bytes[index] == 0x0D {
          expected.append(String(decoding: current, as: UTF8.self))
          current = []
          if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
        } else {
          current.append(bytes[index])
        }
        index += 1
      }
      if !current.isEmpty { expected.append(String(decoding: current, as: UTF8.self)) }
      var splitter = LineSplitter()
      var lines: [String] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + random(40))
        Array(bytes[start..<end]).withUnsafeBytes {
          splitter.feed($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        start = end
      }
      splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
      #expect(lines == expected, "round \(round): \(bytes)")
    }
  }
}

/// The sources in the order their items are shown (`SourceList`), against the order
/// written out as an array, for the command lines that give each kind of source.
@Suite struct SourceListTests {
  static func expected(_ options: Options) -> [SourceSpec] {
    var sources: [SourceSpec] = []
    if options.demo { sources.append(.demo) }
    for path in options.files {
      sources.append(path == "-" ? .standardInput(follows: options.follow) : .file(path))
    }
    sources.append(.arguments(options.items))
    for command in options.commands { sources.append(.command(command)) }
    return sources
  }

  @Test(arguments: [
    ["x"], ["--demo"], ["--demo", "a", "b"], ["-f", "a", "-f", "-", "-f", "./-"],
    ["-f", "-", "--follow"], ["--command", "date", "--command", "uptime", "--demo", "x"],
    ["-f", "b", "--command", "c", "y", "--demo", "-f", "a", "z"],
  ])
  func sourcesComeInTheOrderTheirItemsAreShown(arguments: [String]) throws {
    let options = try ArgumentParser.parse(arguments)
    let sources = Pipeline.sources(options)
    #expect(Array(sources) == Self.expected(options))
    #expect(sources.count == Self.expected(options).count)
  }
}
