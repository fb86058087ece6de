import TickerCore

// The line zsh and fish show beside each value of a choice option. Each is an
// exhaustive switch: a new case does not compile until it has its line.

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
  var summary: String {
    switch self {
    case .plain: "the text alone"
    case .ansi: "SGR colours, reset at the end"
    case .tmux: "#[fg=…] styles, for #() jobs"
    case .zsh: "%F{…} colours, % as %% (PROMPT_SUBST)"
    case .bash: "SGR marked for readline, for PS1"
    case .fish: "SGR, for fish_prompt"
    case .polybar: "%{F#rrggbb} tags; no %{ from the text"
    case .lemonbar: "%{F#rrggbb} tags, % as %%"
    case .pango: "<span> markup, entities for & < > ' \""
    case .i3bar: "JSON blocks {\"full_text\":…}"
    case .i3blocks: "the text, one line per frame"
    case .waybar: "JSON: text (pango), tooltip, class"
    case .json: "JSON: text, at, offset, cycle, item"
    case .xmobar: "<fc=…> tags, the text in <raw=N:…/>"
    case .yambar: "script tags: t0…t7, f0…f7 a frame"
    case .dzen2: "^fg(…) markup, ^ as ^^"
    case .genmon: "<txt> (pango) and <txtclick>"
    case .conky: "${color …} (execpi), $ as $$, # as \\#"
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
