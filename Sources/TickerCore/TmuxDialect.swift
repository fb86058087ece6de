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
  ///
  /// - Complexity: O(*n*): the text between runs of `#` is appended a slice at a time.
  static func escapeForJob(_ text: String, into output: inout String) {
    escape(text, into: &output) { hashes, next in
      // Before the style that follows (next is nil): as before `[`.
      hashes * (next == nil || next == UInt8(ascii: "[") ? 2 : 4)
    }
  }

  /// Writes text for an option value: every `#` doubled.
  ///
  /// - Complexity: O(*n*), as `escapeForJob`.
  static func escapeForOption(_ text: String, into output: inout String) {
    escape(text, into: &output) { hashes, _ in hashes * 2 }
  }

  /// Appends `text` to `output` with each run of `#` written as `written(k, next)`
  /// `#`, where *k* is the run's length and `next` the byte after it (`nil` at the
  /// end).
  ///
  /// `#` is ASCII, so each run starts and ends on a scalar's boundary: the text
  /// between runs is appended as slices of scalars (a `Character` boundary would round
  /// down to before a `#` that a combining mark follows).
  private static func escape(
    _ text: String, into output: inout String, written: (Int, UInt8?) -> Int
  ) {
    let hash = UInt8(ascii: "#")
    let utf8 = text.utf8
    var from = utf8.startIndex
    // The runs are found in the text's UTF-8 bytes (`withUTF8` needs a `var`); their
    // byte offsets are the text's own indices, as UTF-8 is what a String stores.
    var contiguous = text
    contiguous.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        guard bytes[offset] == hash else {
          offset += 1
          continue
        }
        let first = offset
        while offset < bytes.count, bytes[offset] == hash { offset += 1 }
        let start = utf8.index(utf8.startIndex, offsetBy: first)
        output += Substring(text.unicodeScalars[from..<start])
        let next = offset < bytes.count ? bytes[offset] : nil
        output += String(repeating: "#", count: written(offset - first, next))
        from = utf8.index(start, offsetBy: offset - first)
      }
    }
    if from == utf8.startIndex {
      output += text
    } else {
      output += Substring(text.unicodeScalars[from...])
    }
  }
}
