/// yambar's `script` module: a set of tags, `name|type|value` a line, ended by an empty
/// line (yambar-modules-script(5)).
///
/// A set is several lines, so a frame is too: `text` (the frame's text), then the
/// frame in `YambarDialect.slots` runs, `t0` … `t7` each with its text and `f0` … `f7`
/// each with its foreground (`#rrggbb`, or empty for the default), for the particles of
/// `contrib/yambar/config.yml` to colour (yambar's colours are its configuration's,
/// chosen by a tag's value: the snippet maps the quote colours). A frame of more runs
/// keeps its first seven, and the rest as one plain run. The line ends after the last
/// tag; the newline written after every frame makes the empty line that commits it.
///
/// yambar reads a tag's name up to the first `|` and its type up to the next, and the
/// rest of the line is the value: a `|` from the text stays in the value. A frame holds
/// no line break (the sanitizer made each a space), and the encoder writes any that
/// reached it as a space all the same, so no text can end a tag or start one. yambar
/// draws a tag's value as it is: `{…}` in a value is not a tag.
///
/// With click actions, three more tags, `click1` to `click3`: the commands a left,
/// middle and right click run for the item at the frame's left edge (`true` when none
/// is on screen), for the snippet's `on-click` (`{click1}` …). yambar expands the tags
/// of an `on-click` and then splits it into words as a shell would (quotes kept), and
/// runs no shell: the command is the program and digits, no text of an item.
enum YambarDialect {
  /// How many runs a frame is written in.
  static let slots = 8

  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = "text|string|"
    value(frame.text, into: &output)
    output += "\n"
    var runs = frame.runs.filter { !$0.text.isEmpty }
    if runs.count > slots {
      let rest = runs[(slots - 1)...].reduce(into: "") { $0 += $1.text }
      runs.removeSubrange((slots - 1)...)
      runs.append(StyledRun(rest))
    }
    for slot in 0..<slots {
      let run = slot < runs.count ? runs[slot] : nil
      output += "t\(slot)|string|"
      if let run { value(run.text, into: &output) }
      output += "\nf\(slot)|string|"
      if let run, let color = ConkyDialect.color(for: run.style) { output += color.hexString }
      output += "\n"
    }
    if let command = clicks?.command {
      for button in 1...3 {
        output += "click\(button)|string|"
        value(frame.leftItem.map { command($0, button) } ?? "true", into: &output)
        output += "\n"
      }
    }
    return output
  }

  /// `text` as a tag's value: each line break a space.
  static func value(_ text: String, into output: inout String) {
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" {
        output += " "
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
  }
}
