/// How the strip moves through the window.
public enum Motion: String, Sendable, CaseIterable {
  /// The circular strip moves continuously; after the last item the first comes again.
  case wrap
  /// The items, end to end, move to their end and back, resting at each end.
  case bounce
}

/// What happens when everything fits in the window.
public enum Fit: String, Sendable, CaseIterable {
  /// Stand still, padded on the right.
  case left
  /// Stand still, padded on both sides.
  case center
  /// Stand still, padded on the left.
  case right
  /// Repeat the strip to fill the window and scroll anyway.
  case scroll
}

/// Where the window is at one moment.
public struct Placement: Hashable, Sendable {
  /// The strip cell at the window's left edge.
  public var offset: Int
  /// Seconds after which the motion repeats; 0 when the window stands still.
  public var cycle: Double
  /// The index (among the items given) of the item at the left edge, if any.
  public var item: Int?
}

/// A strip in a window of fixed width, and the motion that places it there.
///
/// The frame is a pure function of the time: every process that asks for the same
/// time gets the same frame. Times are Unix seconds.
public struct Ticker: Sendable {
  public let strip: Strip
  public let width: Int
  /// Cells per second; negative scrolls to the right.
  public let speed: Double
  /// Seconds each item rests at the left edge (`wrap`), or at each end (`bounce`).
  public let dwell: Double
  public let motion: Motion
  public let fit: Fit

  /// Seconds `bounce` rests at each end when no dwell is given.
  public static let defaultBounceRest = 2.0

  private enum Mode: Sendable {
    /// A still frame, computed once.
    case still(Frame, item: Int?)
    case wrap(cycle: Double, secondsPerCell: Double)
    case bounce(cycle: Double, rest: Double, travel: Int)
  }
  private let mode: Mode

  public init(
    strip: Strip, width: Int, speed: Double = 2, dwell: Double = 0, motion: Motion = .wrap,
    fit: Fit = .left
  ) {
    self.strip = strip
    self.width = max(0, width)
    self.speed = speed.isFinite ? speed : 0
    self.dwell = dwell.isFinite && dwell > 0 ? dwell : 0
    self.motion = motion
    self.fit = fit
    let length = strip.cellCount
    let content = strip.contentCellCount
    let rate = abs(self.speed)
    let firstItem = strip.item(atCell: 0)
    if self.width == 0 || length == 0 {
      mode = .still(strip.window(offset: 0, width: self.width), item: firstItem)
    } else if content <= self.width && (fit != .scroll || motion == .bounce) {
      let free = self.width - content
      let left: Int
      switch fit {
      case .left, .scroll: left = 0
      case .center: left = free / 2
      case .right: left = free
      }
      let frame = strip.window(offset: 0, width: content).padded(left: left, right: free - left)
      mode = .still(frame, item: firstItem)
    } else if rate == 0 {
      mode = .still(strip.window(offset: 0, width: self.width), item: firstItem)
    } else if motion == .bounce {
      let travel = content - self.width
      let rest = self.dwell > 0 ? self.dwell : Ticker.defaultBounceRest
      mode = .bounce(cycle: 2 * rest + 2 * Double(travel) / rate, rest: rest, travel: travel)
    } else {
      let quantized = Double(Ticker.quantizedLength(length))
      let secondsPerCell = quantized / (Double(length) * rate)
      let cycle = quantized / rate + Double(strip.itemCount) * self.dwell
      mode = .wrap(cycle: cycle, secondsPerCell: secondsPerCell)
    }
  }

  /// The strip width rounded up to the step the cycle is measured in.
  ///
  /// The cycle is `quantizedLength / speed` rather than `L / speed`, so a price
  /// tick that changes `L` by a cell leaves the cycle, and so the phase, alone
  /// (unless it crosses a step), and the window moves by at most a cell more than
  /// the change. The step is 16 cells, or 1/32 of the strip's octave when longer,
  /// so the effective speed is within 16 cells per cycle, or 1/32, of the one asked for.
  public static func quantizedLength(_ length: Int) -> Int {
    var step = 16
    while step * 64 <= length { step *= 2 }
    return (length + step - 1) / step * step
  }

