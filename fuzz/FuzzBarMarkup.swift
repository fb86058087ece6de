// libFuzzer target: the escapers of xmobar, yambar, dzen2, genmon and conky. The input
// is read as ANSI markup (so that it brings styles) into items, laid out, and a window
// of it written in each dialect, with click actions around its items; each line is
// then read back as its reader reads it. Whatever the input, the reader shows exactly
// the frame's text and finds nothing else: no tag, action, command, variable, comment
// or tag line that the encoder did not write.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBarMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = Sanitizer.decodeUTF8(UnsafeBufferPointer(start: data, count: size))
  // The raw text too, as one run: what the sanitizer would never let through (line
  // breaks, controls) reaches the escapers directly.
  let raw = Frame(runs: [StyledRun(text), StyledRun("▲1", style: Style(foreground: .named(2)))])
  let item = Markup.ansi.read(text)
  let strip = Strip(items: [item, "x", item], separator: " · ", measure: CellMeasure())
  let frame = strip.window(offset: size, width: size % 61, markingItems: true)
  let clicks = ClickMarkup(command: { "run \($0) \($1)" })
  for (frame, clicks) in [(raw, nil), (frame, nil), (frame, clicks)] {
    for format in [OutputFormat.xmobar, .yambar, .dzen2, .genmon, .conky] {
      let line = FrameEncoder(format: format, clicks: clicks).encode(
        frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
      let shown = BarReaders.read(line, as: format)
      precondition(shown != nil, "\(format): markup from the text in \(line.debugDescription)")
      let expected = format == .yambar ? BarReaders.oneLine(frame.text) : frame.text
      precondition(shown == expected, "\(format): shows \(shown!.debugDescription)")
    }
  }
  return 0
}

/// Each reader's rules, as small as they are (see each dialect's file).
enum BarReaders {
  static func read(_ line: String, as format: OutputFormat) -> String? {
    let scalars = Array(line.unicodeScalars)
    switch format {
    case .xmobar: return xmobar(scalars)
    case .yambar: return yambar(line)
    case .dzen2: return dzen2(scalars)
    case .genmon: return genmon(line)
    case .conky: return conky(scalars)
    default: return nil
    }
  }

