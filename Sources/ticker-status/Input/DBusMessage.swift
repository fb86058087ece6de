/// Why bytes from a bus are not a message this program reads: anything it does not
/// expect, however well-formed, is one of these, and ends the connection.
enum DBusError: Error, Equatable {
  /// Not the wire format: a bad endianness mark, version or type, a length past the
  /// end, padding that is not zero, text that is not UTF-8, an odd signature.
  case malformed
  /// A message longer than `DBusMessage.longest`.
  case tooLong
}

/// A D-Bus message as the wire protocol writes it (the specification's "Message
/// Format"): a 16-byte fixed header (endianness `l` or `B`, type, flags, version 1,
/// the body's length, the serial, the header fields' length), the header fields as
/// an array of `(BYTE, VARIANT)` structs, padding to 8, the body.
///
/// Only what a portal client needs is read and written: method calls whose arguments
/// are strings, and, read back, the header fields of basic types, and a body's
/// strings and `UINT32` in variants (`reducedMotion(in:)`). Every read is bounded by
/// the bytes there are; nothing here traps on what a bus sends.
struct DBusMessage: Equatable {
  enum Kind: UInt8 {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
  }

  /// The longest message this program reads, fixed header and padding included: its
  /// answers and signals are well under a kilobyte.
  static let longest = 65536

  var kind: Kind
  var serial: UInt32
  var replySerial: UInt32?
  var path: String?
  var interface: String?
  var member: String?
  var errorName: String?
  var destination: String?
  var sender: String?
  /// The body's signature; empty for no body.
  var signature = ""
  /// The body, aligned as at offset 0 of a little- or big-endian message (`bigEndian`).
  var body: [UInt8] = []
  var bigEndian = false

  /// A method call of `member` with string arguments, written little-endian.
  static func methodCall(
    serial: UInt32, destination: String, path: String, interface: String, member: String,
    strings: [String] = []
  ) -> [UInt8] {
    var fields = WireWriter(startingAt: 16)
    fields.field(1, type: "o", string: path)
    fields.field(2, type: "s", string: interface)
    fields.field(3, type: "s", string: member)
    fields.field(6, type: "s", string: destination)
    if !strings.isEmpty {
      fields.field(8, type: "g", string: String(repeating: "s", count: strings.count))
    }
    var body = WireWriter(startingAt: 0)
    for string in strings { body.string(string) }
    var message = WireWriter(startingAt: 0)
    message.bytes = [UInt8(ascii: "l"), Kind.methodCall.rawValue, 0, 1]
    message.uint32(UInt32(body.bytes.count))
    message.uint32(serial)
    message.uint32(UInt32(fields.bytes.count))
    message.bytes += fields.bytes
    message.align(8)
    return message.bytes + body.bytes
  }

  /// The whole length of the message `bytes` start with, once its fixed header is
  /// there (`nil` before); `tooLong` past `longest`, `malformed` when it is not a
  /// header.
  static func length(of bytes: ArraySlice<UInt8>) throws(DBusError) -> Int? {
    guard bytes.count >= 16 else { return nil }
    var reader = try WireReader(bytes, checkingHeader: true)
    reader.offset = 4
    let bodyLength = Int(try reader.uint32())
    reader.offset = 12
    let fieldsLength = Int(try reader.uint32())
    // Each below 2^32: the sum cannot overflow an Int.
    let whole = (16 + fieldsLength + 7) / 8 * 8 + bodyLength
    guard whole <= longest else { throw .tooLong }
    return whole
  }

  /// The message that is exactly `bytes`.
  init(parsing bytes: ArraySlice<UInt8>) throws(DBusError) {
    guard let whole = try DBusMessage.length(of: bytes), whole == bytes.count else {
      throw .malformed
    }
    var reader = try WireReader(bytes, checkingHeader: true)
    bigEndian = reader.bigEndian
    reader.offset = 1
    guard let kind = Kind(rawValue: try reader.byte()) else { throw .malformed }
    self.kind = kind
    reader.offset = 8
    serial = try reader.uint32()
    let fieldsEnd = 16 + Int(try reader.uint32())
    guard serial != 0 else { throw .malformed }
    while reader.offset < fieldsEnd {
      try reader.align(8)
      try readField(&reader)
    }
    guard reader.offset == fieldsEnd else { throw .malformed }
    try reader.align(8)
    body = Array(bytes[(bytes.startIndex + reader.offset)...])
    guard signature.isEmpty == body.isEmpty else { throw .malformed }
  }

  /// One header field: its code and a variant of a basic type; codes this program does
  /// not use are skipped, as the specification asks.
  private mutating func readField(_ reader: inout WireReader) throws(DBusError) {
    let code = try reader.byte()
    let type = try reader.signature()
    guard type.utf8.count == 1, let letter = type.utf8.first else { throw .malformed }
    switch (code, letter) {
    case (1, UInt8(ascii: "o")): path = try reader.string()
    case (2, UInt8(ascii: "s")): interface = try reader.string()
    case (3, UInt8(ascii: "s")): member = try reader.string()
    case (4, UInt8(ascii: "s")): errorName = try reader.string()
    case (5, UInt8(ascii: "u")): replySerial = try reader.uint32()
    case (6, UInt8(ascii: "s")): destination = try reader.string()
    case (7, UInt8(ascii: "s")): sender = try reader.string()
    case (8, UInt8(ascii: "g")): signature = try reader.signature()
    case (1...8, _): throw .malformed
    default: try reader.skip(basic: letter)
    }
  }

  /// The body's leading strings, while the signature starts with `s`.
  func strings() throws(DBusError) -> [String] {
    var reader = try WireReader(body[...], bigEndian: bigEndian)
    var found: [String] = []
    for letter in signature.utf8 {
      guard letter == UInt8(ascii: "s") else { break }
      found.append(try reader.string())
    }
    return found
  }

  /// The `UINT32` in the variant that ends the body after `leading` strings (the
  /// Settings portal's `ReadOne` answer is `v`, `Read`'s a variant in a variant, its
  /// `SettingChanged` signal `ssv`); `nil` when the variant holds something else.
  func uint32InVariant(after leading: Int) throws(DBusError) -> UInt32? {
    guard signature == String(repeating: "s", count: leading) + "v" else { return nil }
    var reader = try WireReader(body[...], bigEndian: bigEndian)
    for _ in 0..<leading { _ = try reader.string() }
    // A variant of a variant at most: Read's answer, and no deeper.
    for _ in 0..<2 {
      switch try reader.signature() {
      case "u":
        let value = try reader.uint32()
        guard reader.offset == body.count else { throw .malformed }
        return value
      case "v": continue
      default: return nil
      }
    }
    return nil
  }
}
