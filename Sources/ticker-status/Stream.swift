import TickerCore

/// `--stream`: a frame each time it changes, at the moment it changes, until the
/// reader goes away.
///
/// One thread, one `poll(2)` loop. The time of the next change comes from the motion
/// (`Ticker.nextChange(after:)`), not from polling; the loop sleeps until then (never
/// more than a second, so that a jump of the realtime clock is caught up with), or
/// until a source, the sink or a signal has something. Each frame is computed for
/// the realtime clock's value when it is drawn, so it equals the one-shot frame for
/// that time. Frames come at most `--max-fps` a second (default 30).
///
/// - The reader gone (`EPIPE` on a write, or `POLLERR` on standard output; the tmux
///   server gone, for `--tmux-option`): exit 0, quietly.
/// - SIGTERM, SIGINT, SIGHUP: stop any running `--command`, exit 128 + the signal.
/// - SIGCONT (after SIGSTOP, as i3bar hides and shows its bar): the next frame is the
///   one for the current time, at once; frames missed meanwhile are never sent.
enum Stream {
  static func run(_ options: Options) -> Int32 {
    let format: OutputFormat =
      options.tmuxOption != nil
      ? .tmux : options.format ?? (Platform.isTerminal(1) ? .ansi : .plain)
    let profile = options.cells ?? (format == .tmux ? .tmux : .terminal)
    let noColor = !(Platform.environment("NO_COLOR") ?? "").isEmpty
    let sources: [LiveSource]
    switch makeSources(options) {
    case .success(let made): sources = made
    case .failure(let error):
      Platform.write("ticker-status: error: \(error.description)\n", to: 2)
      return ExitStatus.noInput
    }
    guard case .success(let wakeUp) = Platform.installStreamSignalHandlers() else {
      Platform.write("ticker-status: error: cannot set up signal handling\n", to: 2)
      return ExitStatus.unavailable
    }
    let sink: FrameSink
    do throws(SinkError) {
      if let name = options.tmuxOption {
        // checkLiveSources made sure there is a socket.
        let socket = options.tmuxSocket ?? TmuxOptionSink.socketFromEnvironment() ?? ""
        sink = try TmuxOptionSink(socket: socket, name: name)
      } else {
        sink = StandardOutputSink(encoder: FrameEncoder(format: format, usesColor: !noColor))
      }
    } catch {
      Platform.write("ticker-status: error: \(error.message)\n", to: 2)
      return ExitStatus.unavailable
    }
    let loop = StreamLoop(
      sources: sources, sink: sink, wakeUp: wakeUp,
      minimumInterval: 1 / options.maxFramesPerSecond
    ) { items in
      Ticker(
        strip: Strip(
          items: items, separator: StyledText(options.separator),
          measure: CellMeasure(profile: profile, ambiguous: options.ambiguous)),
        width: options.width, speed: options.speed, dwell: options.dwell,
        motion: options.motion, fit: options.fit)
    }
    let status = loop.run()
    for source in sources { source.stop() }
    sink.stop()
    return status
  }

  /// The sources in the order one-shot items come: demo, files, arguments, commands.
  static func makeSources(_ options: Options) -> Result<[LiveSource], ReadError> {
    let (demoReader, reader) = Items.readers(options)
    let parser = ItemParser(reader: reader, split: options.split)
    var sources: [LiveSource] = []
    if options.demo { sources.append(FixedItems(Demo.quoteLines.map(demoReader.item))) }
    for path in options.files {
      if path == "-" {
        if options.follow {
          sources.append(FollowedInput(parser: parser))
          continue
        }
        // Without --follow, standard input is a list of items, read to its end.
        switch Platform.readAll(path: path) {
        case .success(let bytes): sources.append(FixedItems(parser.items(of: bytes)))
        case .failure(let error): return .failure(error)
        }
        continue
      }
      switch WatchedFile.open(path: path, parser: parser) {
      case .success(let file): sources.append(file)
      case .failure(let error): return .failure(error)
      }
    }
    sources.append(FixedItems(options.items.map(reader.item)))
    for command in options.commands {
      sources.append(CommandSource(command: command, every: options.every, parser: parser))
    }
    return .success(sources)
  }
}

/// The stream's loop: sources in, frames out.
final class StreamLoop {
  private let sources: [LiveSource]
  private let sink: FrameSink
  private let wakeUp: Int32
  private let minimumInterval: Double
  private let makeTicker: ([StyledText]) -> Ticker

  /// The longest sleep, so that a jump of the realtime clock is noticed within it.
  static let longestSleep = 1.0

  init(
    sources: [LiveSource], sink: FrameSink, wakeUp: Int32, minimumInterval: Double,
    makeTicker: @escaping ([StyledText]) -> Ticker
  ) {
    self.sources = sources
    self.sink = sink
    self.wakeUp = wakeUp
    self.minimumInterval = minimumInterval
    self.makeTicker = makeTicker
  }

