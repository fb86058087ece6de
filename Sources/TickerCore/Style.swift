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
///
/// The attributes every dialect can express in some way; a dialect that cannot show
/// one (polybar has no bold) leaves it out.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attributes as bits, one per attribute.
  public let rawValue: UInt8
  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (SGR 1).
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim, or faint (SGR 2).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic (SGR 3).
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underline (SGR 4).
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped (SGR 7).
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a run of text looks: colours and attributes; the one style model every encoder maps.
public struct Style: Hashable, Sendable {
  /// The text colour; `nil` for the reader's default.
  public var foreground: TerminalColor?
  /// The background colour; `nil` for the reader's default.
  public var background: TerminalColor?
  /// Bold, dim, italic, underline and reverse.
  public var attributes: TextAttributes

  /// A style of the given colours and attributes; with no arguments, `plain`.
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
  /// The text, unescaped: encoders escape it for their dialect.
  public var text: String
  /// How the text looks.
  public var style: Style

  /// A run of `text` in `style`.
  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// Text made of styled runs: one ticker item, or the separator.
///
/// A string literal is plain text: `let separator: StyledText = " · "`.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The runs, in order. A grapheme cluster that spans two runs takes the style of
  /// its first scalar.
  public var runs: [StyledRun]

  /// Text made of `runs`.
  public init(runs: [StyledRun]) { self.runs = runs }

  /// Text that is `text` in `style` throughout.
  public init(_ text: String, style: Style = .plain) { self.runs = [StyledRun(text, style: style)] }

  /// Plain text from a string literal.
  public init(stringLiteral value: String) { self.init(value) }

  /// The text without its styles.
  public var plainText: String { runs.reduce(into: "") { $0 += $1.text } }

  /// Whether the text shows nothing but space, so that a strip skips it as an item.
  ///
  /// Blank text is empty after sanitising, or holds only white space (spaces, tabs,
  /// line breaks, U+00A0, U+3000), zero-width characters (U+200B, U+FEFF, U+2060, the
  /// joiners and direction marks), and marks or emoji modifiers with nothing to sit
  /// on. `true` exactly when `Strip` and `StripBuilder` skip the item, whatever the
  /// width profile.
  ///
  /// - Complexity: O(1) when the text holds a printable ASCII character other than a
  ///   space early on; otherwise O(*n*), as laying the text out in a strip.
  public var isBlank: Bool {
    for run in runs {
      for byte in run.text.utf8 where byte > 0x20 && byte < 0x7F { return false }
    }
    var builder = StripBuilder(separator: "")
    builder.append(self)
    return builder.build().itemCount == 0
  }
}
