/// A strip in a window of fixed width, and the motion that places it there.
///
/// The frame is a pure function of the time: every process that asks for the same
/// time gets the same frame. Times are Unix seconds.
public struct Ticker: Sendable {
  /// The items laid out as one circular row of cells.
  public let strip: Strip
  /// The window's width in cells: every frame is exactly this wide.
  public let width: Int
  /// Cells per second; negative scrolls to the right; 0 stands still.
  public let speed: Double
  /// Seconds each item rests at the left edge (`wrap`), or at each end (`bounce`);
  /// 0 for none.
  public let dwell: Double
  /// How the strip moves through the window.
  public let motion: Motion
  /// What happens when everything fits in the window.
  public let fit: Fit
  /// The time at which the motion starts (`--on-change restart`: when the items last
  /// changed): then the window is at the strip's first cell, resting first when there
  /// is a dwell, and moving after. 0, the default, puts every ticker of the same items
  /// at the same place at the same time, whenever it was made.
  public var origin = 0.0

  /// Seconds `bounce` rests at each end when no dwell is given.
  public static let defaultBounceRest = 2.0

  /// The fastest the window moves, in cells per second; faster speeds move at this one.
  ///
  /// At this speed a cell still lasts a few of the smallest steps a `Double` can take
  /// at today's Unix times (about 2.4e-7 seconds), so frames and their changes stay
  /// distinct; far slower speeds than this are needed for the offsets to be exact to
  /// a small part of a cell (see `init(strip:width:speed:dwell:motion:fit:)`).
  public static let maximumSpeed = 1e6

  /// The slowest the window moves, in cells per second (a cell in about 32 years);
  /// slower speeds stand still.
  public static let minimumSpeed = 1e-9

  /// The longest rest, in seconds (about 32 years); longer dwells rest this long.
  public static let maximumDwell = 1e9

  /// The widest window, in cells; wider ones are this wide. A frame is built in
  /// memory, so its width is bounded.
  public static let maximumWidth = 1 << 20

  /// Seconds `flip` shows each item when no dwell is given: long enough to read a
  /// headline or a few quotes.
  public static let defaultFlipDwell = 4.0

  /// `--loops`: how many whole cycles the motion runs after the items last changed
  /// before it stands at its start.
  public struct Loops: Hashable, Sendable {
    /// Whole cycles; 0 stands at the start at once.
    public var count: Int
    /// When the items last changed, in the ticker's time.
    public var since: Double

    public init(count: Int, since: Double) {
      self.count = count
      self.since = since
    }
  }

  /// The motion stops once `loops.count` whole cycles have run since `loops.since`,
  /// at the first start of a cycle from then on (so it stops where a cycle would
  /// start again), and the window stands at the strip's first cell, the first item
  /// whole at the left edge (`flip`: the first item); `nil`, the default: it never
  /// stops.
  public var loops: Loops?

  enum Mode: Sendable {
    /// A still frame, computed once: `shown` cells of the strip from cell 0, after
    /// `left` cells of padding.
    case still(Frame, item: Int?, left: Int, shown: Int)
    /// `still`: the first items that fit (`ItemWindow.leadingFrame`), drawn once.
    case leading(Frame, ItemWindow)
    case moving(MotionSchedule)
    /// `flip`: the schedule rests at each item's start; the item is drawn alone.
    case flipping(MotionSchedule, ItemWindow)
  }
  let mode: Mode
  /// Whether the motion runs backwards in time (a negative speed; `flip` never does).
  let reversed: Bool

