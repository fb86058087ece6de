/// zsh prompt markup, for `PROMPT='$(ticker-status --format zsh …)'` with PROMPT_SUBST.
///
/// zsh runs prompt escapes over the output of the substitution, so each `%` from the
/// text is written `%%`; the output is not searched again for `$(…)` or backquotes.
///
/// With the PROMPT_BANG option (set by `setopt prompt_bang`, and in ksh emulation) a
/// `!` in a prompt becomes the history number and `!!` a `!`; without it `!` is
/// itself, and no escape works under both settings. So each `!` from the text is
/// drawn as U+01C3 LATIN LETTER RETROFLEX CLICK `ǃ`, which looks the same and is one
/// cell to wcwidth and to glibc, as `!` is.
/// Colours are `%F{…}` and `%K{…}`, bold `%B`, underline `%U`, reverse `%S`; dim and
/// italic, which zsh has no escape for, are raw SGR inside `%{…%}` (zero width).
enum ZshDialect {
  static func encode(_ frame: Frame, usesColor: Bool) -> String {
    var output = ""
    writeRuns(
      frame, into: &output,
      leave: { style, output in if usesColor { leave(style, into: &output) } },
      enter: { style, output in if usesColor { enter(style, into: &output) } },
      text: { text, output in
        for scalar in text.unicodeScalars {
          switch scalar {
          case "%": output += "%%"
          case "!": output.unicodeScalars.append(bangLookalike)
          default: output.unicodeScalars.append(scalar)
          }
        }
      })
    return output
  }

  /// What a `!` from the text is drawn as: U+01C3 LATIN LETTER RETROFLEX CLICK.
  static let bangLookalike: Unicode.Scalar = "\u{01C3}"

  private static func enter(_ style: Style, into output: inout String) {
    // Raw sequences first: zsh's own escapes never reset them, but turning bold off
    // (with sgr0) would.
    if style.attributes.contains(.dim) { output += "%{\u{1B}[2m%}" }
    if style.attributes.contains(.italic) { output += "%{\u{1B}[3m%}" }
    if style.attributes.contains(.bold) { output += "%B" }
    if style.attributes.contains(.underline) { output += "%U" }
    if style.attributes.contains(.reverse) { output += "%S" }
    if let color = style.foreground { output += "%F{" + name(of: color) + "}" }
    if let color = style.background { output += "%K{" + name(of: color) + "}" }
  }

  private static func leave(_ style: Style, into output: inout String) {
    if style.attributes.contains(.bold) { output += "%b" }
    if style.attributes.contains(.underline) { output += "%u" }
    if style.attributes.contains(.reverse) { output += "%s" }
    if style.foreground != nil { output += "%f" }
    if style.background != nil { output += "%k" }
    if style.attributes.contains(.dim) { output += "%{\u{1B}[22m%}" }
    if style.attributes.contains(.italic) { output += "%{\u{1B}[23m%}" }
  }

  /// A colour as `%F{…}` takes it: a palette number or `#rrggbb`.
  private static func name(of color: TerminalColor) -> String {
    switch color {
    case .named(let n), .palette(let n): return String(n)
    case .rgb: return color.hexString
    }
  }
}

/// bash prompt markup, for `PS1='…$(ticker-status --format bash …)'`.
///
/// bash decodes prompt escapes (`\u`, `\[`) before it runs the substitution, and does
/// not expand the output again, so text needs no escaping. Each SGR sequence sits
/// between `\001` and `\002`, readline's markers for text that takes no width
/// (`\[ \]` are not decoded in the output of `$(…)`).
enum BashDialect {
  static func encode(_ frame: Frame) -> String {
    SGR.encode(frame, wrappingSequencesIn: ("\u{01}", "\u{02}"))
  }
}
