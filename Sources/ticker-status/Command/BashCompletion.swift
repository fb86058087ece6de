/// The bash completion script (`CompletionScript`): one function, `_ticker_status`,
/// that completes an option's value from the word before, else the options.
enum BashCompletion {
  static func script(_ table: [OptionSpec]) -> String {
    var arms: [(patterns: [String], body: String)] = []
    for spec in table where spec.valueName != nil {
      let body = armBody(spec)
      let patterns = CompletionScript.spellings(spec)
      if let same = arms.firstIndex(where: { $0.body == body }) {
        arms[same].patterns += patterns
      } else {
        arms.append((patterns, body))
      }
    }
    let cases = arms.map { "    \($0.patterns.joined(separator: " | ")))\n\($0.body)" }.joined()
    let options = Help.wrap(
      table.flatMap(CompletionScript.spellings).joined(separator: " "), width: 72
    )
    .joined(separator: "\n            ")
    return CompletionScript.origin(.bash) + installation + prelude + """
          case $prev in
      \(cases)    esac

          if [[ $cur == -* ]]; then
              mapfile -t COMPREPLY < <(compgen -W '
                  \(options)' -- "$cur")
          fi
      }
      complete -F _ticker_status ticker-status

      """
  }

  /// What the function does after the option `spec` (indented, ending in `;;`).
  static func armBody(_ spec: OptionSpec) -> String {
    let reply: String
    switch spec.completion {
    case .none:
      return "        return # free text or a number: nothing to offer\n        ;;\n"
    case .file(let standardInput):
      reply = """
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        \(standardInput ? "[[ $cur != '' ]] || COMPREPLY+=(-)\n" : "")\
        compopt -o filenames 2>/dev/null
        """
    case .command:
      reply = #"mapfile -t COMPREPLY < <(compgen -c -- "$cur")"#
    case .values(let list):
      let words = list().map(\.value).joined(separator: " ")
      reply =
        #"mapfile -t COMPREPLY < <(compgen -W \#(CompletionScript.singleQuoted(words)) -- "$cur")"#
    }
    let lines = reply.split(separator: "\n").map { "        \($0)\n" }.joined()
    return lines + "        return\n        ;;\n"
  }

  private static let installation = """
    # Install: `make install` puts it in $PREFIX/share/bash-completion/completions/,
    # where bash-completion finds it; or source it from ~/.bashrc.

    """

  /// The start of the function: the word being completed and the one before it.
  private static let prelude = """

    _ticker_status() {
        local cur prev
        cur=${COMP_WORDS[COMP_CWORD]}
        prev=
        ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
        # bash splits --format=tmux at '=' (COMP_WORDBREAKS): the option is two words back.
        if [[ $cur == = ]]; then
            cur=
        elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
            prev=${COMP_WORDS[COMP_CWORD - 2]}
        elif [[ $cur == --*=* ]]; then
            prev=${cur%%=*}
            cur=${cur#*=}
        fi

        # compgen prints one candidate a line; mapfile keeps names with spaces whole.

    """
}
