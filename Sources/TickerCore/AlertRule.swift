/// A line a quote may cross (`--alert`): `AAPL>200`, `EUR/USD<1.05`, `change>=3%`,
/// `BTC-USD:change<=-5%`.
///
/// A rule is `[SYMBOL:]FIELD OP NUMBER[%]` or `SYMBOL OP NUMBER`:
/// - FIELD is `price` or `change`; without it the rule is on the price of SYMBOL.
///   Without SYMBOL (a rule that starts with a field) it is on every quote.
/// - OP is `>`, `>=`, `<` or `<=`.
/// - NUMBER is a decimal such as `200`, `-5`, `1.05` (no exponent, no thousands
///   separators); a final `%` makes a `change` rule one on the change in percent.
///
/// Whether a quote meets a rule is a function of the quote alone (its price and change
/// as drawn), so a one-shot and a stream agree at the same time. Symbols are compared
/// without case, `-` and `/` alike (`BTC-USD` is `BTC/USD`). A quote whose numbers do
/// not make finite values (a price of 400 digits) meets no rule.
public struct AlertRule: Hashable, Sendable {
  /// What a rule compares.
  public enum Measure: Hashable, Sendable {
    /// The price.
    case price
    /// The change, in the price's units.
    case change
    /// The change in percent of the price before it.
    case changePercent
  }

  /// How a rule compares.
  public enum Comparison: String, Hashable, Sendable, CaseIterable {
    case atLeast = ">="
    case atMost = "<="
    case above = ">"
    case below = "<"

    func holds(_ value: Double, against line: Double) -> Bool {
      switch self {
      case .atLeast: value >= line
      case .atMost: value <= line
      case .above: value > line
      case .below: value < line
      }
    }
  }

  /// Why a rule does not read.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The symbol the rule is on, as written; `nil` for every quote.
  public var symbol: String?
  public var measure: Measure
  public var comparison: Comparison
  /// The line, in the measure's units.
  public var value: Double

  /// Reads one rule (see the type).
  public init(parsing text: String) throws(ParseError) {
    let scalars = Array(text.unicodeScalars)
    guard let at = scalars.firstIndex(where: { $0 == "<" || $0 == ">" }) else {
      throw ParseError(description: "it has no comparison (<, <=, > or >=)")
    }
    let hasEquals = at + 1 < scalars.count && scalars[at + 1] == "="
    let operatorText = String(scalars[at]) + (hasEquals ? "=" : "")
    comparison = Comparison(rawValue: operatorText)!
    let left = String(String.UnicodeScalarView(scalars[..<at])).trimmed
    if let last = left.unicodeScalars.last, last == "=" || last == "!" {
      throw ParseError(description: "'\(last)\(operatorText)' is not a comparison (<, <=, > or >=)")
    }
    var right = String(String.UnicodeScalarView(scalars[(at + (hasEquals ? 2 : 1))...])).trimmed
    let percent = right.hasSuffix("%")
    if percent { right.removeLast() }
    guard let number = AlertRule.decimal(right) else {
      throw ParseError(
        description: "'\(right)' is not a number such as 200, -5 or 1.05 (with % for a change)")
    }
    value = number
    var field: String?
    if let colon = left.lastIndex(of: ":") {
      symbol = String(left[..<colon]).trimmed
      field = String(left[left.index(after: colon)...]).trimmed.lowercased()
      guard symbol?.isEmpty == false else { throw ParseError(description: "the symbol is empty") }
    } else if ["price", "change"].contains(left.lowercased()) {
      field = left.lowercased()
    } else {
      symbol = left
      guard !left.isEmpty else {
        throw ParseError(description: "it names no symbol or field (price, change)")
      }
    }
    switch (field, percent) {
    case (nil, false), ("price", false): measure = .price
    case ("change", false): measure = .change
    case ("change", true): measure = .changePercent
    case (nil, true), ("price", true):
      throw ParseError(description: "a price is not a percentage (write change>=3%)")
    default:
      throw ParseError(description: "'\(field ?? "")' is not a field (price or change)")
    }
  }

  /// Whether `quote` meets the rule.
  ///
  /// - Complexity: O(length of the quote's numbers).
  public func isMet(by quote: Quote) -> Bool {
    if let symbol, !AlertRule.sameSymbol(symbol, quote.symbol) { return false }
    guard let measured = AlertRule.measure(measure, of: quote) else { return false }
    return comparison.holds(measured, against: value)
  }

  /// `measure` of `quote`; `nil` when it has none (a change rule on a quote without a
  /// change) or it is not finite.
  static func measure(_ measure: Measure, of quote: Quote) -> Double? {
    guard let price = decimal(quote.price) else { return nil }
    guard measure != .price else { return price }
    guard var change = quote.change else { return nil }
    let percent = change.hasSuffix("%")
    if percent { change.removeLast() }
    guard let magnitude = decimal(change) else { return nil }
    let signed = quote.trend == .down ? -magnitude : magnitude
    let result: Double
    switch (measure, percent) {
    case (.changePercent, true): result = signed
    case (.change, false): result = signed
    // The price before the change was price − change, or price ÷ (1 + percent ÷ 100).
    case (.changePercent, false): result = signed / (price - signed) * 100
    default: result = price - price / (1 + signed / 100)
    }
    return result.isFinite ? result : nil
  }

  /// `[+-]digits[.digits]` as a finite number; `nil` for anything else.
  static func decimal(_ text: String) -> Double? {
    var digits = 0
    var points = 0
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "0"..."9": digits += 1
      case ".": points += 1
      case "+", "-": guard index == 0 else { return nil }
      default: return nil
      }
    }
    guard digits > 0, points <= 1, let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// Whether two symbols are the same: without case, `-` and `/` alike.
  static func sameSymbol(_ a: String, _ b: String) -> Bool { symbolKey(a) == symbolKey(b) }

  /// A symbol as compared: ASCII letters in upper case, `-` as `/`, and on one line.
  public static func symbolKey(_ symbol: String) -> String {
    String(
      decoding: symbol.utf8.map { byte in
        switch byte {
        case UInt8(ascii: "-"): UInt8(ascii: "/")
        case 0x61...0x7A: byte - 0x20
        case 0x0A, 0x0D: UInt8(ascii: " ")
        default: byte
        }
      }, as: UTF8.self)
  }
}

extension String {
  /// The text without spaces and tabs at either end.
  fileprivate var trimmed: String {
    var scalars = Substring(self).unicodeScalars
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}

extension AlertRule {
  /// How an alerting item looks unless told (`--alert-style`): black on yellow, bold,
  /// both colours given so that it reads on a light theme and a dark one alike.
  public static let defaultStyle = Style(
    foreground: .named(0), background: .named(3), attributes: .bold)

  /// `item` alerting: its facts say so (`ItemFacts.isAlerting`), and every run takes
  /// the colours `style` sets and its attributes.
  ///
  /// - Complexity: O(runs of `item`).
  public static func marked(_ item: Item, style: Style) -> Item {
    var facts = item.facts
    facts.isAlerting = true
    let runs = item.text.runs.map { run in
      var run = run
      if let foreground = style.foreground { run.style.foreground = foreground }
      if let background = style.background { run.style.background = background }
      run.style.attributes.formUnion(style.attributes)
      return run
    }
    return Item(StyledText(runs: runs), facts: facts)
  }
}
