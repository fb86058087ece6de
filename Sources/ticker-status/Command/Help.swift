/// `--help`: rendered from `OptionTable`, so that it lists exactly the options there are.
enum Help {
  /// The usage line, also printed after every usage error.
  static let usage = "Usage: ticker-status [options] [ITEM...]"

  /// The width the help is wrapped to.
  static let lineWidth = 80
  /// The column option help starts at.
  static let helpColumn = 30

  /// The whole of `--help`.
  static func text(table: [OptionSpec] = OptionTable.specs) -> String {
    var output = introduction
    for group in OptionSpec.Group.allCases {
      let specs = table.filter { $0.group == group }
      guard !specs.isEmpty else { continue }
      output += group.rawValue.isEmpty ? "\n" : "\n\(group.rawValue):\n"
      if group == .items {
        output += option("ITEM...", help: "Items to scroll, one per argument ('--' ends options).")
      }
      for spec in specs { output += option(label(spec), help: spec.help) }
    }
    return output + exitStatuses + examples
  }

  /// `-w, --width <cells>` or `--demo`.
  static func label(_ spec: OptionSpec) -> String {
    let long = spec.valueName.map { "--\(spec.long) <\($0)>" } ?? "--\(spec.long)"
    return spec.short.map { "-\($0), " + long } ?? long
  }

  /// One option: its label, then its help wrapped from `helpColumn` (on the next line
  /// when the label is too long to leave room).
  static func option(_ label: String, help: String) -> String {
    var output = "  " + label
    let indent = String(repeating: " ", count: helpColumn)
    var lines: [String] = []
    for paragraph in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if paragraph.hasPrefix("  ") {
        lines.append(String(paragraph))
      } else {
        lines += wrap(String(paragraph), width: lineWidth - helpColumn)
      }
    }
    if output.count + 2 > helpColumn {
      output += "\n" + indent
    } else {
      output += String(repeating: " ", count: helpColumn - output.count)
    }
    return output + lines.joined(separator: "\n" + indent) + "\n"
  }

  /// Words of `text` in lines of at most `width` characters (a longer word alone).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  private static let introduction = """
    ticker-status: a scrolling ticker for status lines (tmux, bars, prompts, terminals)

    \(usage)

    Prints the frame for the current time and exits, or with --stream a frame each
    time it changes. The frame is a function of the time alone, so every process that
    asks at the same moment prints the same frame.

    """

  private static let exitStatuses = """

    Exit status:
      0   a frame was printed, or a stream's reader went away
      64  bad command line (unknown option, bad value, no items)
      66  an input file could not be read
      69  the tmux server for --tmux-option could not be reached
      128+n  a stream was ended by signal n (SIGTERM 143, SIGINT 130)

    """

  private static let examples = #"""
    Examples (contrib/ has a working snippet for each bar):
      ticker-status --demo
      ticker-status -w 30 -s 3 'Breaking: tmux 3.3a released' 'CPU 42%'
      ticker-status --quotes -f ~/.cache/ticker/quotes --format ansi
      tmux:      set -g status-right '#(ticker-status --format tmux --tmux-version #{version} -w 40 --demo)'
      tmux, smooth: ticker-status --stream --tmux-option @ticker -s 4 --demo &
                 set -g status-right '#{@ticker}'
      i3bar:     status_command ticker-status --stream --format i3bar -w 60 --demo
      i3blocks:  command=ticker-status --stream --format i3blocks -w 50 --demo
                 interval=persist
      polybar:   exec = ticker-status --stream --format polybar -w 50 --demo
                 tail = true
      waybar:    "exec": "ticker-status --stream --format waybar -w 50 --demo",
                 "return-type": "json"
      lemonbar:  ticker-status --stream --format lemonbar -w 80 --demo | lemonbar
      bash:      PS1='$(ticker-status --format bash -w 30 --demo) \$ '
      zsh:       setopt prompt_subst; PROMPT='$(ticker-status --format zsh -w 30 --demo) %# '
      fish:      function fish_right_prompt; ticker-status --format fish -w 30 --demo; end
      playerctl --follow metadata --format '{{artist}} - {{title}}' |
        ticker-status --stream --follow -f - -w 30
      clicks:    ticker-status --stream --format i3bar --quotes -f ~/.cache/ticker/quotes \
                   --on-click ~/.local/share/ticker-status/quotes/open-quote

    """#
}
