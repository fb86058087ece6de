import TickerCore

/// A stream's ticker, and the next one while it is laid out: when a source changes,
/// its lines are snapshotted and laid out a slice at a time between frames
/// (`StripBuild`), and the old ticker moves on until the new one is ready.
///
/// Its operations that run only when something changes are `@inline(never)`: inlined
/// into `StreamLoop.run`, their temporaries made the loop's stack frame 37 KB, of which
/// each frame touched 8 pages (BENCHMARKS.md section 23).
struct StreamTicker {
  /// One ticker being laid out, from a snapshot of the sources' lines.
  private struct Pending {
    var build: StripBuild
    let playing: Bool
  }

  private var pipeline: Pipeline
  /// The ticker frames come from now.
  private(set) var ticker: FramedTicker
  /// Whether items keep all their facts, for clicks.
  private let keepsFacts: Bool
  private var pending: Pending? {
    didSet { isBuilding = pending != nil }
  }
  /// When the sources' lines last changed (`--on-change restart`), in realtime.
  private var changedAt: Double
  /// The sources' lines as they were then.
  private var lastLines: [TextLines]
  /// The pauses the ticker runs with.
  private(set) var pauses: Pauses
  /// With `--player-status`, whether `ticker`'s lines said `Playing`.
  private var playing: Bool
  /// The strip `ticker` shows.
  private var strip: Strip

  /// The first ticker of `sources`' lines (`snapshot`) at realtime `now`: what is laid
  /// out by monotonic `deadline`; the rest is laid out by `advance`.
  ///
  /// - Parameter keepingFacts: Keep every fact of every item, for clicks.
  @inline(never)
  init(
    _ snapshot: (lines: [SourceLines], playing: Bool), lines: [TextLines], pipeline: Pipeline,
    keepingFacts: Bool = false, now: Double, deadline: Double, clock: () -> Double,
    pauses: Pauses = Pauses(), storedChange: Double? = nil
  ) {
    self.pipeline = pipeline
    self.pauses = pauses
    playing = snapshot.playing
    keepsFacts = keepingFacts
    changedAt = storedChange ?? now
    lastLines = lines
    var first = StripBuild(pipeline, sources: snapshot.lines, keepingFacts: keepingFacts)
    let whole = first.advance(until: deadline, clock: clock)
    strip = whole ?? first.stripSoFar()
    ticker = pipeline.framedTicker(
      strip, playing: snapshot.playing, changedAt: changedAt, pauses: pauses)
    if whole == nil {
      pending = Pending(build: first, playing: snapshot.playing)
      isBuilding = true
    }
  }

  /// The ticker, for clicks.
  var screen: StreamClicks.Screen { StreamClicks.Screen(ticker: ticker) }

  /// Whether a ticker is being laid out: kept apart from `pending`, whose reading
  /// copied the whole of this structure (800 bytes) in every turn of the stream's loop.
  private(set) var isBuilding = false

  /// The sources changed: lays out `snapshot` from now on, instead of what was being
  /// laid out. When their `lines` differ from the last ones, they changed at `now`,
  /// or when the command cache says (`storedChange`, when later than the last change).
  @inline(never)
  mutating func sourcesChanged(
    _ snapshot: (lines: [SourceLines], playing: Bool), lines: [TextLines], now: Double,
    storedChange: Double? = nil
  ) {
    pending = Pending(
      build: StripBuild(pipeline, sources: snapshot.lines, keepingFacts: keepsFacts),
      playing: snapshot.playing)
    if lines != lastLines {
      changedAt = storedChange.flatMap { $0 > changedAt ? $0 : nil } ?? now
      lastLines = lines
    }
  }

  /// The ticker is paused or resumed (`pauses`), or the pipeline changed (the
  /// desktop's wish for reduced motion): the same strip, at once.
  @inline(never)
  mutating func replace(pauses: Pauses, pipeline: Pipeline? = nil) {
    self.pauses = pauses
    if let pipeline { self.pipeline = pipeline }
    ticker = self.pipeline.framedTicker(
      strip, playing: playing, changedAt: changedAt, pauses: pauses)
  }

  /// Lays out more of the pending ticker, until monotonic `deadline`.
  ///
  /// - Returns: Whether the new ticker is ready, and is now `ticker`.
  @inline(never)
  mutating func advance(until deadline: Double, clock: () -> Double) -> Bool {
    // Taken out rather than copied, so that laying it out copies none of its storage.
    guard var current = pending.take() else { return false }
    guard let strip = current.build.advance(until: deadline, clock: clock) else {
      pending = current
      return false
    }
    ticker = pipeline.framedTicker(
      strip, playing: current.playing, changedAt: changedAt, pauses: pauses)
    self.strip = strip
    playing = current.playing
    return true
  }
}
