/// The zsh completion script (`CompletionScript`): one `_arguments` call, with an
/// array of values and their descriptions for each option whose values have them.
enum ZshCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    var arrays = ""
    var specs = ""
    for spec in table {
      let values = CompletionScript.values(spec)
      var action = action(spec, values: values)
      if values.contains(where: { $0.summary != nil }) {
        let name = spec.long.replacing("-", with: "_") + "_values"
        let elements = values.map {
          "  " + CompletionScript.singleQuoted(escaped($0.value) + ":" + ($0.summary ?? ""))
        }
        arrays += "local -a \(name)=(\n" + elements.joined(separator: "\n") + "\n)\n"
        action = "(($\(name)))"
      }
      specs += "  " + optionSpec(spec, action: action) + " \\\n"
    }
    return "#compdef ticker-status\n" + CompletionScript.origin(.zsh) + installation + "\n"
      + arrays + "\n_arguments -s -S \\\n" + specs + "  '*:item: '\n"
  }

  /// One argument of `_arguments` for `spec`, such as
  /// `'(-w --width)'{-w+,--width=}'[Width of the window in cells]:cells: '`.
  static func optionSpec(_ spec: OptionSpec, action: String) -> String {
    let spellings = CompletionScript.spellings(spec)
    let names = spellings.map {
      spec.valueName == nil ? $0 : $0 + ($0.hasPrefix("--") ? "=" : "+")
    }
    // Information options (--help) stand alone: no other option and no item with them.
    let exclusions =
      spec.group == .information
      ? "(- *)"
      : spec.repeats ? "*" : spellings.count > 1 ? "(\(spellings.joined(separator: " ")))" : ""
    var tail = "[" + bracketEscaped(spec.summary) + "]"
    if let valueName = spec.valueName { tail += ":" + escaped(valueName) + ":" + action }
    if names.count > 1 {
      return CompletionScript.singleQuoted(exclusions) + "{" + names.joined(separator: ",") + "}"
        + CompletionScript.singleQuoted(tail)
    }
    return CompletionScript.singleQuoted(exclusions + names[0] + tail)
  }

  /// What zsh completes the value with: files, commands, the values, or nothing.
  static func action(_ spec: OptionSpec, values: [CompletionValue]) -> String {
    switch spec.completion {
    case .none: " "
    case .file: "_files"
    case .command: "_cmdstring"
    case .values: "(" + values.map { escaped($0.value) }.joined(separator: " ") + ")"
    }
  }

  /// `text` with the characters `_arguments` splits at (`:`, `\`) escaped.
  static func escaped(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing(":", with: "\\:")
  }

  /// `text` for between `[` and `]` in an option's description.
  static func bracketEscaped(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
  }

  private static let installation = """
    # Install: `make install` puts it in $PREFIX/share/zsh/site-functions/; that folder
    # must be on $fpath before compinit runs, e.g. in ~/.zshrc:
    #   fpath=(~/.local/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit

    """
}
