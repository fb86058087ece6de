/// JSON string literals that every JSON reader takes.
///
/// Strings are always valid UTF-8 (a Swift `String` is). `"` and `\` are escaped, and
/// so is every control character (C0, DEL, C1) and U+2028 and U+2029, which
/// JavaScript before ES2019 does not allow inside string literals.
enum JSON {
  /// `text` as a JSON string literal, quotes included.
  ///
  /// - Parameter backslashAsUnicode: Write `\` as `\u005c` rather than `\\` (waybar).
  static func quoted(_ text: String, backslashAsUnicode: Bool = false) -> String {
    var output = "\""
    escape(text, into: &output, backslashAsUnicode: backslashAsUnicode)
    return output + "\""
  }

  /// `text` escaped as inside a JSON string literal, appended to `output`.
  static func escape(_ text: String, into output: inout String, backslashAsUnicode: Bool = false) {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: output += "\\\""
      case 0x5C: output += backslashAsUnicode ? "\\u005c" : "\\\\"
      case 0x0A: output += "\\n"
      case 0x0D: output += "\\r"
      case 0x09: output += "\\t"
      case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: output += unicodeEscape(scalar.value)
      default: output.unicodeScalars.append(scalar)
      }
    }
  }

  private static func unicodeEscape(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// A number as JSON writes it; `null` for infinities and NaN, which JSON lacks.
  static func number(_ value: Double) -> String {
    value.isFinite ? "\(value)" : "null"
  }
}

extension PangoDialect {
  /// `tabularDigits` as it is inside a JSON string literal.
  static let tabularDigitsInJSON = "<span font_features=\\\"tnum\\\">"

  /// `encode(frame)` as a JSON string literal, quotes included, as `JSON.quoted` writes
  /// it: the runs escaped, the span around them written escaped already. Escaped with
  /// the rest, the span's 34 scalars cost a waybar or i3bar one-shot of 50 quotes
  /// 18,500 instructions more (2 %; callgrind); written so, 3,600 to 5,000.
  static func jsonQuoted(_ frame: Frame, backslashAsUnicode: Bool = false) -> String {
    var runs = ""
    writeRuns(frame, into: &runs)
    var output = "\"" + tabularDigitsInJSON
    JSON.escape(runs, into: &output, backslashAsUnicode: backslashAsUnicode)
    return output + "</span>\""
  }
}

/// i3bar's protocol: one block `{"full_text":…}`; pango markup when the frame is styled
/// (a frame without styles is plain text, which a bar with an X core font draws too,
/// so its digits are the font's own, not `PangoDialect.tabularDigits`), the block's
/// width reserved (`reserve(cells:)`), and `"urgent":true` while an alerting item
/// (`ItemFacts.isAlerting`) is on screen.
enum I3barDialect {
  /// The glyph the block's reserve is made of: the frame's width in cells of it.
  ///
  /// With a monospace font every cell is as wide as any narrow glyph, so the reserve is
  /// the frame's width exactly and nothing changes. With a proportional font each frame
  /// of N cells has a width of its own; i3bar (and swaybar) draw the block as wide as
  /// the wider of its text and `min_width`, a string measured in the bar's font, so a
  /// reserve wider than every frame keeps the block, and the blocks beside it, still.
  ///
  /// `A` (0.71 em in DejaVu Sans, by pango at 40 points; `B` and `X` 0.69, a digit 0.64,
  /// a space 0.32, `M` 0.86, `%` 0.96, `▲` and the sparkline's blocks 0.77), measured
  /// at 8 to 40 points over every offset of `--demo` and of the sample portfolio
  /// (`contrib/quotes/sample-portfolio.jsonl`, `--input json`), for every width up to
  /// 80 cells: each frame is narrower than its cells of `A` from 6 cells up in DejaVu
  /// Sans (5 at 8 and 9 points) and Nimbus Sans, and from 8 up in DejaVu Serif; with
  /// `--sparkline 8`, from 13 up in DejaVu Sans. At 40 cells and 10 points the widest
  /// demo frame is 296 pixels and the reserve 360. Digits would reserve 320, but frames
  /// of capitals up to 12 cells wide (DejaVu Sans 11) and 60 (Nimbus Sans 10) outgrow
  /// them; `%` would hold any frame of those characters, at 520. What is wider than the
  /// reserve (a run of capitals or blocks in a narrow window, wide glyphs, a fallback
  /// font's) widens the block while it is on screen.
  static let reserveGlyph: Character = "A"

