import TickerCore

/// What the stream loop needs from outside: the clocks, and a way to wait for
/// descriptors. `SystemWaiting` is the real one; tests give a fake clock.
protocol StreamWaiting {
  /// The realtime clock, in Unix seconds: frames are computed for it.
  func now() -> Double
  /// The monotonic clock: source deadlines are measured on it.
  func monotonic() -> Double
  /// Waits until a watched descriptor has something or `timeout` seconds pass.
  func wait(_ watches: inout [PollWatch], timeout: Double?)
  /// The termination signal received, if any.
  var terminationRequested: Int32? { get }
}

/// The clocks and `poll(2)`.
struct SystemWaiting: StreamWaiting {
  func now() -> Double { Clock.now() }
  func monotonic() -> Double { Clock.monotonic() }
  func wait(_ watches: inout [PollWatch], timeout: Double?) {
    Poll.wait(&watches, timeout: timeout)
  }
  var terminationRequested: Int32? { Signals.terminationRequested }
}

/// The stream's loop: sources in, frames out, until the reader goes away.
///
/// One thread, one `poll(2)` loop. The time of the next change comes from the motion
/// (`Ticker.nextChange(after:)`), not from polling; the loop sleeps until then (never
/// more than a second, so that a jump of the realtime clock is caught up with), or
/// until a source, the sink or a signal has something. Each frame is computed for the
/// realtime clock's value when it is drawn, so it equals the one-shot frame for that
/// time. Frames come at most `--max-fps` a second. When a source changes, the new strip
/// is laid out a slice at a time between frames (`StripBuild`); the old one is shown
/// until the new one is ready.
final class StreamLoop {
  /// How the loop ended.
  enum Ending: Equatable {
    /// The reader went away.
    case readerGone
    /// A termination signal (SIGTERM, SIGINT, SIGHUP) arrived.
    case signaled(Int32)
    /// The sink cannot go on.
    case failed(SinkError)
  }

  /// The longest sleep, so that a jump of the realtime clock is noticed within it.
  static let longestSleep = 1.0
  /// How long one turn of the loop lays out a changed strip before it looks at the
  /// frames again.
  static let buildSlice = 0.01
  /// How long the first strip may be laid out before the first frame shows what is in.
  static let firstStripWait = 0.1

  private let sources: [LiveSource]
  private let readers: [ItemReader]
  private let pipeline: Pipeline
  private let sink: FrameSink
  private let wakeUp: FileDescriptor?
  private let waiting: StreamWaiting
  private let minimumInterval: Double

  /// - Parameters:
  ///   - sources: The live sources, each with the reader of its lines.
  ///   - wakeUp: The read end of the signal pipe (`Signals.installStreamHandlers`).
  init(
    sources: [(LiveSource, ItemReader)], pipeline: Pipeline, sink: FrameSink,
    wakeUp: FileDescriptor?, waiting: StreamWaiting, maxFramesPerSecond: Double
  ) {
    self.sources = sources.map(\.0)
    readers = sources.map(\.1)
    self.pipeline = pipeline
    self.sink = sink
    self.wakeUp = wakeUp
    self.waiting = waiting
    minimumInterval = 1 / maxFramesPerSecond
  }

  /// The sources' lines now, each with its reader, and with `--player-status` whether
  /// one says `Playing`.
  private func snapshot() -> (lines: [SourceLines], playing: Bool) {
    var playing = false
    let lines = zip(sources, readers).enumerated().map { index, pair in
      var lines = pair.0.lines
      switch pipeline.sources[index] {
      case .standardInput, .command:
        lines = pipeline.itemLines(lines, playing: &playing)
      case .demo, .arguments, .file:
        break
      }
      return SourceLines(
        lines: lines, reader: pair.1, placeholder: pair.0.placeholder,
        staleMark: pair.0.staleMark)
    }
    return (lines, playing)
  }

