import Foundation
import Testing

// The command's dialects end to end: every dialect shows the plain frame and nothing
// else, and the options that choose dialects, markup and quote styles.

/// Undoes one dialect's markup and escaping, as its reader would, leaving the text it
/// shows; `nil` when the line holds something the reader would take as markup or code
/// that the encoder should never have let through.
private enum Visible {
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

private let formats = [
  "plain", "ansi", "tmux", "zsh", "bash", "fish", "polybar", "lemonbar", "pango", "i3bar",
  "i3blocks", "waybar", "json",
]

@Suite struct DialectTests {
  struct Arguments: CustomTestStringConvertible, Sendable {
    var label: String
    var arguments: [String]
    var testDescription: String { label }
  }

  private static let hostile = [
    "#(touch /tmp/ticker-pwned) #[fg=red]x#[default] ##y #{host} #H end#",
    "%{A1:touch /tmp/ticker-pwned:}click%{A} %H %% %F{red} 100%",
    #"$(id) `id` ${HOME} \u \$ \[ !! <b>&amp; 'q' "dq" \"#,
  ]

  @Test(arguments: [
    Arguments(label: "hostile, still", arguments: ["-w", "250", "--at", "0"] + hostile),
    Arguments(
      label: "hostile, scrolling", arguments: ["-w", "33", "--at", "17.3", "-s", "3"] + hostile),
    Arguments(
      label: "quotes in every style",
      arguments: [
        "--quotes", "--up-style", "fg=colour46,bold,reverse", "--down-style",
        "fg=#ff0000,bg=brightblack,underscore,italics,dim", "-w", "45", "--at", "1234.5",
        "AAPL 189.84 +1.25", "MSFT 415.20 -2.31", "TSLA 248.50 0", "%{A1:x:} 1 +1",
        "#(x) 2 -2",
      ]),
    Arguments(
      label: "tmux markup",
      arguments: [
        "--markup", "tmux", "-w", "30", "--at", "7", "a#[fg=red,bold]b#[default]c ## #",
        "#[bg=blue]x%{A1:y:}#[nobold]#[italics]<i>&", "#[fg=colour99]###[z]",
      ]),
    Arguments(
      label: "ansi markup",
      arguments: [
        "--markup", "ansi", "-w", "25", "--at", "3.3",
        "\u{1B}[1;31mred\u{1B}[0m \u{1B}]0;title\u{7}#(x)\u{1B}[38;2;1;2;3mrgb%{",
        "\u{1B}[4m\\u\u{1B}[24m\u{1B}[2J$(x)",
      ]),
    Arguments(
      label: "wide clusters cut by the edges",
      arguments: ["-w", "17", "--at", "11.1", "日本語 ニュース", "👍🏽 ❤️ 🇫🇷 %#", "中文 #x"]),
  ])
  func everyDialectShowsThePlainFrame(_ test: Arguments) throws {
    for format in formats {
      // Each dialect's default profile: tmux's own for tmux, the terminal's (--cells
      // auto, as plain has it) for text a terminal draws, wcwidth for bars and JSON;
      // the plain frame to match is measured alike.
      let cells =
        format == "tmux"
        ? ["--cells", "tmux"]
        : ["plain", "ansi", "bash", "zsh", "fish"].contains(format) ? [] : ["--cells", "wcwidth"]
      let plain = try runTicker(["--format", "plain"] + cells + test.arguments)
      let result = try runTicker(["--format", format] + test.arguments)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      #expect(result.stdout.hasSuffix("\n") && result.stdout.filter { $0 == "\n" }.count == 1)
      let line = String(result.stdout.dropLast())
      let visible = Visible.text(of: line, format: format)
      #expect(visible == String(plain.stdout.dropLast()), "\(format): \(line.debugDescription)")
    }
  }

  @Test func stylesAppearInEveryDialectWithColour() throws {
    let arguments = [
      "--quotes", "--up-style", "fg=colour46,bold", "-w", "40", "--at", "0", "AAPL 1 +1",
    ]
    let expected: [String: String] = [
      "ansi": "\u{1B}[1;38;5;46m", "tmux": "#[fg=colour46,bold]", "zsh": "%B%F{46}",
      "bash": "\u{1}\u{1B}[1;38;5;46m\u{2}", "fish": "\u{1B}[1;38;5;46m",
      "polybar": "%{F#00ff00}", "lemonbar": "%{F#00ff00}",
      "pango": ##"<span foreground="#00ff00" weight="bold">"##,
      "i3bar": ##"<span foreground=\"#00ff00\" weight=\"bold\">"##,
      "waybar": ##"<span foreground=\"#00ff00\" weight=\"bold\">"##,
    ]
    for (format, markup) in expected {
      let result = try runTicker(["--format", format] + arguments)
      #expect(result.stdout.contains(markup), "\(format): \(result.stdout.debugDescription)")
    }
  }

  @Test(arguments: ["ansi", "zsh", "bash", "fish"])
  func noColorTurnsColourOff(_ format: String) throws {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    let arguments = ["--format", format, "--quotes", "-w", "30", "--at", "0", "A 1 +1", "B 2 -2"]
    let result = try runTicker(arguments, environment: environment)
    #expect(result.stdout == "A 1 ▲1 · B 2 ▼2" + String(repeating: " ", count: 15) + "\n")
    environment["NO_COLOR"] = ""
    let coloured = try runTicker(arguments, environment: environment)
    #expect(coloured.stdout != result.stdout)
  }

  @Test func tmuxFormatMeasuresWithTheTmuxProfile() throws {
    let arguments = ["-w", "12", "--at", "0", "👍🏽 ab", "c"]
    let tmux = try runTicker(["--format", "tmux"] + arguments)
    let byProfile = try runTicker(["--format", "plain", "--cells", "tmux"] + arguments)
    let terminal = try runTicker(["--format", "tmux", "--cells", "terminal"] + arguments)
    let byTerminal = try runTicker(["--format", "plain", "--cells", "terminal"] + arguments)
    #expect(tmux.stdout == String(byProfile.stdout.dropLast()) + "#[default]\n")
    #expect(terminal.stdout == String(byTerminal.stdout.dropLast()) + "#[default]\n")
  }

  @Test func markupAppliesToFilesAndArgumentsAndSparesQuotes() throws {
    let result = try runTicker(
      [
        "--format", "tmux", "--markup", "tmux", "--quotes", "--down-style", "fg=blue", "-w", "60",
        "--at", "0", "-f", "-", "#[fg=red]arg", "Q 1 -1",
      ],
      stdin: Array("#[bold]line\nX#[fg=red] 2 +1\n".utf8))
    // Lines and arguments alike: markup read, except in quotes, whose text is literal.
    #expect(
      result.stdout
        == "#[bold]line#[default] · X##[fg=red] 2 #[fg=green]▲1#[default] · "
        + "#[fg=red]arg#[default] · Q 1 #[fg=blue]▼1#[default]"
        + String(repeating: " ", count: 23) + "#[default]\n")
  }
}
