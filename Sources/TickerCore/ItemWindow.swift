/// Items drawn alone in the window, for the motions that do not scroll: `flip` draws one
/// item at a time, `still` the first items that fit.
///
/// An item is drawn without the separator after it. One wider than the window shows
/// its first cells and an ellipsis (U+2026, one cell under most profiles, two where
/// East Asian Ambiguous characters are wide; left out when it does not fit), so every
/// frame is still exactly `width` cells. One that fits is padded as `fit` says
/// (`scroll` pads on the right, as `left` does).
struct ItemWindow: Sendable {
  /// What marks a cut item.
  static let ellipsis = "…"

  /// The window's width in cells.
  let width: Int
  let fit: Fit
  /// How many cells the ellipsis takes under the strip's measure; 0 when it is left out.
  let ellipsisCells: Int

  /// - Complexity: O(1).
  init(_ strip: Strip, width: Int, fit: Fit) {
    self.width = width
    self.fit = fit
    let cells =
      Strip(items: [StyledText(ItemWindow.ellipsis)], separator: "", measure: strip.measure)
      .contentCellCount
    ellipsisCells = cells < width ? cells : 0
  }

  /// Where shown item `index`'s own cells end in the strip: its start and width,
  /// without the separator after it.
  ///
  /// - Complexity: O(log *n*).
  func cells(ofItem index: Int, in strip: Strip) -> (start: Int, count: Int) {
    let start = strip.itemStartCell(index)
    let end =
      index == strip.itemCount - 1
      ? strip.contentCellCount : strip.itemStartCell(index + 1) - strip.separatorCellCount
    return (start, max(0, end - start))
  }

  /// Where a run of `cells` cells is drawn in the window: after `left` columns of
  /// padding, `shown` of its cells, then the ellipsis when `cut`.
  func span(ofCells cells: Int) -> (left: Int, shown: Int, cut: Bool) {
    guard cells > width else {
      let free = width - cells
      switch fit {
      case .left, .scroll: return (0, cells, false)
      case .center: return (free / 2, cells, false)
      case .right: return (free, cells, false)
      }
    }
    return (0, width - ellipsisCells, true)
  }

  /// Shown item `index` alone in the window.
  ///
  /// - Complexity: O(`width` + log *n*).
  func frame(ofItem index: Int, in strip: Strip, markingItems: Bool) -> Frame {
    let (start, count) = cells(ofItem: index, in: strip)
    return frame(from: start, cells: count, in: strip, markingItems: markingItems)
  }

  /// How many of the first items fit whole in the window, separators between them
  /// (at least one: a first item wider than the window is drawn cut), and their cells.
  ///
  /// - Complexity: O(log *n*).
  func leadingItems(in strip: Strip) -> (count: Int, cells: Int) {
    guard strip.itemCount > 0 else { return (0, 0) }
    let last = lastIndex(upTo: strip.itemCount) { index in
      let (start, count) = cells(ofItem: index, in: strip)
      return start + count <= width
    }
    let (start, count) = cells(ofItem: last, in: strip)
    return (last + 1, start + count)
  }

  /// The first items that fit whole, standing still (`Motion.still`).
  ///
  /// - Complexity: O(`width` + log *n*).
  func leadingFrame(in strip: Strip, markingItems: Bool) -> Frame {
    frame(from: 0, cells: leadingItems(in: strip).cells, in: strip, markingItems: markingItems)
  }

  /// `cells` cells of the strip from `start`, placed as `span(ofCells:)` says.
  private func frame(from start: Int, cells: Int, in strip: Strip, markingItems: Bool) -> Frame {
    let (left, shown, cut) = span(ofCells: cells)
    var window = strip.window(offset: start, width: shown, markingItems: markingItems)
    if cut && ellipsisCells > 0 {
      // The ellipsis belongs to the item it cuts.
      var runs = window.runs
      runs.append(StyledRun(ItemWindow.ellipsis, style: .plain))
      window = Frame(runs: runs, items: window.items)
    }
    let drawn = shown + (cut ? ellipsisCells : 0)
    return window.padded(left: left, right: width - left - drawn)
  }

  /// The item under `column` of a frame drawn from `start`, `cells` wide (`nil` over
  /// the padding).
  func column(_ column: Int, cells: Int) -> Int? {
    let (left, shown, cut) = span(ofCells: cells)
    let drawn = shown + (cut ? ellipsisCells : 0)
    return column >= left && column < left + drawn ? column - left : nil
  }
}
