/// Which line of which source each item given to a strip came from, recorded as the
/// strip is laid out (`StripBuild`): a click finds its item by the strip's own item
/// index (`StripBuilder.itemsGiven`), and nothing counts items again.
///
/// Kept only where clicks are looked up: two integers and a source a line.
struct ItemOrigins {
  /// Per line laid out, in order: the index of the first item it gave (the next
  /// line's when it gave none).
  private var firstItems: [Int] = []
  /// Per line: its source, and its index among that source's lines (-1 for a
  /// placeholder, which is no click target).
  private var sources: [Int32] = []
  private var lines: [Int32] = []
  /// How many items were given in all.
  private(set) var itemsGiven = 0

  /// Line `line` of source `source` gave the items from `firstItem` up to `end`.
  mutating func record(source: Int, line: Int, firstItem: Int, end: Int) {
    firstItems.append(firstItem)
    sources.append(Int32(truncatingIfNeeded: source))
    lines.append(Int32(truncatingIfNeeded: line))
    itemsGiven = end
  }

  /// The source, line and part (its place among the line's items, with `--split`) of
  /// item `index`; `nil` for no item, or a placeholder's.
  ///
  /// - Complexity: O(log lines).
  func origin(of index: Int) -> (source: Int, line: Int, part: Int)? {
    guard index >= 0, index < itemsGiven, !firstItems.isEmpty else { return nil }
    // The last line whose first item is not above `index`: of lines that gave none,
    // the one after them.
    var low = 0
    var high = firstItems.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if firstItems[middle] <= index { low = middle } else { high = middle - 1 }
    }
    guard firstItems[low] <= index, lines[low] >= 0 else { return nil }
    return (Int(sources[low]), Int(lines[low]), index - firstItems[low])
  }
}
