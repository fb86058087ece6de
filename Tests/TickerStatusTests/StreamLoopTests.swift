import Testing

@testable import TickerCore
@testable import ticker_status

/// A clock that moves only when the loop waits: each wait takes its whole timeout,
/// rounded up to a millisecond as `poll(2)` rounds it.
private final class FakeWaiting: StreamWaiting {
  var realtime: Double
  var steady = 1000.0
  /// Every timeout the loop asked to wait.
  var timeouts: [Double?] = []

  init(startingAt time: Double) { realtime = time }

  func now() -> Double { realtime }
  func monotonic() -> Double { steady }
  func wait(_ watches: inout [PollWatch], timeout: Double?) {
    timeouts.append(timeout)
    let step = ((timeout ?? 3600) * 1000).rounded(.up) / 1000
    realtime += step
    steady += step
  }
  /// A loop that waits this often without ending is stuck: end it as SIGTERM would,
  /// so that the test fails instead of hanging.
  var terminationRequested: Int32? { timeouts.count > 10_000 ? 15 : nil }
}

/// Records the frames shown, and lets the reader "go away" after some of them.
private final class RecordingSink: FrameSink {
  var frames: [(time: Double, text: String)] = []
  let limit: Int
  init(limit: Int) { self.limit = limit }
  var watches: [PollWatch] { [] }
  func start() -> Bool { true }
  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    frames.append((time, frame.text))
    return frames.count < limit
  }
  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool { true }
  func stop() {}
}

/// Records the lines written as text (`FrameTextSink`), as standard output takes them
/// for the dialects whose line is the frame's text.
private final class RecordingTextSink: FrameTextSink {
  var lines: [(time: Double, text: String)] = []
  let limit: Int
  let clock: FakeWaiting
  init(limit: Int, clock: FakeWaiting) {
    self.limit = limit
    self.clock = clock
  }
  var watches: [PollWatch] { [] }
  func start() -> Bool { true }
  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    Issue.record("a text sink is given the text, not a frame")
    return false
  }
  func show(text: FrameText) -> Bool {
    lines.append((clock.now(), String(decoding: text.bytes, as: UTF8.self)))
    return lines.count < limit
  }
  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool { true }
  func stop() {}
}

/// A source whose lines change at a given monotonic time.
private final class ChangingSource: LiveSource {
  private(set) var lines: TextLines
  let changeAt: Double
  let later: TextLines
  init(_ first: [String], then later: [String], at time: Double) {
    lines = TextLines(first)
    self.later = TextLines(later)
    changeAt = time
  }
  var descriptors: [FileDescriptor] { [] }
  var deadline: Double? { lines == later ? nil : changeAt }
  func update(ready: [FileDescriptor], now: Double) -> Bool {
    guard now >= changeAt, lines != later else { return false }
    lines = later
    return true
  }
  func stop() {}
}

@Suite struct StreamLoopTests {
  private func run(
    _ arguments: [String], sources: [LiveSource]? = nil, frames: Int, start: Double = 1_700_000_000
  ) throws -> (sink: RecordingSink, waiting: FakeWaiting, pipeline: Pipeline) {
    let options = try ArgumentParser.parse(["--stream", "--format", "plain"] + arguments)
    let pipeline = try Pipeline(options, environment: Environment())
    let reader = pipeline.reader(for: .arguments([]))
    let live = sources ?? [FixedLines(TextLines(options.items))]
    let sink = RecordingSink(limit: frames)
    let waiting = FakeWaiting(startingAt: start)
    let loop = StreamLoop(
      sources: live.map { ($0, reader) }, pipeline: pipeline, sink: sink, wakeUp: nil,
      waiting: waiting, maxFramesPerSecond: options.maxFramesPerSecond)
    #expect(loop.run() == .readerGone)
    return (sink, waiting, pipeline)
  }

  /// The ticker a one-shot run would build for `items`.
  private func ticker(_ pipeline: Pipeline, _ items: [String]) -> Ticker {
    var builder = pipeline.makeBuilder()
    for item in items { pipeline.reader.append(argument: item, to: &builder) }
    return pipeline.ticker(builder.build())
  }

