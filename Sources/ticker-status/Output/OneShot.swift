import TickerCore

/// One frame, for the time given or now, and exit: what tmux's `#()`, a prompt or a
/// script calls.
enum OneShot {
  static func run(_ pipeline: Pipeline, time: Double?, environment: Environment) -> ExitStatus {
    var builder = pipeline.makeBuilder()
    let commands = pipeline.sources.compactMap { spec -> String? in
      if case .command(let command) = spec { return command }
      return nil
    }
    var outputs: [CommandCache.Output?] = []
    var nextOutput = 0
    // Stale notes for waybar's tooltip, of the sources drawn stale.
    var staleNotes = ""
    // With --player-status, whether a line says Playing.
    var playing = false
    // With --command, when the commands' lines last changed (the latest of them; a
    // command with no lines yet changes now); else the items come now.
    var commandsChangedAt: Double?
    for spec in pipeline.sources {
      let reader = pipeline.reader(for: spec)
      switch spec {
      case .demo:
        for line in Demo.quoteLines { reader.append(argument: line, to: &builder) }
      case .arguments(let items):
        for item in items { reader.append(argument: item, to: &builder) }
      case .file(let path):
        var sawItem = false
        // The file's time before it is read: its lines are stale when it is old.
        var staleMark: String?
        if let after = pipeline.staleAfter, case .success(let status) = Files.status(path),
          status.kind == .regular,
          Staleness.isStale(lastGood: status.stamp.modified, at: time ?? Clock.now(), after: after)
        {
          staleMark = pipeline.staleMark
          note(Staleness.note(lastGood: status.stamp.modified, lastError: nil), to: &staleNotes)
        }
        let read = InputFile.read(path) { line in
          sawItem = sawItem || reader.hasItem(line)
          if let staleMark {
            reader.appendStale(line: line, to: &builder, mark: staleMark)
          } else {
            reader.append(line: line, to: &builder)
          }
        }
        if let failure = check(read, path: path, sawItem: sawItem) { return failure }
      case .standardInput(let follows):
        var lines = TextLines()
        let read = InputFile.readStandardInput { lines.append($0) }
        if follows {
          // A one-shot `--follow` shows what a stream would at the end of the input.
          var last = TextLines()
          if !lines.isEmpty {
            lines.withLines(in: lines.count - 1..<lines.count) { last.append($0) }
          }
          lines = last
        }
        if let failure = check(read, path: "-", sawItem: reader.hasItems(lines)) { return failure }
        lines = pipeline.itemLines(lines, playing: &playing)
        lines.withEachLine { reader.append(line: $0, to: &builder) }
      case .command:
        // The commands run side by side: look them all up at the first one.
        if outputs.isEmpty {
          outputs = CommandCache.lookUp(
            commands, every: pipeline.every, reader: pipeline.reader, environment: environment)
        }
        if var output = outputs[nextOutput] {
          commandsChangedAt = max(commandsChangedAt ?? output.changedAt, output.changedAt)
          output.lines = pipeline.itemLines(output.lines, playing: &playing)
          if let after = pipeline.staleAfter,
            Staleness.isStale(lastGood: output.lastGood, at: time ?? Clock.now(), after: after)
          {
            let lastError = output.store?.lastError(commands[nextOutput])
            note(Staleness.note(lastGood: output.lastGood, lastError: lastError), to: &staleNotes)
            output.lines.withEachLine {
              reader.appendStale(line: $0, to: &builder, mark: pipeline.staleMark)
            }
          } else {
            output.lines.withEachLine { reader.append(line: $0, to: &builder) }
          }
        } else {
          commandsChangedAt = time ?? Clock.now()
          builder.append(StyledText(CommandCache.placeholder))
        }
        nextOutput += 1
      }
    }
    let time = time ?? Clock.now()
    // With --on-change restart the items start from when they last changed: a
    // command's, as its cache keeps it (so that calls a second apart scroll, as a
    // stream does); other items come now, and stand at their start.
    let ticker = pipeline.framedTicker(
      builder.build(), playing: playing, changedAt: commandsChangedAt ?? time)
    let frame = ticker.frame(at: time, markingItems: pipeline.encoder.marksItems)
    let line = pipeline.encoder.encode(
      frame, placement: ticker.placement(at: time), at: time,
      staleNote: staleNotes.isEmpty ? nil : staleNotes)
    // A reader that has gone away is not an error for a status line.
    _ = FileDescriptor.standardOutput.writeAll(line + "\n")
    return .success
  }

  /// Adds `line` to the stale notes, one a line.
  private static func note(_ line: String, to notes: inout String) {
    if !notes.isEmpty { notes += "\n" }
    notes += line
  }

  /// Reports a read that failed, or was cut short with nothing usable in it (exit
  /// 66), or was cut short or had lines cut (a warning); `nil` to go on.
  ///
  /// Takes the result and switches on it consumed: the caller would otherwise destroy
  /// it through its type's value witness, and the runtime would first build the type
  /// `Result<ReadSummary, InputError>` from its mangled name (70 k instructions of a
  /// one-shot's start).
  private static func check(
    _ read: consuming Result<ReadSummary, InputError>, path: String, sawItem: Bool
  ) -> ExitStatus? {
    switch consume read {
    case .failure(let error):
      _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(error)\n")
      return .noInput
    case .success(let summary):
      if !sawItem, let failure = summary.failure(for: path) {
        _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(failure)\n")
        return .noInput
      }
      if let warning = summary.warning(for: path) {
        _ = FileDescriptor.standardError.writeAll("ticker-status: warning: \(warning)\n")
      }
      return nil
    }
  }
}
