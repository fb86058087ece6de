import TickerCore

/// The frame a stream has on screen, and the drawing of the next one: a frame is sent
/// to the sink only when it differs from the one shown.
///
/// The frames of the next changes are drawn ahead of their moments (`FramesAhead`).
/// For encoders whose line is the frame's text (`FrameEncoder.writesFrameText`) and a
/// sink that takes text (`FrameTextSink`), the text alone is drawn, into buffers kept
/// from one batch to the next: nothing allocated.
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
  private var textsAhead: FramesAhead<FrameText>
  private var framesAhead: FramesAhead<PlacedFrame>
  private var shown: Frame?
  private var shownText = FrameText()
  private var isTextShown = false

  /// - Parameter minimumInterval: The shortest time between two frames sent
  ///   (`FrameSchedule`).
  init(sink: FrameSink, encoder: FrameEncoder, minimumInterval: Double = 0) {
    self.sink = sink
    textSink = encoder.writesFrameText ? sink as? FrameTextSink : nil
    self.encoder = encoder
    textsAhead = FramesAhead((), minimumInterval: minimumInterval)
    framesAhead = FramesAhead(encoder, minimumInterval: minimumInterval)
  }

  /// Draws `ticker`'s frame at `now`, and sends it if it is not the one shown.
  mutating func draw(_ ticker: FramedTicker, at now: Double) -> Outcome {
    if let textSink {
      let text = textsAhead.frame(of: ticker, at: now)
      guard !isTextShown || text != shownText else { return .unchanged }
      guard textSink.show(text: text) else { return .readerGone }
      shownText.copy(text)
      isTextShown = true
      return .shown
    }
    let placed = framesAhead.frame(of: ticker, at: now)
    guard placed.frame != shown else { return .unchanged }
    guard sink.show(placed.frame, placement: placed.placement, at: now) else {
      return .readerGone
    }
    shown = placed.frame
    return .shown
  }

  /// `ticker.nextChange(after: now)`, kept with the frame drawn ahead.
  mutating func nextChange(of ticker: FramedTicker, after now: Double) -> Double? {
    guard textSink == nil else { return textsAhead.nextChange(of: ticker, after: now) }
    return framesAhead.nextChange(of: ticker, after: now)
  }
}
