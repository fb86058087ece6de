/// The direction of a quote's change.
public enum Trend: Sendable, Hashable {
  /// A positive change.
  case up
  /// A negative change.
  case down
  /// No change, or none given.
  case flat
}

/// The styles quotes are shown in: up, down and flat.
public struct QuoteStyles: Sendable, Hashable {
  /// The style of a rising quote's change; green by default.
  public var up: Style
  /// The style of a falling quote's change; red by default.
  public var down: Style
  /// The style of an unchanged quote's change; plain by default.
  public var flat: Style

  /// Styles for each trend: green, red and plain unless given.
  public init(
    up: Style = Style(foreground: .named(2)), down: Style = Style(foreground: .named(1)),
    flat: Style = .plain
  ) {
    self.up = up
    self.down = down
    self.flat = flat
  }

  /// The style for a change in `trend`.
  public func style(for trend: Trend) -> Style {
    switch trend {
    case .up: return up
    case .down: return down
    case .flat: return flat
    }
  }
}

/// A stock or currency quote: `SYMBOL PRICE CHANGE`, numbers kept exactly as given.
public struct Quote: Sendable, Hashable {
  /// The instrument, such as `AAPL` or `EUR/USD`.
  public var symbol: String
  /// The price as given, such as `189.84`.
  public var price: String
  /// The change without its sign, such as `1.25` or `0.4%`; `nil` when none was given.
  public var change: String?
  /// Which way the change goes; `flat` when there is none.
  public var trend: Trend

  /// The mark shown before a rising change.
  public static let upMark = "▲"
  /// The mark shown before a falling change.
  public static let downMark = "▼"
  /// The mark shown before a change of zero.
  public static let flatMark = "▪"

  /// Reads one line of the form `SYMBOL PRICE [CHANGE]`, fields split by spaces or
  /// commas.
  ///
  /// PRICE is a decimal number (`189.84`, `0.9011`, `-37.6`); CHANGE, when given, is a
  /// signed number or percentage (`+1.25`, `-0.4%`, U+2212 MINUS SIGN too) or zero
  /// (`0`, `0.00%`). Digits may have one `.` among them; no thousands separators,
  /// currency signs or exponents. Any other line is not a quote: `Team wins 3` (no
  /// price), `1 < 2`, `AAPL 189.84 3` (a change without a sign).
  ///
  /// - Returns: `nil` when the line is not a quote; callers then show it as text, as
  ///   given.
  public init?(parsing line: String) {
    let fields = Quote.fields(of: line)
    guard fields.count == 2 || fields.count == 3 else { return nil }
    guard Quote.decimal(fields[1], allowsPercent: false) != nil else { return nil }
    symbol = fields[0]
    price = fields[1]
    guard fields.count == 3 else {
      change = nil
      trend = .flat
      return
    }
    guard let change = Quote.decimal(fields[2], allowsPercent: true) else { return nil }
    if change.isZero {
      trend = .flat
    } else if let negative = change.negative {
      trend = negative ? .down : .up
    } else {
      return nil
    }
    self.change = change.magnitude
  }

  /// The quote as ticker text: `SYMBOL PRICE ▲1.25`, the change in its trend's style.
  public func styledText(styles: QuoteStyles = QuoteStyles()) -> StyledText {
    guard let change else { return StyledText(symbol + " " + price) }
    let mark: String
    switch trend {
    case .up: mark = Quote.upMark
    case .down: mark = Quote.downMark
    case .flat: mark = Quote.flatMark
    }
    var head = symbol
    head.reserveCapacity(symbol.utf8.count + price.utf8.count + 2)
    head += " "
    head += price
    head += " "
    var tail = mark
    tail += change
    return StyledText(runs: [StyledRun(head), StyledRun(tail, style: styles.style(for: trend))])
  }

  /// Splits on white space when there is any (dropping commas at field ends), else on
  /// commas; stops early once there are more fields than a quote has.
  static func fields(of line: String) -> [String] {
    var line = line
    return line.withUTF8 { utf8 in
      let space = UInt8(ascii: " ")
      let tab = UInt8(ascii: "\t")
      let comma = UInt8(ascii: ",")
      let splitsOnSpace = utf8.contains(space) || utf8.contains(tab)
      var result: [String] = []
      result.reserveCapacity(3)
      var start = 0
      /// Adds the field before `end`; `false` when the line cannot be a quote.
      func addField(endingAt end: Int) -> Bool {
        var low = start
        var high = end
        while low < high && utf8[low] == comma { low += 1 }
        while high > low && utf8[high - 1] == comma { high -= 1 }
        if low == high { return splitsOnSpace }
        if result.count == 3 { return false }
        result.append(
          String(decoding: UnsafeBufferPointer(rebasing: utf8[low..<high]), as: UTF8.self))
        return true
      }
      for index in 0..<utf8.count {
        let byte = utf8[index]
        let isSeparator = splitsOnSpace ? byte == space || byte == tab : byte == comma
        guard isSeparator else { continue }
        if !addField(endingAt: index) { return [] }
        start = index + 1
      }
      return addField(endingAt: utf8.count) ? result : []
    }
  }

  /// Reads `[+-]digits[.digits]` (the sign may be U+2212 MINUS SIGN), with a final
  /// `%` when `allowsPercent`.
  ///
  /// - Returns: Whether a sign was given and was negative (`nil` for none), whether
  ///   every digit is 0, and the text without its sign; `nil` when `text` is not such
  ///   a number.
  static func decimal(_ text: String, allowsPercent: Bool) -> (
    negative: Bool?, isZero: Bool, magnitude: String
  )? {
    let original = text
    var text = text
    return text.withUTF8 { utf8 -> (Bool?, Bool, String)? in
      let plus: UInt8 = 0x2B
      let minus: UInt8 = 0x2D
      let percent: UInt8 = 0x25
      let point: UInt8 = 0x2E
      var start = 0
      var negative: Bool?
      if utf8.count > 0 && (utf8[0] == plus || utf8[0] == minus) {
        negative = utf8[0] == minus
        start = 1
      } else if utf8.count >= 3 && utf8[0] == 0xE2 && utf8[1] == 0x88 && utf8[2] == 0x92 {
        negative = true
        start = 3
      }
      var end = utf8.count
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
      var magnitude = original
      if negative != nil {
        magnitude = String(decoding: UnsafeBufferPointer(rebasing: utf8[start...]), as: UTF8.self)
      }
      return (negative, !nonZero, magnitude)
    }
  }
}
