import TickerCore

/// The sources stage: the one place where the source specifications (`SourceSpec`)
/// become what a run needs. A one-shot frame and a click read every source's lines
/// once (`read`); a stream gets live sources that change while it runs (`live`). All
/// three then lay out their strip the same way (`StripBuild`).
///
/// A new kind of source is a case of `SourceSpec`, one case in each switch here, and
/// its live source in a file of its own.
enum SourceStage {
  /// What a one-shot reading is for.
  enum Purpose {
    /// A frame: every source is read, and a source that cannot be read ends the run.
    case frame
    /// A click (`--clicked-item`): standard input is not read (it is the bar's, not
    /// the items'), and what cannot be read is passed over quietly.
    case click
  }

  /// What reading every source once tells beside their lines.
  struct Snapshot {
    /// With `--player-status`, whether a line says `Playing`.
    var playing = false
    /// With `--command`, when the commands' lines last changed (the latest of them; a
    /// command with no lines yet changes now); `nil` without commands.
    var changedAt: Double?
    /// What waybar's tooltip says of the sources drawn stale, one a line.
    var staleNotes = ""
    /// A source could not be read for a frame, which has been reported: the run ends
    /// with exit status 66. (A flag, not an optional snapshot: the runtime would build
    /// the optional's type from its mangled name to destroy it, 36 k instructions of a
    /// one-shot's start.)
    var failed = false
  }

  /// Reads every source of `pipeline` once, as at `time` (`nil`: the clock's time
  /// whenever a source looks), handing each source's lines to `each` in order.
  ///
  /// The lines are handed over rather than returned in an array: a one-shot lays them
  /// out at once, and an array of a new element type costs its start-up the type's
  /// instantiation by the runtime (ARCHITECTURE.md).
  ///
  /// - Returns: The rest of what was read, `failed` when a source could not be read
  ///   for a frame (reported; the other sources are not read).
  static func read(
    _ pipeline: Pipeline, at time: Double?, for purpose: Purpose, environment: Environment,
    each: (SourceLines) -> Void
  ) -> Snapshot {
    // The commands run side by side: all looked up at the first one. (Not before: an
    // array of outputs costs a run without commands its type's instantiation.)
    var outputs: [CommandCache.Output?] = []
    var nextOutput = 0
    var snapshot = Snapshot()
    for spec in pipeline.sources {
      var source = SourceLines(lines: TextLines(), reader: pipeline.reader(for: spec))
      switch spec {
      case .demo: source.lines = TextLines(Demo.quoteLines)
      case .arguments(let items): source.lines = TextLines(items)
      case .file(let path):
        // Handed over as it is read, in batches.
        guard readFile(path, for: source, snapshot: &snapshot, pipeline, time, purpose, each: each)
        else {
          snapshot.failed = true
          return snapshot
        }
        continue
      case .standardInput(let follows):
        guard purpose == .frame else { break }
        guard let lines = readStandardInput(follows: follows, reader: source.reader) else {
          snapshot.failed = true
          return snapshot
        }
        source.lines = lines
      case .command(let command):
        if outputs.isEmpty { outputs = lookUpCommands(pipeline, environment: environment) }
        take(outputs[nextOutput], of: command, into: &source, snapshot: &snapshot, pipeline, time)
        nextOutput += 1
      }
      if spec.mayHoldPlayerStatus {
        source.lines = pipeline.itemLines(source.lines, playing: &snapshot.playing)
      }
      each(source)
    }
    return snapshot
  }

  /// The cached output of every `--command` of `pipeline`, in order (`CommandCache`).
  private static func lookUpCommands(_ pipeline: Pipeline, environment: Environment)
    -> [CommandCache.Output?]
  {
    let commands = pipeline.sources.compactMap { spec -> String? in
      if case .command(let command) = spec { return command }
      return nil
    }
    return CommandCache.lookUp(
      commands, every: pipeline.every, reader: pipeline.reader, environment: environment)
  }

  /// Reads the file at `path` for `source` (marked stale when it has not changed for
  /// `--stale-after`), handing its lines to `each` in batches of at most
  /// `batchBytes` as they come: a one-shot lays each batch out before it reads on, so
  /// that a slow endless device's 0.25 s bounds the laying out too, and the file's
  /// bytes are never all held beside their strip. `false` when a frame cannot go on
  /// (reported).
  private static func readFile(
    _ path: String, for source: SourceLines, snapshot: inout Snapshot, _ pipeline: Pipeline,
    _ time: Double?, _ purpose: Purpose, each: (SourceLines) -> Void
  ) -> Bool {
    var batch = source
    // The file's time before it is read: its lines are stale when it is old.
    if let after = pipeline.staleAfter, case .success(let status) = Files.status(path),
      status.kind == .regular,
      Staleness.isStale(lastGood: status.stamp.modified, at: time ?? Clock.now(), after: after)
    {
      batch.staleMark = pipeline.staleMark
      note(Staleness.note(lastGood: status.stamp.modified, lastError: nil), to: &snapshot)
    }
    var sawItem = false
    let read = InputFile.read(path) { line in
      sawItem = sawItem || batch.reader.hasItem(line)
      batch.lines.append(line)
      if batch.lines.byteCount >= batchBytes {
        each(batch)
        batch.lines = TextLines()
      }
    }
    if !batch.lines.isEmpty { each(batch) }
    guard purpose == .frame else { return true }
    return check(read, path: path, sawItem: sawItem)
  }

  /// The most bytes of a file's lines handed over at once (`readFile`).
  static let batchBytes = 1 << 16

