/// tmux status-line markup: `#[fg=…]` styles, `#[default]` at the end.
///
/// How `#` from the text must be written depends on how tmux reads the line:
///
/// - `#()` output is format-expanded once and then drawn. Expanding turns `##` into
///   `#` but copies a run of two or more `#` followed by `[` as it is; drawing turns a
///   run of *n* `#` into ⌈*n*/2⌉ `#`, except before `[`, where an even run is *n*/2 `#`
///   and a literal `[`, and an odd run ends in a style. So a run of *k* `#` from the
///   text is written as 2*k* `#` when `[` follows and 4*k* `#` otherwise. Every run of
///   text is followed by a style (`#[…]`, at least the final `#[default]`), so a run of
///   `#` at the end of a text run counts as followed by `[`: the 2*k* `#` and the
///   style's own `#` make an odd run, drawn as *k* `#` and the style. The line therefore
///   never ends in `#`, which tmux 3.3a would read past.
/// - An option value shown by `#{@option}` is drawn but not expanded: each `#` is `##`.
///
/// Truecolor is written in lower-case hex (`fg=#ddffaa`): in `#()` output tmux would
/// expand `#D` (the pane id) and `#F` (the window flags) inside `#DDFFAA`.
enum TmuxDialect {
  enum Escaping {
    /// For `#(ticker-status …)` in a status line.
    case jobOutput
    /// For the value of an option the status line shows with `#{…}`.
    case optionValue
  }

  /// - Parameter clicks: With a `rangeName`, each item is drawn inside
  ///   `#[range=user|NAME]` … `#[norange]` (tmux 3.4 and later), so that a mouse
  ///   binding can tell which item was clicked (`#{mouse_status_range}`); `#[default]`
  ///   resets colours and attributes but keeps the range.
  static func encode(
    _ frame: Frame, escapingFor escaping: Escaping = .jobOutput, clicks: ClickMarkup? = nil
  ) -> String {
    var output = ""
    func write(_ span: Frame, into output: inout String) {
      writeRuns(
        span, into: &output,
        leave: { _, output in output += "#[default]" },
        enter: { style, output in output += "#[" + TmuxStyle.spec(for: style) + "]" },
        text: { text, output in
          switch escaping {
          case .jobOutput: escapeForJob(text, into: &output)
          case .optionValue: escapeForOption(text, into: &output)
          }
        })
    }
    if let rangeName = clicks?.rangeName, !frame.items.isEmpty {
      frame.forEachItem { item, runs in
        let span = Frame(runs: Array(runs))
        guard let name = item.flatMap(rangeName) else {
          write(span, into: &output)
          // Text is always followed by a style (see above).
          if span.runs.last?.style.isPlain ?? true { output += "#[default]" }
          return
        }
        output += "#[range=user|" + name + "]"
        // tmux up to 3.7 ends a range one cell after its text (format-draw.c sets its
        // end to the cursor + 1), and the earlier of two ranges wins, so a click on
        // the first cell of the next item would count for this one. The range stops
        // before the item's last cell when that is one plain ASCII character (mostly
        // the separator's space): tmux up to 3.7 still counts that cell for the item,
        // later releases for none.
        if let (head, last) = splitAtLastCell(span) {
          write(head, into: &output)
          output += "#[norange]"
          write(last, into: &output)
        } else {
          write(span, into: &output)
          output += "#[norange]"
        }
      }
      return output.hasSuffix("#[default]") ? output : output + "#[default]"
    }
    write(frame, into: &output)
    if frame.runs.last?.style.isPlain ?? true { output += "#[default]" }
    return output
  }

  /// `span` without its last character, and that character in its style, when the
  /// character is one cell of printable ASCII other than `#` (whose escaping depends
  /// on what follows) and something comes before it; else `nil`.
  static func splitAtLastCell(_ span: Frame) -> (head: Frame, last: Frame)? {
    guard var lastRun = span.runs.last, let character = lastRun.text.last,
      let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
      (0x20...0x7E).contains(scalar.value), scalar != "#",
      span.runs.count > 1 || lastRun.text.count > 1
    else { return nil }
    var head = Array(span.runs.dropLast())
    let style = lastRun.style
    lastRun.text.removeLast()
    if !lastRun.text.isEmpty { head.append(lastRun) }
    return (Frame(runs: head), Frame(runs: [StyledRun(String(character), style: style)]))
  }

  /// Writes text for `#()` output; the text must be followed by a `#[…]` style.
  static func escapeForJob(_ text: String, into output: inout String) {
    var hashes = 0
    for scalar in text.unicodeScalars {
      if scalar == "#" {
        hashes += 1
        continue
      }
      if hashes > 0 {
        output += String(repeating: "#", count: hashes * (scalar == "[" ? 2 : 4))
        hashes = 0
      }
      output.unicodeScalars.append(scalar)
    }
    // Before the style that follows: as before `[`.
    output += String(repeating: "#", count: hashes * 2)
  }

  /// Writes text for an option value: every `#` doubled.
  static func escapeForOption(_ text: String, into output: inout String) {
    for scalar in text.unicodeScalars {
      if scalar == "#" { output += "##" } else { output.unicodeScalars.append(scalar) }
    }
  }
}
