/// xmobar markup (0.46, a `CommandReader`'s lines): `<fc=#rrggbb,#rrggbb>…</fc>` for
/// colours, ``<action=`command` button=N>…</action>`` for clicks.
///
/// xmobar has no escape for `<`, but it draws the text of `<raw=N:text/>` as it is,
/// whatever it holds, where N is the text's length in characters (Unicode scalars:
/// Haskell's `Char`). Every run's text from an item is written so, and nothing else of
/// it: no tag, action or icon can come from an item (checked with xmobar 0.46: the
/// text `<fc=red>` inside `<raw=8:…/>` is drawn as those eight characters). xmobar
/// decodes its commands' output by the locale, so it must run in a UTF-8 locale (in C,
/// the first non-ASCII byte ends the reader). xmobar has no bold, italic or underline
/// without extra fonts; those are dropped, dim is a grey foreground and reverse swaps
/// the colours the style sets.
enum XmobarDialect {
  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = ""
    ItemActions.write(
      frame, into: &output, clicks: clicks,
      open: { command, button in "<action=`" + command + "` button=\(button)>" },
      close: "</action>", write: writeRuns)
    return output
  }

  static func writeRuns(_ frame: Frame, into output: inout String) {
    for run in frame.runs where !run.text.isEmpty {
      let colors = fcValue(for: run.style)
      if let colors { output += "<fc=" + colors + ">" }
      raw(run.text, into: &output)
      if colors != nil { output += "</fc>" }
    }
  }

  /// `text` as xmobar's literal text: `<raw=N:text/>`.
  static func raw(_ text: String, into output: inout String) {
    output += "<raw=\(text.unicodeScalars.count):"
    output += text
    output += "/>"
  }

  /// `<fc=…>`'s value: the foreground, and the background after a comma when there is
  /// one; `nil` when the style sets neither.
  static func fcValue(for style: Style) -> String? {
    let (foreground, background) = BarTags.colors(for: style)
    switch (foreground, background) {
    case (nil, nil): return nil
    case (let foreground?, nil): return foreground.hexString
    case (let foreground, let background?):
      // xmobar wants a foreground before the background: the bar's own is unknown here,
      // so a background alone keeps the default grey xmobar draws text in.
      return (foreground ?? BarTags.defaultForeground).hexString + "," + background.hexString
    }
  }
}
