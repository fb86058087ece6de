/// How styles are written inside item text (`--markup`).
///
/// Whatever the markup, the result is only ever styles and text: nothing in an item
/// becomes markup of the output dialect, because the encoders escape every run.
public enum Markup: String, Sendable, CaseIterable {
  /// Every character is literal.
  case none
  /// tmux style blocks: `#[fg=red,bold]`, `#[default]`; `##` is a literal `#`.
  case tmux
  /// SGR escape sequences (16, 256 and truecolor); every other escape sequence is dropped.
  case ansi

  /// Reads the styles in `text`.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public func read(_ text: String) -> StyledText {
    switch self {
    case .none: return StyledText(text)
    case .tmux: return TmuxMarkup.read(text)
    case .ansi: return ANSIMarkup.read(text)
    }
  }
}

/// Collects text in styles, joining neighbours of one style and dropping empty runs.
struct StyledTextBuilder {
  private var runs: [StyledRun] = []
  private var pending = String.UnicodeScalarView()
  private var style = Style.plain

  /// Continues in `newStyle`.
  mutating func setStyle(_ newStyle: Style) {
    guard newStyle != style else { return }
    flush()
    style = newStyle
  }

  mutating func append(_ scalar: Unicode.Scalar) { pending.append(scalar) }

  private mutating func flush() {
    guard !pending.isEmpty else { return }
    runs.append(StyledRun(String(pending), style: style))
    pending = String.UnicodeScalarView()
  }

  mutating func text() -> StyledText {
    flush()
    return runs.isEmpty ? StyledText("") : StyledText(runs: runs)
  }
}

/// Reads tmux style blocks in item text.
///
/// As tmux draws a status line: `#[…]` changes the style (an invalid block is dropped
/// and changes nothing), `##` is one `#`, and any other `#` is itself. A `#[`
/// without its `]` is literal text.
///
/// - Complexity: O(*n*): each scalar is looked at a bounded number of times, however
///   many `#[` are left without their `]`.
enum TmuxMarkup {
  static func read(_ text: String) -> StyledText {
    var steps = 0
    return read(text, steps: &steps)
  }

  /// Reads `text`, adding to `steps` the scalars looked at (for tests of the bound).
  static func read(_ text: String, steps: inout Int) -> StyledText {
    let scalars = Array(text.unicodeScalars)
    var builder = StyledTextBuilder()
    var style = Style.plain
    var index = 0
    // The first `]` at or after the last place searched from (`scalars.count` when
    // there is none): a `#[` before it closes there, so each scalar is searched once.
    var close = 0
    while index < scalars.count {
      steps += 1
      let scalar = scalars[index]
      if scalar == "#", index + 1 < scalars.count {
        let next = scalars[index + 1]
        if next == "#" {
          builder.append("#")
          index += 2
          continue
        }
        if next == "[" {
          if close < index + 2 {
            close = index + 2
            while close < scalars.count && scalars[close] != "]" {
              steps += 1
              close += 1
            }
          }
          if close < scalars.count {
            steps += close - index
            var body = String.UnicodeScalarView()
            body.append(contentsOf: scalars[(index + 2)..<close])
            if TmuxStyle.apply(Substring(String(body)), to: &style) { builder.setStyle(style) }
            index = close + 1
            continue
          }
        }
      }
      builder.append(scalar)
      index += 1
    }
    return builder.text()
  }
}
