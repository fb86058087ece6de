import TickerCore

/// The `ITEM` arguments: one item each, never split.
enum ArgumentsKind {
  static func kind(_ items: [String]) -> SourceKind {
    SourceKind(
      reader: { base in
        var reader = base
        reader.split = []
        return reader
      },
      readOnce: { _, source, _ in
        source.lines = TextLines(items)
        return .lines
      },
      live: { _, _, _ in .success(FixedLines(TextLines(items))) })
  }
}
