import Testing

@testable import TickerCore

// `AlertRule`: what a rule reads as, what it refuses, and whether a quote meets it,
// against a naive reference that works the numbers out with `Double` directly.

/// A quote of `line` (`SYMBOL PRICE [CHANGE]`).
private func quote(_ line: String) -> Quote { Quote(parsing: line)! }

/// The reference: the rule's measure of `line`'s quote, from its fields, by hand.
private func referenceMeasure(_ measure: AlertRule.Measure, line: String) -> Double? {
  let fields = line.split(separator: " ").map(String.init)
  guard let price = Double(fields[1]), price.isFinite else { return nil }
  if measure == .price { return price }
  guard fields.count > 2 else { return nil }
  let percent = fields[2].hasSuffix("%")
  let number = Double(
    fields[2].replacingOccurrences("%", with: "").replacingOccurrences("−", with: "-"))!
  let result: Double
  switch (measure, percent) {
  case (.change, false), (.changePercent, true): result = number
  case (.changePercent, false): result = number / (price - number) * 100
  default: result = price - price / (1 + number / 100)
  }
  // A change from nothing (a price that was 0) is no number to compare.
  return result.isFinite ? result : nil
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(
      separator: replacement)
  }
}

@Suite struct AlertRuleTests {
  struct Reading: CustomTestStringConvertible, Sendable {
    var text: String
    var symbol: String?
    var measure: AlertRule.Measure
    var comparison: AlertRule.Comparison
    var value: Double
    var testDescription: String { text }
  }

  @Test(arguments: [
    Reading(text: "AAPL>200", symbol: "AAPL", measure: .price, comparison: .above, value: 200),
    Reading(
      text: "EUR/USD<1.05", symbol: "EUR/USD", measure: .price, comparison: .below, value: 1.05),
    Reading(
      text: "change>=3%", symbol: nil, measure: .changePercent, comparison: .atLeast, value: 3),
    Reading(
      text: "BTC-USD:change<=-5%", symbol: "BTC-USD", measure: .changePercent, comparison: .atMost,
      value: -5),
    Reading(text: " price <= 10 ", symbol: nil, measure: .price, comparison: .atMost, value: 10),
    Reading(text: "Change>+2", symbol: nil, measure: .change, comparison: .above, value: 2),
    Reading(
      text: "SPY:price<400.5", symbol: "SPY", measure: .price, comparison: .below, value: 400.5),
    Reading(text: "a b:change<0", symbol: "a b", measure: .change, comparison: .below, value: 0),
  ])
  func aRuleReads(_ test: Reading) throws {
    let rule = try AlertRule(parsing: test.text)
    #expect(rule.symbol == test.symbol)
    #expect(rule.measure == test.measure)
    #expect(rule.comparison == test.comparison)
    #expect(rule.value == test.value)
  }

