/// A run of prices drawn as block elements: `▁▂▄▇█`, after a quote's price
/// (`--sparkline`).
///
/// Each value takes one of the eight blocks U+2581–U+2588, scaled between the lowest
/// and the highest value drawn; values all alike are drawn at the middle (`▄`). The
/// blocks are one cell in every measured terminal and tmux, and East Asian ambiguous,
/// so two cells where ambiguous characters are wide: the strip measures them as any
/// text, and every frame stays its width.
public enum Sparkline {
  /// The blocks, lowest first.
  public static let blocks: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  /// The most values drawn.
  public static let longest = 64

  /// The last `count` of `values` (at most `longest`) drawn as blocks; empty when
  /// there are none, or `count` is not above 0. Values that are not finite are
  /// left out.
  ///
  /// - Complexity: O(length of `values`).
  public static func text(of values: [Double], count: Int) -> String {
    let wanted = min(max(count, 0), longest)
    var shown: [Double] = []
    shown.reserveCapacity(wanted)
    var index = values.endIndex
    while shown.count < wanted, index > values.startIndex {
      index -= 1
      if values[index].isFinite { shown.append(values[index]) }
    }
    shown.reverse()
    guard let low = shown.min(), let high = shown.max() else { return "" }
    // In halves, so that the span of two finite values is finite too (±1e308).
    let span = high / 2 - low / 2
    var text = ""
    for value in shown {
      let level = span > 0 ? Int((value / 2 - low / 2) / span * 8) : 3
      text += blocks[min(max(level, 0), blocks.count - 1)]
    }
    return text
  }
}
