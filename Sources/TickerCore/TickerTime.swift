extension Ticker {
  /// The first time after `time` at which the frame changes, or `nil` if it never does.
  ///
  /// Computed from the motion, so a stream can sleep until then. The result is later
  /// than `time`; called again with its own result, it moves on by a cell's time
  /// (at least a quarter of one, for rounding), or by the smallest step a `Double`
  /// takes at that time when a cell lasts less. At times so far from 0 that a
  /// `Double` cannot tell the cycles apart, the frame stands still and the result
  /// is `nil`. Once the motion has run its `loops`, it is `nil`; before, the stop is
  /// a change when the window is elsewhere than at the start.
  ///
  /// - Complexity: O(log *n*).
  public func nextChange(after time: Double) -> Double? {
    guard let schedule, !time.isNaN else { return nil }
    guard let stop = stopTime(schedule) else { return motionChange(after: time, schedule) }
    guard time < stop else { return nil }
    if let next = motionChange(after: time, schedule), next < stop { return next }
    return offset(at: time, schedule) != 0 ? stop : nil
  }

  /// When the motion stops (`loops`): the first start of a cycle at or after `loops.count`
  /// cycles from `loops.since`; `nil` when it never does.
  func stopTime(_ schedule: MotionSchedule) -> Double? {
    guard let loops else { return nil }
    let cycle = schedule.cycle
    let end = loops.since + Double(max(0, loops.count)) * cycle
    let turns = (end - origin) / cycle
    guard turns.isFinite else { return end.isFinite ? end : nil }
    // A whole number of cycles, rounded up; a hair above one (arithmetic's, not the
    // caller's) is that one.
    let nearest = turns.rounded()
    let whole = abs(turns - nearest) < 1e-6 ? nearest : turns.rounded(.up)
    let stop = origin + whole * cycle
    return stop.isFinite ? stop : nil
  }

  /// Whether the motion has stopped at `time` (`loops`).
  func hasStopped(at time: Double, _ schedule: MotionSchedule) -> Bool {
    guard let stop = stopTime(schedule) else { return false }
    return time >= stop
  }

  /// The strip offset at `time`: the schedule's, or 0 once the motion has stopped.
  func offset(at time: Double, _ schedule: MotionSchedule) -> Int {
    if hasStopped(at: time, schedule) { return 0 }
    return schedule.offset(atLocal: local(time, cycle: schedule.cycle).local, strip)
  }

  /// `flip`: the shown item at `time` (the segment, one a shown item), 0 once stopped.
  func shownItem(at time: Double, _ schedule: MotionSchedule) -> Int {
    if hasStopped(at: time, schedule) { return 0 }
    return schedule.segmentIndex(atLocal: local(time, cycle: schedule.cycle).local, strip)
  }

  /// The schedule's next change, the loops left aside.
  private func motionChange(after time: Double, _ schedule: MotionSchedule) -> Double? {
    let cycle = schedule.cycle
    // At 2^52 cycles or more from 0 every time is a whole number of cycles, so the
    // motion stands at its start. Far behind that, the first change is past it.
    let farthest = 0x1p52 * cycle
    let sinceOrigin = time - origin
    let motionTime = reversed ? -sinceOrigin : sinceOrigin
    var from = time
    if !(abs(motionTime) < farthest) {
      if (motionTime > 0) != reversed { return nil }
      from = origin + (reversed ? farthest : -farthest)
    }
    let (base, local) = local(from, cycle: cycle)
    let current = schedule.offset(atLocal: local, strip)
    var candidate: Double
    if !reversed {
      guard let next = schedule.nextChange(afterLocal: local, strip) else { return nil }
      candidate = origin + (base + next)
    } else {
      // Time runs backwards through the motion: the offset changes once the local
      // time falls below the start of the current step.
      candidate = origin - (base + schedule.changeAtOrBefore(local: local, strip))
    }
    // Rounding can land on the old step, or just before the time asked about: move
    // on from there a representable step at a time, then twice as far each time.
    if !(candidate > time) { candidate = time }
    let changed = { (at: Double) in
      schedule.offset(atLocal: self.local(at, cycle: cycle).local, strip) != current
    }
    var step = 0.0
    for _ in 0..<256 {
      if candidate > time && changed(candidate) {
        return firstChange(before: candidate, after: time, changed)
      }
      step = max(2 * step, candidate.ulp)
      candidate += step
      guard candidate.isFinite else { return nil }
    }
    return nil
  }

  /// `change`, or an earlier time after `time` at which the frame has changed too:
  /// rounding can also land a representable step past the change (one in five times
  /// at Unix times of today, BENCHMARKS.md section 23), and a frame drawn ahead is
  /// shown until the next change (`FramesAhead`), so the change must be the first.
  private func firstChange(
    before change: Double, after time: Double, _ changed: (Double) -> Bool
  ) -> Double {
    var first = change
    var steps = 0
    while steps < 64, first.nextDown > time, changed(first.nextDown) {
      first = first.nextDown
      steps += 1
    }
    return first
  }

  /// Splits `time` since `origin` into a whole number of cycles (`base`, in motion
  /// time) and the motion time within the cycle. Negative speeds run the motion
  /// backwards.
  func local(_ time: Double, cycle: Double) -> (base: Double, local: Double) {
    let sinceOrigin = time - origin
    let motionTime = reversed ? -sinceOrigin : sinceOrigin
    let turns = motionTime / cycle
    guard turns.isFinite else { return (0, 0) }
    let whole = turns.rounded(.down)
    var local = (turns - whole) * cycle
    if !(local >= 0 && local < cycle) { local = 0 }
    return (whole * cycle, local)
  }
}