  /// The cells per second the window actually moves between rests (see `quantizedLength`).
  public var effectiveSpeed: Double {
    switch mode {
    case .still: return 0
    case .bounce: return speed
    case .wrap:
      return speed * Double(strip.cellCount) / Double(Ticker.quantizedLength(strip.cellCount))
    }
  }

  /// Whether the frame never changes.
  public var isStill: Bool {
    if case .still = mode { return true }
    return false
  }

  /// Seconds after which the motion repeats; 0 when still.
  public var cycle: Double {
    switch mode {
    case .still: return 0
    case .wrap(let cycle, _), .bounce(let cycle, _, _): return cycle
    }
  }

  /// The frame at `time`.
  ///
  /// - Complexity: O(`width` + log *n*).
  public func frame(at time: Double) -> Frame {
    if case .still(let frame, _) = mode { return frame }
    return strip.window(offset: placement(at: time).offset, width: width)
  }

  /// Where the window is at `time`.
  ///
  /// - Complexity: O(log *n*).
  public func placement(at time: Double) -> Placement {
    switch mode {
    case .still(_, let item):
      return Placement(offset: 0, cycle: 0, item: item)
    case .wrap(let cycle, _), .bounce(let cycle, _, _):
      let offset = self.offset(atLocal: local(time, cycle: cycle).local)
      return Placement(offset: offset, cycle: cycle, item: strip.item(atCell: offset))
    }
  }

  /// The first time after `time` at which the frame changes, or `nil` if it never does.
  ///
  /// Computed from the motion, so a stream can sleep until then.
  ///
  /// - Complexity: O(log *n*).
  public func nextChange(after time: Double) -> Double? {
    let cycle: Double
    switch mode {
    case .still: return nil
    case .wrap(let c, _), .bounce(let c, _, _): cycle = c
    }
    let (base, local) = local(time, cycle: cycle)
    guard base.isFinite, local.isFinite else { return nil }
    let current = offset(atLocal: local)
    var candidate: Double
    if speed > 0 {
      candidate = base + forwardBoundary(after: local, cycle: cycle)
    } else {
      // Time runs backwards through the motion: the offset changes once the local
      // time falls below the start of the current step.
      candidate = -(base + backwardBoundary(atOrBefore: local, cycle: cycle))
    }
    // Floating point can land exactly on the old step; nudge until the step is left.
    var nudge = max(abs(candidate), 1) * 1e-12
    for _ in 0..<64 {
      if candidate > time && offset(atLocal: self.local(candidate, cycle: cycle).local) != current {
        return candidate
      }
      candidate = max(candidate, time) + nudge
      nudge *= 2
    }
    return candidate
  }

  // MARK: Motion arithmetic

  /// Splits `time` into a whole number of cycles (`base`, in motion time) and the
  /// motion time within the cycle. Negative speeds run the motion backwards.
  private func local(_ time: Double, cycle: Double) -> (base: Double, local: Double) {
    let motionTime = speed < 0 ? -time : time
    let turns = motionTime / cycle
    guard turns.isFinite else { return (0, 0) }
    let whole = turns.rounded(.down)
    var local = (turns - whole) * cycle
    if !(local >= 0 && local < cycle) { local = 0 }
    return (whole * cycle, local)
  }

