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
    var line = line
    let read = line.withUTF8 { utf8 -> (String, String, String?, Trend)? in
      guard let scan = Scan(utf8) else { return nil }
      func text(_ field: Field) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: utf8[field.range]), as: UTF8.self)
      }
      return (text(scan.symbol), text(scan.price), scan.change.map(text), scan.trend)
    }
    guard let (symbol, price, change, trend) = read else { return nil }
    self.symbol = symbol
    self.price = price
    self.change = change
    self.trend = trend
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
      guard let fields = Fields(utf8) else { return [] }
      return (0..<fields.count).map {
        String(decoding: UnsafeBufferPointer(rebasing: utf8[fields[$0].range]), as: UTF8.self)
      }
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
    var text = text
    return text.withUTF8 { utf8 -> (Bool?, Bool, String)? in
      let whole = Field(start: 0, end: utf8.count)
      guard let number = Number(utf8, whole, allowsPercent: allowsPercent) else { return nil }
      let magnitude = String(
        decoding: UnsafeBufferPointer(rebasing: utf8[number.magnitude.range]), as: UTF8.self)
      return (number.negative, number.isZero, magnitude)
    }
  }
}
