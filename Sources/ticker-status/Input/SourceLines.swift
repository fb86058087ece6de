import TickerCore

/// The lines of one source with the reader of its items, as a strip is built from them.
struct SourceLines {
  var lines: TextLines
  var reader: ItemReader
  /// Shown, as one item, while there are no lines (`…loading`).
  var placeholder: String?
  /// While the lines are stale, the mark drawn before each of their items.
  var staleMark: String? = nil
}
