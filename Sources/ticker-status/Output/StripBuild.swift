import TickerCore

/// The strip of the sources' lines, built a slice at a time between frames, so that a
/// source that brings a million lines does not stop the frames while they are laid out.
///
/// It keeps the lines it was given (a copy that costs nothing until a source changes
/// its own), so the sources may change meanwhile; a stream then starts a new build.
struct StripBuild {
  /// Lines appended between two looks at the clock.
  static let batch = 64

  private var builder: StripBuilder
  private let sources: [SourceLines]
  private var source = 0
  private var line = 0

  init(_ pipeline: Pipeline, sources: [SourceLines]) {
    builder = pipeline.makeBuilder()
    self.sources = sources
  }

  /// Appends lines until all are in, or `clock()` reaches `deadline`.
  ///
  /// - Returns: The strip, once every line is in; `nil` while there is more to do.
  /// - Complexity: O(lines appended).
  mutating func advance(until deadline: Double, clock: () -> Double) -> Strip? {
    while source < sources.count {
      let current = sources[source]
      if line == 0, current.lines.isEmpty, let placeholder = current.placeholder {
        builder.append(StyledText(placeholder))
      }
      // A placeholder with lines is the mark of stale lines (`LiveSource.placeholder`).
      let staleMark = current.lines.isEmpty ? nil : current.placeholder
      while line < current.lines.count {
        let end = min(line + StripBuild.batch, current.lines.count)
        current.lines.withLines(in: line..<end) { text in
          if let staleMark {
            current.reader.appendStale(line: text, to: &builder, mark: staleMark)
          } else {
            current.reader.append(line: text, to: &builder)
          }
        }
        line = end
        if line < current.lines.count && clock() >= deadline { return nil }
      }
      source += 1
      line = 0
    }
    return builder.build()
  }
}
