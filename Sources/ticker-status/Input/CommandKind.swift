import TickerCore

/// `--command CMD`: in a one-shot, its output cached between calls (`CommandCache`),
/// every command looked up together; in a stream, run every `--every`
/// (`CommandSource`), or kept running with `--follow` (`FollowedCommand`). Its items are
/// drawn stale when its last good run is older than `--stale-after`.
enum CommandKind {
  static func kind(_ command: String) -> SourceKind {
    SourceKind(
      mayHoldPlayerStatus: true,
      readOnce: { reading, source, _ in
        if reading.outputs.isEmpty { reading.outputs = lookUpAll(reading) }
        take(reading.outputs[reading.nextOutput], of: command, into: &source, &reading)
        reading.nextOutput += 1
        return .lines
      },
      live: { pipeline, reader, store in
        guard pipeline.followsCommands else {
          return .success(
            CommandSource(
              command: command, every: pipeline.every, reader: reader, store: store,
              staleAfter: pipeline.staleAfter, mark: pipeline.staleMark))
        }
        switch FollowedCommand.start(command) {
        case .success(let source): return .success(source)
        case .failure(let error):
          return .failure(InputError(path: "/bin/sh", reason: .system(error)))
        }
      })
  }

  /// The cached output of every `--command` of the run, in order (`CommandCache`).
  private static func lookUpAll(_ reading: OnceReading) -> [CommandCache.Output?] {
    let pipeline = reading.pipeline
    let commands = pipeline.sources.compactMap { spec -> String? in
      if case .command(let command) = spec { return command }
      return nil
    }
    return CommandCache.lookUp(
      commands, every: pipeline.every, reader: pipeline.reader,
      environment: reading.environment)
  }

  /// A command's cached `output` into `source`: its lines (marked stale when they have
  /// been good for longer than `--stale-after`), or, with none yet, `…loading`.
  private static func take(
    _ output: CommandCache.Output?, of command: String, into source: inout SourceLines,
    _ reading: inout OnceReading
  ) {
    guard let output else {
      reading.snapshot.changedAt = reading.time ?? Clock.now()
      source.placeholder = CommandCache.placeholder
      return
    }
    reading.snapshot.changedAt = max(
      reading.snapshot.changedAt ?? output.changedAt, output.changedAt)
    source.lines = output.lines
    if let after = reading.pipeline.staleAfter,
      Staleness.isStale(lastGood: output.lastGood, at: reading.time ?? Clock.now(), after: after)
    {
      let lastError = output.store?.lastError(command)
      reading.noteStale(Staleness.note(lastGood: output.lastGood, lastError: lastError))
      source.staleMark = reading.pipeline.staleMark
    }
  }
}
