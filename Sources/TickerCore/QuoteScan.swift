// Reading a quote line in place: where its fields are and which way its change goes,
// without making a `String` (`Quote(parsing:)` and `StripBuilder.appendQuote`).

extension Quote {
  /// Where a field is in a line's bytes.
  struct Field: Equatable {
    var start: Int
    var end: Int
    var range: Range<Int> { start..<end }
  }

  /// A quote line read in place: where its fields are, and its trend.
  struct Scan: Equatable {
    var symbol: Field
    var price: Field
    /// The change's magnitude (the change without its sign); `nil` when none is given.
    var change: Field?
    var trend: Trend

    /// Reads `utf8` as `init(parsing:)` reads a line; `nil` when it is not a quote.
    ///
    /// The usual line (`Usual`) is read in one pass; any other goes the general way.
    init?(_ utf8: UnsafeBufferPointer<UInt8>) {
      if let usual = Usual.scan(utf8) {
        self = usual
        return
      }
      self.init(general: utf8)
    }

    init(symbol: Field, price: Field, change: Field?, trend: Trend) {
      self.symbol = symbol
      self.price = price
      self.change = change
      self.trend = trend
    }

    /// Reads `utf8` the general way: fields split on white space or on commas
    /// (`Fields`), each number read on its own (`Number`).
    init?(general utf8: UnsafeBufferPointer<UInt8>) {
      guard let fields = Fields(utf8), fields.count == 2 || fields.count == 3,
        Number(utf8, fields[1], allowsPercent: false) != nil
      else { return nil }
      symbol = fields[0]
      price = fields[1]
      guard fields.count == 3 else {
        change = nil
        trend = .flat
        return
      }
      guard let number = Number(utf8, fields[2], allowsPercent: true),
        let trend = Quote.trend(isZero: number.isZero, negative: number.negative)
      else { return nil }
      self.trend = trend
      change = number.magnitude
    }
  }

  /// The trend of a change: flat when every digit is 0, else its sign's; `nil` for a
  /// change that is not 0 and has no sign (then the line is not a quote).
  static func trend(isZero: Bool, negative: Bool?) -> Trend? {
    if isZero { return .flat }
    guard let negative else { return nil }
    return negative ? .down : .up
  }

  /// The usual quote line, `SYMBOL PRICE CHANGE` or `SYMBOL PRICE`, one space between
  /// fields and none around them, no tab or comma, read in one pass of its bytes: what
  /// the fetchers and the demo print, at every quote of a one-shot. `Scan(general:)`
  /// reads such a line the same (`QuoteTests` holds the two together); any other line
  /// is left to it.
  enum Usual {
    /// The line read, when it is a usual quote line and a quote; else `nil`, whether
    /// it is a quote or not.
    static func scan(_ utf8: UnsafeBufferPointer<UInt8>) -> Scan? {
      guard let base = utf8.baseAddress else { return nil }
      let count = utf8.count
      var index = 0
      while index < count {
        let byte = base[index]
        if byte == 0x20 { break }
        if byte == 0x09 || byte == 0x2C { return nil }
        index &+= 1
      }
      guard index > 0, index < count else { return nil }
      let symbol = Field(start: 0, end: index)
      guard let price = number(base, from: index &+ 1, count: count, allowsPercent: false)
      else { return nil }
      guard price.end < count else {
        return Scan(symbol: symbol, price: price.field, change: nil, trend: .flat)
      }
      guard let change = number(base, from: price.end &+ 1, count: count, allowsPercent: true),
        change.end == count,
        let trend = Quote.trend(isZero: change.isZero, negative: change.negative)
      else { return nil }
      return Scan(symbol: symbol, price: price.field, change: change.magnitude, trend: trend)
    }

    /// `[+-]digits[.digits]`, with a final `%` when allowed, from `start` to the next
    /// space or the end; `nil` when it is empty or holds anything else (a tab, a comma,
    /// a second point).
    @inline(__always)
    private static func number(
      _ base: UnsafePointer<UInt8>, from start: Int, count: Int, allowsPercent: Bool
    ) -> (field: Field, magnitude: Field, end: Int, negative: Bool?, isZero: Bool)? {
      var index = start
      var negative: Bool?
      if index < count {
        let sign = base[index]
        if sign == 0x2B || sign == 0x2D {
          negative = sign == 0x2D
          index &+= 1
        }
      }
      let digitsStart = index
      var digits = 0
      var nonZero = false
      var points = 0
      var percent = false
      while index < count {
        let byte = base[index]
        if byte &- 0x30 < 10 {
          guard !percent else { return nil }
          digits &+= 1
          if byte != 0x30 { nonZero = true }
        } else if byte == 0x2E {
          guard !percent else { return nil }
          points &+= 1
        } else if byte == 0x25 && allowsPercent && !percent {
          percent = true
        } else if byte == 0x20 {
          break
        } else {
          return nil
        }
        index &+= 1
      }
      guard digits > 0, points <= 1, index > start else { return nil }
      let magnitudeStart = negative == nil ? start : digitsStart
      return (
        Field(start: start, end: index), Field(start: magnitudeStart, end: index), index,
        negative, !nonZero
      )
    }
  }

