import Testing
import TickerCore

@testable import ticker_status

/// Frames drawn ahead (`FramesAhead`) against the frame drawn for each moment: at every
/// moment asked, in any order, the text is the one `FramedTicker.drawText(at:into:)`
/// draws for that moment, and the next change the one `nextChange(after:)` gives.
@Suite struct FramesAheadTests {
  /// Tickers of every motion, direction, cap and framing.
  static let cases: [(label: String, arguments: [String])] = [
    ("wrap", ["-w", "12", "-s", "3"]),
    ("wrap backwards", ["-w", "12", "-s", "-4.5"]),
    ("wrap, fast, capped", ["-w", "12", "-s", "40", "--max-fps", "8"]),
    ("wrap, faster than a frame ahead", ["-w", "12", "-s", "90"]),
    ("wrap with dwell", ["-w", "10", "-s", "7", "--dwell", "0.75"]),
    ("bounce", ["-w", "30", "-s", "5", "--motion", "bounce", "--dwell", "0.5"]),
    ("flip", ["-w", "14", "--motion", "flip", "--dwell", "0.3"]),
    ("fixed parts", ["-w", "16", "-s", "3", "--before", "[", "--after", "]"]),
    ("loops", ["-w", "12", "-s", "9", "--loops", "1"]),
    ("still", ["-w", "80", "-s", "3"]),
  ]
  static let items = ["Breaking: tmux 3.3a", "CPU 42%", "日本語 text", "e\u{301}\u{301} 🇯🇵"]

  private func framed(_ arguments: [String], pauses: Pauses = Pauses()) throws -> (
    FramedTicker, Double, FrameEncoder
  ) {
    let options = try ArgumentParser.parse(["--stream"] + arguments + Self.items)
    let pipeline = try Pipeline(options, environment: Environment())
    var builder = pipeline.makeBuilder()
    for item in Self.items { pipeline.reader.append(argument: item, to: &builder) }
    return (
      pipeline.framedTicker(builder.build(), pauses: pauses), options.maxFramesPerSecond,
      pipeline.encoder
    )
  }

  private func drawn(_ ticker: FramedTicker, at time: Double) -> FrameText {
    var text = FrameText()
    ticker.drawText(at: time, into: &text)
    return text
  }

  /// The moments a stream might ask about: mostly the next change, as the stream wakes;
  /// sometimes within the frame, a representable step before the next change, a jump
  /// ahead or back. At each, `check` the frame ahead against the frame drawn then.
  private func walk(
    _ ticker: FramedTicker, _ label: String,
    _ check: (Double) -> (next: Double?, same: Bool)
  ) {
    var rng = Steps(state: 36)
    var time = 1_795_000_000.0
    for step in 0..<400 {
      let (next, same) = check(time)
      #expect(next == ticker.nextChange(after: time), "\(label) at \(time), step \(step)")
      #expect(same, "\(label) at \(time), step \(step)")
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: time += Double.random(in: 0..<0.05, using: &rng)
      case 1: time = (next ?? time + 1).nextDown
      case 2: time += Double.random(in: 0..<5, using: &rng)
      case 3: time -= Double.random(in: 0..<3, using: &rng)
      default: time = next ?? time + 1
      }
    }
  }

  /// The pauses of each case: none, and one that ended after the walk's start.
  private static var pauses: [Pauses] {
    var paused = Pauses()
    paused.toggle(at: 1_795_000_001.5)
    paused.toggle(at: 1_795_000_002.25)
    return [Pauses(), paused]
  }

  @Test(arguments: cases)
  func eachMomentGetsItsOwnText(label: String, arguments: [String]) throws {
    for pauses in Self.pauses {
      let (ticker, maxFPS, _) = try framed(arguments, pauses: pauses)
      var ahead = FramesAhead<FrameText>((), minimumInterval: 1 / maxFPS)
      walk(ticker, label) { time in
        (
          ahead.nextChange(of: ticker, after: time),
          ahead.frame(of: ticker, at: time) == drawn(ticker, at: time)
        )
      }
    }
  }

  /// The same for dialects that style, mark or place the frame: the frame, its items
  /// marked where the encoder marks them (here for clicks), and the placement.
  @Test(arguments: cases)
  func eachMomentGetsItsOwnPlacedFrame(label: String, arguments: [String]) throws {
    let dialect = ["--format", "polybar", "--on-click", "echo"]
    for pauses in Self.pauses {
      let (ticker, maxFPS, encoder) = try framed(dialect + arguments, pauses: pauses)
      #expect(encoder.marksItems)
      var ahead = FramesAhead<PlacedFrame>(encoder, minimumInterval: 1 / maxFPS)
      walk(ticker, label) { time in
        let placed = ahead.frame(of: ticker, at: time)
        return (
          ahead.nextChange(of: ticker, after: time),
          placed.frame == ticker.frame(at: time, markingItems: true)
            && placed.placement == ticker.placement(at: time)
        )
      }
    }
  }

  /// Frames drawn ahead from one ticker are not shown for the next: a new ticker
  /// draws again.
  @Test func aNewTickerIsDrawnAgain() throws {
    let (first, _, _) = try framed(["-w", "12", "-s", "3"])
    let (second, _, _) = try framed(["-w", "12", "-s", "-3"])
    var ahead = FramesAhead<FrameText>(())
    let time = 1_795_000_000.25
    #expect(ahead.frame(of: first, at: time) == drawn(first, at: time))
    #expect(drawn(first, at: time + 0.4) != drawn(second, at: time + 0.4))
    #expect(ahead.frame(of: second, at: time + 0.4) == drawn(second, at: time + 0.4))
    #expect(
      ahead.nextChange(of: second, after: time + 0.4)
        == second.nextChange(after: time + 0.4))
  }
}

/// A fixed sequence of random numbers (a 64-bit linear congruential generator), so
/// that a failure repeats.
private struct Steps: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}
