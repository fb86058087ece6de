/// D-Bus's marshalling of the basic types this program reads and writes: each value
/// aligned to its size from the message's start (a string's and a `UINT32`'s to 4, a
/// struct's to 8, a signature's and a byte's not at all), padding zero.
struct WireWriter {
  var bytes: [UInt8] = []
  /// Where `bytes` start in the message, for alignment.
  private let start: Int

  init(startingAt start: Int) { self.start = start }

  mutating func align(_ size: Int) {
    while (start + bytes.count) % size != 0 { bytes.append(0) }
  }

  mutating func uint32(_ value: UInt32) {
    align(4)
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// `STRING` or `OBJECT_PATH`: the length, the UTF-8, a NUL.
  mutating func string(_ value: String) {
    uint32(UInt32(value.utf8.count))
    bytes += value.utf8
    bytes.append(0)
  }

  /// `SIGNATURE`: a byte's length, the text, a NUL.
  mutating func signature(_ value: String) {
    bytes.append(UInt8(value.utf8.count))
    bytes += value.utf8
    bytes.append(0)
  }

  /// A header field: a struct of the code and a variant of `type` holding `string`.
  mutating func field(_ code: UInt8, type: String, string value: String) {
    align(8)
    bytes.append(code)
    signature(type)
    if type == "g" { signature(value) } else { string(value) }
  }
}

/// Reading the wire format within `bytes`: every read checks that it stays inside,
/// that padding is zero and that text is UTF-8 without a NUL, and throws otherwise.
struct WireReader {
  private let bytes: [UInt8]
  let bigEndian: Bool
  /// The next byte to read, from the message's start.
  var offset = 0

  init(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(DBusError) {
    self.bytes = Array(bytes)
    self.bigEndian = bigEndian
  }

  /// A message's bytes, its endianness from its first byte; with `checkingHeader`, its
  /// version must be 1 and its type one of the four.
  init(_ bytes: ArraySlice<UInt8>, checkingHeader: Bool) throws(DBusError) {
    guard let mark = bytes.first, mark == UInt8(ascii: "l") || mark == UInt8(ascii: "B") else {
      throw .malformed
    }
    self.bytes = Array(bytes.prefix(DBusMessage.longest))
    bigEndian = mark == UInt8(ascii: "B")
    if checkingHeader {
      guard self.bytes.count >= 16, self.bytes[3] == 1, (1...4).contains(self.bytes[1]) else {
        throw .malformed
      }
    }
  }

  mutating func align(_ size: Int) throws(DBusError) {
    let next = (offset + size - 1) / size * size
    guard next <= bytes.count, bytes[offset..<next].allSatisfy({ $0 == 0 }) else {
      throw .malformed
    }
    offset = next
  }

  mutating func byte() throws(DBusError) -> UInt8 {
    guard offset < bytes.count else { throw .malformed }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func uint32() throws(DBusError) -> UInt32 {
    try align(4)
    guard bytes.count - offset >= 4 else { throw .malformed }
    var value: UInt32 = 0
    for index in 0..<4 {
      let shift = bigEndian ? 24 - 8 * index : 8 * index
      value |= UInt32(bytes[offset + index]) << shift
    }
    offset += 4
    return value
  }

  /// `STRING` or `OBJECT_PATH`.
  mutating func string() throws(DBusError) -> String {
    let length = Int(try uint32())
    return try text(length: length)
  }

  /// `SIGNATURE`.
  mutating func signature() throws(DBusError) -> String {
    try text(length: Int(try byte()))
  }

  private mutating func text(length: Int) throws(DBusError) -> String {
    guard length < bytes.count - offset, bytes[offset + length] == 0 else { throw .malformed }
    let utf8 = bytes[offset..<(offset + length)]
    guard !utf8.contains(0), let text = String(validating: utf8, as: UTF8.self) else {
      throw .malformed
    }
    offset += length + 1
    return text
  }

  /// Steps over a value of basic type `letter`; anything else (containers, unknown
  /// letters) is `malformed` here.
  mutating func skip(basic letter: UInt8) throws(DBusError) {
    let size: Int
    switch letter {
    case UInt8(ascii: "y"): size = 1
    case UInt8(ascii: "n"), UInt8(ascii: "q"): size = 2
    case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "h"): size = 4
    case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"): size = 8
    case UInt8(ascii: "s"), UInt8(ascii: "o"):
      _ = try string()
      return
    case UInt8(ascii: "g"):
      _ = try signature()
      return
    default: throw .malformed
    }
    try align(size)
    guard bytes.count - offset >= size else { throw .malformed }
    offset += size
  }
}
