import TickerCore

/// One frame, for the time given or now, and exit: what tmux's `#()`, a prompt or a
/// script calls.
///
/// The one-shot ends the process itself once its line is written, with what it built
/// still held: the first native string a process frees makes the runtime build
/// `_StringBreadcrumbs?`'s metadata from its mangled name (34,000 instructions, a
/// sixteenth of a one-shot of 50 quotes; BENCHMARKS.md section 13), and the kernel
/// takes the memory back for less than `free` would.
enum OneShot {
  static func run(_ pipeline: Pipeline, time: Double?, environment: Environment) -> Never {
    var builder = pipeline.makeBuilder()
    let read = SourceStage.read(pipeline, at: time, for: .frame, environment: environment) {
      StripBuild.append($0, to: &builder, keepingFacts: pipeline.keepsFacts)
    }
    guard !read.failed else { Processes.exit(ExitStatus.noInput.rawValue) }
    let strip = builder.build()
    // No `AlertHook?` here: destroying one would cost every one-shot its type's
    // instantiation by the runtime, with or without --on-alert.
    if !pipeline.onAlert.isEmpty {
      AlertHook.lookOnce(at: strip, pipeline, environment: environment)
    }
    let time = time ?? Clock.now()
    let pauses = PauseState.locate(key: pipeline.pauseKey, in: environment)?.load() ?? Pauses()
    let ticker = pipeline.framedTicker(strip, after: read, at: time, pauses: pauses)
    let frame = ticker.frame(at: time, markingItems: pipeline.encoder.marksItems(of: strip))
    let line = pipeline.encoder.encode(
      frame, placement: ticker.placement(at: time), at: time,
      staleNote: read.staleNotes.isEmpty ? nil : read.staleNotes)
    return withExtendedLifetime((frame, line)) { () -> Never in
      // A reader that has gone away is not an error for a status line.
      _ = FileDescriptor.standardOutput.writeLine(line)
      Processes.exit(ExitStatus.success.rawValue)
    }
  }
}