  /// The strip offset at motion time `local` within a cycle.
  private func offset(atLocal local: Double) -> Int {
    switch mode {
    case .still:
      return 0
    case .wrap(_, let secondsPerCell):
      let length = strip.cellCount
      if dwell == 0 {
        return clamp(Int(exactly: (local / secondsPerCell).rounded(.down)) ?? 0, 0, length - 1)
      }
      let item = dwellItem(atLocal: local, secondsPerCell: secondsPerCell)
      let start = strip.itemStartCell(item)
      let moving = local - itemArrival(item, secondsPerCell: secondsPerCell) - dwell
      guard moving > 0 else { return start }
      let steps = Int(exactly: (moving / secondsPerCell).rounded(.down)) ?? 0
      return clamp(start + steps, start, strip.itemStartCell(item + 1) - 1)
    case .bounce(_, let rest, let travel):
      let rate = abs(speed)
      let crossing = Double(travel) / rate
      if local < rest { return 0 }
      if local < rest + crossing {
        return clamp(Int(((local - rest) * rate).rounded(.down)), 0, travel - 1)
      }
      if local < 2 * rest + crossing { return travel }
      let back = Int(((local - 2 * rest - crossing) * rate).rounded(.down))
      return clamp(travel - back, 1, travel)
    }
  }

  /// When, in motion time within a cycle, shown item `index` reaches the left edge.
  private func itemArrival(_ index: Int, secondsPerCell: Double) -> Double {
    Double(index) * dwell + Double(strip.itemStartCell(index)) * secondsPerCell
  }

  /// The shown item whose rest or travel holds motion time `local`.
  private func dwellItem(atLocal local: Double, secondsPerCell: Double) -> Int {
    lastIndex(upTo: strip.itemCount) { itemArrival($0, secondsPerCell: secondsPerCell) <= local }
  }

  /// The first motion time after `local` at which the offset steps forward; may be
  /// `cycle`, the start of the next cycle.
  private func forwardBoundary(after local: Double, cycle: Double) -> Double {
    switch mode {
    case .still:
      return cycle
    case .wrap(_, let secondsPerCell):
      if dwell == 0 {
        return min(((local / secondsPerCell).rounded(.down) + 1) * secondsPerCell, cycle)
      }
      let item = dwellItem(atLocal: local, secondsPerCell: secondsPerCell)
      let moveStart = itemArrival(item, secondsPerCell: secondsPerCell) + dwell
      let next =
        local < moveStart
        ? moveStart + secondsPerCell
        : moveStart + (((local - moveStart) / secondsPerCell).rounded(.down) + 1) * secondsPerCell
      return min(next, itemArrival(item + 1, secondsPerCell: secondsPerCell), cycle)
    case .bounce(_, let rest, let travel):
      let step = 1 / abs(speed)
      let crossing = Double(travel) * step
      if local < rest { return rest + step }
      if local < rest + crossing {
        return min(rest + (((local - rest) / step).rounded(.down) + 1) * step, rest + crossing)
      }
      let backStart = 2 * rest + crossing
      if local < backStart { return backStart + step }
      return min(backStart + (((local - backStart) / step).rounded(.down) + 1) * step, cycle)
    }
  }

  /// The motion time at or before `local` below which the offset differs.
  private func backwardBoundary(atOrBefore local: Double, cycle: Double) -> Double {
    switch mode {
    case .still:
      return 0
    case .wrap(_, let secondsPerCell):
      if dwell == 0 { return (local / secondsPerCell).rounded(.down) * secondsPerCell }
      let item = dwellItem(atLocal: local, secondsPerCell: secondsPerCell)
      let arrival = itemArrival(item, secondsPerCell: secondsPerCell)
      let moveStart = arrival + dwell
      guard local >= moveStart + secondsPerCell else { return arrival }
      return moveStart + ((local - moveStart) / secondsPerCell).rounded(.down) * secondsPerCell
    case .bounce(_, let rest, let travel):
      let step = 1 / abs(speed)
      let crossing = Double(travel) * step
      if local < rest + step { return 0 }
      if local < rest + crossing {
        return rest + ((local - rest) / step).rounded(.down) * step
      }
      let backStart = 2 * rest + crossing
      if local < backStart + step { return rest + crossing }
      return backStart + ((local - backStart) / step).rounded(.down) * step
    }
  }
}

private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int {
  max(low, min(value, high))
}
