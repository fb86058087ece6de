/// conky's text, for `${execpi N command}`, which parses a command's output as conky
/// text: `${color #rrggbb}…${color}`.
///
/// conky starts a variable at every `$` and a comment at every `#` of that text (the
/// comment runs to the end of the line); `$$` is a literal `$` and `\#` a literal `#`,
/// and a `\` before anything else is itself (checked with conky 1.18.3's
/// `out_to_console`: `a \\# b` shows `a \# b`). So each `$` from the text is written
/// `$$` and each `#` `\#`: no variable, command (`${exec …}`) or comment can come from
/// an item. conky has no background, underline or reverse for a stretch of text; dim is
/// a grey foreground, reverse shows the style's background as the foreground.
/// (`${execi}` shows the output as it is, `$$` included: the format is for `execpi`.)
enum ConkyDialect {
  static func encode(_ frame: Frame) -> String {
    var output = ""
    writeRuns(frame, into: &output, leave: leave, enter: enter, text: escape)
    return output
  }

  static func escape(_ text: String, into output: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "$": output += "$$"
      case "#": output += "\\#"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }

  /// The colour conky draws a run of `style` in; `nil` for the default.
  static func color(for style: Style) -> TerminalColor? {
    BarTags.colors(for: style).foreground
  }

  static func enter(_ style: Style, into output: inout String) {
    if let color = color(for: style) { output += "${color " + color.hexString + "}" }
  }

  static func leave(_ style: Style, into output: inout String) {
    if color(for: style) != nil { output += "${color}" }
  }
}
