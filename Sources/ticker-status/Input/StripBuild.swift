import TickerCore

/// The strip of the sources' lines, built a slice at a time between frames, so that a
/// source that brings a million lines does not stop the frames while they are laid out.
///
/// It keeps the lines it was given (a copy that costs nothing until a source changes
/// its own), so the sources may change meanwhile; a stream then starts a new build.
struct StripBuild {
  /// Lines appended between two looks at the clock, at most.
  static let batch = 64
  /// Bytes of lines appended between two looks at the clock, at most (and one line):
  /// a few milliseconds of the slowest text (combining marks, ZWJ sequences).
  static let batchBytes = 1 << 16

  private var builder: StripBuilder
  private let sources: [SourceLines]
  private var source = 0
  private var line = 0
  /// Whether every item keeps all its facts, for clicks.
  private let keepsFacts: Bool

  /// - Parameter keepingFacts: Keep every fact of every item, its text as given
  ///   included, for a click to read from the strip (`ClickAction.Target`).
  init(_ pipeline: Pipeline, sources: [SourceLines], keepingFacts: Bool = false) {
    builder = pipeline.makeBuilder()
    self.sources = sources
    keepsFacts = keepingFacts
  }

  /// The strip of the lines laid out so far, the build going on untouched: what a
  /// stream shows first while a large input is still being laid out.
  ///
  /// - Complexity: O(the strip so far).
  func stripSoFar() -> Strip { builder.build() }

  /// Appends lines until all are in, or `clock()` reaches `deadline`, or a termination
  /// signal has arrived (`Signals.terminationRequested`).
  ///
  /// The clock and the signal are looked at every `batch` lines or `batchBytes` bytes,
  /// whichever comes first, so that even the first strip, built with no deadline,
  /// gives way to SIGTERM within milliseconds however large or slow its text.
  ///
  /// - Returns: The strip, once every line is in; `nil` while there is more to do; on
  ///   a termination signal, the strip of the lines laid out so far (the stream is
  ///   about to end, and looks at the signal before it draws).
  /// - Complexity: O(lines appended).
  mutating func advance(until deadline: Double, clock: () -> Double) -> Strip? {
    while source < sources.count {
      let current = sources[source]
      if line == 0 { Self.appendPlaceholder(of: current, to: &builder) }
      let staleMark = current.staleMark
      while line < current.lines.count {
        let end = min(line + StripBuild.batch, current.lines.count)
        var bytes = 0
        var next = line
        current.lines.withLines(in: line..<end) { text in
          guard bytes < StripBuild.batchBytes else { return }
          bytes += text.count
          Self.append(
            line: text, of: current, staleMark: staleMark, keepingFacts: keepsFacts, to: &builder)
          next += 1
        }
        line = next
        guard line < current.lines.count else { break }
        if Signals.terminationRequested != nil { return builder.build() }
        if clock() >= deadline { return nil }
      }
      source += 1
      line = 0
    }
    return builder.build()
  }

  /// Appends every item of `source` to `builder` at once: what a one-shot frame does,
  /// with no clock to give way to.
  ///
  /// - Complexity: O(the source's lines).
  static func append(
    _ source: SourceLines, to builder: inout StripBuilder, keepingFacts: Bool = false
  ) {
    appendPlaceholder(of: source, to: &builder)
    let staleMark = source.staleMark
    source.lines.withEachLine {
      append(line: $0, of: source, staleMark: staleMark, keepingFacts: keepingFacts, to: &builder)
    }
  }

  /// `…loading`, for a source that has no lines yet and a placeholder.
  private static func appendPlaceholder(of source: SourceLines, to builder: inout StripBuilder) {
    if source.lines.isEmpty, let placeholder = source.placeholder {
      builder.append(Item(StyledText(placeholder), facts: ItemFacts(isPlaceholder: true)))
    }
  }

  /// The items of one line of `source`, marked stale when `staleMark` is given.
  private static func append(
    line: UnsafeRawBufferPointer, of source: SourceLines, staleMark: String?,
    keepingFacts: Bool, to builder: inout StripBuilder
  ) {
    if let staleMark {
      source.reader.appendStale(
        line: line, to: &builder, mark: staleMark, keepingFacts: keepingFacts)
    } else {
      source.reader.append(line: line, to: &builder, keepingFacts: keepingFacts)
    }
  }
}
