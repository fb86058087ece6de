/// How styles are written inside item text (`--markup`).
///
/// Whatever the markup, the result is only ever styles and text: nothing in an item
/// becomes markup of the output dialect, because the encoders escape every run.
public enum Markup: String, Sendable, CaseIterable {
  /// Every character is literal.
  case none
  /// tmux style blocks: `#[fg=red,bold]`, `#[default]`; `##` is a literal `#`.
  case tmux
  /// SGR escape sequences (16, 256 and truecolor); every other escape sequence is dropped.
  case ansi

  /// Reads the styles in `text`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func read(_ text: String) -> StyledText {
    switch self {
    case .none: return StyledText(text)
    case .tmux: return TmuxMarkup.read(text)
    case .ansi: return ANSIMarkup.read(text)
    }
  }
}

/// Collects text in styles, joining neighbours of one style and dropping empty runs.
struct StyledTextBuilder {
  private var runs: [StyledRun] = []
  private var pending = String.UnicodeScalarView()
  private var style = Style.plain

  /// Continues in `newStyle`.
  mutating func setStyle(_ newStyle: Style) {
    guard newStyle != style else { return }
    flush()
    style = newStyle
  }

  mutating func append(_ scalar: Unicode.Scalar) { pending.append(scalar) }

  private mutating func flush() {
    guard !pending.isEmpty else { return }
    runs.append(StyledRun(String(pending), style: style))
    pending = String.UnicodeScalarView()
  }

  mutating func text() -> StyledText {
    flush()
    return runs.isEmpty ? StyledText("") : StyledText(runs: runs)
  }
}

/// Reads tmux style blocks in item text.
///
/// As tmux draws a status line: `#[…]` changes the style (an invalid block is dropped
/// and changes nothing), `##` is one `#`, and any other `#` is itself. A `#[`
/// without its `]` is literal text.
enum TmuxMarkup {
  static func read(_ text: String) -> StyledText {
    let scalars = Array(text.unicodeScalars)
    var builder = StyledTextBuilder()
    var style = Style.plain
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "#", index + 1 < scalars.count {
        let next = scalars[index + 1]
        if next == "#" {
          builder.append("#")
          index += 2
          continue
        }
        if next == "[", let close = scalars[(index + 2)...].firstIndex(of: "]") {
          var body = String.UnicodeScalarView()
          body.append(contentsOf: scalars[(index + 2)..<close])
          if TmuxStyle.apply(Substring(String(body)), to: &style) { builder.setStyle(style) }
          index = close + 1
          continue
        }
      }
      builder.append(scalar)
      index += 1
    }
    return builder.text()
  }
}

/// Reads SGR escape sequences in item text and drops every other escape sequence.
///
/// Recognised: CSI (`ESC [` or U+009B) parameters, intermediates and a final byte,
/// of which only `m` with plain parameters is applied; OSC (`ESC ]`, U+009D) up to
/// BEL or ST; DCS, SOS, PM and APC (`ESC P X ^ _`, U+0090 U+0098 U+009E U+009F) up to
/// ST; and `ESC` with intermediates and one final character. An unterminated string
/// sequence runs to the end of the text. Other control characters are left for the
/// sanitiser, which removes them.
enum ANSIMarkup {
  static func read(_ text: String) -> StyledText {
    let scalars = Array(text.unicodeScalars)
    var builder = StyledTextBuilder()
    var style = Style.plain
    var index = 0
    while index < scalars.count {
      let value = scalars[index].value
      let introducer: UInt32?
      var start = index + 1
      if value == 0x1B, start < scalars.count, (0x40...0x5F).contains(scalars[start].value) {
        // ESC Fe is the 7-bit form of the C1 control 0x80 + (Fe - 0x40).
        introducer = scalars[start].value + 0x40
        start += 1
      } else if value == 0x1B {
        index = skipEscape(scalars, from: start)
        continue
      } else if (0x80...0x9F).contains(value) {
        introducer = value
      } else {
        introducer = nil
      }
      guard let introducer else {
        builder.append(scalars[index])
        index += 1
        continue
      }
      switch introducer {
      case 0x9B:
        let (end, parameters, isSGR) = scanCSI(scalars, from: start)
        if isSGR {
          applySGR(parameters, to: &style)
          builder.setStyle(style)
        }
        index = end
      case 0x9D:
        index = skipString(scalars, from: start, bellEnds: true)
      case 0x90, 0x98, 0x9E, 0x9F:
        index = skipString(scalars, from: start, bellEnds: false)
      default:
        index = start
      }
    }
    return builder.text()
  }

