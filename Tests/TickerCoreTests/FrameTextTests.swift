import Testing

@testable import TickerCore

/// `Ticker.drawText(at:into:)`, the stream's way for dialects that write the text
/// alone, against `frame(at:).text`.
@Suite struct FrameTextTests {
  @Test(arguments: [Motion.wrap, .bounce])
  func drawnTextIsTheFramesText(motion: Motion) {
    var rng = SplitMix64(seed: 0x7E47 &+ UInt64(motion == .wrap ? 0 : 1))
    var text = FrameText()
    for _ in 0..<60 {
      let items = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
        StyledText(
          runs: [
            StyledRun(randomItem(&rng)),
            StyledRun(randomItem(&rng), style: Style(foreground: .named(2))),
          ])
      }
      let ticker = Ticker(
        items: items, separator: [" · ", "", "|日|"].randomElement(using: &rng)!,
        width: Int.random(in: 0...50, using: &rng),
        speed: [0, 3, -7, 40].randomElement(using: &rng)!,
        dwell: [0, 0.5].randomElement(using: &rng)!, motion: motion,
        fit: Fit.allCases.randomElement(using: &rng)!,
        measure: CellMeasure(profile: Bool.random(using: &rng) ? .terminal : .tmux))
      for step in 0..<20 {
        let time = 1_700_000_000 + Double(step) * 0.29
        ticker.drawText(at: time, into: &text)
        #expect(
          String(decoding: text.bytes, as: UTF8.self) == ticker.frame(at: time).text,
          "\(items) at \(time)")
      }
    }
  }
}
