/// The server's global options, as `tmux show-options -g` lists them, read once.
///
/// tmux prints each option as its name, a space, and its value as one word of its
/// command language (`args_escape`): bare, in single quotes, or in double quotes
/// with C-style escapes (`\"`, `\$`, `\\`, `\n`, `\t`, octal `\ooo`). The same in
/// 3.3a and 3.5a. Lines that are not `NAME VALUE` (array options, `NAME*`) are left
/// out: the plugin reads none of them.
struct PluginOptions: Equatable, Sendable {
  /// Each option's value by name.
  var values: [String: String]

  init(_ values: [String: String] = [:]) { self.values = values }

  /// Reads the output of `tmux show-options -g`.
  init(showOptions output: String) {
    var values: [String: String] = [:]
    for line in output.split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      let name = String(line[..<space])
      guard !name.contains("["), !name.hasSuffix("*"),
        let value = Self.word(line[line.index(after: space)...])
      else { continue }
      values[name] = value
    }
    self.values = values
  }

  /// The value of `name`, or `fallback` when it is unset or empty (as the plugin has
  /// always read its options).
  func value(_ name: String, or fallback: String = "") -> String {
    guard let value = values[name], !value.isEmpty else { return fallback }
    return value
  }

  /// One word of tmux's command language, unquoted; nil when it is not one.
  static func word(_ text: Substring) -> String? {
    var output = ""
    var scalars = text.unicodeScalars[...]
    var quote: Unicode.Scalar?
    while let scalar = scalars.popFirst() {
      if quote == "'" {
        if scalar == "'" { quote = nil } else { output.unicodeScalars.append(scalar) }
      } else if scalar == "\\" {
        guard let escaped = escape(&scalars) else { return nil }
        output.unicodeScalars.append(escaped)
      } else if quote == nil && (scalar == "'" || scalar == "\"") {
        quote = scalar
      } else if quote == "\"" && scalar == "\"" {
        quote = nil
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return quote == nil ? output : nil
  }

  /// The scalar a backslash and what follows stand for.
  private static func escape(_ scalars: inout Substring.UnicodeScalarView) -> Unicode.Scalar? {
    guard let next = scalars.popFirst() else { return nil }
    switch next {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "a": return "\u{07}"
    case "b": return "\u{08}"
    case "e": return "\u{1B}"
    case "f": return "\u{0C}"
    case "v": return "\u{0B}"
    case "s": return " "
    case "0"..."7":
      // Octal: up to three digits, one byte (tmux escapes bytes that are not UTF-8).
      var value = next.value - 0x30
      for _ in 0..<2 {
        guard let digit = scalars.first, ("0"..."7").contains(digit) else { break }
        value = value * 8 + digit.value - 0x30
        scalars.removeFirst()
      }
      return Unicode.Scalar(value)
    default: return next
    }
  }
}
