import Testing

@testable import TickerCore

private let today = 1_795_000_000.0

private func asciiItems(_ rng: inout SplitMix64) -> [String] {
  let words = ["AAPL 189.84", "EUR/USD 1.08", "x", "headline of the day", "BTC", "go"]
  return (0..<Int.random(in: 1...6, using: &rng)).map { _ in words.randomElement(using: &rng)! }
}

/// `flip`, `still` and `--loops` against the naive model (`ReferenceItems`).
@Suite struct ItemMotionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var items: [String]
    var width: Int
    var motion: Motion
    var fit = Fit.left
    var frames: [(time: Double, text: String)]
    var testDescription: String { "\(motion) \(items) in \(width)" }
  }

  /// The table: whole items, never the separator, an ellipsis for the one too wide.
  @Test(arguments: [
    Case(
      items: ["alpha", "beta", "a long headline"], width: 8, motion: .flip,
      frames: [
        (0, "alpha   "), (3.99, "alpha   "), (4.01, "beta    "), (8.01, "a long …"),
        (12.01, "alpha   "),
      ]),
    Case(
      items: ["alpha", "beta", "a long headline"], width: 8, motion: .flip, fit: .right,
      frames: [(0, "   alpha"), (4.5, "    beta")]),
    Case(
      items: ["alpha", "beta", "gamma"], width: 13, motion: .still,
      frames: [(0, "alpha · beta "), (100, "alpha · beta ")]),
    Case(
      items: ["a long headline", "beta"], width: 8, motion: .still,
      frames: [(0, "a long …"), (7, "a long …")]),
    Case(
      items: ["ab", "cd"], width: 10, motion: .flip, frames: [(0, "ab · cd   "), (9, "ab · cd   ")]),
    Case(
      items: ["a long headline"], width: 8, motion: .flip,
      frames: [(0, "a long …"), (50, "a long …")]),
  ])
  func framesOfTheTable(_ test: Case) {
    let t = Ticker(
      strip: Strip(items: test.items.map { StyledText($0) }, separator: " · "), width: test.width,
      motion: test.motion, fit: test.fit)
    for (time, text) in test.frames {
      // A whole number of 12-second cycles (three items of 4 s) from 0.
      #expect(t.frame(at: 1_794_999_996 + time).text == text, "at \(time)")
    }
  }

  /// Random items, widths, dwells, fits and times: the frame is the naive one, and
  /// the next change is exact (nothing differs before it, the frame at it does).
  @Test func flipAndStillMatchTheNaiveModel() {
    var rng = SplitMix64(seed: 0xF11F)
    for _ in 0..<400 {
      let items = asciiItems(&rng)
      let width = Int.random(in: 2...30, using: &rng)
      let dwell = [0, 0.5, 1, 2.5, 7].randomElement(using: &rng)!
      let fit = Fit.allCases.randomElement(using: &rng)!
      let speed: Double = [0, 2, -3].randomElement(using: &rng)!
      let separator = [" · ", " | ", ""].randomElement(using: &rng)!
      let origin = [0, today].randomElement(using: &rng)!
      let strip = Strip(items: items.map { StyledText($0) }, separator: StyledText(separator))
      var flip = Ticker(
        strip: strip, width: width, speed: speed, dwell: dwell, motion: .flip, fit: fit)
      flip.origin = origin
      let still = Ticker(strip: strip, width: width, motion: .still, fit: fit)
      let label = "\(items) w\(width) d\(dwell) \(fit) '\(separator)'"
      #expect(still.isStill)
      for _ in 0..<20 {
        let time = origin + Double.random(in: -1e4...1e4, using: &rng)
        let expected = ReferenceItems.flip(
          items, separator: separator, width: width, dwell: dwell, fit: fit, origin: origin,
          time: time)
        #expect(flip.frame(at: time).text == expected, "\(label) at \(time)")
        #expect(flip.frame(at: time, markingItems: true).text == expected, "\(label)")
        #expect(
          still.frame(at: time).text
            == ReferenceItems.leading(items, separator: separator, width: width, fit: fit),
          "\(label)")
        if let next = flip.nextChange(after: time) {
          #expect(next > time)
          #expect(flip.placement(at: (time + next) / 2) == flip.placement(at: time))
          #expect(flip.placement(at: next) != flip.placement(at: time), "\(label) at \(time)")
        }
      }
    }
  }

  /// A click on a flipped or still frame lands on the item drawn there, never on the
  /// padding.
  @Test func clicksLandOnTheItemShown() {
    let strip = Strip(items: ["alpha", "beta", "a long headline"], separator: " · ")
    let flip = Ticker(strip: strip, width: 8, dwell: 2, motion: .flip, fit: .right)
    #expect(flip.item(atColumn: 2, at: 2) == nil)
    #expect(flip.item(atColumn: 5, at: 2) == 1)
    #expect(flip.item(atColumn: 7, at: 4) == 2)
    let still = Ticker(strip: strip, width: 14, motion: .still)
    #expect(still.item(atColumn: 0, at: 0) == 0)
    #expect(still.item(atColumn: 9, at: 0) == 1)
    #expect(still.item(atColumn: 13, at: 0) == nil)
    let frame = flip.frame(at: 4, markingItems: true)
    #expect(frame.items.map(\.item) == [2])
  }

  /// `--loops`: the motion is the endless one until the stop, then stands at the
  /// start; at every kind of motion and both `--on-change` rules.
  @Test func loopsRunWholeCyclesThenStand() {
    var rng = SplitMix64(seed: 0x1005)
    for round in 0..<300 {
      let items = asciiItems(&rng)
      let motion = [Motion.wrap, .bounce, .flip].randomElement(using: &rng)!
      let speed = [0.5, 2, 7.5, -3].randomElement(using: &rng)!
      let dwell = [0, 0, 1.5].randomElement(using: &rng)!
      let width = Int.random(in: 3...20, using: &rng)
      let strip = Strip(items: items.map { StyledText($0) }, separator: " · ")
      var endless = Ticker(strip: strip, width: width, speed: speed, dwell: dwell, motion: motion)
      let since = today + Double.random(in: 0..<1000, using: &rng)
      endless.origin = round % 2 == 0 ? since : 0
      var looping = endless
      let count = Int.random(in: 0...3, using: &rng)
      looping.loops = Ticker.Loops(count: count, since: since)
      let label = "\(items) \(motion) s\(speed) d\(dwell) w\(width) ×\(count) o\(endless.origin)"
      guard !endless.isStill else {
        #expect(looping.isStill && looping.frame(at: since) == endless.frame(at: since))
        continue
      }
      let stop = ReferenceItems.stop(
        count: count, since: since, origin: endless.origin, cycle: endless.cycle)
      let start = strip.window(offset: 0, width: 1).text
      for _ in 0..<40 {
        let time = since + Double.random(in: -10...(Double(count + 2) * endless.cycle), using: &rng)
        if time < stop - 1e-6 {
          #expect(looping.frame(at: time) == endless.frame(at: time), "\(label) at \(time)")
        } else if time > stop + 1e-6 {
          #expect(looping.placement(at: time).offset == 0, "\(label) at \(time)")
          #expect(looping.frame(at: time).text.hasPrefix(start), "\(label)")
          #expect(looping.nextChange(after: time) == nil, "\(label) at \(time)")
        }
      }
      // Changes up to the stop are the endless ones, and nothing after it.
      var time = since - 1
      for _ in 0..<100_000 {
        guard let next = looping.nextChange(after: time) else { break }
        #expect(next <= stop + 1e-6, "\(label)")
        #expect(looping.placement(at: next) != looping.placement(at: time), "\(label) at \(next)")
        time = next
      }
      #expect(looping.nextChange(after: time) == nil, "\(label)")
    }
  }
}
