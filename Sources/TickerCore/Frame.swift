/// One rendered window: styled runs that together fill exactly the window's width.
public struct Frame: Hashable, Sendable {
  /// The runs, each in one style; neighbouring runs differ in style.
  public var runs: [StyledRun]

  /// A frame of `runs`; the caller keeps them to the window's width.
  public init(runs: [StyledRun]) { self.runs = runs }

  /// The frame's text without styles.
  public var text: String { runs.reduce(into: "") { $0 += $1.text } }

  /// The frame with `left` and `right` spaces of padding in the plain style.
  public func padded(left: Int, right: Int) -> Frame {
    var builder = FrameBuilder()
    builder.appendSpaces(left, style: .plain)
    for run in runs { builder.append(run.text.utf8, style: run.style) }
    builder.appendSpaces(right, style: .plain)
    return builder.frame()
  }
}

/// Collects the bytes of a frame, closing a run whenever the style changes.
struct FrameBuilder {
  private var runs: [StyledRun] = []
  private var pending: [UInt8] = []
  private var pendingStyle = Style.plain

  init() {}

  mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes, style: Style) {
    if style != pendingStyle { flush(nextStyle: style) }
    pending.append(contentsOf: bytes)
  }

  /// Appends one byte: the usual cluster, an ASCII character.
  @inline(__always)
  mutating func append(byte: UInt8, style: Style) {
    if style != pendingStyle { flush(nextStyle: style) }
    pending.append(byte)
  }

  mutating func appendSpaces(_ count: Int, style: Style) {
    guard count > 0 else { return }
    if style != pendingStyle { flush(nextStyle: style) }
    pending.append(contentsOf: repeatElement(0x20, count: count))
  }

  private mutating func flush(nextStyle: Style) {
    if !pending.isEmpty {
      runs.append(StyledRun(String(decoding: pending, as: UTF8.self), style: pendingStyle))
      pending.removeAll(keepingCapacity: true)
    }
    pendingStyle = nextStyle
  }

  mutating func frame() -> Frame {
    flush(nextStyle: .plain)
    return Frame(runs: runs)
  }
}
