/// Splits bytes into lines as they arrive, for every reader of text here: files,
/// standard input, commands, the tmux control client.
///
/// A line ends at LF or CR LF; the last line needs no end. Bytes are not decoded
/// here: a line is handed over as bytes, to be read as UTF-8 by its user.
///
/// - Complexity: O(*n*) in the bytes fed: each byte is looked at once.
struct LineSplitter {
  /// The current line, when it spans chunks.
  private var pending: [UInt8] = []

  init() {}

  /// Splits `bytes`, calling `line` with each line that ends in them.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void) {
    var start = 0
    for index in 0..<bytes.count where bytes[index] == 0x0A {
      emit(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), line: line)
      start = index + 1
    }
    pending.append(contentsOf: bytes[start...])
  }

  /// Hands over the last line, if it had no end.
  mutating func finish(line: (UnsafeRawBufferPointer) -> Void) {
    guard !pending.isEmpty else { return }
    let rest = pending
    pending = []
    rest.withUnsafeBytes { emit($0, line: line) }
  }

  /// Hands over the line that ends with `tail`: `pending` and `tail` together.
  private mutating func emit(_ tail: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void)
  {
    if pending.isEmpty {
      line(Self.droppingCR(tail))
      return
    }
    pending.append(contentsOf: tail)
    let whole = pending
    pending = []
    whole.withUnsafeBytes { line(Self.droppingCR($0)) }
  }

  private static func droppingCR(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
    line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
  }

  /// Every line of `bytes`.
  static func lines(of bytes: [UInt8]) -> [String] {
    var result: [String] = []
    var splitter = LineSplitter()
    bytes.withUnsafeBytes {
      splitter.feed($0) { result.append(String(decoding: $0, as: UTF8.self)) }
    }
    splitter.finish { result.append(String(decoding: $0, as: UTF8.self)) }
    return result
  }
}

/// The lines a source gave, kept as one byte buffer rather than as strings.
struct TextLines: Equatable {
  private var bytes: [UInt8] = []
  /// The end of each line in `bytes`.
  private var ends: [Int] = []

  init() {}

  /// The lines of `texts`, one each.
  init(_ texts: [String]) {
    for text in texts {
      var text = text
      text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Every line of `bytes` (see `LineSplitter`).
  init(splitting bytes: [UInt8]) {
    var splitter = LineSplitter()
    bytes.withUnsafeBytes { splitter.feed($0) { append($0) } }
    splitter.finish { append($0) }
  }

  var count: Int { ends.count }
  var isEmpty: Bool { ends.isEmpty }

  mutating func append(_ line: UnsafeRawBufferPointer) {
    bytes.append(contentsOf: line)
    ends.append(bytes.count)
  }

  /// Whether any line satisfies `predicate`, looking at the lines in order.
  func contains(where predicate: (UnsafeRawBufferPointer) -> Bool) -> Bool {
    bytes.withUnsafeBytes { all in
      var start = 0
      for end in ends {
        if predicate(UnsafeRawBufferPointer(rebasing: all[start..<end])) { return true }
        start = end
      }
      return false
    }
  }

  /// Calls `body` with each line, in order.
  func withEachLine(_ body: (UnsafeRawBufferPointer) -> Void) {
    bytes.withUnsafeBytes { all in
      var start = 0
      for end in ends {
        body(UnsafeRawBufferPointer(rebasing: all[start..<end]))
        start = end
      }
    }
  }
}
