import Foundation
import Testing

@testable import TickerCore

// Decimal text rounded as text: checked against Foundation's Decimal (rounding half
// away from zero, `.plain`), over a table of literals and every number of places.

/// Foundation's rounding of `literal` to `places`, printed with exactly `places`
/// decimals, zero unsigned.
private func reference(_ literal: String, places: Int) -> String {
  var value = Decimal(string: literal)!
  var rounded = Decimal()
  NSDecimalRound(&rounded, &value, places, .plain)
  let negative = rounded < 0
  var text = (negative ? -rounded : rounded).description
  var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  if parts.count == 1 { parts.append("") }
  parts[1] += String(repeating: "0", count: places - parts[1].count)
  text = parts[0] + (places > 0 ? "." + parts[1] : "")
  return (negative ? "-" : "") + text
}

@Suite struct DecimalTextTests {
  static let literals = [
    "0", "0.0", "1", "84036.00000", "-344.00000", "1.0842", "0.99999", "9.995", "-9.995",
    "99.5", "0.000004", "-0.000004", "+12.5", "123456789012.123456789", "0.05", "-0.5",
    "1.15500001907", "7", "999.9999",
  ]

  @Test("rounds as Foundation's Decimal does", arguments: literals)
  func roundsAsTheReference(_ literal: String) {
    for places in 0...8 {
      #expect(
        DecimalText.rounded(literal, places: places) == reference(literal, places: places),
        "\(literal) to \(places)")
    }
  }

  @Test(
    "what is not a plain decimal is refused",
    arguments: [
      "", "-", ".5", "5.", "1e3", "1.2.3", " 1", "1 ", "NaN", "Infinity", "--1", "0x10", "١٢",
    ])
  func refusesWhatIsNotADecimal(_ literal: String) {
    #expect(DecimalText.rounded(literal, places: 2) == nil)
  }
}
