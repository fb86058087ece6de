import TickerCore

/// Splits bytes into lines as they arrive, for every reader of text here: files,
/// standard input, commands, the tmux control client.
///
/// A line ends at LF, CR LF or a lone CR (progress bars end their lines with CR alone);
/// the last line needs no end. A line longer than `maximumLineLength` bytes is cut at
/// the last whole grapheme cluster within it and marked with `…`; the rest of it is
/// skipped, not kept. A UTF-8 byte-order mark at the start of the first line (files
/// saved by Windows editors, some feeds) is skipped. Bytes are not decoded otherwise: a
/// line is handed over as bytes.
///
/// - Complexity: O(*n*) in the bytes fed: the ends of lines are found with `memchr(3)`
///   (`Memory.index`), each byte looked at once for LF and once for CR, and at most
///   `maximumLineLength` bytes are held between chunks.
struct LineSplitter {
  /// The longest line kept whole, in bytes: 64 KiB.
  static let maximumLineLength = 64 * 1024

  /// The start of a line that spans chunks (at most `maximumLineLength` bytes).
  private var pending: [UInt8] = []
  /// The line being read is longer than the limit: its rest is skipped.
  private var isCut = false
  /// The last chunk ended in CR: an LF at the start of the next belongs to it.
  private var afterCR = false
  /// How many lines were cut.
  private(set) var cutLines = 0
  /// No line has been handed over yet: a byte-order mark may start the next.
  private var atStart = true

  init() {}

  /// Splits `bytes`, calling `line` with each line that ends in them.
  mutating func feed(_ bytes: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void) {
    guard !bytes.isEmpty else { return }
    let count = bytes.count
    var start = 0
    if afterCR && bytes[0] == 0x0A { start = 1 }
    afterCR = false
    // The first LF and the first CR at or after `start` (`count` for none), each
    // searched for again only once `start` has passed it: a file without CR is
    // searched for CR once.
    var nextLF = Memory.index(of: 0x0A, in: bytes, from: start)
    var nextCR = Memory.index(of: 0x0D, in: bytes, from: start)
    while true {
      let end = min(nextLF, nextCR)
      guard end < count else { break }
      emit(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), line: line)
      start = end + 1
      if end == nextCR {
        if start == count {
          afterCR = true
        } else if bytes[start] == 0x0A {
          start += 1
        }
      }
      if nextLF < start { nextLF = Memory.index(of: 0x0A, in: bytes, from: start) }
      if nextCR < start { nextCR = Memory.index(of: 0x0D, in: bytes, from: start) }
    }
    keep(UnsafeRawBufferPointer(rebasing: bytes[start...]))
  }

  /// Hands over the last line, if it had no end.
  mutating func finish(line: (UnsafeRawBufferPointer) -> Void) {
    afterCR = false
    guard !pending.isEmpty || isCut else { return }
    emit(UnsafeRawBufferPointer(start: nil, count: 0), line: line)
  }

  /// Adds the start of an unfinished line to `pending`, up to the limit.
  private mutating func keep(_ bytes: UnsafeRawBufferPointer) {
    guard !isCut else { return }
    let room = Self.maximumLineLength - pending.count
    if bytes.count > room {
      pending.append(contentsOf: bytes[..<room])
      isCut = true
    } else {
      pending.append(contentsOf: bytes)
    }
  }

  /// Hands over the line that ends with `tail`: `pending` and `tail` together.
  private mutating func emit(_ tail: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void)
  {
    guard atStart else { return emitLine(tail, line: line) }
    atStart = false
    emitLine(tail) { first in
      line(
        Self.startsWithByteOrderMark(first) ? UnsafeRawBufferPointer(rebasing: first[3...]) : first)
    }
  }

  /// Whether `bytes` start with U+FEFF in UTF-8.
  private static func startsWithByteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  private mutating func emitLine(
    _ tail: UnsafeRawBufferPointer, line: (UnsafeRawBufferPointer) -> Void
  ) {
    if pending.isEmpty && !isCut && tail.count <= Self.maximumLineLength {
      line(tail)
      return
    }
    keep(tail)
    var whole = pending
    if isCut {
      whole = Self.cut(whole)
      cutLines += 1
    }
    pending.removeAll(keepingCapacity: true)
    isCut = false
    whole.withUnsafeBytes { line($0) }
  }

  /// The first bytes of an overlong line, up to its last whole grapheme cluster, and
  /// `…`; without the `…` when nothing in them is visible (a line of NULs stays blank).
  static func cut(_ bytes: [UInt8]) -> [UInt8] {
    var text = String(decoding: bytes, as: UTF8.self)
    // The last cluster may be a part: a multi-byte scalar or a sequence cut short.
    if !text.isEmpty { text.removeLast() }
    let visible = text.unicodeScalars.contains { scalar in
      let properties = scalar.properties
      return
        !(properties.isWhitespace || properties.generalCategory == .control
        || properties.generalCategory == .format)
    }
    return Array(text.utf8) + (visible ? Array("…".utf8) : [])
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
  /// The bytes of every line together, ends not counted.
  var byteCount: Int { bytes.count }

  mutating func append(_ line: UnsafeRawBufferPointer) {
    if ends.isEmpty && bytes.capacity == 0 {
      // Room for a status line's worth of lines at once: grown from empty by doubling,
      // 50 quotes took 13 reallocations (3,000 instructions of a one-shot).
      bytes.reserveCapacity(max(line.count, TextLines.firstBytes))
      ends.reserveCapacity(TextLines.firstLines)
    }
    bytes.append(contentsOf: line)
    ends.append(bytes.count)
  }

  /// The bytes and lines a list has room for from its first line.
  static let firstBytes = 4096
  static let firstLines = 128

  /// The lines as text again, each ended by LF.
  var joined: [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + ends.count)
    var start = 0
    for end in ends {
      output += bytes[start..<end]
      output.append(0x0A)
      start = end
    }
    return output
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
    withLines(in: 0..<count, body)
  }

  /// Calls `body` with the lines at `indices`, in order.
  func withLines(in indices: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Void) {
    bytes.withUnsafeBytes { all in
      var start = indices.lowerBound == 0 ? 0 : ends[indices.lowerBound - 1]
      for index in indices {
        body(UnsafeRawBufferPointer(rebasing: all[start..<ends[index]]))
        start = ends[index]
      }
    }
  }
}
