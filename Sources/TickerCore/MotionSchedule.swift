/// One cycle of a moving ticker as a list of segments: rests, where the offset stands,
/// and travels, where it steps one cell at a time.
///
/// Offsets, the next change and the previous change are all derived from the segments,
/// so the three cannot disagree. Times are motion times within the cycle (`local`),
/// from 0 up to `cycle`.
///
/// | motion           | segments                                                      |
/// |------------------|---------------------------------------------------------------|
/// | wrap             | one travel over the whole strip                               |
/// | wrap with dwell  | for each item: a rest of `dwell` at its start, then a travel  |
/// |                  | to the start of the next item                                 |
/// | bounce           | rest at 0, travel out, rest at the end, travel back           |
/// | flip             | for each item: a rest of `dwell` at its start, no travel      |
///
/// Wrap with dwell has two segments per item, computed from the strip when asked for
/// rather than stored, so a ticker of a million items costs no more memory; every
/// function takes the strip the schedule was made for.
struct MotionSchedule: Sendable {
  /// How fast a travel steps.
  enum Pace: Sendable {
    /// Wrap: the strip's quantised length over the speed, per cell.
    case secondsPerCell(Double)
    /// Bounce: the speed as given.
    case cellsPerSecond(Double)

    /// Whole steps taken after `elapsed` seconds (negative before the travel starts).
    @inline(__always)
    func steps(in elapsed: Double) -> Int {
      let steps: Double
      switch self {
      case .secondsPerCell(let seconds): steps = (elapsed / seconds).rounded(.down)
      case .cellsPerSecond(let cells): steps = (elapsed * cells).rounded(.down)
      }
      return Int(exactly: steps) ?? (steps > 0 ? Int.max : Int.min)
    }

    /// Seconds after a travel's start at which step `step` begins.
    @inline(__always)
    func time(ofStep step: Int) -> Double {
      switch self {
      case .secondsPerCell(let seconds): return Double(step) * seconds
      case .cellsPerSecond(let cells): return Double(step) / cells
      }
    }
  }

  /// A rest or a travel.
  struct Segment {
    /// When the segment takes over, in motion time within the cycle.
    var start: Double
    /// The offset at `start`.
    var offset: Int
    /// +1 or -1 for a travel, the direction of its steps; 0 for a rest.
    var direction: Int
    /// How many offsets the segment shows: 1 for a rest.
    var cells: Int
    /// A travel has taken `pace.steps(in: (local - anchor) - lead)` steps at `local`.
    ///
    /// Two terms rather than `local - start`: that is how offsets have always been
    /// rounded (an item's arrival, then its dwell; bounce's two rests, then its
    /// crossing), and a frame must not move by a floating-point hair.
    var anchor: Double
    var lead: Double

    static func rest(at start: Double, offset: Int) -> Segment {
      Segment(start: start, offset: offset, direction: 0, cells: 1, anchor: start, lead: 0)
    }

    /// The offset after `step` steps, `step` kept within the segment.
    @inline(__always)
    func offset(afterSteps step: Int) -> Int {
      offset + direction * min(max(step, 0), cells - 1)
    }

    var lastOffset: Int { offset(afterSteps: cells - 1) }
  }

  enum Shape: Sendable {
    /// Wrap without dwell.
    case sweep(cells: Int)
    /// Wrap with dwell: the items' starts come from the strip.
    case items(dwell: Double)
    /// Bounce over `travel` cells, resting `rest` at each end; `crossing` is the
    /// travel's duration.
    case bounce(rest: Double, travel: Int, crossing: Double)
    /// Flip: each item's start for `dwell`, in turn (the ticker draws the item alone).
    case flip(dwell: Double)
  }

  /// Seconds after which the motion repeats.
  let cycle: Double
  let pace: Pace
  let shape: Shape

  func segmentCount(_ strip: Strip) -> Int {
    switch shape {
    case .sweep: return 1
    case .items: return 2 * strip.itemCount
    case .bounce: return 4
    case .flip: return strip.itemCount
    }
  }

