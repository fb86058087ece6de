// libFuzzer target: random items, widths, offsets and motions through the strip and
// window functions, under the terminal profile and the tmux profile of every tmux
// release group. Asserts the exact-width invariant over the frame's whole text (so
// two clusters that join where something was removed, or across runs, show), that no
// cluster is split, that a frame never starts with a cluster that joins what precedes
// it, that no cluster would be drawn by tmux into the cell before it, and that an
// item is skipped exactly when it is blank.

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
  let tmux = TmuxRules.allCases[Int(bytes[6] >> 3) % TmuxRules.allCases.count]
  let measure = CellMeasure(profile: profile, ambiguous: ambiguous, tmux: tmux)
  // Items are separated by 0x00 bytes; the separator is the first item.
  var pieces = bytes[7...].split(separator: 0, omittingEmptySubsequences: false).map {
    StyledText(Sanitizer.decodeUTF8($0))
  }
  let separator = pieces.isEmpty ? StyledText(" ") : pieces.removeFirst()
  let strip = Strip(items: pieces, separator: separator, measure: measure)
  let shown = pieces.indices.filter { !pieces[$0].isBlank }
  precondition(
    (0..<strip.itemCount).map { strip.item(atCell: strip.itemStartCell($0)) } == shown,
    "shown items are not the ones that are not blank")
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
  for cluster in frame.text {
    measure.forEachUnit(of: cluster) { unit, unitWidth in
      cells += unitWidth
      precondition(
        unit == " " || whole.contains(String(unit)),
        "a cluster was split or joined: \(unit.unicodeScalars.map(\.value))")
    }
  }
  precondition(cells == width, "frame is \(cells) cells, not \(width)")
  var previous: Character?
  for cluster in frame.text {
    if let previous {
      precondition(
        !measure.joinsPreviousCell(String(previous), cluster),
        "tmux \(measure.tmux.rawValue) draws U+\(cluster.unicodeScalars.map(\.value)) into the cell before"
      )
    }
    previous = cluster
  }
  if let first = frame.text.unicodeScalars.first {
    precondition(
      measure.width(of: Character(first)) > 0
        && !ClusterRules.isHangulVowelOrFinal(first.value),
      "the frame starts with U+\(String(first.value, radix: 16)), which joins what precedes it")
  }
}
