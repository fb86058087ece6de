import Foundation

// What each dialect's reader shows of a line: the table DialectTests compares with the
// plain frame, every dialect against every hostile string.

/// Undoes one dialect's markup and escaping, as its reader would, leaving the text it
/// shows; `nil` when the line holds something the reader would take as markup or code
/// that the encoder should never have let through.
enum Visible {
  static func text(of line: String, format: String) -> String? {
    switch format {
    case "plain", "i3blocks": return line
    case "ansi", "fish": return sgrRemoved(line)
    case "bash": return bash(line)
    case "zsh": return zsh(line)
    case "tmux": return tmuxDrawn(line)
    case "polybar": return polybar(line)
    case "lemonbar": return lemonbar(line)
    case "pango": return pango(line)
    case "i3bar":
      guard let block = object(line), let text = block["full_text"] as? String else { return nil }
      return block["markup"] as? String == "pango" ? pango(text) : text
    case "waybar":
      guard let object = object(line), object["class"] as? String == "ticker",
        let text = object["text"] as? String, let tooltip = object["tooltip"] as? String,
        pango(tooltip) == pango(text)
      else { return nil }
      return pango(text)
    case "json":
      return object(line)?["text"] as? String
    case "xmobar": return BarVisible.xmobar(line)
    case "yambar": return BarVisible.yambar(line)
    case "dzen2": return BarVisible.dzen2(line)
    case "genmon": return BarVisible.genmon(line)
    case "conky": return BarVisible.conky(line)
    default: return nil
    }
  }

  private static func object(_ line: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
  }

  /// Removes `ESC [ params m`; any other escape is an error.
  static func sgrRemoved(_ line: String) -> String? {
    var output = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\u{1B}" else {
        output.append(scalar)
        continue
      }
      guard scalars.popFirst() == "[" else { return nil }
      while let next = scalars.popFirst(), next != "m" {
        guard next == ";" || ("0"..."9").contains(next) else { return nil }
      }
    }
    return String(output)
  }

  static func bash(_ line: String) -> String? {
    var visible = ""
    var hidden = false
    for scalar in line.unicodeScalars {
      switch scalar {
      case "\u{1}": hidden = true
      case "\u{2}": hidden = false
      case "\u{1B}" where !hidden: return nil
      default: if !hidden { visible.unicodeScalars.append(scalar) }
      }
    }
    return visible
  }

  /// zsh's prompt escapes as the encoder writes them; any other `%` escape is an error.
  /// The `ǃ` (U+01C3) the dialect draws for a `!` of the text reads back as `!`; a `!`
  /// itself is an error (PROMPT_BANG would make it the history number).
  static func zsh(_ line: String) -> String? {
    var output = ""
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "!" { return nil }
      guard scalar == "%" else {
        output.unicodeScalars.append(scalar == "\u{01C3}" ? "!" : scalar)
        continue
      }
      switch scalars.popFirst() {
      case "%": output += "%"
      case "{":
        // Literal escape sequence up to `%}`.
        while let next = scalars.popFirst() {
          if next == "%", scalars.first == "}" {
            scalars.removeFirst()
            break
          }
        }
      case "F", "K":
        guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else { return nil }
        scalars = scalars[(close + 1)...]
      case "f", "k", "b", "B", "u", "U", "s", "S": continue
      default: return nil
      }
    }
    return output
  }

  /// What tmux 3.3a shows for `#()` output: expanded once, then drawn.
  static func tmuxDrawn(_ line: String) -> String? {
    let expanded = tmuxExpanded(Array(line.unicodeScalars))
    guard let expanded else { return nil }
    var output = String.UnicodeScalarView()
    var index = 0
    while index < expanded.count {
      guard expanded[index] == "#" else {
        output.append(expanded[index])
        index += 1
        continue
      }
      var count = 0
      while index + count < expanded.count, expanded[index + count] == "#" { count += 1 }
      let next = index + count < expanded.count ? expanded[index + count] : nil
      if next != "[" {
        output.append(contentsOf: repeatElement("#", count: (count + 1) / 2))
        index += count
      } else if count % 2 == 0 {
        output.append(contentsOf: repeatElement("#", count: count / 2))
        output.append("[")
        index += count + 1
      } else {
        output.append(contentsOf: repeatElement("#", count: count / 2))
        guard let close = expanded[(index + count)...].firstIndex(of: "]") else { return nil }
        index = close + 1
      }
    }
    return String(output)
  }

  /// tmux 3.3a's format expansion of job output: `##` is `#`, a run of `#` before `[`
  /// stays, `#,` and `#}` lose the `#`, other `#x` stay; a command, a format, a short
  /// alias or a `#` at the very end (read past the string) are errors.
  private static func tmuxExpanded(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
    var output: [Unicode.Scalar] = []
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "#" else {
        output.append(scalars[index])
        index += 1
        continue
      }
      guard index + 1 < scalars.count else { return nil }
      switch scalars[index + 1] {
      case "#":
        var end = index + 2
        while end < scalars.count, scalars[end] == "#" { end += 1 }
        if end < scalars.count, scalars[end] == "[" {
          output.append(contentsOf: scalars[index...end])
          index = end + 1
        } else {
          output.append("#")
          index += 2
        }
      case "(", "{", "D", "F", "H", "I", "P", "S", "T", "W", "h":
        // A command, a format or a short alias (pane id, host, …): never from text.
        return nil
      case ",", "}":
        output.append(scalars[index + 1])
        index += 2
      default:
        // `#[` and the lower-case hex of `fg=#ff0000` stay as they are.
        output.append(contentsOf: scalars[index...(index + 1)])
        index += 2
      }
    }
    return output
  }

  /// Removes `%{…}` tags, as polybar reads them: a `%` not followed by `{` is text, so
  /// the `%{O0}` that breaks a `%{` from the text goes and the `%` and `{` stay.
  static func polybar(_ line: String) -> String? {
    var output = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      if scalar == "%", scalars.first == "{" {
        guard let close = scalars.firstIndex(of: "}") else { return nil }
        scalars = scalars[(close + 1)...]
      } else {
        output.append(scalar)
      }
    }
    return String(output)
  }

  static func lemonbar(_ line: String) -> String? {
    var output = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "%" else {
        output.append(scalar)
        continue
      }
      switch scalars.popFirst() {
      case "%": output.append("%")
      case "{":
        guard let close = scalars.firstIndex(of: "}") else { return nil }
        scalars = scalars[(close + 1)...]
      default: return nil
      }
    }
    return String(output)
  }

  static func pango(_ line: String) -> String? {
    var output = ""
    var rest = Substring(line)
    while let first = rest.first {
      if first == "<" {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        let tag = rest[...close]
        guard tag.hasPrefix("<span ") || tag == "</span>" else { return nil }
        rest = rest[rest.index(after: close)...]
      } else if first == "&" {
        let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&apos;": "'", "&quot;": "\""]
        guard let entity = entities.first(where: { rest.hasPrefix($0.key) }) else { return nil }
        output += entity.value
        rest = rest.dropFirst(entity.key.count)
      } else {
        output.append(first)
        rest = rest.dropFirst()
      }
    }
    return output
  }
}
