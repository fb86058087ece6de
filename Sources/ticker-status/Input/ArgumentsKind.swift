import TickerCore

/// The `ITEM` arguments: one item each, never split.
enum ArgumentsKind {
  static func kind(_ items: [String]) -> SourceKind {
    SourceKind(
      reader: { base in
        // Untouched without --split: assigning the array would destroy the old one,
        // which costs a one-shot the runtime building `[UInt8]`'s type (19,000
        // instructions).
        guard !base.split.isEmpty else { return base }
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
