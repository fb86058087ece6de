/// SGR (Select Graphic Rendition) escape sequences, read and written.
///
/// Read: `--markup ansi` turns the SGR sequences in item text into styles
/// (`ANSIMarkup`, which also drops every other escape sequence). Written: the `ansi`,
/// `fish` and `bash` dialects draw a frame's styles as SGR sequences.

// MARK: Reading

/// Reads SGR escape sequences in item text and drops every other escape sequence.
///
/// Recognised: CSI (`ESC [` or U+009B) parameters, intermediates and a final byte,
/// of which only `m` with plain parameters is applied; OSC (`ESC ]`, U+009D) up to
/// BEL or ST; DCS, SOS, PM and APC (`ESC P X ^ _`, U+0090 U+0098 U+009E U+009F) up to
/// ST; and `ESC` with intermediates and one final character. An unterminated string
/// sequence runs to the end of the text. Other control characters are left for the
/// sanitiser, which removes them.
///
/// - Complexity: O(*n*), however many parameters a sequence has.
enum ANSIMarkup {
  static func read(_ text: String) -> StyledText {
    var steps = 0
    return read(text, steps: &steps)
  }

  /// Reads `text`, adding to `steps` the scalars and SGR parameters looked at (for
  /// tests of the bound).
  static func read(_ text: String, steps: inout Int) -> StyledText {
    let scalars = Array(text.unicodeScalars)
    var builder = StyledTextBuilder()
    var style = Style.plain
    var index = 0
    while index < scalars.count {
      steps += 1
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
      let end: Int
      switch introducer {
      case 0x9B:
        let (csiEnd, parameters, isSGR) = scanCSI(scalars, from: start)
        if isSGR {
          SGR.apply(parameters, to: &style, steps: &steps)
          builder.setStyle(style)
        }
        end = csiEnd
      case 0x9D:
        end = skipString(scalars, from: start, bellEnds: true)
      case 0x90, 0x98, 0x9E, 0x9F:
        end = skipString(scalars, from: start, bellEnds: false)
      default:
        end = start
      }
      steps += end - index
      index = end
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
}

/// The SGR parameters a style is read from and written as.
enum SGR {
  /// Applies SGR parameters (`1;38;5;208`, `38:2::255:0:0`) to `style`, adding to
  /// `steps` the values looked at.
  ///
  /// - Complexity: O(*n*) in the number of bytes: a `38` or `48` looks at no more
  ///   than the four parameters after it.
  static func apply(_ bytes: [UInt8], to style: inout Style, steps: inout Int) {
    let parameters = SGRParameters(bytes)
    var index = 0
    while index < parameters.count {
      steps += 1
      let code = parameters.first(index) ?? 0
      if code == 38 || code == 48 {
        index += applyColor(code, at: index, parameters, to: &style, steps: &steps)
      } else {
        // `4:0` is underline off.
        let subParameters = parameters.subParameters(index)
        apply(code, underlineOff: subParameters.first == 0, to: &style)
      }
      index += 1
    }
  }

  /// One parameter that is neither `38` nor `48`: an attribute on or off, a named
  /// colour, or a reset; anything else is ignored.
  private static func apply(_ code: Int, underlineOff: Bool, to style: inout Style) {
    switch code {
    case 0: style = .plain
    case 1: style.attributes.insert(.bold)
    case 2: style.attributes.insert(.dim)
    case 3: style.attributes.insert(.italic)
    case 4:
      if underlineOff {
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
    default: break
    }
  }

  /// `38` (foreground) or `48` (background) at parameter `index`: its colour from its
  /// sub-parameters (`38:5:n`), or from the parameters after it (`38;5;n`).
  ///
  /// - Returns: How many of the parameters after it the colour took.
  private static func applyColor(
    _ code: Int, at index: Int, _ parameters: SGRParameters, to style: inout Style,
    steps: inout Int
  ) -> Int {
    let color: TerminalColor?
    var taken = 0
    let subParameters = parameters.subParameters(index)
    if !subParameters.isEmpty {
      steps += subParameters.count + 1
      color = extendedColor(Array(subParameters), colonForm: true)
    } else {
      // `5;n` or `2;r;g;b` in the parameters that follow: four at most.
      let rest = ((index + 1)..<min(index + 5, parameters.count)).map { parameters.first($0) }
      steps += rest.count
      color = extendedColor(rest, colonForm: false)
      let kind = rest.first.flatMap { $0 }
      taken = kind == 5 ? 2 : kind == 2 ? 4 : 0
    }
    if let color {
      if code == 38 { style.foreground = color } else { style.background = color }
    }
    return taken
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

  // MARK: Writing

  /// The frame with its styles as SGR sequences (`ansi`, `fish`), ending in `ESC[0m`
  /// when styled.
  static func encode(_ frame: Frame) -> String {
    encode(frame, wrappingSequencesIn: ("", ""))
  }

  /// The frame with each escape sequence between `markers` (bash's `\001`, `\002`).
  static func encode(_ frame: Frame, wrappingSequencesIn markers: (String, String)) -> String {
    var output = ""
    var styled = false
    for run in frame.runs {
      if run.style.isPlain {
        if styled { output += markers.0 + "\u{1B}[0m" + markers.1 }
        styled = false
      } else {
        output +=
          markers.0 + "\u{1B}[" + (styled ? "0;" : "") + parameters(for: run.style) + "m"
          + markers.1
        styled = true
      }
      output += run.text
    }
    if styled { output += markers.0 + "\u{1B}[0m" + markers.1 }
    return output
  }

  /// The SGR parameters that select `style` from the default look.
  static func parameters(for style: Style) -> String {
    var codes = ""
    func add(_ code: String) {
      if !codes.isEmpty { codes += ";" }
      codes += code
    }
    if style.attributes.contains(.bold) { add("1") }
    if style.attributes.contains(.dim) { add("2") }
    if style.attributes.contains(.italic) { add("3") }
    if style.attributes.contains(.underline) { add("4") }
    if style.attributes.contains(.reverse) { add("7") }
    if let color = style.foreground { add(colorCode(color, base: 30)) }
    if let color = style.background { add(colorCode(color, base: 40)) }
    return codes
  }

  private static func colorCode(_ color: TerminalColor, base: Int) -> String {
    switch color {
    case .named(let n) where n < 8: return String(base + Int(n))
    case .named(let n): return String(base + 60 + Int(n & 7))
    case .palette(let n): return "\(base + 8);5;\(n)"
    case .rgb(let r, let g, let b): return "\(base + 8);2;\(r);\(g);\(b)"
    }
  }
}

/// SGR parameters (`1;38;5;208`, `38:2::255:0:0`) as read: each parameter a list of
/// colon-separated sub-parameters, empty ones `nil`, numbers capped at 100,000.
private struct SGRParameters {
  /// Every sub-parameter; parameter `p` is `values[starts[p]..<starts[p + 1]]`.
  private var values: [Int?] = []
  private var starts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    var current: Int?
    for byte in bytes {
      switch byte {
      case 0x30...0x39:
        current = min((current ?? 0) * 10 + Int(byte - 0x30), 100_000)
      case 0x3A:
        values.append(current)
        current = nil
      default:
        values.append(current)
        current = nil
        starts.append(values.count)
      }
    }
    values.append(current)
    starts.append(values.count)
  }

  /// How many parameters there are.
  var count: Int { starts.count - 1 }

  /// The first sub-parameter of parameter `p`: its value.
  func first(_ p: Int) -> Int? { values[starts[p]] }

  /// The sub-parameters of parameter `p` after its first.
  func subParameters(_ p: Int) -> ArraySlice<Int?> { values[(starts[p] + 1)..<starts[p + 1]] }
}
