/// dzen2 markup: `^fg(#rrggbb)…^fg()`, `^bg(#rrggbb)…^bg()`, `^ca(BUTTON,command)…^ca()`
/// clickable areas.
///
/// dzen2 reads `^^` as a literal `^` (its README: "Doubling the '^' character ('^^')
/// will remove the special meaning from it"), so every `^` from the text is doubled:
/// no command, colour, icon or clickable area can come from an item. dzen2 has no bold,
/// italic or underline; those are dropped, dim is a grey foreground and reverse swaps
/// the colours the style sets.
enum Dzen2Dialect {
  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = ""
    ItemActions.write(
      frame, into: &output, clicks: clicks,
      open: { command, button in "^ca(\(button)," + command + ")" }, close: "^ca()",
      write: { span, output in
        TickerCore.writeRuns(span, into: &output, leave: leave, enter: enter, text: escape)
      })
    return output
  }

  static func escape(_ text: String, into output: inout String) {
    for scalar in text.unicodeScalars {
      if scalar == "^" { output += "^^" } else { output.unicodeScalars.append(scalar) }
    }
  }

  static func enter(_ style: Style, into output: inout String) {
    let (foreground, background) = BarTags.colors(for: style)
    if let foreground { output += "^fg(" + foreground.hexString + ")" }
    if let background { output += "^bg(" + background.hexString + ")" }
  }

  static func leave(_ style: Style, into output: inout String) {
    let (foreground, background) = BarTags.colors(for: style)
    if foreground != nil { output += "^fg()" }
    if background != nil { output += "^bg()" }
  }
}
