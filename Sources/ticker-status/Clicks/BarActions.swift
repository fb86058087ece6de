/// The commands polybar and lemonbar run when an item is clicked: this program again,
/// with `--clicked-item N --clicked-button B` and the arguments it was started with,
/// so that it finds the same items and runs `--on-click` for item N.
///
/// Only numbers and fixed words are added; the arguments the user gave go in as they
/// are, each in single quotes for `/bin/sh`, then escaped for the bar's tag parser:
/// polybar and lemonbar end an action at the first `:` not written `\:`, and lemonbar
/// ends the whole tag at the first `}`. An argument that cannot be made safe (a line
/// break, which would end the bar's line; a `}` for lemonbar) is refused when the
/// stream starts, never written.
struct BarActions {
  let format: Format
  /// The shell-quoted program and arguments, escaped for the bar, shared by every
  /// action.
  private let tail: String
  private let program: String

  enum Format {
    case polybar, lemonbar
  }

  /// Actions that run `executable` with `arguments`, or why they cannot be written.
  init(format: Format, executable: String, arguments: [String]) throws(UsageError) {
    self.format = format
    for argument in [executable] + arguments {
      if let problem = BarActions.problem(with: argument, in: format) {
        throw .invalidValue(
          option: "--on-click <command>", value: argument,
          expected: "cannot be passed back in a \(format) click action: it holds \(problem)")
      }
    }
    program = BarActions.escaped(BarActions.shellQuoted(executable), for: format)
    tail = arguments.map { " " + BarActions.escaped(BarActions.shellQuoted($0), for: format) }
      .joined()
  }

  /// The command for a click of `button` on item `item`.
  func command(item: Int, button: Int) -> String {
    program + " --clicked-item \(item) --clicked-button \(button)" + tail
  }

  /// What makes `argument` impossible to write in an action, if anything.
  static func problem(with argument: String, in format: Format) -> String? {
    if argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "a line break or another control character"
    }
    if format == .lemonbar && argument.contains("}") { return "a '}'" }
    return nil
  }

  /// `text` as one word for `/bin/sh`: in single quotes, each `'` written `'\''`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  /// `text` with each `:` written `\:`, which polybar and lemonbar read back as `:`.
  static func escaped(_ text: String, for format: Format) -> String {
    text.replacingAll(":", with: "\\:")
  }
}

extension String {
  /// The string with every `target` character replaced by `replacement`.
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var output = ""
    output.reserveCapacity(utf8.count)
    for character in self {
      if character == target { output += replacement } else { output.append(character) }
    }
    return output
  }
}
