import TickerCore

/// A stream's clicks (i3bar, i3blocks): the events read from standard input, the item
/// under the pointer in the frame on screen, and the `--on-click` actions running.
///
/// It keeps the ticker of the frame on screen, whose strip holds its items' facts: a
/// click is on what the reader shows, which is the last frame shown, not the ticker
/// being laid out or drawn next.
///
/// Its operations that run only when something changes are `@inline(never)`: inlined
/// into `StreamLoop.run`, their temporaries made the loop's stack frame 37 KB, of which
/// each frame touched 8 pages (BENCHMARKS.md section 23).
struct StreamClicks {
  private let reader: ClickEventReader
  private let action: ClickAction?
  /// `--pause-button`: clicks of this button toggle the pause instead.
  private let pauseButton: Int?
  private let width: Int
  private var children = ClickChildren()
  private var onScreen: Screen
  /// A new ticker, until its first frame is shown.
  private var next: Screen?

  /// A ticker on screen, or about to be.
  struct Screen {
    var ticker: FramedTicker
  }

  @inline(never)
  init(
    _ lines: ClickEventReader.Lines, action: ClickAction?, width: Int, screen: Screen,
    pauseButton: Int? = nil
  ) {
    reader = ClickEventReader(lines)
    self.action = action
    self.pauseButton = pauseButton
    self.width = width
    onScreen = screen
  }

  /// Standard input, while it is open.
  var descriptor: FileDescriptor? { reader.descriptor }

  /// `screen`'s ticker is the one frames come from from now on.
  @inline(never)
  mutating func replace(_ screen: Screen) {
    next = screen
  }

  /// A frame was shown: of the new ticker, if there is one.
  mutating func frameShown() {
    if let next {
      onScreen = next
      self.next = nil
    }
  }

  /// Reads the events waiting and runs the action for each click on an item of the
  /// frame shown at `shownAt`, while fewer than `ClickChildren.limit` run.
  ///
  /// - Returns: How many clicks were of `pauseButton` (each toggles the pause).
  @inline(never)
  mutating func handleEvents(shownAt: Double) -> Int {
    var pauseClicks = 0
    for event in reader.read() {
      if event.button == pauseButton {
        pauseClicks += 1
        continue
      }
      let column = event.column(ofCells: width) ?? 0
      guard let action, children.admitsAnother(),
        let item = onScreen.ticker.item(atColumn: column, at: shownAt),
        let target = ClickAction.Target(item: item, of: onScreen.ticker.ticker.strip),
        case .success(let pid) = action.run(for: target, button: event.button)
      else { continue }
      children.add(pid)
    }
    return pauseClicks
  }

  /// Reaps the actions that have ended (on SIGCHLD).
  @inline(never)
  mutating func reapEnded() { children.reapEnded() }
}