  @Test(arguments: [
    ("AAPL", "no comparison"), (">200", "names no symbol"), ("AAPL>", "is not a number"),
    ("AAPL>1e5", "is not a number"), ("AAPL>nan", "is not a number"),
    ("AAPL>inf", "is not a number"), ("AAPL>1.2.3", "is not a number"),
    ("AAPL>3%", "not a percentage"), ("price>=3%", "not a percentage"),
    (":change>1", "symbol is empty"), ("AAPL:volume>1", "is not a field"),
    ("AAPL>>1", "is not a number"), ("AAPL=>1", "not a comparison"), ("", "no comparison"),
  ])
  func aBadRuleSaysWhy(text: String, problem: String) {
    #expect {
      _ = try AlertRule(parsing: text)
    } throws: { error in
      (error as? AlertRule.ParseError)?.description.contains(problem) == true
    }
  }

  static let lines = [
    "AAPL 189.84 +1.25", "AAPL 189.84 -1.25", "AAPL 189.84 0", "aapl 250 +3.5%",
    "AAPL 99.5", "EUR/USD 1.0412 -0.0021", "BTC/USD 84036.00 -1621.90", "BTC-USD 60000 -6%",
    "MSFT 410 +12.3", "X 0.5 +0.5", "Y 100 −4.00%",
  ]
  static let rules = [
    "AAPL>200", "AAPL>=189.84", "aapl<190", "EUR/USD<1.05", "change>=3%", "change<=-3%",
    "BTC-USD:change<=-5%", "BTC/USD:change<-1000", "change>1", "price>100", "MSFT:change>=3%",
    "X:change>=100%", "Y:change<-3.9",
  ]

  @Test(arguments: rules)
  func aQuoteMeetsARuleAsTheReferenceSays(text: String) throws {
    let rule = try AlertRule(parsing: text)
    for line in AlertRuleTests.lines {
      let symbol = String(line.split(separator: " ")[0])
      let sameSymbol =
        rule.symbol.map {
          $0.uppercased().split(separator: "-").joined(separator: "/")
            == symbol.uppercased().split(separator: "-").joined(separator: "/")
        } ?? true
      let expected =
        sameSymbol
        && referenceMeasure(rule.measure, line: line).map { measured in
          switch rule.comparison {
          case .above: measured > rule.value
          case .below: measured < rule.value
          case .atLeast: measured >= rule.value
          case .atMost: measured <= rule.value
          }
        } == true
      #expect(rule.isMet(by: quote(line)) == expected, "\(text) on \(line)")
    }
  }

  @Test func hostileQuotesMeetNoRule() throws {
    let rules = try ["price>0", "price<0", "change>0", "change<0", "change>=0%"].map {
      try AlertRule(parsing: $0)
    }
    let huge = String(repeating: "9", count: 400)
    for line in ["A " + huge + " +1", "A 5 +" + huge, "A 0 +1%", "A 5"] {
      let quote = quote(line)
      let met = rules.filter { $0.isMet(by: quote) }.count
      // A price of 400 digits is no number; a change of 400 digits neither; a change
      // rule on a quote without a change is not met.
      #expect(met <= 1, "\(line)")
    }
    #expect(!(try AlertRule(parsing: "change>0")).isMet(by: quote("A 5")))
  }

  @Test func markedTakesTheColoursTheStyleSetsAndSaysItAlerts() {
    let item = Item(
      StyledText(runs: [StyledRun("AAPL 1 "), StyledRun("▲1", style: Style(foreground: .named(2)))])
    )
    let marked = AlertRule.marked(item, style: Style(background: .named(1), attributes: .bold))
    #expect(marked.facts.isAlerting)
    #expect(
      marked.text.runs == [
        StyledRun("AAPL 1 ", style: Style(background: .named(1), attributes: .bold)),
        StyledRun(
          "▲1", style: Style(foreground: .named(2), background: .named(1), attributes: .bold)),
      ])
  }
}

@Suite struct SparklineTests {
  @Test(
    arguments: [
      ([1.0, 2, 3, 4, 5, 6, 7, 8], 8, "▁▂▃▄▅▆▇█"),
      ([8.0, 1], 8, "█▁"),
      ([5.0, 5, 5], 8, "▄▄▄"),
      ([1.0, 2, 3], 2, "▁█"),
      ([3.0], 1, "▄"),
      ([], 8, ""),
      ([1.0, 2], 0, ""),
      ([1.0, .nan, 2, .infinity, -.infinity], 8, "▁█"),
      ([-1e308, 1e308], 8, "▁█"),
      ([0, 1e308, 0.5e308], 8, "▁█▅"),
    ] as [([Double], Int, String)])
  func valuesAreDrawnBetweenTheirLowAndHigh(values: [Double], count: Int, expected: String) {
    #expect(Sparkline.text(of: values, count: count) == expected)
  }

  @Test func aLongHistoryDrawsItsLastValuesAtMostTheLongest() {
    let values = (0..<10_000).map(Double.init)
    #expect(Sparkline.text(of: values, count: 5) == "▁▃▅▇█")
    #expect(Sparkline.text(of: values, count: 1000).count == Sparkline.longest)
  }

  @Test(arguments: WidthProfile.allCases)
  func everyBlockIsOneCellWhereAmbiguousIsNarrow(profile: WidthProfile) {
    for rules in TmuxRules.allCases {
      let measure = CellMeasure(profile: profile, ambiguous: .narrow, tmux: rules)
      for block in Sparkline.blocks {
        #expect(measure.width(of: Character(block)) == 1, "\(profile) \(rules) \(block)")
      }
    }
  }
}
