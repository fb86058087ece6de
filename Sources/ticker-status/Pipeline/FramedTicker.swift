import TickerCore

/// The ticker and the fixed parts around it (`--before`, `--after`): what a one-shot
/// draws once and a stream at every change.
///
/// Immutable, and a class so that passing it passes a pointer: as a structure it was
/// over 500 bytes, copied twice in every frame of a stream (BENCHMARKS.md section 23).
final class FramedTicker {
  /// The moving window, `parts.windowWidth` cells wide.
  let ticker: Ticker
  /// What is drawn before and after it (with the pause mark while paused).
  let parts: FixedParts
  /// The ticker's pauses: its motion runs on their motion time.
  let pauses: Pauses

  init(ticker: Ticker, parts: FixedParts, pauses: Pauses = Pauses()) {
    self.ticker = ticker
    self.parts = parts
    self.pauses = pauses
  }

  /// The frame at `time`, `parts.width` cells wide (`Ticker.frame(at:markingItems:)`).
  ///
  /// - Complexity: O(width + log *n*).
  func frame(at time: Double, markingItems: Bool = false) -> Frame {
    parts.framing(ticker.frame(at: pauses.motionTime(at: time), markingItems: markingItems))
  }

  /// Draws the text of the frame at `time` (`Ticker.drawText(at:into:)`).
  func drawText(at time: Double, into text: inout FrameText) {
    parts.drawText(of: ticker, at: pauses.motionTime(at: time), into: &text)
  }

  /// Where the moving window is at `time`.
  func placement(at time: Double) -> Placement {
    ticker.placement(at: pauses.motionTime(at: time))
  }

  /// The first time after `time` at which the frame changes, if it ever does (never
  /// while paused).
  func nextChange(after time: Double) -> Double? {
    let motion = pauses.motionTime(at: time)
    return ticker.nextChange(after: motion).flatMap {
      pauses.time(ofMotionTime: $0, after: time)
    }
  }

  /// The item drawn at `column` of the whole frame at `time`; the fixed parts belong
  /// to no item.
  func item(atColumn column: Int, at time: Double) -> Int? {
    parts.windowColumn(column).flatMap {
      ticker.item(atColumn: $0, at: pauses.motionTime(at: time))
    }
  }
}
