/// A ticker's arguments (`@ticker-args`), which are shell words, split as `/bin/sh`
/// splits them: blanks between words, `'...'` taken as it is, `"..."` and a bare `\`
/// escaping the next character.
///
/// The plan only reads the arguments (the width, `--on-click`, the range prefix); the
/// shell that runs the job or the stream reads them again, with its expansions. A
/// `$`, `~` or glob stays as written here, which changes no width or option name.
enum ShellWords {
  /// `text` as one word for `/bin/sh` (which tmux runs `#()` jobs and `run-shell`
  /// with, and polybar its actions): in single quotes, each `'` written `'\''`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingEvery("'", with: "'\\''") + "'"
  }

  /// The words of `text`, or nil when a quote is left open.
  static func split(_ text: String) -> [String]? {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var characters = Substring(text)
    while let character = characters.popFirst() {
      if quote == "'" {
        if character == "'" { quote = nil } else { word.append(character) }
        continue
      }
      if character == "\\" {
        guard let next = characters.popFirst() else { return nil }
        // In double quotes a backslash escapes only $ ` " \ and a line break.
        if quote == "\"" && !"$`\"\\\n".contains(next) { word.append(character) }
        if next != "\n" { word.append(next) }
        inWord = true
      } else if quote == "\"" {
        if character == "\"" { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" || character == "\n" {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    guard quote == nil else { return nil }
    if inWord { words.append(word) }
    return words
  }
}
