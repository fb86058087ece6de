import TickerCore

/// `-f -`: standard input, read to its end; with `--follow`, each line replaces the
/// items (`FollowedInput` in a stream, the last line in a one-shot). A click never
/// reads it: it is the bar's, not the items'.
enum StandardInputKind {
  static func kind(follows: Bool) -> SourceKind {
    SourceKind(
      mayHoldPlayerStatus: true,
      readOnce: { reading, source, _ in
        guard reading.purpose == .frame else { return .lines }
        guard let lines = read(follows: follows, reader: source.reader) else { return .failed }
        source.lines = lines
        return .lines
      },
      live: { _, _, _ in
        if follows { return .success(FollowedInput()) }
        // Without --follow, standard input is a list of items, read to its end.
        var lines = TextLines()
        if case .failure(let error) = InputFile.readStandardInput(line: { lines.append($0) }) {
          return .failure(error)
        }
        return .success(FixedLines(lines))
      })
  }

  /// Standard input read to its end; with `--follow`, its last line alone, what a
  /// stream would show at the end of the input. `nil` when it cannot be read (reported).
  private static func read(follows: Bool, reader: ItemReader) -> TextLines? {
    var lines = TextLines()
    let read = InputFile.readStandardInput { lines.append($0) }
    if follows {
      var last = TextLines()
      if !lines.isEmpty {
        lines.withLines(in: lines.count - 1..<lines.count) { last.append($0) }
      }
      lines = last
    }
    return SourceStage.check(read, path: "-", sawItem: reader.hasItems(lines)) ? lines : nil
  }
}