  /// The first three fields of a line: split on white space when there is any
  /// (dropping commas at field ends), else on commas.
  struct Fields {
    private(set) var count = 0
    private var fields = (Field(start: 0, end: 0), Field(start: 0, end: 0), Field(start: 0, end: 0))

    subscript(index: Int) -> Field {
      switch index {
      case 0: return fields.0
      case 1: return fields.1
      default: return fields.2
      }
    }

    /// `nil` when the line cannot be a quote: more than three fields, or an empty one
    /// between commas.
    ///
    /// - Complexity: O(length of the line): one pass over a line with white space (the
    ///   usual quote), two over one without.
    init?(_ utf8: UnsafeBufferPointer<UInt8>) {
      var sawSpace = false
      guard let bySpace = Self(utf8, splitsOnSpace: true, sawSpace: &sawSpace) else {
        return nil
      }
      guard !sawSpace else {
        self = bySpace
        return
      }
      guard let byComma = Self(utf8, splitsOnSpace: false, sawSpace: &sawSpace) else {
        return nil
      }
      self = byComma
    }

    /// The fields split on white space or on commas; `sawSpace` is set when a space or
    /// a tab was met (splitting on white space stops at a fourth field, which may be
    /// before one is). Inlined, so that each pass tests its own separators.
    @inline(__always)
    private init?(
      _ utf8: UnsafeBufferPointer<UInt8>, splitsOnSpace: Bool, sawSpace: inout Bool
    ) {
      let space = UInt8(ascii: " ")
      let tab = UInt8(ascii: "\t")
      let comma = UInt8(ascii: ",")
      var start = 0
      while true {
        var end = start
        while end < utf8.count {
          let byte = utf8[end]
          if splitsOnSpace ? byte == space || byte == tab : byte == comma { break }
          end += 1
        }
        if splitsOnSpace && end < utf8.count { sawSpace = true }
        var low = start
        var high = end
        while low < high && utf8[low] == comma { low += 1 }
        while high > low && utf8[high - 1] == comma { high -= 1 }
        if low < high {
          let field = Field(start: low, end: high)
          switch count {
          case 0: fields.0 = field
          case 1: fields.1 = field
          case 2: fields.2 = field
          default: return nil
          }
          count += 1
        } else if !splitsOnSpace {
          return nil
        }
        guard end < utf8.count else { return }
        start = end + 1
      }
    }
  }

  /// `[+-]digits[.digits]` (the sign may be U+2212 MINUS SIGN), with a final `%` when
  /// allowed, read from a field of a line.
  struct Number {
    /// Whether a sign was given and was negative; `nil` for none.
    var negative: Bool?
    /// Whether every digit is 0.
    var isZero: Bool
    /// The number without its sign.
    var magnitude: Field

    init?(_ utf8: UnsafeBufferPointer<UInt8>, _ field: Field, allowsPercent: Bool) {
      let plus: UInt8 = 0x2B
      let minus: UInt8 = 0x2D
      let percent: UInt8 = 0x25
      let point: UInt8 = 0x2E
      var start = field.start
      var end = field.end
      if end > start && (utf8[start] == plus || utf8[start] == minus) {
        negative = utf8[start] == minus
        start += 1
      } else if end - start >= 3 && utf8[start] == 0xE2 && utf8[start + 1] == 0x88
        && utf8[start + 2] == 0x92
      {
        negative = true
        start += 3
      }
      magnitude = Field(start: negative == nil ? field.start : start, end: field.end)
      if allowsPercent && end > start && utf8[end - 1] == percent { end -= 1 }
      var digits = 0
      var nonZero = false
      var points = 0
      for index in start..<end {
        let byte = utf8[index]
        if byte == point {
          points += 1
        } else if byte >= 0x30 && byte <= 0x39 {
          digits += 1
          if byte != 0x30 { nonZero = true }
        } else {
          return nil
        }
      }
      guard digits > 0, points <= 1 else { return nil }
      isZero = !nonZero
    }
  }
}
