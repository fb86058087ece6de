import Foundation
import Testing

@testable import TickerCore

// Item tooltips in the library: kept sparsely by the strip, carried by marked frames,
// and shown, escaped, in waybar's tooltip.

/// A strip of `items` with the tooltips given (nil: none), separated by " | ".
private func strip(_ items: [(String, String?)]) -> Strip {
  var builder = StripBuilder(separator: StyledText(" | "))
  for (text, tooltip) in items { builder.append(StyledText(text), tooltip: tooltip) }
  return builder.build()
}

/// The waybar object of `frame`, read back.
private func waybar(_ frame: Frame) throws -> [String: Any] {
  let line = FrameEncoder(format: .waybar, itemTooltips: true).encode(
    frame, placement: Placement(offset: 0, cycle: 0, item: nil), at: 0)
  let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
  return try #require(object as? [String: Any], "not an object: \(line)")
}

/// Text that is markup or an action in some dialect, with JSON break-outs and controls.
private let hostile =
  ##"<span foreground="red">x</span>&amp; %{A1:touch h:}y%{A} #(touch h)#[fg=red]"}],[{"full_text":"z"\u{0}\u{1B}[31m\u{7}\u{2028}\"##

@Suite struct JSONItemCoreTests {
  @Test func aStripWithoutTooltipsHasNoneAndItsFramesCarryNone() {
    let plain = strip([("alpha", nil), ("beta", nil)])
    #expect(!plain.hasTooltips)
    #expect(plain.tooltip(ofItem: 0) == nil)
    let ticker = Ticker(strip: plain, width: 12, speed: 1)
    let frame = ticker.frame(at: 3, markingItems: true)
    #expect(!frame.items.isEmpty)
    #expect(frame.items.allSatisfy { $0.tooltip == nil })
    // An empty tooltip is none.
    #expect(!strip([("alpha", "")]).hasTooltips)
  }

  @Test func tooltipsAreFoundByTheIndexAmongTheItemsGiven() {
    // A blank item takes an index and shows nothing; its tooltip is not kept.
    let tooltips = strip([("a", "first"), ("  ", "blank"), ("c", nil), ("d", "fourth")])
    #expect(tooltips.hasTooltips)
    #expect(tooltips.tooltip(ofItem: 0) == "first")
    #expect(tooltips.tooltip(ofItem: 1) == nil)
    #expect(tooltips.tooltip(ofItem: 2) == nil)
    #expect(tooltips.tooltip(ofItem: 3) == "fourth")
    #expect(tooltips.tooltip(ofItem: 4) == nil)
    #expect(tooltips.text(ofItem: 2) == "c")
    #expect(tooltips.text(ofItem: 3) == "d")
    #expect(tooltips.text(ofItem: 1) == nil)
  }

  @Test func markedFramesCarryEachItemsTooltipOrText() {
    let items: [(String, String?)] = [("one", "the first"), ("two", nil), ("three", "3rd")]
    let ticker = Ticker(strip: strip(items), width: 9, speed: 1)
    for time in stride(from: 0.0, to: ticker.cycle, by: 1) {
      let frame = ticker.frame(at: time, markingItems: true)
      #expect(frame.text.count == 9)
      // Unmarked frames are as before.
      #expect(ticker.frame(at: time).items.isEmpty)
      for mark in frame.items {
        guard let item = mark.item else { continue }
        #expect(mark.tooltip == (items[item].1 ?? items[item].0), "item \(item) at \(time)")
      }
    }
  }

  @Test func waybarShowsTheTooltipsOfTheItemsOnScreenOnceEach() throws {
    let ticker = Ticker(
      strip: strip([("one", "the first"), ("two", nil)]), width: 30, speed: 0, fit: .scroll)
    let frame = ticker.frame(at: 0, markingItems: true)
    let object = try waybar(frame)
    // The strip repeats in the window: each item's tooltip once.
    #expect(object["tooltip"] as? String == "the first\ntwo")
    #expect(object["class"] as? String == "ticker")
    // Without tooltips the tooltip is the frame's text, as before.
    let plain = Ticker(strip: strip([("one", nil)]), width: 10, speed: 1)
    let before = try waybar(plain.frame(at: 0, markingItems: true))
    #expect(before["tooltip"] as? String == plain.frame(at: 0).text)
  }

  @Test func hostileTooltipsAreEscapedForPangoAndJSON() throws {
    let ticker = Ticker(strip: strip([(hostile, hostile), ("b", nil)]), width: 40, speed: 1)
    for time in stride(from: 0.0, to: ticker.cycle, by: 0.5) {
      let frame = ticker.frame(at: time, markingItems: true)
      let line = FrameEncoder(format: .waybar, itemTooltips: true).encode(
        frame, placement: ticker.placement(at: time), at: time)
      let object = try waybar(frame)
      #expect(Set(object.keys) == ["text", "tooltip", "class"], "\(line)")
      let tooltip = try #require(object["tooltip"] as? String)
      // No markup: every < and & is an entity; no control character survives.
      #expect(!tooltip.contains("<"), "\(tooltip)")
      #expect(tooltip.replacing(/&(amp|lt|gt|apos|quot);/, with: "").contains("&") == false)
      #expect(!tooltip.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
      #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" })
      #expect(frame.text.count == 40)
    }
  }

  @Test func itemTooltipsAreWaybarsAlone() {
    for format in OutputFormat.allCases {
      let encoder = FrameEncoder(format: format, itemTooltips: true)
      #expect(encoder.itemTooltips == (format == .waybar), "\(format)")
      #expect(encoder.marksItems == (format == .waybar), "\(format)")
    }
    #expect(!FrameEncoder(format: .waybar).marksItems)
  }

  @Test func aLongItemStandsForItsTooltipCutToTheBound() {
    let long = String(repeating: "x", count: 5000)
    let wide = strip([(long, nil), ("b", "bee")])
    #expect(wide.text(ofItem: 0)?.count == Strip.longestTooltipText)
  }
}