  /// A ticker that shows `strip` in a window `width` cells wide.
  ///
  /// Every value is accepted; those outside the meaningful range are brought into it,
  /// and the properties hold the values in use:
  ///
  /// - `width` is kept within 0...`maximumWidth`; at 0 every frame is empty.
  /// - A `speed` whose magnitude is below `minimumSpeed`, or NaN, is 0: the ticker
  ///   stands still. A magnitude above `maximumSpeed`, infinity included, is
  ///   `maximumSpeed`, the sign kept.
  /// - A `dwell` that is negative or NaN is 0: no rest. One above `maximumDwell`,
  ///   infinity included, is `maximumDwell`.
  ///
  /// Within these ranges the motion is safe at any time: `frame(at:)` is always
  /// `width` cells, and `nextChange(after:)` is `nil` or later than the time asked
  /// about. For offsets exact to a small part of a cell at Unix times up to the
  /// year 2242 (2^33 seconds, below which a `Double` resolves 2^-20 seconds, about
  /// 1e-6), keep the speed's magnitude at most 1000 cells per second: a cell then
  /// lasts a thousand times the clock's resolution.
  ///
  /// - Parameters:
  ///   - strip: The items, laid out.
  ///   - width: The window's width in cells.
  ///   - speed: Cells per second; negative scrolls to the right, 0 stands still.
  ///   - dwell: Seconds each item rests at the left edge (`wrap`), or the window
  ///     rests at each end (`bounce`, where 0 means `defaultBounceRest`), or each
  ///     item is shown (`flip`, where 0 means `defaultFlipDwell`).
  ///   - motion: Wrap around the circular strip, bounce between its ends, flip
  ///     through the items one at a time, or stand with the first items that fit
  ///     (`flip` and `still` ignore `speed`).
  ///   - fit: What to do when everything fits in the window.
  /// - Complexity: O(`width` + log *n*): a still frame is drawn once, here.
  public init(
    strip: Strip, width: Int, speed: Double = 2, dwell: Double = 0, motion: Motion = .wrap,
    fit: Fit = .left
  ) {
    self.strip = strip
    self.width = min(max(0, width), Ticker.maximumWidth)
    let magnitude = abs(speed)
    if magnitude >= Ticker.minimumSpeed {  // false for NaN
      self.speed =
        speed < 0 ? -min(magnitude, Ticker.maximumSpeed) : min(magnitude, Ticker.maximumSpeed)
    } else {
      self.speed = 0
    }
    self.dwell = dwell > 0 ? min(dwell, Ticker.maximumDwell) : 0  // NaN > 0 is false
    self.motion = motion
    self.fit = fit
    reversed = self.speed < 0 && motion.scrolls
    let length = strip.cellCount
    let content = strip.contentCellCount
    let rate = abs(self.speed)
    let firstItem = strip.item(atCell: 0)
    var mode: Mode
    if self.width == 0 || length == 0 {
      mode = .still(strip.window(offset: 0, width: self.width), item: firstItem, left: 0, shown: 0)
    } else if motion == .still || (motion == .flip && strip.itemCount < 2) {
      // Made only for the motions that draw items alone: it lays out the ellipsis.
      let alone = ItemWindow(strip, width: self.width, fit: fit)
      mode = .leading(alone.leadingFrame(in: strip, markingItems: false), alone)
    } else if content <= self.width && (fit != .scroll || motion == .bounce) {
      let free = self.width - content
      let left: Int
      switch fit {
      case .left, .scroll: left = 0
      case .center: left = free / 2
      case .right: left = free
      }
      let frame = strip.window(offset: 0, width: content).padded(left: left, right: free - left)
      mode = .still(frame, item: firstItem, left: left, shown: content)
    } else if motion == .flip {
      let dwell = self.dwell > 0 ? self.dwell : Ticker.defaultFlipDwell
      mode = .flipping(
        MotionSchedule(
          cycle: Double(strip.itemCount) * dwell, pace: .cellsPerSecond(1),
          shape: .flip(dwell: dwell)), ItemWindow(strip, width: self.width, fit: fit))
    } else if rate == 0 {
      mode = .still(
        strip.window(offset: 0, width: self.width), item: firstItem, left: 0, shown: self.width)
    } else if motion == .bounce {
      let travel = content - self.width
      let rest = self.dwell > 0 ? self.dwell : Ticker.defaultBounceRest
      let crossing = Double(travel) / rate
      mode = .moving(
        MotionSchedule(
          cycle: 2 * rest + 2 * Double(travel) / rate, pace: .cellsPerSecond(rate),
          shape: .bounce(rest: rest, travel: travel, crossing: crossing)))
    } else {
      let quantized = Double(Ticker.quantizedLength(length))
      let secondsPerCell = quantized / (Double(length) * rate)
      let cycle = quantized / rate + Double(strip.itemCount) * self.dwell
      mode = .moving(
        MotionSchedule(
          cycle: cycle, pace: .secondsPerCell(secondsPerCell),
          shape: self.dwell > 0 ? .items(dwell: self.dwell) : .sweep(cells: length)))
    }
    // A strip of one cell in a wider window never shows another frame.
    if case .moving(let schedule) = mode, schedule.nextChange(afterLocal: 0, strip) == nil {
      mode = .still(
        strip.window(offset: 0, width: self.width), item: firstItem, left: 0, shown: self.width)
    }
    self.mode = mode
  }

