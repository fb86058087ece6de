/// Values written into tmux commands: as one word for tmux's command parser, and with
/// every `#` doubled where tmux expands formats (`ShellWords.quoted` writes a word for
/// `/bin/sh`).
///
/// Every value the plugin's plan takes from the server (status-left, arguments, paths)
/// and every frame `--tmux-option` sets goes through `tmuxWord` exactly once, so that
/// no text of an option can end a word and become a command of its own.
enum TmuxQuoting {
  /// `text` as one word for tmux's command parser: in single quotes, where nothing is
  /// special (no `$`, `~`, `#`, `;`, `{` or `\`), each `'` written `'\''` and each line
  /// break `'"\n"'` (tmux joins the parts of a word as a shell does).
  static func tmuxWord(_ text: String) -> String {
    var output = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": output += "'\\''"
      case "\n": output += "'\"\\n\"'"
      case "\r": output += "'\"\\r\"'"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "'"
  }

  /// `text` with every `#` written `##`: tmux expands a `#()` job, a `run-shell`
  /// command and `display-message` as formats first, and draws an option's value with
  /// `#[...]` styles and `##` read.
  static func formatEscaped(_ text: String) -> String {
    text.replacingEvery("#", with: "##")
  }
}
