/// Text that does not move, drawn before and after the moving window inside the
/// frame's width: an icon or a label beside the scrolling part (zscroll's `-b`, `-a`).
///
/// The parts are laid out as items are (sanitised, measured, styled), so their text
/// never becomes markup. `before` takes at most the whole width, `after` at most what
/// is left; the moving window gets the rest, so the whole frame stays `width` cells.
public struct FixedParts: Hashable, Sendable {
  /// The cells drawn before the window.
  public let before: Frame
  /// The cells drawn after the window.
  public let after: Frame
  /// How many cells `before` takes.
  public let beforeWidth: Int
  /// How many cells `after` takes.
  public let afterWidth: Int
  /// The whole frame's width in cells.
  public let width: Int

  /// The parts `before` and `after` in a frame `width` cells wide.
  ///
  /// - Complexity: O(length of the texts + `width`).
  public init(
    before: StyledText, after: StyledText, width: Int, measure: CellMeasure = CellMeasure()
  ) {
    let width = max(0, width)
    func laidOut(_ text: StyledText, within limit: Int) -> (Frame, Int) {
      guard text.runs.contains(where: { !$0.text.isEmpty }) else { return (Frame(runs: []), 0) }
      let strip = Strip(items: [text], separator: "", measure: measure)
      let cells = min(strip.contentCellCount, limit)
      guard cells > 0 else { return (Frame(runs: []), 0) }
      return (strip.window(offset: 0, width: cells), cells)
    }
    (self.before, beforeWidth) = laidOut(before, within: width)
    (self.after, afterWidth) = laidOut(after, within: width - beforeWidth)
    self.width = width
  }

  /// Whether there is nothing before or after the window.
  public var isEmpty: Bool { beforeWidth == 0 && afterWidth == 0 }

  /// The moving window's width: what the parts leave of the frame.
  public var windowWidth: Int { width - beforeWidth - afterWidth }

  /// `window`, a frame `windowWidth` cells wide, with the parts around it: a frame
  /// `width` cells wide. When `window` marks its items, the parts belong to no item.
  ///
  /// - Complexity: O(`width`).
  public func framing(_ window: Frame) -> Frame {
    guard !isEmpty else { return window }
    var builder = FrameBuilder(capacity: width)
    let marks = !window.items.isEmpty
    if marks && beforeWidth > 0 { builder.mark(item: nil) }
    for run in before.runs { builder.append(run.text.utf8, style: run.style) }
    var nextMark = 0
    for (index, run) in window.runs.enumerated() {
      while nextMark < window.items.count && window.items[nextMark].firstRun == index {
        builder.mark(item: window.items[nextMark].item)
        nextMark += 1
      }
      builder.append(run.text.utf8, style: run.style)
    }
    if marks && afterWidth > 0 { builder.mark(item: nil) }
    for run in after.runs { builder.append(run.text.utf8, style: run.style) }
    var framed = builder.frame()
    if marks {
      // Tooltips and facts stay with their items, which keep their order.
      var marked = window.items.lazy.filter { $0.item != nil }.makeIterator()
      for index in framed.items.indices where framed.items[index].item != nil {
        let mark = marked.next()
        framed.items[index].tooltip = mark?.tooltip
        framed.items[index].facts = mark?.facts
      }
    }
    return framed
  }

  /// The column of the moving window under column `column` of the whole frame; `nil`
  /// over the parts and outside the frame.
  public func windowColumn(_ column: Int) -> Int? {
    let inner = column - beforeWidth
    return inner >= 0 && inner < windowWidth ? inner : nil
  }
}

extension FixedParts {
  /// Draws the text of `framing(ticker.frame(at: time))` into `text`; without parts,
  /// `ticker.drawText(at:into:)`, which allocates nothing.
  ///
  /// - Complexity: O(`width` + log *n*).
  package func drawText(of ticker: Ticker, at time: Double, into text: inout FrameText) {
    guard !isEmpty else {
      ticker.drawText(at: time, into: &text)
      return
    }
    text.reset()
    text.append(framing(ticker.frame(at: time)).text)
  }
}
