// libFuzzer target: the click events a bar writes (i3bar, i3blocks 1.5), read as JSON
// and as button lines. Whatever the bytes, a click has a button from 1 to 5, a position
// that is a pair of finite numbers or none, and lands on a column inside the window
// for every width; nothing traps.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClicks(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let line = Array(UnsafeBufferPointer(start: data, count: size))
  for event in [ClickEvent(json: line), ClickEvent(buttonLine: line)].compactMap({ $0 }) {
    precondition((1...5).contains(event.button), "button \(event.button)")
    precondition((event.relativeX == nil) == (event.width == nil), "half a position")
    if let x = event.relativeX, let width = event.width {
      precondition(x.isFinite && width.isFinite, "position \(x) of \(width)")
    }
    for cells in [1, 2, 40, 1000, Int.max] {
      guard let column = event.column(ofCells: cells) else {
        precondition(event.width == nil || event.width! <= 0, "no column for \(event)")
        continue
      }
      precondition((0..<cells).contains(column), "column \(column) of \(cells)")
    }
  }
  // The scanner alone, on every prefix length the fuzzer gives it: members or nothing.
  var scanner = JSONObjectScanner(line)
  if let members = scanner.scanObject() {
    for value in members.values {
      if case .number(let number, let literal) = value {
        precondition(number.isFinite && literal.utf8.count <= JSONObjectScanner.longestNumber)
      }
    }
  }
  return 0
}
