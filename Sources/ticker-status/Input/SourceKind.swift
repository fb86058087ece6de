import TickerCore

/// What one kind of source is, for every kind of run: how its text is read into items,
/// whether its lines may carry a player's status, how it is read once (a one-shot
/// frame, a click), and the live source it is in a stream.
///
/// Each kind is a file of its own (`DemoKind`, `ArgumentsKind`, `FileKind`,
/// `StandardInputKind`, `CommandKind`), and `SourceSpec.kind` the one switch over the
/// kinds: a new kind is its file, a case of `SourceSpec`, a line of that switch, where
/// `Pipeline.sources` puts it among the others, and the option that names it.
struct SourceKind {
  /// The result of reading a source once.
  enum OnceRead {
    /// Its lines are in the `SourceLines` given, to be handed over as they are.
    case lines
    /// They have been handed over already, in batches (a file, as it is read).
    case handedOver
    /// It could not be read for a frame (reported): the run ends.
    case failed
  }

  /// The reader of the source's text, from the pipeline's.
  var reader: (ItemReader) -> ItemReader = { $0 }
  /// Whether its lines may carry a player's status line (`--player-status`), which is
  /// taken out of the items: standard input and commands, where a player's output
  /// comes from.
  var mayHoldPlayerStatus = false
  /// Reads the source once into the `SourceLines` given, or hands them to the
  /// function given, in batches as they come.
  var readOnce: (inout OnceReading, inout SourceLines, (SourceLines) -> Void) -> OnceRead
  /// The live source it is in a stream, with the reader of its lines and the command
  /// cache's store (`nil` without one); or why it cannot be had.
  var live: (Pipeline, ItemReader, OutputStore?) -> Result<any LiveSource, InputError>
}

/// What reading every source once shares: the run, and what it has found so far.
struct OnceReading {
  let pipeline: Pipeline
  /// The time read as (`nil`: the clock's time whenever a source looks).
  let time: Double?
  let purpose: SourceStage.Purpose
  let environment: Environment
  var snapshot = SourceStage.Snapshot()
  /// The cached output of every `--command`, looked up together at the first (so
  /// that their refreshes run side by side), and the next one's index.
  var outputs: [CommandCache.Output?] = []
  var nextOutput = 0

  /// Adds `line` to the stale notes, one a line.
  mutating func noteStale(_ line: String) {
    if !snapshot.staleNotes.isEmpty { snapshot.staleNotes += "\n" }
    snapshot.staleNotes += line
  }
}

extension SourceSpec {
  /// The source's kind: the one switch over the kinds of source.
  var kind: SourceKind {
    switch self {
    case .demo: DemoKind.kind
    case .arguments(let items): ArgumentsKind.kind(items)
    case .file(let path): FileKind.kind(path)
    case .standardInput(let follows): StandardInputKind.kind(follows: follows)
    case .command(let command): CommandKind.kind(command)
    }
  }
}
