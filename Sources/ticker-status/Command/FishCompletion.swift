/// The fish completion script (`CompletionScript`): one `complete` line per option,
/// after one that turns file completion off where no option asks for it.
enum FishCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    var lines = "complete -c ticker-status -f\n\n"
    for spec in table {
      var line = "complete -c ticker-status"
      if let short = spec.short { line += " -s \(short)" }
      line += " -l \(spec.long)"
      if spec.valueName != nil { line += argument(spec.completion) }
      lines += line + " -d " + singleQuoted(spec.summary) + "\n"
    }
    return CompletionScript.origin(.fish) + installation + lines
  }

  /// What follows `-l NAME` for an option that takes a value: `-x` (no files), with
  /// `-a` and the candidates, or `-r -F` (files).
  static func argument(_ completion: ValueCompletion) -> String {
    switch completion {
    case .none: " -x"
    case .file: " -r -F"
    case .command: " -x -a '(__fish_complete_command)'"
    case .values(let list): " -x -a " + singleQuoted(list().map(candidate).joined(separator: " "))
    }
  }

  /// One value as `-a` reads it: `"value"`, with a tab and `"its summary"` after.
  static func candidate(_ value: CompletionValue) -> String {
    doubleQuoted(value.value) + (value.summary.map { #"\t"# + doubleQuoted($0) } ?? "")
  }

  /// `text` in fish's double quotes (`\`, `"` and `$` escaped).
  static func doubleQuoted(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("$", with: "\\$")
    return "\"" + escaped + "\""
  }

  /// `text` in fish's single quotes (`\` and `'` escaped).
  static func singleQuoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  private static let installation = """
    # Install: `make install` puts it in $PREFIX/share/fish/vendor_completions.d/; or
    # copy it to ~/.config/fish/completions/.


    """
}
