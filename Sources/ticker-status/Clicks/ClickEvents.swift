import TickerCore

/// Reads the click events a bar writes to standard input, without ever blocking the
/// frames: i3bar's protocol (a `[`, then one JSON object a line, each after a comma,
/// with `button`, `relative_x` and `width`), i3blocks 1.5's JSON lines (the same
/// fields, for a block with `format=json`), or i3blocks 1.5's plain lines (the button
/// alone).
///
/// A line that is not a click is skipped, with one warning; standard input's flags are
/// left alone (they are shared), so it is read only when `poll(2)` says it is ready.
final class ClickEventReader {
  enum Lines {
    /// JSON objects (i3bar, i3blocks with `format=json`).
    case json
    /// A button number a line (i3blocks without `format=json`).
    case buttons
  }

  let lines: Lines
  private var reader = LineReader()
  /// Whether standard input has not reached its end.
  var isOpen: Bool { !reader.hasEnded }
  private var warned = false

  init(_ lines: Lines) { self.lines = lines }

  var descriptor: FileDescriptor? { isOpen ? .standardInput : nil }

  /// The clicks in what standard input has now (up to one chunk).
  func read() -> [ClickEvent] {
    guard isOpen else { return [] }
    var events: [ClickEvent] = []
    let handle: (UnsafeRawBufferPointer) -> Void = { line in
      if let event = self.event(in: line) {
        events.append(event)
      } else if !self.isNoise(line) && !self.warned {
        self.warned = true
        _ = FileDescriptor.standardError.writeAll(
          "ticker-status: warning: standard input holds a line that is not a click event; "
            + "skipping such lines\n")
      }
    }
    _ = reader.read(
      .standardInput, budget: Reading.chunkSize, mayBlock: true, line: handle)
    return events
  }

  /// The protocol's framing, which carries no click: `[` and blank lines.
  private func isNoise(_ line: UnsafeRawBufferPointer) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "[") }
  }

  /// The click on one line, if it holds one.
  func event(in line: UnsafeRawBufferPointer) -> ClickEvent? {
    switch lines {
    case .buttons: ClickEvent(buttonLine: Array(line))
    case .json: ClickEvent(json: Array(line))
    }
  }
}