  func segment(_ index: Int, _ strip: Strip) -> Segment {
    switch shape {
    case .flip(let dwell):
      return .rest(at: Double(index) * dwell, offset: strip.itemStartCell(index))
    case .sweep(let cells):
      return Segment(start: 0, offset: 0, direction: 1, cells: cells, anchor: 0, lead: 0)
    case .items(let dwell):
      guard case .secondsPerCell(let secondsPerCell) = pace else { preconditionFailure() }
      let item = index / 2
      let first = strip.itemStartCell(item)
      let arrival = Double(item) * dwell + Double(first) * secondsPerCell
      if index % 2 == 0 { return .rest(at: arrival, offset: first) }
      return Segment(
        start: arrival + dwell, offset: first, direction: 1,
        cells: strip.itemStartCell(item + 1) - first, anchor: arrival, lead: dwell)
    case .bounce(let rest, let travel, let crossing):
      switch index {
      case 0: return .rest(at: 0, offset: 0)
      case 1:
        return Segment(
          start: rest, offset: 0, direction: 1, cells: travel, anchor: rest, lead: 0)
      case 2: return .rest(at: rest + crossing, offset: travel)
      default:
        return Segment(
          start: 2 * rest + crossing, offset: travel, direction: -1, cells: travel,
          anchor: 2 * rest, lead: crossing)
      }
    }
  }

  /// The segment that holds motion time `local`.
  func segmentIndex(atLocal local: Double, _ strip: Strip) -> Int {
    lastIndex(upTo: segmentCount(strip)) { segment($0, strip).start <= local }
  }

  /// Steps taken in `segment` at `local`, before keeping them within the segment.
  @inline(__always)
  private func steps(_ segment: Segment, atLocal local: Double) -> Int {
    segment.direction == 0 ? 0 : pace.steps(in: (local - segment.anchor) - segment.lead)
  }

  /// The strip offset at motion time `local`.
  func offset(atLocal local: Double, _ strip: Strip) -> Int {
    let segment = segment(segmentIndex(atLocal: local, strip), strip)
    return segment.offset(afterSteps: steps(segment, atLocal: local))
  }

  /// When step `step` of a travel begins, but not before the segment does.
  private func begin(of step: Int, in segment: Segment) -> Double {
    guard step > 0 else { return segment.start }
    return max(segment.start, (segment.anchor + segment.lead) + pace.time(ofStep: step))
  }

  /// The first motion time after `local` at which the offset differs from the one at
  /// `local`, counted from the same cycle's start (so it may be `cycle` or more); `nil`
  /// when the offset never changes.
  func nextChange(afterLocal local: Double, _ strip: Strip) -> Double? {
    let count = segmentCount(strip)
    var index = segmentIndex(atLocal: local, strip)
    var segment = segment(index, strip)
    let current = segment.offset(afterSteps: steps(segment, atLocal: local))
    // The next step of the current travel, if it begins before the segment ends.
    let step = min(max(steps(segment, atLocal: local), 0), segment.cells - 1) + 1
    var end = index + 1 < count ? self.segment(index + 1, strip).start : cycle
    if segment.direction != 0 && step < segment.cells {
      let next = begin(of: step, in: segment)
      if next < end { return next }
    }
    // Later segments, into the next cycle if need be, until one shows another offset.
    var base = 0.0
    for _ in 0...count {
      index += 1
      if index == count {
        index = 0
        base += cycle
      }
      segment = self.segment(index, strip)
      if segment.offset != current { return base + segment.start }
      end = index + 1 < count ? self.segment(index + 1, strip).start : cycle
      if segment.cells > 1 {
        let next = begin(of: 1, in: segment)
        if next < end { return base + next }
      }
    }
    return nil
  }

  /// The motion time at or before `local` since which the offset has been the one at
  /// `local`, not before the cycle's start.
  func changeAtOrBefore(local: Double, _ strip: Strip) -> Double {
    var index = segmentIndex(atLocal: local, strip)
    var segment = segment(index, strip)
    let current = segment.offset(afterSteps: steps(segment, atLocal: local))
    let step = min(max(steps(segment, atLocal: local), 0), segment.cells - 1)
    if step > 0 { return begin(of: step, in: segment) }
    // The offset may have held since an earlier segment: a travel starts where the
    // rest before it stood.
    var start = segment.start
    while index > 0 {
      index -= 1
      segment = self.segment(index, strip)
      guard segment.lastOffset == current else { break }
      start = begin(of: segment.cells - 1, in: segment)
      if segment.cells > 1 { break }
    }
    return start
  }
}