  /// Standard input read to its end; with `--follow`, its last line alone, what a
  /// stream would show at the end of the input. `nil` when it cannot be read (reported).
  private static func readStandardInput(follows: Bool, reader: ItemReader) -> TextLines? {
    var lines = TextLines()
    let read = InputFile.readStandardInput { lines.append($0) }
    if follows {
      var last = TextLines()
      if !lines.isEmpty {
        lines.withLines(in: lines.count - 1..<lines.count) { last.append($0) }
      }
      lines = last
    }
    return check(read, path: "-", sawItem: reader.hasItems(lines)) ? lines : nil
  }

  /// A command's cached `output` into `source`: its lines (marked stale when they have
  /// been good for longer than `--stale-after`), or, with none yet, `…loading`.
  private static func take(
    _ output: CommandCache.Output?, of command: String, into source: inout SourceLines,
    snapshot: inout Snapshot, _ pipeline: Pipeline, _ time: Double?
  ) {
    guard let output else {
      snapshot.changedAt = time ?? Clock.now()
      source.placeholder = CommandCache.placeholder
      return
    }
    snapshot.changedAt = max(snapshot.changedAt ?? output.changedAt, output.changedAt)
    source.lines = output.lines
    if let after = pipeline.staleAfter,
      Staleness.isStale(lastGood: output.lastGood, at: time ?? Clock.now(), after: after)
    {
      let lastError = output.store?.lastError(command)
      note(Staleness.note(lastGood: output.lastGood, lastError: lastError), to: &snapshot)
      source.staleMark = pipeline.staleMark
    }
  }

  /// Adds `line` to the stale notes, one a line.
  private static func note(_ line: String, to snapshot: inout Snapshot) {
    if !snapshot.staleNotes.isEmpty { snapshot.staleNotes += "\n" }
    snapshot.staleNotes += line
  }

  /// Reports a read that failed, or was cut short with nothing usable in it (exit
  /// 66), or was cut short or had lines cut (a warning); `false` when the run ends.
  ///
  /// Takes the result and switches on it consumed: the caller would otherwise destroy
  /// it through its type's value witness, and the runtime would first build the type
  /// `Result<ReadSummary, InputError>` from its mangled name (70 k instructions of a
  /// one-shot's start).
  private static func check(
    _ read: consuming Result<ReadSummary, InputError>, path: String, sawItem: Bool
  ) -> Bool {
    switch consume read {
    case .failure(let error):
      _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(error)\n")
      return false
    case .success(let summary):
      if !sawItem, let failure = summary.failure(for: path) {
        _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(failure)\n")
        return false
      }
      if let warning = summary.warning(for: path) {
        _ = FileDescriptor.standardError.writeAll("ticker-status: warning: \(warning)\n")
      }
      return true
    }
  }

  // MARK: A stream's

  /// The live sources of `pipeline.sources`, each with the reader of its lines, for a
  /// stream: standard input without `--follow` and the arguments are read once, files
  /// are watched, commands run every `--every` (or are followed).
  static func live(_ pipeline: Pipeline, environment: Environment)
    -> Result<[(LiveSource, ItemReader)], InputError>
  {
    let store = try? OutputStore.locate(in: environment).get()
    var sources: [(LiveSource, ItemReader)] = []
    for spec in pipeline.sources {
      let reader = pipeline.reader(for: spec)
      switch spec {
      case .demo:
        sources.append((FixedLines(TextLines(Demo.quoteLines)), reader))
      case .arguments(let items):
        sources.append((FixedLines(TextLines(items)), reader))
      case .standardInput(follows: true):
        sources.append((FollowedInput(), reader))
      case .standardInput(follows: false):
        // Without --follow, standard input is a list of items, read to its end.
        var lines = TextLines()
        if case .failure(let error) = InputFile.readStandardInput(line: { lines.append($0) }) {
          return .failure(error)
        }
        sources.append((FixedLines(lines), reader))
      case .file(let path):
        let opened = WatchedFile.open(
          path, reader: reader, staleAfter: pipeline.staleAfter, mark: pipeline.staleMark)
        switch opened {
        case .success(let file): sources.append((file, reader))
        case .failure(let error): return .failure(error)
        }
      case .command(let command) where pipeline.followsCommands:
        switch FollowedCommand.start(command) {
        case .success(let source): sources.append((source, reader))
        case .failure(let error):
          return .failure(InputError(path: "/bin/sh", reason: .system(error)))
        }
      case .command(let command):
        let source = CommandSource(
          command: command, every: pipeline.every, reader: reader, store: store,
          staleAfter: pipeline.staleAfter, mark: pipeline.staleMark)
        sources.append((source, reader))
      }
    }
    return .success(sources)
  }

  /// The lines of a stream's live `sources` now, each with its reader (`readers`), and
  /// with `--player-status` whether one says `Playing`: what `StripBuild` lays out.
  static func snapshot(
    of sources: [LiveSource], readers: [ItemReader], _ pipeline: Pipeline
  ) -> (lines: [SourceLines], playing: Bool) {
    var playing = false
    let lines = zip(sources, readers).enumerated().map { index, pair in
      var lines = pair.0.lines
      if pipeline.sources[index].mayHoldPlayerStatus {
        lines = pipeline.itemLines(lines, playing: &playing)
      }
      return SourceLines(
        lines: lines, reader: pair.1, placeholder: pair.0.placeholder,
        staleMark: pair.0.staleMark)
    }
    return (lines, playing)
  }
}

extension SourceSpec {
  /// Whether the source's lines may carry a player's status line (`--player-status`),
  /// which is taken out of the items: standard input and commands, where a player's
  /// output comes from.
  var mayHoldPlayerStatus: Bool {
    switch self {
    case .standardInput, .command: true
    case .demo, .arguments, .file: false
    }
  }
}
