/// One click a bar reported: i3bar's click events and i3blocks 1.5's JSON clicks (an
/// object with `button`, `relative_x` and `width`), or i3blocks 1.5's plain lines (the
/// button alone).
public struct ClickEvent: Equatable, Sendable {
  /// 1 left, 2 middle, 3 right, 4 and 5 the wheel.
  public var button: Int
  /// Where the click was, in pixels from the block's left edge, and the block's width
  /// in pixels; `nil` when the bar does not say (the item at the left edge is meant).
  /// Both are finite whenever they are set.
  public var relativeX: Double?
  public var width: Double?

  public init(button: Int, relativeX: Double? = nil, width: Double? = nil) {
    self.button = button
    self.relativeX = relativeX
    self.width = width
  }

  /// The click on one line of JSON, or `nil` when the line is not a click: no button
  /// from 1 to 5, or a position that is not a pair of finite numbers (`1e400`, `NaN`,
  /// a string). Never traps, whatever the bytes.
  public init?(json line: [UInt8]) {
    var scanner = JSONObjectScanner(line)
    guard let object = scanner.scanObject(), let button = object["button"]?.number,
      let number = Int(exactly: button), (1...5).contains(number)
    else { return nil }
    self.init(button: number)
    switch (object["relative_x"], object["width"]) {
    case (nil, nil): break
    case (.number(let x, _)?, .number(let width, _)?):
      relativeX = x
      self.width = width
    default: return nil
    }
  }

  /// The click on a line holding a button number alone (spaces and tabs around it).
  public init?(buttonLine line: [UInt8]) {
    let digits = line.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }
    guard digits.count == 1, let digit = digits.first, (0x31...0x35).contains(digit) else {
      return nil
    }
    self.init(button: Int(digit - 0x30))
  }

  /// The column of a window `cells` wide the click was on, with a monospace font: the
  /// block's pixels spread evenly over its cells, a click left of the block in the
  /// first, right of it in the last, whatever the numbers' size. `nil` without a
  /// position or a width above zero.
  public func column(ofCells cells: Int) -> Int? {
    guard let relativeX, let width, width > 0, cells > 0 else { return nil }
    // Clamped while still a Double: converting 1e30 to Int would trap, and so would
    // Double(cells - 1) for the largest cells, which rounds up to 2^63.
    let position = (relativeX / width * Double(cells)).rounded(.down)
    guard !position.isNaN else { return nil }
    if position <= 0 { return 0 }
    if position >= Double(cells) { return cells - 1 }
    return min(Int(position), cells - 1)
  }
}
