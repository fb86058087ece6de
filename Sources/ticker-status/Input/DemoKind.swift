import TickerCore

/// `--demo`: the built-in quotes (`Demo`), always read as quotes, with the alerts and
/// their look.
enum DemoKind {
  static var kind: SourceKind {
    SourceKind(
      reader: { base in
        var reader = base
        (reader.quotes, reader.json, reader.markup) = (true, false, .none)
        if !reader.split.isEmpty { reader.split = [] }
        return reader
      },
      readOnce: { _, source, _ in
        source.lines = TextLines(Demo.quoteLines)
        return .lines
      },
      live: { _, _, _ in .success(FixedLines(TextLines(Demo.quoteLines))) })
  }
}
