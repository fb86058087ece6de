import TickerCore

/// The strip of a stream's sources, built a slice at a time between frames, so that a
/// source that brings a million lines does not stop the frames while they are laid out.
struct StripBuild {
  /// Lines appended between two looks at the clock.
  static let batch = 64

  private var builder: StripBuilder
  private var source = 0
  private var line = 0
  private let pipeline: Pipeline

  init(_ pipeline: Pipeline) {
    self.pipeline = pipeline
    builder = pipeline.makeBuilder()
  }

  /// Appends the sources' lines until all are in, or `clock()` reaches `deadline`.
  ///
  /// The sources must not change between calls: start a new build when one does.
  ///
  /// - Returns: The strip, once every line is in; `nil` while there is more to do.
  /// - Complexity: O(lines appended).
  mutating func advance(
    _ sources: [LiveSource], readers: [ItemReader], until deadline: Double, clock: () -> Double
  ) -> Strip? {
    while source < sources.count {
      let lines = sources[source].lines
      if line == 0, lines.isEmpty, let placeholder = sources[source].placeholder {
        builder.append(StyledText(placeholder))
      }
      let reader = readers[source]
      while line < lines.count {
        let end = min(line + StripBuild.batch, lines.count)
        lines.withLines(in: line..<end) { reader.append(line: $0, to: &builder) }
        line = end
        if line < lines.count && clock() >= deadline { return nil }
      }
      source += 1
      line = 0
    }
    return builder.build()
  }
}
