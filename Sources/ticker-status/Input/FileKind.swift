import TickerCore

/// `-f PATH`: a file read once, or watched by a stream (`WatchedFile`); its items drawn
/// stale when it has not changed for `--stale-after`.
enum FileKind {
  static func kind(_ path: String) -> SourceKind {
    SourceKind(
      readOnce: { reading, source, each in
        read(path, for: source, &reading, each: each) ? .handedOver : .failed
      },
      live: { pipeline, reader, _ in
        WatchedFile.open(
          path, reader: reader, staleAfter: pipeline.staleAfter, mark: pipeline.staleMark
        ).map { $0 }
      })
  }

  /// The most bytes of a file's lines handed over at once (`read`).
  static let batchBytes = 1 << 16

  /// Reads the file at `path` for `source` (marked stale when it has not changed for
  /// `--stale-after`), handing its lines to `each` in batches of at most `batchBytes`
  /// as they come: a one-shot lays each batch out before it reads on, so that a slow
  /// endless device's 0.25 s bounds the laying out too, and the file's bytes are never
  /// all held beside their strip. `false` when a frame cannot go on (reported).
  private static func read(
    _ path: String, for source: SourceLines, _ reading: inout OnceReading,
    each: (SourceLines) -> Void
  ) -> Bool {
    var batch = source
    // The file's time before it is read: its lines are stale when it is old.
    if let after = reading.pipeline.staleAfter, case .success(let status) = Files.status(path),
      status.kind == .regular,
      Staleness.isStale(
        lastGood: status.stamp.modified, at: reading.time ?? Clock.now(), after: after)
    {
      batch.staleMark = reading.pipeline.staleMark
      reading.noteStale(Staleness.note(lastGood: status.stamp.modified, lastError: nil))
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
    guard reading.purpose == .frame else { return true }
    return SourceStage.check(read, path: path, sawItem: sawItem)
  }
}
