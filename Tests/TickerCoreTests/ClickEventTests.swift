import Testing

@testable import TickerCore

/// Click events as bars write them, and the hostile numbers an attacker writes: each
/// line, the click it is (or none), and the column it lands on in a 40-cell window.
@Suite struct ClickEventTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var line: String
    var button: Int?
    var column: Int?
    var testDescription: String { line }
  }

  static let json: [Case] = [
    Case(line: #"{"button":1,"relative_x":15,"width":400}"#, button: 1, column: 1),
    Case(
      line: #",{"name":"t","button":3,"relative_x":399.9,"width":400,"x":9}"#, button: 3, column: 39
    ),
    Case(line: #"[{"button":2,"relative_x":0,"width":400}"#, button: 2, column: 0),
    // Huge and tiny numbers are clamped to the window, never converted as they are.
    Case(line: #"{"button":1,"relative_x":1e30,"width":1}"#, button: 1, column: 39),
    Case(line: #"{"button":1,"relative_x":-1e30,"width":1}"#, button: 1, column: 0),
    Case(line: #"{"button":1,"relative_x":1e300,"width":1e-300}"#, button: 1, column: 39),
    Case(line: #"{"button":1,"relative_x":1,"width":0}"#, button: 1, column: nil),
    Case(line: #"{"button":1,"relative_x":1,"width":-5}"#, button: 1, column: nil),
    // Numbers that are not finite, or not numbers: no click at all.
    Case(line: #"{"button":1,"relative_x":1e400,"width":1}"#, button: nil, column: nil),
    Case(line: #"{"button":1,"relative_x":NaN,"width":1}"#, button: nil, column: nil),
    Case(line: #"{"button":1,"relative_x":"NaN","width":1}"#, button: nil, column: nil),
    Case(line: #"{"button":1,"relative_x":5}"#, button: nil, column: nil),
    Case(line: #"{"button":1e30}"#, button: nil, column: nil),
    Case(line: #"{"button":6}"#, button: nil, column: nil),
    Case(line: #"{"button":1.5}"#, button: nil, column: nil),
    Case(line: #"{"button":1,"relative_x":1"#, button: nil, column: nil),
    // A click without a position: the item at the left edge is meant (no column).
    Case(line: #"{"button":4}"#, button: 4, column: nil),
  ]

  @Test(arguments: json)
  func jsonLines(_ testCase: Case) {
    let event = ClickEvent(json: Array(testCase.line.utf8))
    #expect(event?.button == testCase.button)
    #expect(event?.column(ofCells: 40) == testCase.column)
  }

  @Test func buttonLines() {
    #expect(ClickEvent(buttonLine: Array("3".utf8))?.button == 3)
    #expect(ClickEvent(buttonLine: Array(" 1\t".utf8))?.button == 1)
    for line in ["0", "6", "12", "", "x", "1 2"] {
      #expect(ClickEvent(buttonLine: Array(line.utf8)) == nil, "'\(line)'")
    }
  }

  /// Against a naive reference: the column is floor(x / width × cells), clamped to the
  /// window, over every position of a small block and every window width up to 12.
  @Test func columnsAgreeWithTheNaiveReference() {
    for cells in 1...12 {
      for x in -3...33 {
        let event = ClickEvent(button: 1, relativeX: Double(x), width: 30)
        let naive = min(max(Int((Double(x) * Double(cells) / 30).rounded(.down)), 0), cells - 1)
        #expect(event.column(ofCells: cells) == naive, "x \(x), \(cells) cells")
      }
    }
    // The largest window: no trap converting the last column.
    let far = ClickEvent(button: 1, relativeX: 1e300, width: 1)
    #expect(far.column(ofCells: Int.max) == Int.max - 1)
  }

  @Test func scannerReadsValuesAndBoundsThem() {
    var scanner = JSONObjectScanner(
      Array(#"{"a":"x\"\u00e9\ud83d\ude00\ud800","n":1.10,"b":true,"z":null,"o":[{"k":[1]}]}"#.utf8)
    )
    let members = scanner.scanObject()
    #expect(members?["a"] == .string("x\"é😀\u{FFFD}"))
    #expect(members?["n"] == .number(1.1, literal: "1.10"))
    #expect(members?["b"] == .bool(true))
    #expect(members?["z"] == .null)
    #expect(members?["o"] == .nested)
    // Nesting deeper than the bound refuses the object rather than recursing.
    let deep =
      "{\"d\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
    var deepScanner = JSONObjectScanner(Array(deep.utf8))
    #expect(deepScanner.scanObject() == nil)
    let long = "{\"n\":1" + String(repeating: "0", count: 100) + "}"
    var longScanner = JSONObjectScanner(Array(long.utf8))
    #expect(longScanner.scanObject() == nil)
  }
}
