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
  private let maxFramesPerSecond: Double
  private var pause: StreamPause
  /// `--on-alert`, looking at each new ticker.
  private let alertHook: AlertHook?
  /// The desktop's wish for reduced motion, when it may change the motion.
  private let desktop: DesktopMotion?

  /// - Parameters:
  ///   - sources: The live sources, each with the reader of its lines.
  ///   - wakeUp: The read end of the signal pipe (`Signals.installStreamHandlers`).
  ///   - pause: The stream's pauses, and where they are kept.
  init(
    sources: [(LiveSource, ItemReader)], pipeline: Pipeline, sink: FrameSink,
    wakeUp: FileDescriptor?, waiting: StreamWaiting, maxFramesPerSecond: Double,
    pause: StreamPause = StreamPause(state: nil), alertHook: AlertHook? = nil,
    desktop: DesktopMotion? = nil
  ) {
    self.desktop = desktop
    self.pause = pause
    self.alertHook = alertHook
    self.sources = sources.map(\.0)
    readers = sources.map(\.1)
    self.pipeline = pipeline
    self.sink = sink
    self.wakeUp = wakeUp
    self.waiting = waiting
    self.maxFramesPerSecond = maxFramesPerSecond
  }

  /// The sources' lines now (`SourceStage.snapshot`).
  private func snapshot() -> (lines: [SourceLines], playing: Bool) {
    SourceStage.snapshot(of: sources, readers: readers, pipeline)
  }

  /// Runs until the reader goes away or a signal ends the stream.
  func run() -> Ending {
    guard sink.start() else { return ending(.readerGone) }
    // The desktop's first answer, if it comes soon, decides the first frame's motion.
    desktop?.awaitFirstAnswer(until: waiting.monotonic() + DesktopMotion.firstFrameWait)
    // The first frame within `firstStripWait`, however large the input: the strip laid
    // out by then is shown, and the loop's slices lay out the rest between frames.
    var current = StreamTicker(
      snapshot(), lines: sources.map(\.lines), pipeline: desktop?.pipeline(pipeline) ?? pipeline,
      keepingFacts: pipeline.keepsFacts, now: waiting.now(),
      deadline: waiting.monotonic() + StreamLoop.firstStripWait, clock: waiting.monotonic,
      pauses: pause.pauses, storedChange: sources.compactMap(\.changedAt).max())
    var schedule = FrameSchedule(maxFramesPerSecond: maxFramesPerSecond)
    var screen = ShownFrame(
      sink: sink, encoder: pipeline.encoder, minimumInterval: schedule.minimumInterval)
    var clicks = pipeline.clickEvents.map {
      StreamClicks(
        $0, action: pipeline.clickAction, width: pipeline.width, screen: current.screen,
        pauseButton: pipeline.pauseButton)
    }
    var alerts = alertHook
    if !current.isBuilding { alerts?.look(at: current.ticker.ticker.strip) }
    var polls = PollSet()
    while true {
      if let signal = waiting.terminationRequested { return .signaled(signal) }
      let now = waiting.now()
      if schedule.isDue(at: now) {
        let outcome = screen.draw(current.ticker, at: now)
        if outcome == .readerGone { return ending(.readerGone) }
        if outcome == .shown { clicks?.frameShown() }
        // Wake once per frame: at the next change, or when the cap allows it.
        schedule.drawn(
          at: now, shown: outcome == .shown,
          nextChange: screen.nextChange(of: current.ticker, after: now))
      }
      polls.watch(
        wakeUp: wakeUp, sink: sink.watches, clicks: clicks?.descriptor,
        pause: pause.descriptor, sources: sources, others: desktop?.descriptors ?? [])
      wait(&polls, schedule: schedule, building: current.isBuilding)
      if polls.isWakeUpReadable, let wakeUp {
        let signals = Signals.drain(wakeUp)
        if signals.continued { schedule.drawNow() }
        if signals.childExited {
          clicks?.reapEnded()
          alerts?.reapEnded()
        }
        if signals.pauseToggles > 0 {
          togglePause(signals.pauseToggles, &current, &clicks, &schedule)
        }
      }
      if pause.look(steady: waiting.monotonic(), ready: polls.isPauseReadable) {
        togglePause(0, &current, &clicks, &schedule)
      }
      if let desktop, desktop.update(ready: polls.readySources, now: waiting.monotonic()) {
        current.replace(pauses: pause.pauses, pipeline: desktop.pipeline(pipeline))
        clicks?.replace(current.screen)
        schedule.drawNow()
      }
      do throws(SinkError) {
        guard try sink.service(polls.sinkWatches, now: waiting.monotonic()) else {
          return ending(.readerGone)
        }
      } catch {
        return .failed(error)
      }
      if polls.areClicksReadable, let toggles = clicks?.handleEvents(shownAt: schedule.shownAt),
        toggles > 0
      {
        togglePause(toggles, &current, &clicks, &schedule)
      }
      if update(polls.readySources) {
        current.sourcesChanged(
          snapshot(), lines: sources.map(\.lines), now: waiting.now(),
          storedChange: sources.compactMap(\.changedAt).max())
      }
      if current.isBuilding,
        current.advance(
          until: waiting.monotonic() + StreamLoop.buildSlice, clock: waiting.monotonic)
      {
        clicks?.replace(current.screen)
        alerts?.look(at: current.ticker.ticker.strip)
        schedule.drawNow()
      }
    }
  }

  /// Toggles the pause `count` times (SIGUSR1, `--pause-button`; none when another
  /// process did, `StreamPause.look`): the same strip, paused or resumed, on screen
  /// and under the clicks' pointer. Not inlined: rare, and its temporaries would
  /// widen `run`'s stack frame, which every frame touches.
  @inline(never)
  private func togglePause(
    _ count: Int, _ current: inout StreamTicker, _ clicks: inout StreamClicks?,
    _ schedule: inout FrameSchedule
  ) {
    pause.toggle(count, at: waiting.now())
    current.replace(pauses: pause.pauses)
    clicks?.replace(current.screen)
    schedule.drawNow()
  }

  /// Waits until the next frame is due (at most `longestSleep`; not at all while a
  /// ticker is being laid out), a watch has something, or a source or the sink wants
  /// to be looked at (their deadlines).
  private func wait(_ polls: inout PollSet, schedule: FrameSchedule, building: Bool) {
    let steady = waiting.monotonic()
    var timeout: Double? = schedule.due.map { min($0 - waiting.now(), StreamLoop.longestSleep) }
    // Unwatched, the pause file is looked at on waking: a stream that stands still
    // wakes for it. Paused, it looks as often as it may, so a resume comes within
    // `lookInterval`.
    if pause.looksOnATimer {
      let longest = pause.pauses.isPaused ? StreamPause.lookInterval : StreamLoop.longestSleep
      timeout = min(timeout ?? .infinity, longest)
    }
    if building { timeout = 0 }
    for source in sources {
      if let deadline = source.deadline { timeout = min(timeout ?? .infinity, deadline - steady) }
    }
    if let deadline = sink.deadline { timeout = min(timeout ?? .infinity, deadline - steady) }
    if let deadline = desktop?.deadline { timeout = min(timeout ?? .infinity, deadline - steady) }
    waiting.wait(&polls.watches, timeout: timeout.map { max(0, $0) })
  }

  /// Lets every source read what is `ready` and look at the clock.
  ///
  /// - Returns: Whether any source's lines changed.
  private func update(_ ready: [FileDescriptor]) -> Bool {
    let now = waiting.monotonic()
    var changed = false
    for source in sources where source.update(ready: ready, now: now) { changed = true }
    return changed
  }

  /// `ending`, unless a termination signal is why the sink failed.
  private func ending(_ ending: Ending) -> Ending {
    waiting.terminationRequested.map(Ending.signaled) ?? ending
  }
}
