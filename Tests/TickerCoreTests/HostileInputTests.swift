import Testing

@testable import TickerCore

private let esc = "\u{1B}"

/// Input shaped to make a reader or the strip do more than linear work. The tests
/// count the work (scalars and parameters looked at, styles probed) rather than time
/// it; `ticker-bench markup` times the same shapes at 1 MB.
@Suite struct HostileInputTests {
  /// Every unterminated `#[` searched to the end of the line for its `]`.
  @Test func tmuxMarkupWithoutClosingBracketsIsLinear() {
    let count = 20_000
    let open = String(repeating: "#[", count: count)
    var steps = 0
    let text = TmuxMarkup.read(open, steps: &steps)
    #expect(text == StyledText(open))
    #expect(steps <= 4 * 2 * count, "\(steps) steps for \(2 * count) scalars")

    // The first `#[` closes at the one `]`: its block is not a style, so it is dropped.
    let closed = open + "fg=red]x" + open
    steps = 0
    #expect(TmuxMarkup.read(closed, steps: &steps) == StyledText("x" + open))
    #expect(steps <= 4 * closed.unicodeScalars.count)
  }

  /// Every `38` rebuilt the rest of the parameter list to read a colour from it.
  @Test(arguments: ["38;", "48;", "38;5;", "38;2;", "48:5;", "38;38;5;1;"])
  func sgrWithManyColourParametersIsLinear(_ unit: String) {
    let sequence = esc + "[" + String(repeating: unit, count: 20_000) + "1mX"
    var steps = 0
    let text = ANSIMarkup.read(sequence, steps: &steps)
    #expect(text.plainText == "X")
    #expect(steps <= 4 * sequence.unicodeScalars.count, "\(steps) steps")
  }

  @Test func sgrColourAfterManyParametersStillApplies() {
    let sequence = esc + "[" + String(repeating: "1;", count: 5000) + "38;5;208mX"
    var steps = 0
    let text = ANSIMarkup.read(sequence, steps: &steps)
    #expect(
      text.runs == [StyledRun("X", style: Style(foreground: .palette(208), attributes: .bold))])
  }

  /// Each new style of a run was looked for among all the styles before it.
  @Test func manyDistinctStylesAreLookedUpOnceEach() {
    let count = 6000
    func color(_ k: Int) -> TerminalColor { .rgb(UInt8(k & 255), UInt8((k >> 8) & 255), 7) }
    var line = ""
    for k in 0..<count {
      guard case .rgb(let r, let g, let b) = color(k) else { continue }
      line += "\(esc)[38;2;\(r);\(g);\(b)m\(k % 10)"
    }
    let item = Markup.ansi.read(line)
    #expect(item.runs.count == count)
    let strip = Strip(items: [item], separator: "|")
    #expect(strip.styles.probes <= 2 * count + 4, "\(strip.styles.probes) probes")
    for k in stride(from: 0, to: count, by: 97) {
      let frame = strip.window(offset: k, width: 1)
      #expect(frame.runs == [StyledRun("\(k % 10)", style: Style(foreground: color(k)))])
    }
  }
}
