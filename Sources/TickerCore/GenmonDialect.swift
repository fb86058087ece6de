/// xfce4-genmon-plugin's output (4.1): `<txt>…</txt>`, whose text is Pango markup, and
/// `<txtclick>command</txtclick>`, the one command a click on the text runs.
///
/// genmon finds each tag by its name alone and shows what lies between; the text is
/// written as `pango` writes it, with `<`, `>`, `&` and the quotes as entities, so no
/// `</txt>`, `<txtclick>` or `<img>` can come from an item. genmon has one click for the
/// whole plugin: the command for a left click on the item at the left edge of the
/// frame (the first on screen), when the frame marks its items.
enum GenmonDialect {
  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = "<txt>"
    PangoDialect.write(frame, into: &output)
    output += "</txt>"
    if let command = clicks?.command, let item = frame.leftItem {
      output += "<txtclick>" + command(item, 1) + "</txtclick>"
    }
    return output
  }
}