  @Test func eachFrameIsTheOneShotFrameAtTheMomentItChanges() throws {
    let items = ["Breaking: tmux 3.3a", "CPU 42%", "日本語 text"]
    let (sink, _, pipeline) = try run(["-w", "12", "-s", "3"] + items, frames: 40)
    let ticker = ticker(pipeline, items)
    #expect(sink.frames.count == 40)
    for (index, frame) in sink.frames.enumerated() {
      #expect(frame.text == ticker.frame(at: frame.time).text)
      if index > 0, let change = ticker.nextChange(after: sink.frames[index - 1].time) {
        // Drawn when the motion says the frame changes (within poll's millisecond),
        // so no frame is skipped.
        #expect(frame.time >= change && frame.time < change + 0.002)
        #expect(frame.text == ticker.frame(at: change).text)
      }
    }
  }

  /// With a dialect whose line is the frame's text, the loop draws the text alone: each
  /// line is the one-shot frame's text at the moment the frame changes, and a frame
  /// whose text stands still is not written again.
  @Test(arguments: ["plain", "i3blocks"])
  func textLinesAreTheOneShotFramesText(format: String) throws {
    let items = ["Breaking: tmux 3.3a", "CPU 42%", "日本語 text"]
    let options = try ArgumentParser.parse(
      ["--stream", "--format", format, "-w", "12", "-s", "3"] + items)
    let pipeline = try Pipeline(options, environment: Environment())
    let waiting = FakeWaiting(startingAt: 1_700_000_000)
    let sink = RecordingTextSink(limit: 40, clock: waiting)
    let loop = StreamLoop(
      sources: [(FixedLines(TextLines(items)), pipeline.reader(for: .arguments([])))],
      pipeline: pipeline, sink: sink, wakeUp: nil, waiting: waiting,
      maxFramesPerSecond: options.maxFramesPerSecond)
    #expect(loop.run() == .readerGone)
    let ticker = ticker(pipeline, items)
    #expect(sink.lines.count == 40)
    for (index, line) in sink.lines.enumerated() {
      #expect(line.text == ticker.frame(at: line.time).text)
      if index > 0 {
        #expect(line.text != sink.lines[index - 1].text)
        if let change = ticker.nextChange(after: sink.lines[index - 1].time) {
          #expect(line.time >= change && line.time < change + 0.002)
        }
      }
    }
  }

  @Test func framesAreCappedByMaxFPS() throws {
    let (sink, _, _) = try run(
      ["-w", "10", "-s", "200", "--max-fps", "8", "a long enough item", "another"], frames: 30)
    for (earlier, later) in zip(sink.frames, sink.frames.dropFirst()) {
      #expect(later.time - earlier.time >= 1.0 / 8 - 1e-9)
    }
  }

  @Test func aStillFrameIsShownOnceAndTheLoopSleepsUntilTheSourceChanges() throws {
    let source = ChangingSource(["fits"], then: ["still fits"], at: 1005)
    let (sink, waiting, _) = try run(["-w", "20"], sources: [source], frames: 2)
    #expect(
      sink.frames.map(\.text) == [
        "fits" + String(repeating: " ", count: 16), "still fits          ",
      ])
    // One sleep between the two: nothing wakes the loop while the frame stands still.
    #expect(waiting.timeouts == [5])
  }

  @Test func aChangedSourceIsDrawnAtOnce() throws {
    let source = ChangingSource(["first item here"], then: ["second"], at: 1000.25)
    let (sink, _, _) = try run(["-w", "8", "-s", "0.5"], sources: [source], frames: 2)
    let change = sink.frames.firstIndex { $0.text.contains("second") }
    #expect(change != nil)
    if let change {
      // At the source's deadline, not at the motion's next step 2 s later.
      #expect(abs(sink.frames[change].time - (1_700_000_000 + 0.25)) < 0.002)
    }
  }
}