  static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
  }

  private static func starts(_ scalars: ArraySlice<Unicode.Scalar>, _ prefix: String) -> Bool {
    scalars.starts(with: prefix.unicodeScalars)
  }

  /// Text outside tags, `<raw=N:…/>`, and the encoder's `<fc=…>`, `</fc>`,
  /// ``<action=`run …` button=N>`` and `</action>`; any other `<` is a tag.
  static func xmobar(_ scalars: [Unicode.Scalar]) -> String? {
    var output = String.UnicodeScalarView()
    var rest = scalars[...]
    while let first = rest.first {
      if first != "<" {
        // Only `<raw>` holds text: anything else outside it is the encoder's mistake.
        return nil
      }
      if starts(rest, "<raw=") {
        rest = rest.dropFirst(5)
        var count = 0
        while let digit = rest.first, ("0"..."9").contains(digit) {
          count = count * 10 + Int(digit.value - 48)
          rest = rest.dropFirst()
        }
        guard rest.first == ":", rest.count > count else { return nil }
        rest = rest.dropFirst()
        output.append(contentsOf: rest.prefix(count))
        rest = rest.dropFirst(count)
        guard starts(rest, "/>") else { return nil }
        rest = rest.dropFirst(2)
      } else if starts(rest, "</fc>") || starts(rest, "</action>") {
        rest = rest.drop { $0 != ">" }.dropFirst()
      } else if starts(rest, "<fc=#") || starts(rest, "<action=`run ") {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        let tag = rest[..<close]
        guard !tag.dropFirst().contains("<"), !tag.contains("/") else { return nil }
        rest = rest[(close + 1)...]
      } else {
        return nil
      }
    }
    return String(output)
  }

  /// 17 tags, `text` then `t0`…`t7` with `f0`…`f7`, and the end of the set; shows
  /// the slots, which must be the `text` tag.
  static func yambar(_ line: String) -> String? {
    let lines = line.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 18 || lines.count == 21, lines.last!.isEmpty else { return nil }
    var names = ["text"]
    for slot in 0..<8 { names += ["t\(slot)", "f\(slot)"] }
    // With click actions, the left item's commands, `run ITEM BUTTON` here.
    if lines.count == 21 { names += ["click1", "click2", "click3"] }
    var slots = ""
    var whole = ""
    for (name, tag) in zip(names, lines) {
      // Bytes, as yambar reads them: a combining mark after the `|` is a character of
      // its own there.
      let prefix = name + "|string|"
      guard tag.utf8.starts(with: prefix.utf8), !tag.utf8.contains(0x0D) else { return nil }
      let value = String(decoding: tag.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
      if name.hasPrefix("click"), value != "true", !value.hasPrefix("run ") { return nil }
      if name == "text" { whole = value } else if name.hasPrefix("t") { slots += value }
      if name.hasPrefix("f"), !value.isEmpty, value.utf8.count != 7 || !value.hasPrefix("#") {
        return nil
      }
    }
    return slots == whole ? whole : nil
  }

  /// `^^` is `^`; `^fg(…)`, `^bg(…)` and `^ca(…)` of `run …` are the encoder's.
  static func dzen2(_ scalars: [Unicode.Scalar]) -> String? {
    var output = String.UnicodeScalarView()
    var rest = scalars[...]
    while let first = rest.popFirst() {
      guard first == "^" else {
        output.append(first)
        continue
      }
      if rest.first == "^" {
        output.append("^")
        rest = rest.dropFirst()
        continue
      }
      guard let close = rest.firstIndex(of: ")") else { return nil }
      let command = String(String.UnicodeScalarView(rest[..<close]))
      let ours = ["fg(", "bg(", "ca("].contains { command.hasPrefix($0) }
      let body = command.dropFirst(3)
      guard ours, body.isEmpty || body.hasPrefix("#") || body.dropFirst(2).hasPrefix("run ")
      else { return nil }
      rest = rest[(close + 1)...]
    }
    return String(output)
  }

  /// `<txt>`, pango (`<span …>`, `</span>`, five entities), `</txt>`, and at most one
  /// `<txtclick>run …</txtclick>`.
  static func genmon(_ line: String) -> String? {
    // Scalars, not characters: an entity's `;` and a combining mark after it are one
    // character, but GMarkup reads bytes.
    var rest = Array(line.unicodeScalars)[...]
    guard starts(rest, "<txt>") else { return nil }
    rest = rest.dropFirst(5)
    var output = String.UnicodeScalarView()
    let entities: [(String, Unicode.Scalar)] = [
      ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&apos;", "'"), ("&quot;", "\""),
    ]
    while let first = rest.first {
      if starts(rest, "</txt>") {
        rest = rest.dropFirst(6)
        let tail = String(String.UnicodeScalarView(rest))
        guard tail.isEmpty || (tail.hasPrefix("<txtclick>run ") && tail.hasSuffix("</txtclick>"))
        else { return nil }
        guard !tail.dropFirst(10).dropLast(11).contains("<") else { return nil }
        return String(output)
      } else if first == "<" {
        guard starts(rest, "<span ") || starts(rest, "</span>"),
          let close = rest.firstIndex(of: ">")
        else { return nil }
        rest = rest[(close + 1)...]
      } else if first == "&" {
        guard let entity = entities.first(where: { starts(rest, $0.0) }) else { return nil }
        output.append(entity.1)
        rest = rest.dropFirst(entity.0.unicodeScalars.count)
      } else {
        output.append(first)
        rest = rest.dropFirst()
      }
    }
    return nil
  }

  /// `$$` is `$`, `\#` is `#`, `${color…}` the encoder's; any other `$` or `#` is not.
  static func conky(_ scalars: [Unicode.Scalar]) -> String? {
    var output = String.UnicodeScalarView()
    var rest = scalars[...]
    while let first = rest.popFirst() {
      switch first {
      case "$":
        if rest.first == "$" {
          output.append("$")
          rest = rest.dropFirst()
        } else if starts(rest, "{color"), let close = rest.firstIndex(of: "}") {
          let inside = rest[rest.index(rest.startIndex, offsetBy: 6)..<close]
          guard inside.isEmpty || (inside.count == 8 && starts(inside, " #")) else { return nil }
          rest = rest[(close + 1)...]
        } else {
          return nil
        }
      case "#": return nil
      case "\\" where rest.first == "#":
        output.append("#")
        rest = rest.dropFirst()
      default: output.append(first)
      }
    }
    return String(output)
  }
}