  /// Runs until the reader goes away, and returns the exit status.
  func run() -> Int32 {
    guard sink.start() else { return ExitStatus.success }
    var ticker = makeTicker(sources.flatMap(\.items))
    var shown: Frame?
    var shownAt = -Double.infinity
    // The realtime at which to draw the next frame; `nil`: only when something changes.
    var due: Double? = -.infinity
    while true {
      let now = Platform.now()
      if let time = due, now >= time {
        if now < shownAt + minimumInterval {
          due = shownAt + minimumInterval
        } else {
          let frame = ticker.frame(at: now)
          if frame != shown {
            guard sink.show(frame, placement: ticker.placement(at: now), at: now) else {
              return ExitStatus.success
            }
            shown = frame
            shownAt = now
          }
          // Wake once per frame: at the next change, or when the cap allows it.
          due = ticker.nextChange(after: now).map { max($0, shownAt + minimumInterval) }
        }
      }

      var watches = [PollWatch(descriptor: wakeUp)] + sink.watches
      let sinkWatches = 1..<watches.count
      for source in sources {
        watches += source.descriptors.map { PollWatch(descriptor: $0) }
      }
      let steady = Platform.monotonicNow()
      var timeout: Double? = due.map { min($0 - Platform.now(), StreamLoop.longestSleep) }
      for deadline in sources.compactMap(\.deadline) {
        timeout = min(timeout ?? .infinity, deadline - steady)
      }
      Platform.poll(&watches, timeout: timeout.map { max(0, $0) })

      if watches[0].isReadable && drainWakeUp() {
        due = -.infinity
      }
      do throws(SinkError) {
        guard try sink.service(Array(watches[sinkWatches])) else { return ExitStatus.success }
      } catch {
        Platform.write("ticker-status: error: \(error.message)\n", to: 2)
        return ExitStatus.unavailable
      }
      let ready = watches.filter(\.isReadable).map(\.descriptor)
      let later = Platform.monotonicNow()
      var changed = false
      for source in sources where source.update(ready: ready, now: later) { changed = true }
      if changed {
        ticker = makeTicker(sources.flatMap(\.items))
        due = -.infinity
      }
    }
  }

  /// Empties the wake-up pipe; returns whether SIGCONT was among the signals.
  private func drainWakeUp() -> Bool {
    var continued = false
    while case .bytes(let signals) = Platform.readSome(wakeUp, limit: 64) {
      if signals.contains(where: { Int32($0) == ProcessSignal.continued.number }) {
        continued = true
      }
    }
    return continued
  }
}

/// Where a stream's frames go.
protocol FrameSink: AnyObject {
  /// Descriptors to watch for the reader going away.
  var watches: [PollWatch] { get }
  /// Writes what comes before the first frame; `false` if the reader has gone.
  func start() -> Bool
  /// Writes one frame; `false` if the reader has gone.
  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool
  /// Handles what `poll(2)` reported on `watches`; `false` if the reader has gone.
  func service(_ watches: [PollWatch]) throws(SinkError) -> Bool
  /// Lets go of the reader before the process ends.
  func stop()
}

/// A sink that cannot go on.
struct SinkError: Error {
  var message: String
}

/// Frames as lines on standard output: one `write(2)` per line, no buffering.
final class StandardOutputSink: FrameSink {
  let encoder: FrameEncoder

  init(encoder: FrameEncoder) { self.encoder = encoder }

  /// Standard output is watched for nothing but errors: a pipe whose reader has gone
  /// reports `POLLERR`, even while the frame stands still and nothing is written.
  var watches: [PollWatch] { [PollWatch(descriptor: 1, wantsInput: false)] }

  func start() -> Bool {
    guard let header = encoder.streamHeader else { return true }
    return Platform.write(header + "\n", to: 1)
  }

  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    Platform.write(encoder.encodeStreamLine(frame, placement: placement, at: time) + "\n", to: 1)
  }

  func service(_ watches: [PollWatch]) throws(SinkError) -> Bool {
    !(watches.first?.isBroken ?? false)
  }

  func stop() {}
}

extension Options {
  /// The checks that span several options of streams and live sources.
  func checkLiveSources() throws(UsageError) {
    if follow && !files.contains("-") {
      throw .needs(option: "--follow", requirement: "'--file -' (it follows standard input)")
    }
    if stream && time != nil {
      throw .conflict(option: "--at <unix-seconds>", other: "--stream")
    }
    if tmuxSocket != nil && tmuxOption == nil {
      throw .needs(option: "--tmux-socket <path>", requirement: "'--tmux-option <name>'")
    }
    if tmuxOption != nil {
      if !stream { throw .needs(option: "--tmux-option <name>", requirement: "'--stream'") }
      if tmuxSocket == nil && TmuxOptionSink.socketFromEnvironment() == nil {
        throw .needs(
          option: "--tmux-option <name>",
          requirement: "a tmux server: run it inside tmux or give '--tmux-socket <path>'")
      }
    }
  }

  /// The default of `--max-fps`.
  static let defaultMaxFramesPerSecond = 30.0
  /// The default of `--every`.
  static let defaultEvery = 10.0
}

extension ExitStatus {
  /// EX_UNAVAILABLE: the tmux server for `--tmux-option` cannot be reached.
  static let unavailable: Int32 = 69
}
