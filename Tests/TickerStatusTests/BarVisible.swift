// What xmobar, yambar, dzen2, genmon and conky show of a line, read as each reader
// reads it (their manuals, and xmobar's `-T` and conky's console output for the
// details): `nil` when the line holds anything the reader would take as markup, an
// action, a variable or a tag that the encoder should never have let through.

enum BarVisible {
  /// xmobar: `<raw=N:…/>` is N characters drawn as they are; `<fc=…>`, `</fc>`,
  /// ``<action=`…` button=N>`` and `</action>` are the encoder's; any other `<` is a tag
  /// an item made.
  static func xmobar(_ line: String) -> String? {
    var output = String.UnicodeScalarView()
    var rest = Array(line.unicodeScalars)[...]
    func take(_ prefix: String) -> Bool {
      let scalars = Array(prefix.unicodeScalars)
      guard rest.starts(with: scalars) else { return false }
      rest = rest.dropFirst(scalars.count)
      return true
    }
    while let first = rest.first {
      guard first == "<" else {
        output.append(first)
        rest = rest.dropFirst()
        continue
      }
      if take("<raw=") {
        var digits = ""
        while let digit = rest.first, ("0"..."9").contains(digit) {
          digits.unicodeScalars.append(digit)
          rest = rest.dropFirst()
        }
        guard let count = Int(digits), take(":"), rest.count >= count else { return nil }
        output.append(contentsOf: rest.prefix(count))
        rest = rest.dropFirst(count)
        guard take("/>") else { return nil }
      } else if take("</fc>") || take("</action>") {
        continue
      } else if take("<fc=") {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        let value = String(String.UnicodeScalarView(rest[..<close]))
        guard value.wholeMatch(of: /#[0-9a-f]{6}(,#[0-9a-f]{6})?/) != nil else { return nil }
        rest = rest[(close + 1)...]
      } else if take("<action=`") {
        guard let tick = rest.firstIndex(of: "`") else { return nil }
        let command = String(String.UnicodeScalarView(rest[..<tick]))
        guard command.contains("--clicked-item") else { return nil }
        rest = rest[(tick + 1)...]
        guard take(" button="), let close = rest.firstIndex(of: ">") else { return nil }
        rest = rest[(close + 1)...]
      } else {
        return nil
      }
    }
    return String(output)
  }

  /// yambar: one set of tags, `text`, then `t0`…`t7` and `f0`…`f7` in turn, each
  /// `name|string|value`, ended by the empty line the newline after a frame makes;
  /// what it shows is the slots' text, which must be the `text` tag's.
  static func yambar(_ line: String) -> String? {
    let lines = line.split(separator: "\n", omittingEmptySubsequences: false)
    var names = ["text"] + (0..<8).flatMap { ["t\($0)", "f\($0)"] }
    // With click actions, the left item's commands.
    if lines.count == names.count + 4 { names += ["click1", "click2", "click3"] }
    guard lines.count == names.count + 1, lines.last == "" else { return nil }
    var values: [String: String] = [:]
    for (name, tag) in zip(names, lines) {
      // Bytes, as yambar reads them (a combining mark after the `|` would join it).
      let prefix = name + "|string|"
      guard tag.utf8.starts(with: prefix.utf8) else { return nil }
      values[name] = String(decoding: tag.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }
    for button in 1...3 {
      guard let command = values["click\(button)"] else { break }
      guard command == "true" || command.contains(" --clicked-item ") else { return nil }
    }
    for slot in 0..<8 {
      let color = values["f\(slot)"] ?? ""
      guard color.isEmpty || color.wholeMatch(of: /#[0-9a-f]{6}/) != nil else { return nil }
    }
    let shown = (0..<8).map { values["t\($0)"] ?? "" }.joined()
    return shown == values["text"] ? shown : nil
  }

  /// dzen2: `^^` is `^`; `^fg(…)`, `^bg(…)` and the `^ca(…)` of a click action are the
  /// encoder's; any other `^` is a command an item made.
  static func dzen2(_ line: String) -> String? {
    var output = ""
    var rest = Substring(line)
    while let first = rest.first {
      rest = rest.dropFirst()
      guard first == "^" else {
        output.append(first)
        continue
      }
      if rest.first == "^" {
        output += "^"
        rest = rest.dropFirst()
        continue
      }
      guard let close = rest.firstIndex(of: ")") else { return nil }
      let command = rest[..<close]
      let allowed =
        command.wholeMatch(of: /(fg|bg)\((#[0-9a-f]{6})?/) != nil || command == "ca("
        || command.wholeMatch(of: /ca\([1-5],.* --clicked-item [0-9]+ .*/) != nil
      guard allowed else { return nil }
      rest = rest[rest.index(after: close)...]
    }
    return output
  }

  /// genmon: `<txt>` Pango markup `</txt>`, then at most a `<txtclick>` of a click
  /// action; any other tag is one an item made.
  static func genmon(_ line: String) -> String? {
    guard line.hasPrefix("<txt>"), let end = line.range(of: "</txt>") else { return nil }
    let text = line[line.index(line.startIndex, offsetBy: 5)..<end.lowerBound]
    let after = line[end.upperBound...]
    guard
      after.isEmpty
        || after.wholeMatch(of: /<txtclick>[^<]* --clicked-item [^<]*<\/txtclick>/) != nil
    else { return nil }
    return Visible.pango(String(text))
  }

  /// conky's `execpi`: `$$` is `$`, `\#` is `#`, `${color…}` the encoder's; any other
  /// `$` is a variable and any other `#` a comment an item made.
  static func conky(_ line: String) -> String? {
    var output = ""
    var rest = Substring(line)
    while let first = rest.first {
      rest = rest.dropFirst()
      switch first {
      case "$":
        if rest.first == "$" {
          output += "$"
          rest = rest.dropFirst()
        } else if let match = rest.prefixMatch(of: /\{color( #[0-9a-f]{6})?\}/) {
          rest = rest[match.range.upperBound...]
        } else {
          return nil
        }
      case "#": return nil
      case "\\" where rest.first == "#":
        output += "#"
        rest = rest.dropFirst()
      default: output.append(first)
      }
    }
    return output
  }
}
