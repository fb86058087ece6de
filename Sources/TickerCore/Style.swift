/// A terminal colour, as the dialects can express it.
public enum TerminalColor: Hashable, Sendable {
  /// One of the 16 standard colours: 0–7 normal, 8–15 bright.
  case named(UInt8)
  /// An entry of the 256-colour palette.
  case palette(UInt8)
  /// A truecolor value.
  case rgb(UInt8, UInt8, UInt8)

  /// The colour as `#rrggbb`, using the xterm default values for palette entries.
  public var hexString: String {
    let (r, g, b) = rgbComponents
    return "#" + hexByte(r) + hexByte(g) + hexByte(b)
  }

  /// The colour as red, green and blue, using xterm's palette for indexed colours.
  public var rgbComponents: (UInt8, UInt8, UInt8) {
    switch self {
    case .rgb(let r, let g, let b): return (r, g, b)
    case .named(let n): return TerminalColor.paletteRGB(Int(n & 15))
    case .palette(let n): return TerminalColor.paletteRGB(Int(n))
    }
  }

  private static let standard: [(UInt8, UInt8, UInt8)] = [
    (0x00, 0x00, 0x00), (0xcd, 0x00, 0x00), (0x00, 0xcd, 0x00), (0xcd, 0xcd, 0x00),
    (0x00, 0x00, 0xee), (0xcd, 0x00, 0xcd), (0x00, 0xcd, 0xcd), (0xe5, 0xe5, 0xe5),
    (0x7f, 0x7f, 0x7f), (0xff, 0x00, 0x00), (0x00, 0xff, 0x00), (0xff, 0xff, 0x00),
    (0x5c, 0x5c, 0xff), (0xff, 0x00, 0xff), (0x00, 0xff, 0xff), (0xff, 0xff, 0xff),
  ]

  private static func paletteRGB(_ index: Int) -> (UInt8, UInt8, UInt8) {
    if index < 16 { return standard[index] }
    if index < 232 {
      let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
      let i = index - 16
      return (levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
    }
    let grey = UInt8(8 + (index - 232) * 10)
    return (grey, grey, grey)
  }
}

private func hexByte(_ value: UInt8) -> String {
  let digits: [Character] = Array("0123456789abcdef")
  return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
}

/// Text attributes other than colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a run of text looks: colours and attributes; the one style model every encoder maps.
public struct Style: Hashable, Sendable {
  public var foreground: TerminalColor?
  public var background: TerminalColor?
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// Whether this is the terminal's default look.
  public var isPlain: Bool { self == .plain }
}

/// A run of text that shares one style.
public struct StyledRun: Hashable, Sendable {
  public var text: String
  public var style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// Text made of styled runs: one ticker item, or the separator.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
  public var runs: [StyledRun]

  public init(runs: [StyledRun]) { self.runs = runs }

  public init(_ text: String, style: Style = .plain) { self.runs = [StyledRun(text, style: style)] }

  public init(stringLiteral value: String) { self.init(value) }

  /// The text without its styles.
  public var plainText: String { runs.reduce(into: "") { $0 += $1.text } }
}
