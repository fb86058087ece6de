import TickerCore

/// The frame a stream has on screen, and the drawing of the next one: a frame is sent
/// to the sink only when it differs from the one shown.
///
/// For encoders whose line is the frame's text (`FrameEncoder.writesFrameText`) and a
/// sink that takes text (`FrameTextSink`), the text alone is drawn, into one of two
/// buffers kept from frame to frame and compared with the other: nothing allocated.
struct ShownFrame {
  /// What drawing a frame came to.
  enum Outcome {
    /// The frame equals the one shown: nothing sent.
    case unchanged
    /// The frame was sent.
    case shown
    /// The reader has gone.
    case readerGone
  }

  private let sink: FrameSink
  private let textSink: FrameTextSink?
  private let encoder: FrameEncoder
  private var shown: Frame?
  private var text = FrameText()
  private var shownText = FrameText()
  private var isTextShown = false

  init(sink: FrameSink, encoder: FrameEncoder) {
    self.sink = sink
    textSink = encoder.writesFrameText ? sink as? FrameTextSink : nil
    self.encoder = encoder
  }

  /// Draws `ticker`'s frame at `now`, and sends it if it is not the one shown.
  mutating func draw(_ ticker: FramedTicker, at now: Double) -> Outcome {
    if let textSink {
      ticker.drawText(at: now, into: &text)
      guard !isTextShown || text != shownText else { return .unchanged }
      guard textSink.show(text: text) else { return .readerGone }
      swap(&text, &shownText)
      isTextShown = true
      return .shown
    }
    let frame = ticker.frame(at: now, markingItems: encoder.marksItems(of: ticker.ticker.strip))
    guard frame != shown else { return .unchanged }
    guard sink.show(frame, placement: ticker.placement(at: now), at: now) else {
      return .readerGone
    }
    shown = frame
    return .shown
  }
}