  /// A ticker of `items`, each followed by `separator`, in a window `width` cells wide.
  ///
  /// The same as laying the items out with `Strip(items:separator:measure:)` and
  /// passing the strip to `init(strip:width:speed:dwell:motion:fit:)`, which says what
  /// values are accepted.
  ///
  /// ```swift
  /// let ticker = Ticker(items: ["AAPL 189.84 ▲1.25", "MSFT 415.20 ▼2.31"], width: 20)
  /// print(ticker.frame(at: 1_795_000_000).text)
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items, in order; blank items are skipped.
  ///   - separator: What follows each item, the last one too (it leads back to the first).
  ///   - width: The window's width in cells.
  ///   - speed: Cells per second; negative scrolls to the right, 0 stands still.
  ///   - dwell: Seconds each item rests at the left edge, or the window at each end.
  ///   - motion: Wrap, bounce, flip or stand still (`Motion`).
  ///   - fit: What to do when everything fits in the window.
  ///   - measure: Whose cell widths to follow.
  /// - Complexity: O(total length of the text + `width`).
  public init(
    items: [StyledText], separator: StyledText = " · ", width: Int, speed: Double = 2,
    dwell: Double = 0, motion: Motion = .wrap, fit: Fit = .left,
    measure: CellMeasure = CellMeasure()
  ) {
    self.init(
      strip: Strip(items: items, separator: separator, measure: measure), width: width,
      speed: speed, dwell: dwell, motion: motion, fit: fit)
  }

  /// The strip width rounded up to the step the cycle is measured in.
  ///
  /// The cycle is `quantizedLength / speed` rather than `L / speed`, so a price
  /// tick that changes `L` by a cell leaves the cycle, and so the phase, alone
  /// (unless it crosses a step), and the window moves by at most a cell more than
  /// the change. The step is 16 cells, or 1/32 of the strip's octave when longer,
  /// so the effective speed is within 16 cells per cycle, or 1/32, of the one asked for.
  package static func quantizedLength(_ length: Int) -> Int {
    var step = 16
    while step * 64 <= length { step *= 2 }
    return (length + step - 1) / step * step
  }

  /// The cells per second the window actually moves between rests (see
  /// `quantizedLength`); 0 when it stands or flips.
  public var effectiveSpeed: Double {
    switch mode {
    case .still, .leading, .flipping: return 0
    case .moving where motion == .bounce: return speed
    case .moving:
      return speed * Double(strip.cellCount) / Double(Ticker.quantizedLength(strip.cellCount))
    }
  }

  /// Whether the frame never changes.
  public var isStill: Bool {
    switch mode {
    case .still, .leading: return true
    case .moving, .flipping: return false
    }
  }

  /// Seconds after which the motion repeats; 0 when still.
  public var cycle: Double { schedule?.cycle ?? 0 }