  /// Skips `ESC` followed by intermediates (0x20–0x2F) and one final character (0x30–0x7E).
  private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
    if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
    return index
  }

  /// Scans a control sequence after its introducer.
  ///
  /// - Returns: Where it ends, its parameter bytes, and whether it is an SGR sequence
  ///   (final `m`, no intermediates, parameters only digits, `;` and `:`).
  private static func scanCSI(_ scalars: [Unicode.Scalar], from start: Int)
    -> (end: Int, parameters: [UInt8], isSGR: Bool)
  {
    var index = start
    var parameters: [UInt8] = []
    var plainParameters = true
    while index < scalars.count, (0x30...0x3F).contains(scalars[index].value) {
      let byte = UInt8(scalars[index].value)
      if !((0x30...0x3B).contains(byte)) { plainParameters = false }
      parameters.append(byte)
      index += 1
    }
    var intermediates = 0
    while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) {
      intermediates += 1
      index += 1
    }
    guard index < scalars.count, (0x40...0x7E).contains(scalars[index].value) else {
      // Malformed: the sequence ends here and what follows is text again.
      return (index, [], false)
    }
    let isSGR = scalars[index] == "m" && intermediates == 0 && plainParameters
    return (index + 1, parameters, isSGR)
  }

  /// Skips a control string up to and including its terminator: ST (`ESC \` or
  /// U+009C), or BEL when `bellEnds`.
  private static func skipString(_ scalars: [Unicode.Scalar], from start: Int, bellEnds: Bool)
    -> Int
  {
    var index = start
    while index < scalars.count {
      let value = scalars[index].value
      if value == 0x9C || (bellEnds && value == 0x07) { return index + 1 }
      if value == 0x1B, index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
      index += 1
    }
    return index
  }

  /// Applies SGR parameters (`1;38;5;208`, `38:2::255:0:0`) to `style`.
  static func applySGR(_ bytes: [UInt8], to style: inout Style) {
    // Each parameter is a list of colon-separated sub-parameters; empty ones are nil.
    var parameters: [[Int?]] = [[]]
    var current: Int?
    for byte in bytes + [0x3B] {
      switch byte {
      case 0x30...0x39:
        current = min((current ?? 0) * 10 + Int(byte - 0x30), 100_000)
      case 0x3A:
        parameters[parameters.count - 1].append(current)
        current = nil
      default:
        parameters[parameters.count - 1].append(current)
        current = nil
        parameters.append([])
      }
    }
    parameters.removeLast()
    var index = 0
    while index < parameters.count {
      let parameter = parameters[index]
      let code = parameter.first.flatMap { $0 } ?? 0
      switch code {
      case 0: style = .plain
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4:
        if parameter.count > 1, parameter[1] == 0 {
          style.attributes.remove(.underline)
        } else {
          style.attributes.insert(.underline)
        }
      case 7: style.attributes.insert(.reverse)
      case 22: style.attributes.subtract([.bold, .dim])
      case 23: style.attributes.remove(.italic)
      case 24: style.attributes.remove(.underline)
      case 27: style.attributes.remove(.reverse)
      case 30...37: style.foreground = .named(UInt8(code - 30))
      case 90...97: style.foreground = .named(UInt8(code - 90 + 8))
      case 39: style.foreground = nil
      case 40...47: style.background = .named(UInt8(code - 40))
      case 100...107: style.background = .named(UInt8(code - 100 + 8))
      case 49: style.background = nil
      case 38, 48:
        let color: TerminalColor?
        if parameter.count > 1 {
          color = extendedColor(Array(parameter.dropFirst()), colonForm: true)
        } else {
          let rest = parameters[(index + 1)...].map { $0.first.flatMap { $0 } }
          color = extendedColor(Array(rest), colonForm: false)
          let kind = rest.first.flatMap { $0 }
          index += kind == 5 ? 2 : kind == 2 ? 4 : 0
        }
        if let color {
          if code == 38 { style.foreground = color } else { style.background = color }
        }
      default: break
      }
      index += 1
    }
  }

  /// Reads `5;n` or `2;r;g;b` (colon form: `5:n`, `2:r:g:b` or `2:space:r:g:b`).
  private static func extendedColor(_ values: [Int?], colonForm: Bool) -> TerminalColor? {
    func byte(_ position: Int) -> UInt8? {
      guard position < values.count else { return nil }
      guard let value = values[position] else { return colonForm ? nil : 0 }
      return UInt8(exactly: value)
    }
    switch values.first.flatMap({ $0 }) {
    case 5:
      return byte(1).map { TerminalColor.palette($0) }
    case 2:
      let first = colonForm && values.count >= 5 ? 2 : 1
      guard let r = byte(first), let g = byte(first + 1), let b = byte(first + 2) else {
        return nil
      }
      return .rgb(r, g, b)
    default:
      return nil
    }
  }
}