  /// Runs until the reader goes away or a signal ends the stream.
  func run() -> Ending {
    guard sink.start() else { return ending(.readerGone) }
    let initial = snapshot()
    var tickerSources = initial.lines
    // When the sources' lines last changed (`--on-change restart`), and what they were.
    var changedAt = waiting.now()
    var lastLines = sources.map(\.lines)
    var first = StripBuild(pipeline, sources: tickerSources)
    // The first frame within `firstStripWait`, however large the input: the strip laid
    // out by then is shown, and the loop's slices lay out the rest between frames.
    let whole = first.advance(
      until: waiting.monotonic() + StreamLoop.firstStripWait, clock: waiting.monotonic)
    var ticker = pipeline.framedTicker(
      whole ?? first.stripSoFar(), playing: initial.playing, changedAt: changedAt)
    // The frame on screen, and the ticker and lines it came from, for clicks.
    var onScreen = (ticker: ticker, sources: tickerSources)
    // Whether `onScreen` holds the ticker frames come from now: it is copied only when
    // a new ticker's first frame is shown, not at every frame.
    var onScreenIsCurrent = true
    var build: (StripBuild, [SourceLines], playing: Bool)? =
      whole == nil ? (first, tickerSources, playing: initial.playing) : nil
    var shown: Frame?
    var shownAt = -Double.infinity
    // The realtime at which to draw the next frame; `nil`: only when something changes.
    var due: Double? = -.infinity
    var watches: [PollWatch] = []
    // For encoders whose line is the frame's text, the text alone, twice: the one drawn
    // and the one shown.
    let textSink = pipeline.encoder.writesFrameText ? sink as? FrameTextSink : nil
    var text = FrameText()
    var shownText = FrameText()
    var isTextShown = false
    let clickReader = pipeline.clickEvents.map(ClickEventReader.init)
    var clickChildren = ClickChildren()
    while true {
      if let signal = waiting.terminationRequested { return .signaled(signal) }
      let now = waiting.now()
      if let time = due, now >= time {
        if now < shownAt + minimumInterval {
          due = shownAt + minimumInterval
        } else {
          var changed = false
          if let textSink {
            // The line is the frame's text: drawn into one buffer and compared with the
            // other, nothing allocated.
            ticker.drawText(at: now, into: &text)
            if !isTextShown || text != shownText {
              guard textSink.show(text: text) else { return ending(.readerGone) }
              swap(&text, &shownText)
              isTextShown = true
              changed = true
            }
          } else {
            let frame = ticker.frame(at: now, markingItems: pipeline.encoder.marksItems)
            if frame != shown {
              guard sink.show(frame, placement: ticker.placement(at: now), at: now) else {
                return ending(.readerGone)
              }
              shown = frame
              changed = true
            }
          }
          if changed {
            shownAt = now
            if !onScreenIsCurrent {
              onScreen = (ticker, tickerSources)
              onScreenIsCurrent = true
            }
          }
          // Wake once per frame: at the next change, or when the cap allows it.
          due = ticker.nextChange(after: now).map { max($0, shownAt + minimumInterval) }
        }
      }

      watches.removeAll(keepingCapacity: true)
      if let wakeUp { watches.append(PollWatch(wakeUp)) }
      let sinkStart = watches.count
      watches += sink.watches
      let sinkEnd = watches.count
      if let descriptor = clickReader?.descriptor { watches.append(PollWatch(descriptor)) }
      let sourcesStart = watches.count
      for source in sources {
        for descriptor in source.descriptors { watches.append(PollWatch(descriptor)) }
      }
      let steady = waiting.monotonic()
      var timeout: Double? = due.map { min($0 - waiting.now(), StreamLoop.longestSleep) }
      if build != nil { timeout = 0 }
      for source in sources {
        if let deadline = source.deadline { timeout = min(timeout ?? .infinity, deadline - steady) }
      }
      if let deadline = sink.deadline { timeout = min(timeout ?? .infinity, deadline - steady) }
      waiting.wait(&watches, timeout: timeout.map { max(0, $0) })

      if let wakeUp, watches[0].isReadable {
        let signals = Signals.drain(wakeUp)
        if signals.continued { due = -.infinity }
        if signals.childExited { clickChildren.reapEnded() }
      }
      do throws(SinkError) {
        guard try sink.service(watches[sinkStart..<sinkEnd]) else { return ending(.readerGone) }
      } catch {
        return .failed(error)
      }
      if let clickReader, sourcesStart > sinkEnd, watches[sinkEnd].isReadable {
        for event in clickReader.read() {
          // The frame on screen is the one shown last: its items are under the pointer.
          let column = event.column(ofCells: pipeline.width) ?? 0
          guard let action = pipeline.clickAction, clickChildren.admitsAnother(),
            let item = onScreen.ticker.item(atColumn: column, at: shownAt),
            let target = ItemLookup.target(at: item, in: onScreen.sources),
            case .success(let pid) = action.run(for: target, button: event.button)
          else { continue }
          clickChildren.add(pid)
        }
      }
      let ready = watches[sourcesStart...].filter(\.isReadable).map(\.descriptor)
      let later = waiting.monotonic()
      var changed = false
      for source in sources where source.update(ready: ready, now: later) { changed = true }
      if changed {
        let (lines, playing) = snapshot()
        build = (StripBuild(pipeline, sources: lines), lines, playing)
        let newLines = sources.map(\.lines)
        if newLines != lastLines {
          changedAt = waiting.now()
          lastLines = newLines
        }
      }
      if case (var current, let lines, let playing)? = build {
        let deadline = waiting.monotonic() + StreamLoop.buildSlice
        if let strip = current.advance(until: deadline, clock: waiting.monotonic) {
          ticker = pipeline.framedTicker(strip, playing: playing, changedAt: changedAt)
          tickerSources = lines
          onScreenIsCurrent = false
          due = -.infinity
          build = nil
        } else {
          build = (current, lines, playing)
        }
      }
    }
  }

  /// `ending`, unless a termination signal is why the sink failed.
  private func ending(_ ending: Ending) -> Ending {
    waiting.terminationRequested.map(Ending.signaled) ?? ending
  }
}
