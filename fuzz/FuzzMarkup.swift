// libFuzzer target: the markup readers (tmux style blocks, ANSI SGR), the tmux style
// parser, and every encoder on what they produce. Whatever the input, each dialect's
// line is one line of valid UTF-8 with no escape byte the encoder did not write, and
// the readers and the strip do work linear in the input (scripts/fuzz.sh lets this
// target's inputs grow long enough for a quadratic shape to show).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = Sanitizer.decodeUTF8(UnsafeBufferPointer(start: data, count: size))
  let scalars = text.unicodeScalars.count
  if let style = TmuxStyle.parse(text) {
    let spec = TmuxStyle.spec(for: style)
    precondition(TmuxStyle.parse(spec) == style, "style spec does not read back: \(spec)")
  }
  for markup in Markup.allCases {
    var steps = 0
    let item: StyledText
    switch markup {
    case .none: item = markup.read(text)
    case .tmux: item = TmuxMarkup.read(text, steps: &steps)
    case .ansi: item = ANSIMarkup.read(text, steps: &steps)
    }
    precondition(steps <= 4 * scalars + 8, "\(markup): \(steps) steps for \(scalars) scalars")
    if markup == .none { precondition(item.plainText == text) }
    if markup == .ansi {
      precondition(!item.plainText.unicodeScalars.contains("\u{1B}"), "ESC survived ansi markup")
    }
    let strip = Strip(items: [item, item], separator: " · ", measure: CellMeasure())
    // Each lookup compares at most `linearLimit` styles (a table of a few), or hashes
    // one; and each is for a run's style or a spacer's, so there are linearly many.
    let styles = strip.styles
    precondition(
      styles.probes <= StyleTable.linearLimit * styles.lookups, "styles looked up linearly")
    precondition(styles.lookups <= 2 * (item.runs.count + scalars) + 8, "\(styles.lookups) lookups")
    let width = size % 97
    let frame = strip.window(offset: size, width: width)
    for format in OutputFormat.allCases {
      let line = FrameEncoder(format: format).encode(
        frame, placement: Placement(offset: 0, cycle: 0, item: 0), at: 0)
      // yambar's frame is a set of 17 tags, a line each (FuzzBarMarkup reads them, and
      // the three of click actions).
      let breaks = format == .yambar ? 17 : 0
      precondition(line.utf8.count(where: { $0 == 0x0A }) == breaks, "\(format): a newline")
      precondition(!line.utf8.contains(0x0D), "\(format): a carriage return")
      if format == .plain { precondition(frame.text == line) }
      switch format {
      case .ansi, .fish, .bash:
        break
      case .zsh:
        // zsh has no escape for dim and italic: raw SGR inside %{…%}, nothing else;
        // and no `!`, which PROMPT_BANG would expand.
        var rest = Substring(line)
        for sequence in ["%{\u{1B}[2m%}", "%{\u{1B}[3m%}", "%{\u{1B}[22m%}", "%{\u{1B}[23m%}"] {
          rest = Substring(rest.replacing(sequence, with: ""))
        }
        precondition(!rest.utf8.contains(0x1B), "zsh: an escape byte outside %{…%}")
        precondition(!line.utf8.contains(UInt8(ascii: "!")), "zsh: a !")
      default:
        precondition(!line.utf8.contains(0x1B), "\(format): an escape byte")
      }
    }
  }
  return 0
}
