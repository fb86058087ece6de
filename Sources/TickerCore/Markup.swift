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
enum TmuxMarkup {
  static func read(_ text: String) -> StyledText {
    let scalars = Array(text.unicodeScalars)
    var builder = StyledTextBuilder()
    var style = Style.plain
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "#", index + 1 < scalars.count {
        let next = scalars[index + 1]
        if next == "#" {
          builder.append("#")
          index += 2
          continue
        }
        if next == "[", let close = scalars[(index + 2)...].firstIndex(of: "]") {
          var body = String.UnicodeScalarView()
          body.append(contentsOf: scalars[(index + 2)..<close])
          if TmuxStyle.apply(Substring(String(body)), to: &style) { builder.setStyle(style) }
          index = close + 1
          continue
        }
      }
      builder.append(scalar)
      index += 1
    }
    return builder.text()
  }
}
