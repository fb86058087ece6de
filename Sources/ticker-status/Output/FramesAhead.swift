import TickerCore

/// A moving ticker's next frames, drawn ahead in one wake-up of the stream and shown at
/// the wake-ups that follow.
///
/// A frame is a pure function of the time, and stands until the ticker's next change
/// (`FramedTicker.nextChange(after:)`, the first moment at which the frame differs):
/// the frame at any moment from one change to the next is the one drawn at the first.
/// So a wake-up that finds no frame for its moment draws the frames of the next
/// changes, while the motion's code and data are in the caches, and the wake-ups that
/// follow, one at each change, find theirs. A stream at 10 frames a second sleeps a
/// tenth of a second between frames, long enough for the drawing's code and data to
/// leave the caches and the TLB; reading them back cost more than the drawing's
/// instructions (BENCHMARKS.md sections 17 and 23).
///
/// Frames are drawn ahead only while each change is shown: when changes come faster
/// than the cap (`--max-fps`) or than a wake-up can be sure to land within
/// (`shortestStand`), the batch stops there. A frame that stands for ever (a still
/// ticker, a paused one, a motion that has stopped) is drawn again at each wake-up: it
/// has no next change to end it, and the stream wakes for it only once a second.
///
/// The frame for a moment is always the one drawing it then gives: one drawn ahead is
/// shown only at a moment within the change it was drawn for, and only for the ticker
/// it was drawn from (the same object: a ticker is immutable, and a new one is a new
/// object; the one drawn from is held, so that no new one takes its address).
struct FramesAhead<Drawn: DrawnAhead> {
  /// How many frames one wake-up draws ahead, at most.
  static var most: Int { 16 }
  /// How far ahead, in seconds, at most.
  static var horizon: Double { 2 }
  /// How short a change's frame may stand and still be drawn ahead: shorter, a
  /// wake-up (which `poll(2)` rounds to a millisecond) might miss it.
  static var shortestStand: Double { 0.02 }

  /// When each frame ahead starts; each ends where the next starts. The first
  /// `count` are this batch's; the three lists keep the room of the longest batch,
  /// written in place (a batch of one frame, where changes come fast, appends nothing).
  private var starts: [Double] = []
  /// When each frame ahead ends: the ticker's next change after its start, `nil`
  /// when the frame stands for ever.
  private var ends: [Double?] = []
  /// The frames.
  private var drawn: [Drawn] = []
  /// How many frames this batch has.
  private var count = 0
  /// The ticker the frames were drawn from.
  private var drawnFrom: FramedTicker?
  /// The frame last found.
  private var index = 0
  /// The shortest stand of a frame drawn ahead (`shortestStand`, or the cap's interval
  /// when longer).
  private let standing: Double
  /// What the drawing needs besides the ticker and the time.
  private let context: Drawn.Context

  /// - Parameter minimumInterval: The shortest time between two frames shown.
  init(_ context: Drawn.Context, minimumInterval: Double = 0) {
    self.context = context
    standing = max(Self.shortestStand, minimumInterval)
  }

  /// `ticker`'s frame at `now`: drawn ahead, or drawn now with the frames of the next
  /// changes.
  ///
  /// - Complexity: O(1) when the frame is the one last found or the next, as a
  ///   stream's are; O(`most`) for another frame drawn ahead; otherwise O(`most` ×
  ///   (width + log *n*)), once in up to `most` frames.
  mutating func frame(of ticker: FramedTicker, at now: Double) -> Drawn {
    drawn[find(ticker, at: now)]
  }

  /// `ticker.nextChange(after: now)`, kept with the frame at `now`.
  mutating func nextChange(of ticker: FramedTicker, after now: Double) -> Double? {
    ends[find(ticker, at: now)]
  }

  /// The index of the frame at `now`: one drawn ahead that stands at `now`, or the
  /// first of a new batch.
  private mutating func find(_ ticker: FramedTicker, at now: Double) -> Int {
    if ticker === drawnFrom, count > 0 {
      var at = now >= starts[index] ? index : 0
      while at < count, now >= starts[at], let end = ends[at] {
        if now < end {
          index = at
          return at
        }
        at += 1
      }
    }
    return drawAhead(ticker, from: now)
  }

  /// Draws the frames from `now` on, one at each change, while each stands long
  /// enough (`standing`), up to `most` of them or `horizon` seconds ahead.
  private mutating func drawAhead(_ ticker: FramedTicker, from now: Double) -> Int {
    drawnFrom = ticker
    var time = now
    count = 0
    while true {
      if drawn.count == count {
        drawn.append(Drawn(ticker, at: time, context))
        starts.append(0)
        ends.append(nil)
      } else {
        drawn[count].draw(ticker, at: time, context)
      }
      let end = ticker.nextChange(after: time)
      starts[count] = time
      ends[count] = end
      count += 1
      guard let end, count < Self.most, end - time >= standing, end < now + Self.horizon
      else { break }
      time = end
    }
    index = 0
    return 0
  }
}

/// What a stream draws of a frame, ahead of its moment (`FramesAhead`).
protocol DrawnAhead {
  /// What the drawing needs besides the ticker and the time.
  associatedtype Context
  /// `ticker`'s frame at `time`.
  init(_ ticker: FramedTicker, at time: Double, _ context: Context)
  /// Draws `ticker`'s frame at `time` in place of this one.
  mutating func draw(_ ticker: FramedTicker, at time: Double, _ context: Context)
}

extension FrameText: DrawnAhead {
  init(_ ticker: FramedTicker, at time: Double, _: Void) {
    self.init()
    draw(ticker, at: time, ())
  }

  /// The frame's text alone (`FramedTicker.drawText(at:into:)`), into the same buffer.
  mutating func draw(_ ticker: FramedTicker, at time: Double, _: Void) {
    ticker.drawText(at: time, into: &self)
  }
}

/// The frame and where the window is (`FramedTicker.frame(at:markingItems:)` and
/// `placement(at:)`), for dialects that style, mark or place it.
///
/// Within one change the placement stands too: its offset is the frame's, and its
/// cycle changes only where the motion stops, which is a change, or where it stands
/// for ever after, which is not drawn ahead.
struct PlacedFrame: DrawnAhead {
  let frame: Frame
  let placement: Placement

  /// Marks the items where `encoder` does (`FrameEncoder.marksItems(of:)`).
  init(_ ticker: FramedTicker, at time: Double, _ encoder: FrameEncoder) {
    frame = ticker.frame(at: time, markingItems: encoder.marksItems(of: ticker.ticker.strip))
    placement = ticker.placement(at: time)
  }

  /// A frame's runs are new storage anyway: nothing to draw into.
  mutating func draw(_ ticker: FramedTicker, at time: Double, _ encoder: FrameEncoder) {
    self = PlacedFrame(ticker, at: time, encoder)
  }
}
