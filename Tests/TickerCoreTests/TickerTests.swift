import Testing

@testable import TickerCore

private let terminal = CellMeasure(profile: .terminal)
/// Today's Unix times, where floating-point phase arithmetic is hardest.
private let today = 1_795_000_000.0

private func ticker(
  _ items: [String], separator: String = " · ", width: Int, speed: Double = 2, dwell: Double = 0,
  motion: Motion = .wrap, fit: Fit = .left
) -> Ticker {
  Ticker(
    strip: Strip(items: items.map { StyledText($0) }, separator: StyledText(separator)),
    width: width, speed: speed, dwell: dwell, motion: motion, fit: fit)
}

private func quoteItems(_ rng: inout SplitMix64, count: Int) -> [String] {
  (0..<count).map { _ in
    let symbol = ["AAPL", "MSFT", "EUR/USD", "NVDA", "BTC", "X"].randomElement(using: &rng)!
    let price =
      String(Int.random(in: 1...99999, using: &rng)) + "."
      + String(
        Int.random(in: 10...99, using: &rng))
    return
      "\(symbol) \(price) +\(Int.random(in: 0...9, using: &rng)).\(Int.random(in: 10...99, using: &rng))"
  }
}

@Suite struct TickerTests {
  @Test(arguments: [
    (Fit.left, "ab · c    "), (.center, "  ab · c  "), (.right, "    ab · c"),
  ])
  func fitStandsStillAndPads(fit: Fit, expected: String) {
    let t = ticker(["ab", "c"], width: 10, fit: fit)
    #expect(t.isStill)
    #expect(t.frame(at: today).text == expected)
    #expect(t.frame(at: today + 12.3).text == expected)
    #expect(t.nextChange(after: today) == nil)
  }

  @Test func fitScrollRepeatsAndMoves() {
    let t = ticker(["ab", "c"], separator: "-", width: 10, speed: 1, fit: .scroll)
    #expect(!t.isStill)
    let frames = Set((0..<40).map { t.frame(at: Double($0)).text })
    #expect(frames.count == 5)
    #expect(frames.allSatisfy { $0.count == 10 })
    #expect(frames.contains("ab-c-ab-c-"))
  }

