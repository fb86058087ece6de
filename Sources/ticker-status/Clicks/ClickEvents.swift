/// One click a bar reported on standard input.
struct ClickEvent: Equatable {
  /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
  var button: Int
  /// Where the click was, in pixels from the block's left edge, and the block's width
  /// in pixels; `nil` when the bar does not say (the item at the left edge is meant).
  var relativeX: Double?
  var width: Double?

  /// The column of a window `cells` wide the click was on, with a monospace font: the
  /// block's pixels spread evenly over its cells. `nil` without a position.
  func column(ofCells cells: Int) -> Int? {
    guard let relativeX, let width, width > 0, cells > 0 else { return nil }
    let column = Int((relativeX * Double(cells) / width).rounded(.down))
    return min(max(column, 0), cells - 1)
  }
}

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
  private var splitter = LineSplitter()
  private(set) var isOpen = true
  private var warned = false

  init(_ lines: Lines) { self.lines = lines }

  var descriptor: FileDescriptor? { isOpen ? .standardInput : nil }

  /// The clicks in what standard input has now (one `read(2)`).
  func read() -> [ClickEvent] {
    guard isOpen else { return [] }
    var events: [ClickEvent] = []
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Reading.chunkSize, alignment: 16)
    defer { chunk.deallocate() }
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
    switch FileDescriptor.standardInput.read(into: chunk) {
    case .success(let count) where count > 0:
      splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: handle)
    case .failure(let error) where error == .wouldBlock:
      break
    case .success, .failure:
      isOpen = false
      splitter.finish(line: handle)
    }
    return events
  }

  /// The protocol's framing, which carries no click: `[` and blank lines.
  private func isNoise(_ line: UnsafeRawBufferPointer) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "[") }
  }

  /// The click on one line, if it holds one.
  func event(in line: UnsafeRawBufferPointer) -> ClickEvent? {
    switch lines {
    case .buttons:
      let text = String(decoding: line, as: UTF8.self)
      guard let button = Int(text.trimmingSpaces), (1...5).contains(button) else { return nil }
      return ClickEvent(button: button)
    case .json:
      var scanner = JSONObjectScanner(Array(line))
      guard let object = scanner.scanObject(), case .number(let button)? = object["button"],
        let buttonNumber = Int(exactly: button), (1...5).contains(buttonNumber)
      else { return nil }
      var event = ClickEvent(button: buttonNumber)
      if case .number(let x)? = object["relative_x"], case .number(let width)? = object["width"] {
        event.relativeX = x
        event.width = width
      }
      return event
    }
  }
}

extension String {
  /// The string without spaces and tabs at either end.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return "" }
    let end = lastIndex(where: { !isSpace($0) })!
    return self[start...end]
  }
}

/// Reads the top-level members of one JSON object, such as a click event, leniently
/// framed: leading `[`, `,` and white space are skipped. Nested arrays and objects
/// are skipped, not kept. Never traps, whatever the bytes.
struct JSONObjectScanner {
  /// A member's value, as far as clicks need one.
  enum Value: Equatable {
    case number(Double)
    case string(String)
    case other
  }

  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The object's members, or `nil` when the bytes are not one whole object.
  mutating func scanObject() -> [String: Value]? {
    while index < bytes.count, [0x20, 0x09, 0x0D, 0x5B, 0x2C].contains(bytes[index]) {
      index += 1
    }
    guard consume(0x7B) else { return nil }  // {
    var members: [String: Value] = [:]
    skipSpace()
    if consume(0x7D) { return members }  // }
    while true {
      skipSpace()
      guard let key = scanString() else { return nil }
      skipSpace()
      guard consume(0x3A) else { return nil }  // :
      skipSpace()
      guard let value = scanValue(depth: 0) else { return nil }
      members[key] = value
      skipSpace()
      if consume(0x2C) { continue }  // ,
      return consume(0x7D) ? members : nil
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
  }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func scanValue(depth: Int) -> Value? {
    guard index < bytes.count, depth < 64 else { return nil }
    switch bytes[index] {
    case 0x22: return scanString().map(Value.string)
    case 0x7B, 0x5B: return skipNested() ? .other : nil
    case 0x2D, 0x30...0x39: return scanNumber()
    default:
      for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
        index += word.utf8.count
        return .other
      }
      return nil
    }
  }

  private mutating func scanNumber() -> Value? {
    let start = index
    while index < bytes.count,
      (0x30...0x39).contains(bytes[index]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[index])
    {
      index += 1
    }
    guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
      number.isFinite
    else { return nil }
    return .number(number)
  }

  /// A string literal, its escapes read (`\uXXXX` too; a lone surrogate becomes U+FFFD).
  private mutating func scanString() -> String? {
    guard consume(0x22) else { return nil }
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    func flushRaw() {
      scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x22:
        flushRaw()
        return String(scalars)
      case 0x5C:
        flushRaw()
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case 0x6E: scalars.append("\n")
        case 0x74: scalars.append("\t")
        case 0x72: scalars.append("\r")
        case 0x62: scalars.append("\u{8}")
        case 0x66: scalars.append("\u{C}")
        case 0x75:
          guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
          else { return nil }
          index += 4
          scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        default: scalars.append(Unicode.Scalar(escape))
        }
      default:
        raw.append(byte)
      }
    }
    return nil
  }

  /// Skips an array or object, strings inside it included.
  private mutating func skipNested() -> Bool {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        guard scanString() != nil else { return false }
        continue
      }
      index += 1
      if byte == 0x7B || byte == 0x5B { depth += 1 }
      if byte == 0x7D || byte == 0x5D {
        depth -= 1
        if depth == 0 { return true }
      }
    }
    return false
  }
}
