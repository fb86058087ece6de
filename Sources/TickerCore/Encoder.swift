/// The output dialects: how a frame is written for each kind of reader.
public enum OutputFormat: String, Sendable, CaseIterable {
  case plain
  case ansi
}

/// Writes frames in one output dialect.
///
/// Escaping happens here, once, after slicing: text from items never becomes markup.
/// Every frame ends with its style reset, so nothing leaks into the rest of the line.
public struct Encoder: Sendable {
  public let format: OutputFormat
  /// Whether colours and attributes are written (`NO_COLOR` turns them off).
  public let usesColor: Bool

  public init(format: OutputFormat, usesColor: Bool = true) {
    self.format = format
    self.usesColor = usesColor
  }

  /// One frame as one line, without the newline.
  ///
  /// - Parameters:
  ///   - frame: The window to write.
  ///   - placement: Where the window is; some dialects report it.
  ///   - time: The time the frame is for.
  public func encode(_ frame: Frame, placement: Placement, at time: Double) -> String {
    switch format {
    case .plain:
      return frame.text
    case .ansi:
      return usesColor ? ANSI.encode(frame) : frame.text
    }
  }
}

/// SGR escape sequences for terminals.
enum ANSI {
  static func encode(_ frame: Frame) -> String {
    var output = ""
    var styled = false
    for run in frame.runs {
      if run.style.isPlain {
        if styled { output += "\u{1B}[0m" }
        styled = false
      } else {
        output += "\u{1B}[" + (styled ? "0;" : "") + parameters(for: run.style) + "m"
        styled = true
      }
      output += run.text
    }
    if styled { output += "\u{1B}[0m" }
    return output
  }

  /// The SGR parameters that select `style` from the default look.
  static func parameters(for style: Style) -> String {
    var codes: [String] = []
    let attributes: [(TextAttributes, String)] = [
      (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"),
    ]
    for (attribute, code) in attributes where style.attributes.contains(attribute) {
      codes.append(code)
    }
    if let color = style.foreground { codes.append(colorCode(color, base: 30)) }
    if let color = style.background { codes.append(colorCode(color, base: 40)) }
    return codes.joined(separator: ";")
  }

  private static func colorCode(_ color: Color, base: Int) -> String {
    switch color {
    case .named(let n) where n < 8: return String(base + Int(n))
    case .named(let n): return String(base + 60 + Int(n & 7))
    case .palette(let n): return "\(base + 8);5;\(n)"
    case .rgb(let r, let g, let b): return "\(base + 8);2;\(r);\(g);\(b)"
    }
  }
}
