/// tmux's style syntax (`fg=green,bg=colour236,bold`), read into and written from `Style`.
///
/// The reader follows tmux 3.3a's `style_parse` and `colour_fromstring`: tokens are
/// separated by commas or spaces; colours are the eight names, their `bright`
/// forms, `colour0`–`colour255` (or `color`), `#rrggbb` and `default`; attributes are
/// set by name and cleared by `no` and the name; `none` clears every attribute and
/// `default` returns to the plain style. tmux's layout tokens (`align=`, `list=`,
/// `range=`, `fill=`, `push-default`, …) are accepted and have no effect here.
/// X11 colour names (`orange`) are not supported.
public enum TmuxStyle {
  /// Reads a style such as `fg=green,bold`, applied on top of `base`.
  ///
  /// - Returns: The style, or `nil` when any token is not tmux style syntax.
  public static func parse(_ text: String, base: Style = .plain) -> Style? {
    var style = base
    return apply(Substring(text), to: &style) ? style : nil
  }

  /// Applies the tokens of `text` to `style`; leaves `style` alone and returns `false`
  /// if any token is invalid (as tmux ignores a whole invalid `#[…]`).
  static func apply(_ text: Substring, to style: inout Style) -> Bool {
    var result = style
    let tokens = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" })
    for token in tokens {
      let lowered = token.lowercased()
      if lowered == "default" {
        result = .plain
      } else if lowered == "none" {
        result.attributes = []
      } else if let value = lowered.valueAfter("fg=") {
        guard let color = color(named: value) else { return false }
        result.foreground = color.value
      } else if let value = lowered.valueAfter("bg=") {
        guard let color = color(named: value) else { return false }
        result.background = color.value
      } else if let value = lowered.valueAfter("us=") ?? lowered.valueAfter("fill=") {
        guard color(named: value) != nil else { return false }
      } else if layoutTokens.contains(lowered) || layoutPrefixes.contains(where: lowered.hasPrefix)
      {
        continue
      } else if lowered.hasPrefix("no"), let attribute = attribute(named: lowered.dropFirst(2)) {
        result.attributes.subtract(attribute)
      } else if let attribute = attribute(named: Substring(lowered)) {
        result.attributes.formUnion(attribute)
      } else {
        return false
      }
    }
    style = result
    return true
  }

  /// tmux's tokens that place or group text rather than style it.
  private static let layoutTokens: Set<String> = [
    "ignore", "noignore", "push-default", "pop-default", "nolist", "norange", "noalign",
  ]
  private static let layoutPrefixes = ["list=", "range=", "align="]

  /// A colour as tmux names it; `.init(value: nil)` is `default`.
  struct ParsedColor {
    var value: TerminalColor?
  }

  private static let names = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
  ]

  /// Reads a tmux colour (already lower-cased), or returns `nil` if it is not one.
  static func color(named name: String) -> ParsedColor? {
    if name == "default" || name == "terminal" { return ParsedColor(value: nil) }
    if let index = names.firstIndex(of: name) { return ParsedColor(value: .named(UInt8(index))) }
    if let rest = name.valueAfter("bright"), let index = names.firstIndex(of: rest) {
      return ParsedColor(value: .named(UInt8(index + 8)))
    }
    // tmux also takes the SGR-like numbers 0–7 and 90–97, spelled exactly so.
    if name.utf8.count <= 2, let number = UInt8(name), String(number) == name {
      if number <= 7 { return ParsedColor(value: .named(number)) }
      if (90...97).contains(number) { return ParsedColor(value: .named(number - 82)) }
      return nil
    }
    if let digits = name.valueAfter("colour") ?? name.valueAfter("color") {
      guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        let index = UInt8(digits)
      else { return nil }
      return ParsedColor(value: .palette(index))
    }
    if let hex = name.valueAfter("#") {
      let bytes = Array(hex.utf8)
      guard bytes.count == 6, let value = UInt32(hex, radix: 16), bytes.allSatisfy(isHexDigit)
      else { return nil }
      return ParsedColor(
        value: .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)))
    }
    return nil
  }

  /// tmux's attribute names, mapped onto the attributes the style model keeps.
  private static func attribute(named name: Substring) -> TextAttributes? {
    switch name {
    case "bright", "bold": return .bold
    case "dim": return .dim
    case "italics": return .italic
    case "underscore", "double-underscore", "curly-underscore", "dotted-underscore",
      "dashed-underscore":
      return .underline
    case "reverse": return .reverse
    case "blink", "hidden", "strikethrough", "overline", "acs": return []
    default: return nil
    }
  }

  // MARK: Writing

  /// The style as tmux style syntax, such as `fg=red,bg=colour236,bold`; empty for plain.
  public static func spec(for style: Style) -> String {
    // Appended piece by piece: no arrays, so no generic metadata to build at start-up.
    var spec = ""
    if let color = style.foreground { append("fg=" + name(of: color), to: &spec) }
    if let color = style.background { append("bg=" + name(of: color), to: &spec) }
    if style.attributes.contains(.bold) { append("bold", to: &spec) }
    if style.attributes.contains(.dim) { append("dim", to: &spec) }
    if style.attributes.contains(.italic) { append("italics", to: &spec) }
    if style.attributes.contains(.underline) { append("underscore", to: &spec) }
    if style.attributes.contains(.reverse) { append("reverse", to: &spec) }
    return spec
  }

  private static func append(_ part: String, to spec: inout String) {
    if !spec.isEmpty { spec.append(",") }
    spec.append(part)
  }

  /// A colour as tmux names it: `red`, `brightred`, `colour123`, `#rrggbb`.
  static func name(of color: TerminalColor) -> String {
    switch color {
    case .named(let n) where n < 8: return names[Int(n)]
    case .named(let n): return "bright" + names[Int(n & 7)]
    case .palette(let n): return "colour\(n)"
    case .rgb: return color.hexString
    }
  }
}

private func isHexDigit(_ byte: UInt8) -> Bool {
  (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
}

extension String {
  /// The rest of the string after `prefix`, or `nil` if it does not start with it.
  fileprivate func valueAfter(_ prefix: String) -> String? {
    hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
  }
}
