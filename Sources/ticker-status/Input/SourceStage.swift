import TickerCore

/// The sources stage: the one place where the source specifications (`SourceSpec`)
/// become what a run needs. A one-shot frame and a click read every source's lines
/// once (`read`); a stream gets live sources that change while it runs (`live`). All
/// three then lay out their strip the same way (`StripBuild`).
///
/// Each kind of source says how it is read for each (`SourceKind`, a file a kind); the
/// stage goes through the sources in order and asks each its kind.
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
    var reading = OnceReading(
      pipeline: pipeline, time: time, purpose: purpose, environment: environment)
    // By index, not `for in`: its iterator would copy the sources' lists of strings
    // through their type's value witness, and the runtime would first build the type of
    // an array of strings (14,000 instructions of a one-shot).
    for index in pipeline.sources.indices {
      let kind = pipeline.sources[index].kind
      var source = SourceLines(lines: TextLines(), reader: kind.reader(pipeline.reader))
      switch kind.readOnce(&reading, &source, each) {
      case .failed:
        reading.snapshot.failed = true
        return reading.snapshot
      case .handedOver: continue
      case .lines: break
      }
      if kind.mayHoldPlayerStatus {
        source.lines = pipeline.itemLines(source.lines, playing: &reading.snapshot.playing)
      }
      each(source)
    }
    return reading.snapshot
  }

  /// Reports a read that failed, or was cut short with nothing usable in it (exit
  /// 66), or was cut short or had lines cut (a warning); `false` when the run ends.
  ///
  /// Takes the result and switches on it consumed: the caller would otherwise destroy
  /// it through its type's value witness, and the runtime would first build the type
  /// `Result<ReadSummary, InputError>` from its mangled name (70 k instructions of a
  /// one-shot's start).
  static func check(
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
      let kind = spec.kind
      let reader = kind.reader(pipeline.reader)
      switch kind.live(pipeline, reader, store) {
      case .success(let source): sources.append((source, reader))
      case .failure(let error): return .failure(error)
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
      if pipeline.sources[index].kind.mayHoldPlayerStatus {
        lines = pipeline.itemLines(lines, playing: &playing)
      }
      return SourceLines(
        lines: lines, reader: pair.1, placeholder: pair.0.placeholder,
        staleMark: pair.0.staleMark)
    }
    return (lines, playing)
  }
}

extension Pipeline {
  /// The ticker a one-shot frame and a click (`--clicked-item left`) both draw at
  /// `time`, from what reading the sources told (`read`): with `--on-change restart`
  /// the items start from when a command's lines last changed (as its cache keeps it,
  /// so that calls a second apart scroll as a stream does; other items come now and
  /// stand at their start), and with `--player-status` they stand while no line says
  /// `Playing`.
  func framedTicker(
    _ strip: Strip, after read: SourceStage.Snapshot, at time: Double, pauses: Pauses = Pauses()
  ) -> FramedTicker {
    framedTicker(
      strip, playing: read.playing, changedAt: read.changedAt ?? time, pauses: pauses)
  }
}
