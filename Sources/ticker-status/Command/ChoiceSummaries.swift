import TickerCore

// The line zsh and fish show beside each value of a choice option. Each is an
// exhaustive switch: a new case does not compile until it has its line (a format's is
// in its row of `OutputFormat.traits`, in TickerCore).

extension InputKind: CompletionChoice {
  var summary: String {
    switch self {
    case .text: "each line an item"
    case .quotes: "SYMBOL PRICE CHANGE lines, as --quotes"
    case .json: "one JSON object a line, with text, url, tooltip, style"
    }
  }
}

extension Motion: CompletionChoice {
  var summary: String {
    switch self {
    case .wrap: "a continuous circular strip"
    case .bounce: "to the end and back"
    case .flip: "one whole item at a time, each for --dwell"
    case .still: "the first items that fit, standing still"
    }
  }
}

extension Fit: CompletionChoice {
  var summary: String {
    switch self {
    case .left: "stand still at the left"
    case .center: "stand still in the middle"
    case .right: "stand still at the right"
    case .scroll: "repeat the strip and scroll anyway"
    }
  }
}

extension ChangeRule: CompletionChoice {
  var summary: String {
    switch self {
    case .restart: "new items start at the left edge"
    case .keep: "the window stays where the clock puts it"
    }
  }
}

extension CellsChoice: CompletionChoice {
  var summary: String {
    switch self {
    case .auto: "the terminal found from TERM and its variables"
    case .wcwidth: "Python wcwidth model"
    case .terminal: "old name of wcwidth"
    case .tmux: "as tmux measures and draws (see --tmux-version)"
    case .xterm: "xterm (glibc sum)"
    case .urxvt: "rxvt-unicode (glibc sum)"
    case .st: "st (glibc sum)"
    case .vte: "VTE terminals (glibc sum)"
    case .alacritty: "alacritty"
    case .foot: "foot (glibc sum)"
    case .konsole: "konsole"
    case .kitty: "kitty"
    }
  }
}

extension AmbiguousWidth: CompletionChoice {
  var summary: String {
    switch self {
    case .narrow: "one cell"
    case .wide: "two cells"
    }
  }
}

extension OutputFormat: CompletionChoice {
  /// Its row of `OutputFormat.traits`, with everything else the format means.
  var summary: String { traits.summary.description }

  /// The format named `name`, compared with each name in turn as the default does, but
  /// without `allCases`: an array of formats makes the runtime build that array's type
  /// at the first `--format`, 9,500 instructions of every one-shot (BENCHMARKS.md).
  /// `ChoiceTests` holds it to every case's raw value.
  init?(choiceName name: String) {
    switch name {
    case "plain": self = .plain
    case "ansi": self = .ansi
    case "tmux": self = .tmux
    case "zsh": self = .zsh
    case "bash": self = .bash
    case "fish": self = .fish
    case "polybar": self = .polybar
    case "lemonbar": self = .lemonbar
    case "pango": self = .pango
    case "i3bar": self = .i3bar
    case "i3blocks": self = .i3blocks
    case "waybar": self = .waybar
    case "json": self = .json
    case "xmobar": self = .xmobar
    case "yambar": self = .yambar
    case "dzen2": self = .dzen2
    case "genmon": self = .genmon
    case "conky": self = .conky
    default: return nil
    }
  }
}

extension Markup: CompletionChoice {
  var summary: String {
    switch self {
    case .none: "every character literal"
    case .tmux: "#[fg=red,bold] and #[default] in item text"
    case .ansi: "SGR colour sequences in item text"
    }
  }
}

extension CompletionScript.Shell: CompletionChoice {
  var summary: String {
    switch self {
    case .bash: "for bash-completion"
    case .zsh: "for compinit (#compdef)"
    case .fish: "for fish's completions"
    }
  }
}
