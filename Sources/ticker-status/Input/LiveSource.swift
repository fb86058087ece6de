/// A source of items for a stream: fixed, or one that changes while the stream runs.
///
/// The stream waits with `poll(2)` on every source's `descriptors`, until the earliest
/// `deadline` at the latest, then calls `update(ready:now:)` on each. A source hands
/// over lines; the stream reads them into items with the source's `ItemReader`.
protocol LiveSource: AnyObject {
  /// The lines now.
  var lines: TextLines { get }
  /// What to show while there are no lines yet (`…loading` for a command that has not
  /// answered); `nil` to show nothing.
  var placeholder: String? { get }
  /// While the lines are stale (`--stale-after`), the mark `StripBuild` draws before
  /// each of their items, dimmed; `nil` while they are fresh.
  var staleMark: String? { get }
  /// While the lines are stale, what waybar's tooltip says of them
  /// (`Staleness.note`); `nil` while they are fresh.
  var staleNote: String? { get }
  /// When the lines last changed as the command cache knows it (`--on-change
  /// restart`, `--loops`: so that a stream and a one-shot agree); `nil` when not known.
  var changedAt: Double? { get }
  /// Descriptors to wait on for input.
  var descriptors: [FileDescriptor] { get }
  /// The monotonic time at which `update` should run even if nothing is ready.
  var deadline: Double? { get }
  /// Reads what is ready and looks at the clock.
  ///
  /// - Returns: Whether `lines` changed.
  func update(ready: [FileDescriptor], now: Double) -> Bool
  /// Stops whatever the source runs, before the stream ends.
  func stop()
}

extension LiveSource {
  var placeholder: String? { nil }
  var staleMark: String? { nil }
  var staleNote: String? { nil }
  var changedAt: Double? { nil }
}

/// Lines that never change: arguments, the demo, standard input read once.
final class FixedLines: LiveSource {
  let lines: TextLines
  init(_ lines: TextLines) { self.lines = lines }
  var descriptors: [FileDescriptor] { [] }
  var deadline: Double? { nil }
  func update(ready: [FileDescriptor], now: Double) -> Bool { false }
  func stop() {}
}

/// Writes a warning about a source that failed: once for each run of failures.
struct FailureReport {
  private var isReported = false

  /// Reports `message` on standard error unless this failure was reported already.
  mutating func fail(_ message: String) {
    guard !isReported else { return }
    isReported = true
    _ = FileDescriptor.standardError.writeAll(
      "ticker-status: warning: \(message); showing the last items\n")
  }

  /// Reports `message` as a warning with nothing more said, unless already reported:
  /// for a source whose items are shown but cut short.
  mutating func warn(_ message: String) {
    guard !isReported else { return }
    isReported = true
    _ = FileDescriptor.standardError.writeAll("ticker-status: warning: \(message)\n")
  }

  /// The source works again: its next failure is reported.
  mutating func recover() { isReported = false }
}
