/// A member's value in a JSON object, as far as the ticker needs one: click events
/// and JSON items read numbers, strings and booleans; arrays and objects inside are
/// skipped.
public enum JSONValue: Equatable, Sendable {
  /// A finite number, with its literal as written (a price keeps its digits).
  case number(Double, literal: String)
  case string(String)
  case bool(Bool)
  case null
  /// An array or an object, skipped.
  case nested

  /// The number, if this is one.
  public var number: Double? {
    if case .number(let value, _) = self { return value }
    return nil
  }

  /// The string, if this is one.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}

/// Reads the top-level members of one JSON object, such as a click event or a JSON
/// item. Click events come leniently framed (`scanObject()`): leading `[`, `,` and
/// white space are skipped, and so is what follows the object's end; a JSON item's
/// line must be the object alone (`scanOnlyObject()`). Nested arrays and objects are skipped (at most
/// `maximumDepth` deep), not kept.
///
/// Never traps and never loops, whatever the bytes: every step consumes a byte or
/// fails; a number is finite or the object is refused (`1e400`, `NaN`); a lone
/// surrogate escape becomes U+FFFD; a duplicated key keeps its last value.
///
/// - Complexity: O(n) in the bytes of the line.
public struct JSONObjectScanner {
  /// How deep arrays and objects may nest inside the object.
  public static let maximumDepth = 64
  /// The longest number literal read; a longer one refuses the object.
  public static let longestNumber = 64

  private let bytes: [UInt8]
  private var index = 0
  /// The keys whose nested values `scanOnlyObject(keepingNested:)` keeps, and where
  /// each such value is in `bytes`.
  private var keysKept: [String] = []
  private var kept: [String: Range<Int>] = [:]

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The object's members, or `nil` when the bytes are not one whole object; `[`, `,`
  /// and white space before it are skipped (an i3bar click event is a member of an
  /// endless array), and what follows it is not read.
  public mutating func scanObject() -> [String: JSONValue]? {
    while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A, 0x5B, 0x2C].contains(bytes[index]) {
      index += 1
    }
    return scanMembers()
  }

  /// The members of the object the bytes hold, with nothing but white space before
  /// and after it; `nil` for anything else (an array holding an object, an object
  /// after commas, a second value after it).
  public mutating func scanOnlyObject() -> [String: JSONValue]? {
    skipSpace()
    guard let members = scanMembers() else { return nil }
    skipSpace()
    return index == bytes.count ? members : nil
  }

  /// `scanOnlyObject()`, and the bytes of the nested values (an array, an object) of
  /// `keys`, for a scanner of their own (`scanOnlyObject()`, `scanOnlyArray()`).
  public mutating func scanOnlyObject(keepingNested keys: [String]) -> (
    members: [String: JSONValue], nested: [String: ArraySlice<UInt8>]
  )? {
    keysKept = keys
    guard let members = scanOnlyObject() else { return nil }
    return (members, kept.mapValues { bytes[$0] })
  }

  /// The values of the array the bytes hold, with nothing but white space before and
  /// after it; `nil` for anything else. Values nested in it are `nested`.
  public mutating func scanOnlyArray() -> [JSONValue]? {
    skipSpace()
    guard consume(0x5B) else { return nil }  // [
    var values: [JSONValue] = []
    skipSpace()
    if !consume(0x5D) {  // ]
      while true {
        skipSpace()
        guard let value = scanValue() else { return nil }
        values.append(value)
        skipSpace()
        if consume(0x2C) { continue }  // ,
        guard consume(0x5D) else { return nil }
        break
      }
    }
    skipSpace()
    return index == bytes.count ? values : nil
  }

  private mutating func scanMembers() -> [String: JSONValue]? {
    guard consume(0x7B) else { return nil }  // {
    var members: [String: JSONValue] = [:]
    skipSpace()
    if consume(0x7D) { return members }  // }
    while true {
      skipSpace()
      guard let key = scanString() else { return nil }
      skipSpace()
      guard consume(0x3A) else { return nil }  // :
      skipSpace()
      let start = index
      guard let value = scanValue() else { return nil }
      members[key] = value
      if value == .nested, keysKept.contains(key) { kept[key] = start..<index }
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

  private mutating func scanValue() -> JSONValue? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case 0x22: return scanString().map(JSONValue.string)
    case 0x7B, 0x5B: return skipNested() ? .nested : nil
    case 0x2D, 0x30...0x39: return scanNumber()
    default:
      let words: [(String, JSONValue)] = [
        ("true", .bool(true)), ("false", .bool(false)), ("null", .null),
      ]
      for (word, value) in words where bytes[index...].starts(with: word.utf8) {
        index += word.utf8.count
        return value
      }
      return nil
    }
  }

  private mutating func scanNumber() -> JSONValue? {
    let start = index
    while index < bytes.count,
      (0x30...0x39).contains(bytes[index]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[index])
    {
      index += 1
    }
    guard index - start <= Self.longestNumber else { return nil }
    let literal = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(literal), number.isFinite else { return nil }
    return .number(number, literal: literal)
  }

  /// A string literal, its escapes read (`\uXXXX` too, a surrogate pair as one scalar;
  /// a lone surrogate becomes U+FFFD).
  private mutating func scanString() -> String? {
    guard consume(0x22) else { return nil }
    var scalars = String.UnicodeScalarView()
    var start = index
    func flushRaw(to end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x22 || byte == 0x5C else {
        index += 1
        continue
      }
      flushRaw(to: index)
      index += 1
      if byte == 0x22 { return String(scalars) }
      guard let scalar = scanEscape() else { return nil }
      scalars.append(scalar)
      start = index
    }
    return nil
  }

  /// The scalar of the escape after a `\`.
  private mutating func scanEscape() -> Unicode.Scalar? {
    guard index < bytes.count else { return nil }
    let escape = bytes[index]
    index += 1
    switch escape {
    case 0x6E: return "\n"
    case 0x74: return "\t"
    case 0x72: return "\r"
    case 0x62: return "\u{8}"
    case 0x66: return "\u{C}"
    case 0x75:
      guard let unit = scanHex4() else { return nil }
      if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: [0x5C, 0x75]) {
        let rewind = index
        index += 2
        if let low = scanHex4(), (0xDC00...0xDFFF).contains(low) {
          return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        }
        index = rewind
      }
      return Unicode.Scalar(unit) ?? "\u{FFFD}"
    default: return Unicode.Scalar(escape)
    }
  }

  /// Four hexadecimal digits.
  private mutating func scanHex4() -> UInt32? {
    guard index + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    index += 4
    return value
  }

  /// Skips an array or object, strings inside it included, at most `maximumDepth` deep.
  private mutating func skipNested() -> Bool {
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        guard scanString() != nil else { return false }
        continue
      }
      index += 1
      if byte == 0x7B || byte == 0x5B {
        depth += 1
        if depth > Self.maximumDepth { return false }
      }
      if byte == 0x7D || byte == 0x5D {
        depth -= 1
        if depth == 0 { return true }
      }
    }
    return false
  }
}
