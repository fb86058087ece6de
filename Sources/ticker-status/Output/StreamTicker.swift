import TickerCore

/// A stream's ticker, and the next one while it is laid out: when a source changes,
/// its lines are snapshotted and laid out a slice at a time between frames
/// (`StripBuild`), and the old ticker moves on until the new one is ready.
struct StreamTicker {
  /// One ticker being laid out, from a snapshot of the sources' lines.
  private struct Pending {
    var build: StripBuild
    let playing: Bool
  }

  private let pipeline: Pipeline
  /// The ticker frames come from now.
  private(set) var ticker: FramedTicker
  /// Whether items keep all their facts, for clicks.
  private let keepsFacts: Bool
  private var pending: Pending?
  /// When the sources' lines last changed (`--on-change restart`), in realtime.
  private var changedAt: Double
  /// The sources' lines as they were then.
  private var lastLines: [TextLines]

  /// The first ticker of `sources`' lines (`snapshot`) at realtime `now`: what is laid
  /// out by monotonic `deadline`; the rest is laid out by `advance`.
  ///
  /// - Parameter keepingFacts: Keep every fact of every item, for clicks.
  init(
    _ snapshot: (lines: [SourceLines], playing: Bool), lines: [TextLines], pipeline: Pipeline,
    keepingFacts: Bool = false, now: Double, deadline: Double, clock: () -> Double
  ) {
    self.pipeline = pipeline
    keepsFacts = keepingFacts
    changedAt = now
    lastLines = lines
    var first = StripBuild(pipeline, sources: snapshot.lines, keepingFacts: keepingFacts)
    let whole = first.advance(until: deadline, clock: clock)
    ticker = pipeline.framedTicker(
      whole ?? first.stripSoFar(), playing: snapshot.playing, changedAt: changedAt)
    if whole == nil {
      pending = Pending(build: first, playing: snapshot.playing)
    }
  }

  /// The ticker, for clicks.
  var screen: StreamClicks.Screen { StreamClicks.Screen(ticker: ticker) }

  /// Whether a ticker is being laid out.
  var isBuilding: Bool { pending != nil }

  /// The sources changed: lays out `snapshot` from now on, instead of what was being
  /// laid out. When their `lines` differ from the last ones, they changed at `now`.
  mutating func sourcesChanged(
    _ snapshot: (lines: [SourceLines], playing: Bool), lines: [TextLines], now: Double
  ) {
    pending = Pending(
      build: StripBuild(pipeline, sources: snapshot.lines, keepingFacts: keepsFacts),
      playing: snapshot.playing)
    if lines != lastLines {
      changedAt = now
      lastLines = lines
    }
  }

  /// Lays out more of the pending ticker, until monotonic `deadline`.
  ///
  /// - Returns: Whether the new ticker is ready, and is now `ticker`.
  mutating func advance(until deadline: Double, clock: () -> Double) -> Bool {
    // Taken out rather than copied, so that laying it out copies none of its storage.
    guard var current = pending.take() else { return false }
    guard let strip = current.build.advance(until: deadline, clock: clock) else {
      pending = current
      return false
    }
    ticker = pipeline.framedTicker(strip, playing: current.playing, changedAt: changedAt)
    return true
  }
}
