import TickerCore

/// The motion arithmetic as `Ticker` had it before the motion became one schedule of
/// segments: three functions over nine branches (wrap, wrap with dwell, bounce), kept
/// verbatim as the reference the schedule must match at every time.
///
/// Only finite speeds and dwells within `Ticker`'s ranges are meaningful here; the old
/// arithmetic overflowed outside them.
struct ReferenceMotion {
  let strip: Strip
  let width: Int
  let speed: Double
  let dwell: Double
  let motion: Motion
  let fit: Fit

  enum Mode {
    case still
    case wrap(cycle: Double, secondsPerCell: Double)
    case bounce(cycle: Double, rest: Double, travel: Int)
  }
  let mode: Mode

  init(strip: Strip, width: Int, speed: Double, dwell: Double, motion: Motion, fit: Fit) {
    self.strip = strip
    self.width = max(0, width)
    self.speed = speed.isFinite ? speed : 0
    self.dwell = dwell.isFinite && dwell > 0 ? dwell : 0
    self.motion = motion
    self.fit = fit
    let length = strip.cellCount
    let content = strip.contentCellCount
    let rate = abs(self.speed)
    if self.width == 0 || length == 0 {
      mode = .still
    } else if content <= self.width && (fit != .scroll || motion == .bounce) {
      mode = .still
    } else if rate == 0 {
      mode = .still
    } else if motion == .bounce {
      let travel = content - self.width
      let rest = self.dwell > 0 ? self.dwell : Ticker.defaultBounceRest
      mode = .bounce(cycle: 2 * rest + 2 * Double(travel) / rate, rest: rest, travel: travel)
    } else {
      let quantized = Double(Self.quantizedLength(length))
      let secondsPerCell = quantized / (Double(length) * rate)
      let cycle = quantized / rate + Double(strip.itemCount) * self.dwell
      mode = .wrap(cycle: cycle, secondsPerCell: secondsPerCell)
    }
  }

  static func quantizedLength(_ length: Int) -> Int {
    var step = 16
    while step * 64 <= length { step *= 2 }
    return (length + step - 1) / step * step
  }

  var cycle: Double {
    switch mode {
    case .still: return 0
    case .wrap(let cycle, _), .bounce(let cycle, _, _): return cycle
    }
  }

  /// The strip offset at `time`; 0 when still.
  func offset(at time: Double) -> Int {
    switch mode {
    case .still: return 0
    case .wrap(let cycle, _), .bounce(let cycle, _, _):
      return offset(atLocal: local(time, cycle: cycle).local)
    }
  }

  /// The old `nextChange(after:)`, to find the times where steps begin.
  func nextChange(after time: Double) -> Double? {
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
      candidate = -(base + backwardBoundary(atOrBefore: local, cycle: cycle))
    }
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

  private func local(_ time: Double, cycle: Double) -> (base: Double, local: Double) {
    let motionTime = speed < 0 ? -time : time
    let turns = motionTime / cycle
    guard turns.isFinite else { return (0, 0) }
    let whole = turns.rounded(.down)
    var local = (turns - whole) * cycle
    if !(local >= 0 && local < cycle) { local = 0 }
    return (whole * cycle, local)
  }

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

  private func itemArrival(_ index: Int, secondsPerCell: Double) -> Double {
    Double(index) * dwell + Double(strip.itemStartCell(index)) * secondsPerCell
  }

  private func dwellItem(atLocal local: Double, secondsPerCell: Double) -> Int {
    var low = 0
    var high = strip.itemCount
    while high - low > 1 {
      let middle = (low + high) / 2
      if itemArrival(middle, secondsPerCell: secondsPerCell) <= local {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }

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

/// The motions that do not scroll, and `--loops`, as naively as they can be said:
/// strings cut and padded, and the time divided by the dwell. Items are ASCII, so a
/// character is a cell.
enum ReferenceItems {
  /// `items[index]` alone in `width` cells: whole and padded as `fit` says, or its
  /// first `width - 1` characters and `…`.
  static func alone(_ item: String, width: Int, fit: Fit) -> String {
    if item.count > width { return String(item.prefix(width - 1)) + "…" }
    let free = width - item.count
    let left: Int
    switch fit {
    case .left, .scroll: left = 0
    case .center: left = free / 2
    case .right: left = free
    }
    return String(repeating: " ", count: left) + item
      + String(repeating: " ", count: free - left)
  }

  /// `still`: the most leading items whose join fits, or the first item cut.
  static func leading(_ items: [String], separator: String, width: Int, fit: Fit) -> String {
    var shown = items[0]
    for count in 1...items.count {
      let joined = items[0..<count].joined(separator: separator)
      if joined.count <= width { shown = joined } else { break }
    }
    return alone(shown, width: width, fit: fit)
  }

  /// `flip`: the frame at `time`: item ⌊(time − origin) / dwell⌋ mod n alone; when the
  /// items all fit (and `fit` is not `scroll`), or there is one, `leading`.
  static func flip(
    _ items: [String], separator: String, width: Int, dwell: Double, fit: Fit, origin: Double,
    time: Double
  ) -> String {
    let content = items.joined(separator: separator)
    if items.count < 2 || (content.count <= width && fit != .scroll) {
      return leading(items, separator: separator, width: width, fit: fit)
    }
    let dwell = dwell > 0 ? dwell : Ticker.defaultFlipDwell
    var index = Int(((time - origin) / dwell).rounded(.down)) % items.count
    if index < 0 { index += items.count }
    return alone(items[index], width: width, fit: fit)
  }

  /// `--loops`: when the motion stops: the first whole cycle from `origin` at or after
  /// `count` cycles from `since`, found by counting cycles.
  static func stop(count: Int, since: Double, origin: Double, cycle: Double) -> Double {
    var turns = ((since - origin) / cycle).rounded(.down) - 1
    while origin + turns * cycle < since + Double(count) * cycle - cycle * 1e-6 { turns += 1 }
    return origin + turns * cycle
  }
}
