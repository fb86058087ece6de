import TickerCore

/// `--stream`: a frame each time it changes, at the moment it changes, until the
/// reader goes away.
///
/// - The reader gone (`EPIPE` on a write, or `POLLERR` on standard output; the tmux
///   server gone, for `--tmux-option`): exit 0, quietly.
/// - SIGTERM, SIGINT, SIGHUP: stop any running `--command` (SIGTERM to its process
///   group, SIGKILL after `RunningGroups.grace`), exit 128 + the signal.
/// - SIGCONT (after SIGSTOP, as i3bar hides and shows its bar): the next frame is the
///   one for the current time, at once; frames missed meanwhile are never sent.
/// - SIGUSR1: pause, or resume from where it stood (`StreamPause`, kept for
///   `--pause-toggle` and the next start).
enum Stream {
  static func run(_ pipeline: Pipeline, options: Options, environment: Environment) -> ExitStatus {
    let sources: [(LiveSource, ItemReader)]
    switch SourceStage.live(pipeline, environment: environment) {
    case .success(let made): sources = made
    case .failure(let error):
      report(error.description)
      return .noInput
    }
    let wakeUp: FileDescriptor
    switch Signals.installStreamHandlers() {
    case .success(let descriptor): wakeUp = descriptor
    case .failure(let error):
      report("cannot set up signal handling: \(error)")
      return .unavailable
    }
    let sink: FrameSink
    do throws(SinkError) {
      if let name = options.tmuxOption {
        // Options.validate made sure there is a socket.
        let socket = options.tmuxSocket ?? environment.tmuxSocket ?? ""
        sink = try TmuxOptionSink(socket: socket, name: name, encoder: pipeline.encoder)
      } else {
        let output = StandardOutputSink(encoder: pipeline.encoder)
        if pipeline.format.hasTooltip && pipeline.staleAfter != nil {
          sink = StaleNoteSink(output, sources: sources.map(\.0))
        } else {
          sink = output
        }
      }
    } catch {
      report(error.description)
      return .unavailable
    }
    let desktop =
      pipeline.hearsDesktop(environment)
      ? DesktopMotion(environment: environment, now: Clock.monotonic()) : nil
    defer { desktop?.stop() }
    let loop = StreamLoop(
      sources: sources, pipeline: pipeline, sink: sink, wakeUp: wakeUp, waiting: SystemWaiting(),
      maxFramesPerSecond: options.maxFramesPerSecond,
      pause: StreamPause(
        state: PauseState.locate(key: pipeline.pauseKey, in: environment), watching: true),
      alertHook: AlertHook(pipeline, environment: environment), desktop: desktop)
    let ending = loop.run()
    switch ending {
    case .signaled(let signal):
      RunningGroups.stopAll()
      sink.stop()
      return .signaled(signal)
    case .readerGone, .failed:
      for (source, _) in sources { source.stop() }
      sink.stop()
      if case .failed(let error) = ending {
        report(error.description)
        return .unavailable
      }
      return .success
    }
  }

  private static func report(_ message: String) {
    _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(message)\n")
  }
}

/// waybar's frames with `--stale-after`: what the sources say of their stale lines
/// starts the tooltip (`FrameEncoder.encode(_:placement:at:staleNote:)`).
final class StaleNoteSink: FrameSink {
  private let output: StandardOutputSink
  private let sources: [LiveSource]

  init(_ output: StandardOutputSink, sources: [LiveSource]) {
    self.output = output
    self.sources = sources
  }

  var watches: [PollWatch] { output.watches }
  func start() -> Bool { output.start() }
  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool {
    try output.service(watches, now: now)
  }
  func stop() { output.stop() }

  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    let notes = sources.compactMap(\.staleNote)
    let note = notes.isEmpty ? nil : notes.joined(separator: "\n")
    let line = output.encoder.encode(frame, placement: placement, at: time, staleNote: note)
    if case .success = FileDescriptor.standardOutput.writeLine(line, retryOnInterrupt: false) {
      return true
    }
    return false
  }
}
