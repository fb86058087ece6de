/// A decimal number written as text, rounded to a number of decimals as text, so that
/// a price keeps every digit it has up to there (no binary floating point between).
public enum DecimalText {
  /// `literal` (an optional sign, digits, an optional `.` and digits) rounded half away
  /// from zero to `places` decimals, padded with zeros to them; `nil` when `literal` is
  /// not such a number (an exponent, a space, no digits). A result of zero has no sign.
  ///
  /// - Complexity: O(length of `literal` + `places`).
  public static func rounded(_ literal: String, places: Int) -> String? {
    guard places >= 0 else { return nil }
    var bytes = Array(literal.utf8)
    var sign: [UInt8] = []
    if let first = bytes.first, first == 0x2B || first == 0x2D {
      sign = first == 0x2D ? [0x2D] : []
      bytes.removeFirst()
    }
    let point = bytes.firstIndex(of: 0x2E)
    var whole = Array(bytes[..<(point ?? bytes.count)])
    var fraction = point.map { Array(bytes[($0 + 1)...]) } ?? []
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    guard !whole.isEmpty, whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit),
      point == nil || !fraction.isEmpty
    else { return nil }
    let roundsUp = fraction.count > places && fraction[places] >= 0x35
    fraction =
      Array(fraction.prefix(places))
      + Array(repeating: 0x30, count: max(0, places - fraction.count))
    if roundsUp {
      var digits = whole + fraction
      var index = digits.count - 1
      while index >= 0 && digits[index] == 0x39 {
        digits[index] = 0x30
        index -= 1
      }
      if index >= 0 { digits[index] += 1 } else { digits.insert(0x31, at: 0) }
      whole = Array(digits[..<(digits.count - places)])
      fraction = Array(digits[(digits.count - places)...])
    }
    if (whole + fraction).allSatisfy({ $0 == 0x30 }) { sign = [] }
    let text = sign + whole + (places > 0 ? [0x2E] + fraction : [])
    return String(decoding: text, as: UTF8.self)
  }
}
