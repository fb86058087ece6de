// libFuzzer target: random items, widths, offsets and motions through the strip and
// window functions. Asserts the exact-width invariant and that no cluster is split.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWindow(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard size >= 8 else { return 0 }
  let width = Int(bytes[0]) | (Int(bytes[1] & 3) << 8)
  let offset = Int(Int16(bitPattern: UInt16(bytes[2]) | UInt16(bytes[3]) << 8))
  let profile: WidthProfile = bytes[4] & 1 == 0 ? .terminal : .tmux
  let ambiguous: AmbiguousWidth = bytes[4] & 2 == 0 ? .narrow : .wide
  let motion: Motion = bytes[4] & 4 == 0 ? .wrap : .bounce
  let fit = Fit.allCases[Int(bytes[4] >> 3) % Fit.allCases.count]
  let speed = Double(Int8(bitPattern: bytes[5])) / 4
  let dwell = Double(bytes[6] & 7) / 2
  let measure = CellMeasure(profile: profile, ambiguous: ambiguous)
  // Items are separated by 0x00 bytes; the separator is the first item.
  var pieces = bytes[7...].split(separator: 0, omittingEmptySubsequences: false).map {
    StyledText(Sanitizer.decodeUTF8($0))
  }
  let separator = pieces.isEmpty ? StyledText(" ") : pieces.removeFirst()
  let strip = Strip(items: pieces, separator: separator, measure: measure)
  let frame = strip.window(offset: offset, width: width)
  check(frame, width: width, strip: strip)
  let ticker = Ticker(
    strip: strip, width: width, speed: speed, dwell: dwell, motion: motion, fit: fit)
  let time = 1_795_000_000 + Double(offset) / 7
  check(ticker.frame(at: time), width: width, strip: strip)
  if let next = ticker.nextChange(after: time) {
    precondition(next > time, "next change in the past")
  }
  return 0
}

private func check(_ frame: Frame, width: Int, strip: Strip) {
  let measure = strip.measure
  var cells = 0
  let whole = Set(strip.clusters.map(\.text))
  for run in frame.runs {
    for cluster in run.text {
      measure.forEachUnit(of: cluster) { unit, unitWidth in
        cells += unitWidth
        precondition(
          unit == " " || whole.contains(String(unit)),
          "a cluster was split: \(unit.unicodeScalars.map(\.value))")
      }
    }
  }
  precondition(cells == width, "frame is \(cells) cells, not \(width)")
}