  /// The schedule of a ticker that moves or flips.
  var schedule: MotionSchedule? {
    switch mode {
    case .still, .leading: return nil
    case .moving(let schedule), .flipping(let schedule, _): return schedule
    }
  }

  /// The frame at `time`.
  ///
  /// - Parameter markingItems: Say in the frame where each item's cells begin
  ///   (`Frame.items`), for dialects that make items clickable or read their facts;
  ///   when the strip has facts, each item's facts, and when it has tooltips, each
  ///   item's tooltip (or its text).
  /// - Complexity: O(`width` + log *n*); with facts, plus O(log *n*) a marked item,
  ///   and with tooltips the text of each item without one.
  public func frame(at time: Double, markingItems: Bool = false) -> Frame {
    guard markingItems, strip.hasFacts else { return frame(at: time, marking: markingItems) }
    return strip.attachingFacts(to: frame(at: time, marking: true))
  }

  private func frame(at time: Double, marking markingItems: Bool) -> Frame {
    switch mode {
    case .still(let frame, _, _, _) where !markingItems || width == 0:
      return frame
    case .still(_, _, let left, let shown):
      let cells = strip.window(offset: 0, width: shown, markingItems: true)
      return cells.padded(left: left, right: width - left - shown)
    case .leading(let frame, _) where !markingItems:
      return frame
    case .leading(_, let alone):
      return alone.leadingFrame(in: strip, markingItems: true)
    case .moving(let schedule):
      // The offset alone: `placement(at:)` would look up the item at it too.
      let offset = self.offset(at: time, schedule)
      return strip.window(offset: offset, width: width, markingItems: markingItems)
    case .flipping(let schedule, let alone):
      return alone.frame(
        ofItem: shownItem(at: time, schedule), in: strip, markingItems: markingItems)
    }
  }

  /// Draws the text of the frame at `time` into `text`: `frame(at:).text`, without
  /// allocating once `text` has held a frame as long (but for `flip`).
  ///
  /// - Complexity: O(`width` + log *n*).
  package func drawText(at time: Double, into text: inout FrameText) {
    text.reset()
    switch mode {
    case .still(let frame, _, _, _), .leading(let frame, _):
      text.append(frame.text)
    case .moving(let schedule):
      strip.draw(offset: offset(at: time, schedule), width: width, markingItems: false, into: &text)
    case .flipping:
      text.append(frame(at: time, marking: false).text)
    }
  }

  /// The index (among the items given) of the item drawn at `column` of the frame at
  /// `time`: the one the user points at when clicking there.
  ///
  /// The separator after an item counts as that item. Padding, and columns outside the
  /// window, belong to no item.
  ///
  /// - Complexity: O(log *n*).
  public func item(atColumn column: Int, at time: Double) -> Int? {
    guard column >= 0, column < width, strip.cellCount > 0 else { return nil }
    let cell: Int
    switch mode {
    case .still(_, _, let left, let shown):
      guard column >= left, column < left + shown else { return nil }
      cell = column - left
    case .leading(_, let alone):
      guard let inner = alone.column(column, cells: alone.leadingItems(in: strip).cells)
      else { return nil }
      cell = inner
    case .moving:
      cell = placement(at: time).offset + column
    case .flipping(let schedule, let alone):
      let (start, count) = alone.cells(ofItem: shownItem(at: time, schedule), in: strip)
      guard alone.column(column, cells: count) != nil else { return nil }
      cell = start
    }
    return strip.item(atCell: cell % strip.cellCount)
  }

  /// Where the window is at `time`.
  ///
  /// - Complexity: O(log *n*).
  public func placement(at time: Double) -> Placement {
    guard let schedule else { return Placement(offset: 0, cycle: 0, item: strip.item(atCell: 0)) }
    let offset = offset(at: time, schedule)
    let cycle = hasStopped(at: time, schedule) ? 0 : schedule.cycle
    return Placement(offset: offset, cycle: cycle, item: strip.item(atCell: offset))
  }
}
