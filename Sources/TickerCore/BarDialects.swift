/// polybar formatting tags: `%{F#rrggbb}…%{F-}`, `%{B…}`, `%{+u}`, `%{R}`.
///
/// polybar has no escape for `%{`, so every `%{` the text would form gets the tag
/// `%{O0}` (an offset of zero pixels) between `%` and `{`: no tag, and so no `%{A…}`
/// action, can come from an item. polybar draws the `%` and the `{` as text on either
/// side of a tag that moves nothing and changes no colour, font or attribute, and logs
/// nothing about it (checked with polybar 3.6.3: the same pixels as the text without
/// the tag). A zero-width character there instead would be missing from most fonts,
/// and polybar would warn of it on every frame. polybar cannot show bold or italic
/// without extra fonts; those attributes are dropped. Dim is a grey foreground (see
/// `BarTags.foreground(for:)`).
enum PolybarDialect {
  /// Written between a `%` and a `{` from the text.
  static let tagBreak = "%{O0}"

  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = ""
    BarTags.writeItems(frame, into: &output, clicks: clicks) { span, output in
      writeRuns(
        span, into: &output, leave: BarTags.leave, enter: BarTags.enter,
        text: { text, output in
          for scalar in text.unicodeScalars {
            // Tags end in `}`, so a `%` just written comes from the text.
            if scalar == "{" && output.unicodeScalars.last == "%" { output += tagBreak }
            output.unicodeScalars.append(scalar)
          }
        })
    }
    return output
  }
}

/// lemonbar formatting tags, as polybar's; `%%` is a literal `%`.
enum LemonbarDialect {
  static func encode(_ frame: Frame, clicks: ClickMarkup? = nil) -> String {
    var output = ""
    BarTags.writeItems(frame, into: &output, clicks: clicks) { span, output in
      writeRuns(
        span, into: &output, leave: BarTags.leave, enter: BarTags.enter,
        text: { text, output in
          for scalar in text.unicodeScalars {
            if scalar == "%" { output += "%%" } else { output.unicodeScalars.append(scalar) }
          }
        })
    }
    return output
  }
}

/// The `%{…}` tags polybar and lemonbar share.
enum BarTags {
  /// Writes each item's runs with `write`, inside `%{A1:…:}` … `%{A5:…:}` action tags
  /// (closed by as many `%{A}`) when `clicks` has a command; the whole frame at once
  /// without.
  static func writeItems(
    _ frame: Frame, into output: inout String, clicks: ClickMarkup?,
    write: (Frame, inout String) -> Void
  ) {
    ItemActions.write(
      frame, into: &output, clicks: clicks,
      open: { command, button in "%{A\(button):" + command + ":}" }, close: "%{A}", write: write)
  }

  /// The grey of dim text without a colour of its own.
  static let dimGrey = TerminalColor.rgb(0x80, 0x80, 0x80)

  /// The foreground tag's colour: dim text is its colour mixed half and half with
  /// `dimGrey` (on a dark bar or a light one, nearer the background), or that grey.
  static func foreground(for style: Style) -> TerminalColor? {
    guard style.attributes.contains(.dim) else { return style.foreground }
    guard let color = style.foreground else { return dimGrey }
    let (r, g, b) = color.rgbComponents
    func mix(_ value: UInt8) -> UInt8 { UInt8((Int(value) + 0x80) / 2) }
    return .rgb(mix(r), mix(g), mix(b))
  }

  /// The colours of `style` where reverse cannot be said: the foreground (dim mixed in,
  /// as `foreground(for:)`) and the background, swapped when the style is reversed.
  static func colors(for style: Style) -> (foreground: TerminalColor?, background: TerminalColor?) {
    let foreground = foreground(for: style)
    if style.attributes.contains(.reverse) { return (style.background, foreground) }
    return (foreground, style.background)
  }

  /// The grey that xmobar and dzen2 draw text in by default.
  static let defaultForeground = TerminalColor.rgb(0xBF, 0xBF, 0xBF)

  static func enter(_ style: Style, into output: inout String) {
    if let color = foreground(for: style) { output += "%{F" + color.hexString + "}" }
    if let color = style.background { output += "%{B" + color.hexString + "}" }
    if style.attributes.contains(.underline) { output += "%{+u}" }
    if style.attributes.contains(.reverse) { output += "%{R}" }
  }

  static func leave(_ style: Style, into output: inout String) {
    // `%{R}` swaps the colours in force, so it is undone before they are reset.
    if style.attributes.contains(.reverse) { output += "%{R}" }
    if style.attributes.contains(.underline) { output += "%{-u}" }
    if style.background != nil { output += "%{B-}" }
    if foreground(for: style) != nil { output += "%{F-}" }
  }
}

/// Pango markup: `<span foreground="#rrggbb" weight="bold">…</span>`, with `& < > ' "`
/// from the text written as entities, the whole frame in one span that asks for
/// tabular digits (`tabularDigits`).
///
/// Reverse swaps the colours the style sets (pango has no reverse); dim is half alpha.
enum PangoDialect {
  /// The span around every frame: digits of one width (the OpenType feature `tnum`), so
  /// that a price that changes or scrolls does not change the frame's width in a font
  /// whose digits are proportional unless told (a monospace font, and DejaVu Sans,
  /// have only tabular ones, and draw the same). `font_features` is pango's since 1.38
  /// (2015); a pango that knows no attribute of a span refuses the whole markup, so the
  /// frame has no attribute newer than that. It costs 34 bytes a frame.
  static let tabularDigits = "<span font_features=\"tnum\">"

  static func encode(_ frame: Frame) -> String {
    var output = ""
    write(frame, into: &output)
    return output
  }

  /// Whether any run of `frame` needs markup beyond escaped text.
  static func hasMarkup(_ frame: Frame) -> Bool {
    frame.runs.contains { !attributes(for: $0.style).isEmpty }
  }

  static func write(_ frame: Frame, into output: inout String) {
    output += tabularDigits
    writeRuns(frame, into: &output)
    output += "</span>"
  }

  /// The frame's runs, without the span around them.
  static func writeRuns(_ frame: Frame, into output: inout String) {
    for run in frame.runs {
      let attributes = attributes(for: run.style)
      if !attributes.isEmpty { output += "<span" + attributes + ">" }
      escape(run.text, into: &output)
      if !attributes.isEmpty { output += "</span>" }
    }
  }

  /// The span attributes for `style`, each with a leading space; empty for none.
  static func attributes(for style: Style) -> String {
    var foreground = style.foreground
    var background = style.background
    if style.attributes.contains(.reverse) { swap(&foreground, &background) }
    var output = ""
    if let color = foreground { output += " foreground=\"" + color.hexString + "\"" }
    if let color = background { output += " background=\"" + color.hexString + "\"" }
    if style.attributes.contains(.bold) { output += " weight=\"bold\"" }
    if style.attributes.contains(.dim) { output += " alpha=\"50%\"" }
    if style.attributes.contains(.italic) { output += " style=\"italic\"" }
    if style.attributes.contains(.underline) { output += " underline=\"single\"" }
    return output
  }

  static func escape(_ text: String, into output: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "'": output += "&apos;"
      case "\"": output += "&quot;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