  @Test func periodicOverOneCycle() {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<60 {
      let items = (0..<Int.random(in: 1...8, using: &rng)).map { _ in randomItem(&rng) }
      let speed = [0.5, 1, 2, 3.7, -2, -0.25].randomElement(using: &rng)!
      let dwell = [0, 0, 1.5].randomElement(using: &rng)!
      let motion = [Motion.wrap, .bounce].randomElement(using: &rng)!
      let t = ticker(items, width: 7, speed: speed, dwell: dwell, motion: motion)
      guard !t.isStill else { continue }
      for _ in 0..<20 {
        let time = today + Double.random(in: 0..<100_000, using: &rng)
        #expect(
          t.frame(at: time + t.cycle) == t.frame(at: time), "\(items) speed \(speed) \(motion)")
      }
    }
  }

  /// One second moves the window by the speed, on average over the cycle.
  @Test(arguments: [0.5, 1.0, 2.0, 5.0, 12.0, -3.0])
  func oneSecondMovesBySpeedOnAverage(speed: Double) {
    var rng = SplitMix64(seed: UInt64(speed * 8 + 100))
    let items = quoteItems(&rng, count: 12)
    let t = ticker(items, width: 30, speed: speed)
    let length = t.strip.cellCount
    // The cycle is quantised; the effective speed is within one step of the one asked for.
    let step = Double(Ticker.quantizedLength(length) - length)
    #expect(abs(t.effectiveSpeed - speed) <= abs(speed) * max(step, 1) / Double(length))
    #expect(abs(t.effectiveSpeed) <= abs(speed))
    var moved = 0.0
    let samples = 4000
    for _ in 0..<samples {
      let time = today + Double.random(in: 0..<t.cycle, using: &rng)
      let a = t.placement(at: time).offset
      let b = t.placement(at: time + 1).offset
      var delta = b - a
      if delta > length / 2 { delta -= length }
      if delta < -length / 2 { delta += length }
      moved += Double(delta)
    }
    let average = moved / Double(samples)
    #expect(abs(average - t.effectiveSpeed) < 0.05 * abs(speed) + 0.02, "average \(average)")
  }

  /// A one-cell change in one item (a price tick) moves the window by at most two cells
  /// in at least nine of ten cases.
  @Test func stableUnderOneCellChanges() {
    var rng = SplitMix64(seed: 2024)
    var steady = 0
    let trials = 2000
    for _ in 0..<trials {
      var items = quoteItems(&rng, count: Int.random(in: 2...40, using: &rng))
      let before = ticker(items, width: 40, speed: [1, 2, 4].randomElement(using: &rng)!)
      let changed = Int.random(in: 0..<items.count, using: &rng)
      let grow = Bool.random(using: &rng)
      if grow { items[changed] += "5" } else { items[changed].removeLast() }
      let after = ticker(items, width: 40, speed: before.speed)
      let time = today + Double.random(in: 0..<1_000_000, using: &rng)
      let offset = before.placement(at: time).offset
      // Where the same content sits in the changed strip.
      let start = before.strip.itemStartCell(changed)
      let end = before.strip.itemStartCell(changed + 1)
      let delta = grow ? 1 : -1
      let mapped = offset < start ? offset : (offset >= end ? offset + delta : offset)
      let length = after.strip.cellCount
      let moved = abs(after.placement(at: time).offset - mapped) % length
      if min(moved, length - moved) <= 2 { steady += 1 }
    }
    print("stability: steady in \(steady) of \(trials) one-cell changes")
    #expect(steady * 10 >= trials * 9, "steady in \(steady) of \(trials)")
  }

  @Test func negativeSpeedRunsTheMotionBackwards() {
    var rng = SplitMix64(seed: 5)
    let items = quoteItems(&rng, count: 5)
    for dwell in [0.0, 2.0] {
      let right = ticker(items, width: 20, speed: -3, dwell: dwell)
      let left = ticker(items, width: 20, speed: 3, dwell: dwell)
      for step in 0..<200 {
        let time = today + Double(step) * 0.37
        #expect(right.placement(at: time).offset == left.placement(at: -time).offset)
      }
      // Scrolling right: the offset goes down by one cell at a time (or wraps).
      let a = right.placement(at: today).offset
      let b = right.placement(at: today + 1 / 3 + 0.001).offset
      #expect(b == a - 1 || (a == 0 && b == right.strip.cellCount - 1) || b == a)
    }
  }

  @Test func dwellRestsEachItemAtTheLeftEdge() {
    let items = ["alpha", "beta", "gamma delta"]
    let t = ticker(items, separator: " | ", width: 8, speed: 4, dwell: 3)
    let strip = t.strip
    let starts = (0..<strip.itemCount).map { strip.itemStartCell($0) }
    let secondsPerCell = 1 / t.effectiveSpeed
    #expect(abs(t.cycle - (Double(Ticker.quantizedLength(strip.cellCount)) / 4 + 9)) < 1e-9)
    // Sample the cycle finely: each item start is held for dwell plus one cell's time.
    let step = t.cycle / 20000
    var held = [Int: Double]()
    var previous = t.placement(at: 0).offset
    var backwards = 0
    for index in 0..<20000 {
      let offset = t.placement(at: Double(index) * step).offset
      held[offset, default: 0] += step
      if offset < previous && !(previous == strip.cellCount - 1 && offset == 0) { backwards += 1 }
      previous = offset
    }
    #expect(backwards == 0)
    for start in starts {
      #expect(abs(held[start, default: 0] - (3 + secondsPerCell)) < 3 * step + 1e-9)
    }
    let moving = (0..<strip.cellCount).filter { !starts.contains($0) }
    for offset in moving {
      #expect(abs(held[offset, default: 0] - secondsPerCell) < 3 * step + 1e-9)
    }
  }

  @Test func bounceMovesToTheEndAndBackResting() {
    let t = ticker(
      ["a long single headline that overflows"], width: 10, speed: 5, dwell: 1, motion: .bounce)
    let content = "a long single headline that overflows"
    let travel = content.count - 10
    #expect(abs(t.cycle - (2 + 2 * Double(travel) / 5)) < 1e-9)
    var offsets: [Int] = []
    for index in 0..<2000 {
      let time = today + Double(index) * t.cycle / 2000
      let frame = t.frame(at: time).text
      // The window never shows the seam: it is always a slice of the content.
      #expect(content.contains(frame), "\(frame)")
      offsets.append(t.placement(at: time).offset)
    }
    #expect(offsets.min() == 0)
    #expect(offsets.max() == travel)
    let atEnds = offsets.filter { $0 == 0 || $0 == travel }.count
    // Rests of 1 s at each end plus a step: about (2 + 2/5) / cycle of the samples.
    let expected = 2000 * (2 + 2.0 / 5) / t.cycle
    #expect(abs(Double(atEnds) - expected) < 0.02 * 2000)
  }

  @Test func bounceFitsStandsStill() {
    let t = ticker(["short"], width: 10, motion: .bounce, fit: .scroll)
    #expect(t.isStill)
    #expect(t.frame(at: today).text == "short     ")
  }

  @Test func itemsInitialiserIsStripThenTicker() {
    let items: [StyledText] = ["AAPL 189.84", "MSFT 415.20", "NVDA 121.44"]
    let measure = CellMeasure(profile: .tmux)
    let direct = Ticker(items: items, width: 12, speed: -3, dwell: 1, measure: measure)
    let built = Ticker(
      strip: Strip(items: items, separator: " · ", measure: measure), width: 12, speed: -3,
      dwell: 1)
    #expect(direct.strip.measure == measure)
    #expect(direct.cycle == built.cycle)
    for step in 0..<50 {
      let time = today + Double(step) * 0.77
      #expect(direct.frame(at: time) == built.frame(at: time))
    }
  }

  /// Values outside the meaningful range are brought into it, as documented.
  @Test func outOfRangeValuesAreNormalised() {
    let negativeWidth = ticker(["abc"], width: -4)
    #expect(negativeWidth.width == 0)
    #expect(negativeWidth.frame(at: today).text == "")
    #expect(ticker(["abc"], width: .max).width == Ticker.maximumWidth)
    let speeds: [(given: Double, used: Double)] = [
      (.nan, 0), (1e-10, 0), (-1e-10, 0), (.leastNonzeroMagnitude, 0),
      (Ticker.minimumSpeed, Ticker.minimumSpeed), (-3, -3),
      (2e6, Ticker.maximumSpeed), (-1e308, -Ticker.maximumSpeed),
      (.infinity, Ticker.maximumSpeed), (-.infinity, -Ticker.maximumSpeed),
    ]
    for (given, used) in speeds {
      let t = ticker(["abcdef", "ghij"], width: 4, speed: given)
      #expect(t.speed == used, "speed \(given)")
      #expect(t.isStill == (used == 0), "speed \(given)")
    }
    let dwells: [(given: Double, used: Double)] = [
      (-1, 0), (.nan, 0), (0.25, 0.25), (2e9, Ticker.maximumDwell),
      (.infinity, Ticker.maximumDwell),
    ]
    for (given, used) in dwells {
      #expect(ticker(["abcdef", "ghij"], width: 4, dwell: given).dwell == used, "dwell \(given)")
    }
    // A strip of one cell shows the same frame at every offset.
    let single = ticker(["x"], separator: "", width: 5, fit: .scroll)
    #expect(single.isStill)
    #expect(single.frame(at: today).text == "xxxxx")
    #expect(single.nextChange(after: today) == nil)
  }

  /// Any finite speed, dwell, width and time: the frame is the window's width, and the
  /// next change is `nil` or strictly later, by at least a quarter of a cell's time
  /// once on a step (or the clock's resolution, when a cell takes less). A speed of
  /// 1e308 once overflowed `L × speed` and made a stream spin.
  @Test func extremeValuesKeepTheMotionSane() {
    let strips: [Strip] = [
      Strip(items: ["abc", "defgh", "日本"], separator: " · "),
      Strip(items: ["x"], separator: ""),
      Strip(items: (0..<3000).map { StyledText("item \($0)") }, separator: " · "),
    ]
    let speeds: [Double] = [
      1e308, -1e308, .greatestFiniteMagnitude, 1e305, 1e7, -3e6, 1e-308, -1e-308,
      .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-12, 1e-300,
      3, -0.5,
    ]
    let dwells: [Double] = [
      0, .leastNonzeroMagnitude, 1e-308, 1e-9, 0.5, 1e9, 1e300, .greatestFiniteMagnitude,
    ]
    let times: [Double] = [
      0, -0.0, .leastNonzeroMagnitude, 1, today, -today, 1e15, -1e15, 1e300, -1e300,
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]
    var rng = SplitMix64(seed: 0xE7)
    for strip in strips {
      for speed in speeds {
        for dwell in dwells {
          let motion = [Motion.wrap, .bounce].randomElement(using: &rng)!
          let width = [0, 1, 5, 17, 4000].randomElement(using: &rng)!
          let t = Ticker(strip: strip, width: width, speed: speed, dwell: dwell, motion: motion)
          let label = "L\(strip.cellCount) w\(width) s\(speed) d\(dwell) \(motion)"
          #expect(t.cycle.isFinite && t.cycle >= 0, "\(label)")
          let stepTime = t.isStill ? 0 : 1 / abs(t.effectiveSpeed)
          for time in times {
            #expect(cellWidth(t.frame(at: time).text, strip.measure) == width, "\(label) @\(time)")
            let offset = t.placement(at: time).offset
            #expect(offset >= 0 && offset < max(strip.cellCount, 1), "\(label) @\(time)")
            var previous = time
            for step in 0..<12 {
              guard let next = t.nextChange(after: previous) else { break }
              #expect(next > previous && next.isFinite, "\(label) @\(time) step \(step)")
              guard next > previous, next.isFinite else { break }
              if step > 0 {
                #expect(
                  next - previous >= min(stepTime / 4, previous.ulp),
                  "\(label) @\(time) step \(step): \(next - previous)")
              }
              previous = next
            }
          }
        }
      }
    }
  }

  @Test func zeroSpeedStandsAtTheStart() {
    let t = ticker(["abcdef", "ghij"], separator: "|", width: 4, speed: 0)
    #expect(t.isStill)
    #expect(t.frame(at: today).text == "abcd")
  }

  @Test func hugeAndOddTimesGiveCleanFrames() {
    let t = ticker(["abc", "defgh"], width: 5, speed: 1e308)
    for time in [1e300, -1e300, 0, today, Double.greatestFiniteMagnitude] {
      #expect(t.frame(at: time).text.count == 5)
    }
    let slow = ticker(["abc", "defgh"], width: 5, speed: 1e-300)
    #expect(slow.frame(at: today).text == "abc ·")
  }

  /// The motion is one schedule of segments now; at every time it places the window
  /// where the old three-function arithmetic (`ReferenceMotion`) did: at random times,
  /// and at each step's start and the representable times either side of it.
  @Test func placementMatchesTheOldArithmetic() {
    var rng = SplitMix64(seed: 0x5EC5)
    var compared = 0
    for round in 0..<240 {
      let items =
        round % 2 == 0
        ? quoteItems(&rng, count: Int.random(in: 1...9, using: &rng))
        : (0..<Int.random(in: 1...7, using: &rng)).map { _ in randomItem(&rng) }
      let speed = [0.001, 0.25, 0.5, 1, 2, 3.7, 8, 13.3, 120, 1000, -0.5, -2, -7.5, -1000]
        .randomElement(using: &rng)!
      let dwell = [0, 0, 0.001, 0.4, 1.5, 3].randomElement(using: &rng)!
      let motion = [Motion.wrap, .bounce].randomElement(using: &rng)!
      let fit = Fit.allCases.randomElement(using: &rng)!
      let width = Int.random(in: 0...45, using: &rng)
      let separator = [" · ", "", " | "].randomElement(using: &rng)!
      let t = ticker(
        items, separator: separator, width: width, speed: speed, dwell: dwell, motion: motion,
        fit: fit)
      let old = ReferenceMotion(
        strip: t.strip, width: width, speed: speed, dwell: dwell, motion: motion, fit: fit)
      let label = "\(items) w\(width) s\(speed) d\(dwell) \(motion) \(fit)"
      #expect(t.cycle == old.cycle, "\(label)")
      #expect(t.isStill == (old.cycle == 0), "\(label)")
      func check(_ time: Double) {
        compared += 1
        #expect(t.placement(at: time).offset == old.offset(at: time), "\(label) at \(time)")
      }
      for _ in 0..<120 {
        check(today + Double.random(in: -1e6...1e6, using: &rng))
        check(Double.random(in: -1e4...1e4, using: &rng))
      }
      guard !t.isStill else { continue }
      // Step starts near today, and through the first cycle, where motion time has
      // every bit of precision (and rounding differences would show).
      for start in [today + Double.random(in: 0..<1e5, using: &rng), 0] {
        var time = start
        for _ in 0..<80 {
          guard let next = old.nextChange(after: time) else { break }
          for probe in [next.nextDown, next, next.nextUp] { check(probe) }
          time = next
        }
      }
    }
    #expect(compared > 50_000)
  }

  /// The next change is computed from the motion: nothing changes before it, not even
  /// a representable step before it, and the frame at it differs.
  @Test func nextChangeIsExact() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<80 {
      let items = quoteItems(&rng, count: Int.random(in: 1...6, using: &rng))
      let speed = [0.5, 2, 7, -1, -4.5].randomElement(using: &rng)!
      let dwell = [0, 0, 0.75].randomElement(using: &rng)!
      let motion = [Motion.wrap, .wrap, .bounce].randomElement(using: &rng)!
      let t = ticker(items, width: 15, speed: speed, dwell: dwell, motion: motion)
      guard !t.isStill else { continue }
      var time = today + Double.random(in: 0..<10_000, using: &rng)
      for _ in 0..<30 {
        let offset = t.placement(at: time).offset
        guard let next = t.nextChange(after: time) else {
          Issue.record("a moving ticker must change")
          break
        }
        #expect(next > time)
        for k in 1..<8 {
          let between = time + (next - time) * Double(k) / 8
          #expect(t.placement(at: between).offset == offset, "\(speed) \(dwell) \(motion)")
        }
        #expect(t.placement(at: next).offset != offset)
        if next.nextDown > time {
          #expect(t.placement(at: next.nextDown).offset == offset, "\(speed) \(motion) at \(next)")
        }
        time = next
      }
    }
  }
}