  /// The block's `min_width` and `align` members, each with a leading comma, for a
  /// frame `cells` wide; empty for none (no cells).
  ///
  /// The text stays at the left of its block (`align`), where it starts whatever its
  /// width. i3bar reports a click's place in the whole block, reserve included, which
  /// with a monospace font is the frame's width (`ClickEvent.column(ofCells:)`).
  static func reserve(cells: Int) -> String {
    guard cells > 0 else { return "" }
    return ",\"min_width\":\"" + String(repeating: reserveGlyph, count: cells)
      + "\",\"align\":\"left\""
  }

  /// - Parameter reserve: `reserve(cells:)` of the frame's width, made once.
  static func block(_ frame: Frame, reserve: String = "") -> String {
    let urgent = frame.items.contains { $0.facts?.isAlerting == true } ? ",\"urgent\":true" : ""
    guard PangoDialect.hasMarkup(frame) else {
      return "{\"full_text\":" + JSON.quoted(frame.text) + reserve + urgent + "}"
    }
    return "{\"full_text\":" + PangoDialect.jsonQuoted(frame) + ",\"markup\":\"pango\""
      + reserve + urgent + "}"
  }
}

/// waybar's custom module with `"return-type": "json"`: `text` (pango), `tooltip`,
/// and a fixed `class`, never taken from item text: with `stale` while stale items are
/// on screen (`Staleness`), when a `staleNote` starts the tooltip, and `alert` while
/// alerting ones are (`AlertRule`): `["ticker","stale","alert"]`.
///
/// The tooltip is the frame's text; for a frame whose items carry tooltips
/// (`FrameItem.tooltip`), the tooltip of each item on screen, once, a line each.
/// Either way it is escaped for pango: item text and tooltips are never markup.
enum WaybarDialect {
  static let className = "ticker"

  /// - Complexity: O(length of the frame and of the tooltips of its items).
  static func encode(_ frame: Frame, staleNote: String? = nil) -> String {
    let stale = Staleness.showsStale(frame)
    var tooltip = ""
    if stale, let staleNote {
      PangoDialect.escape(staleNote, into: &tooltip)
      tooltip += "\n"
    }
    var shown = Set<Int>()
    for mark in frame.items {
      guard let item = mark.item, let text = mark.tooltip, shown.insert(item).inserted else {
        continue
      }
      if shown.count > 1 { tooltip += "\n" }
      PangoDialect.escape(Sanitizer.clean(text), into: &tooltip)
    }
    if shown.isEmpty { PangoDialect.escape(frame.text, into: &tooltip) }
    return "{\"text\":" + PangoDialect.jsonQuoted(frame, backslashAsUnicode: true)
      + ",\"tooltip\":" + JSON.quoted(tooltip, backslashAsUnicode: true)
      + ",\"class\":" + classes(stale: stale, frame: frame) + "}"
  }

  /// `"ticker"`, or a list of it and `stale` and `alert` while such items are on
  /// screen.
  private static func classes(stale: Bool, frame: Frame) -> String {
    let alert = frame.items.contains { $0.facts?.isAlerting == true }
    guard stale || alert else { return JSON.quoted(className) }
    return "[\"ticker\"" + (stale ? ",\"stale\"" : "") + (alert ? ",\"alert\"" : "") + "]"
  }
}

/// For scripts and tests: the plain frame and where it is.
enum JSONDialect {
  static func encode(_ frame: Frame, placement: Placement, at time: Double) -> String {
    "{\"text\":" + JSON.quoted(frame.text) + ",\"at\":" + JSON.number(time) + ",\"offset\":"
      + String(placement.offset) + ",\"cycle\":" + JSON.number(placement.cycle) + ",\"item\":"
      + (placement.item.map { String($0) } ?? "null") + "}"
  }
}
