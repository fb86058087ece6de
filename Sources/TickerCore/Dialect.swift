/// Each way a frame is written: an `OutputFormat`, with the variants its readers need
/// told apart, so that every switch over them is exhaustive and none carries a flag.
package enum Dialect: Equatable, Sendable {
  case plain, ansi, fish, bash, zsh
  /// tmux markup as a `#()` job's line, which tmux expands again.
  case tmuxJob
  /// tmux markup as the value of a user option (`--tmux-option`), drawn but not
  /// expanded again: each `#` from the text doubled.
  case tmuxOption
  case polybar, lemonbar, pango
  /// i3bar's protocol; the header asks for click events when `clickEvents`.
  case i3bar(clickEvents: Bool)
  /// An i3blocks block's text as it is (i3blocks 1.4, or 1.5 without `format=json`).
  case i3blocksText
  /// An i3blocks 1.5 block with `format=json`: a JSON block, as i3bar's.
  case i3blocksJSON
  case waybar, json
  case xmobar, yambar, dzen2, genmon, conky

  /// The dialect of `format`, given what its reader asked for.
  init(_ format: OutputFormat, clickEvents: Bool, jsonBlocks: Bool, tmuxOption: Bool) {
    switch format {
    case .plain: self = .plain
    case .ansi: self = .ansi
    case .fish: self = .fish
    case .bash: self = .bash
    case .zsh: self = .zsh
    case .tmux: self = tmuxOption ? .tmuxOption : .tmuxJob
    case .polybar: self = .polybar
    case .lemonbar: self = .lemonbar
    case .pango: self = .pango
    case .i3bar: self = .i3bar(clickEvents: clickEvents)
    case .i3blocks: self = jsonBlocks ? .i3blocksJSON : .i3blocksText
    case .waybar: self = .waybar
    case .json: self = .json
    case .xmobar: self = .xmobar
    case .yambar: self = .yambar
    case .dzen2: self = .dzen2
    case .genmon: self = .genmon
    case .conky: self = .conky
    }
  }
}

/// What a format means beyond how it is written: one row of `OutputFormat.traits`, the
/// one place the rest of the program asks, so that nothing outside this file and the
/// encoder compares formats.
package struct FormatTraits: Sendable {
  /// Text a terminal draws (`OutputFormat.isTerminalText`).
  package var isTerminalText = false
  /// tmux draws it (`OutputFormat.isDrawnByTmux`).
  package var isDrawnByTmux = false
  /// Its encoder reads the facts of the items on screen (`OutputFormat.readsItemFacts`).
  package var readsItemFacts = false
  /// Its reader shows tooltips (`OutputFormat.hasTooltip`).
  package var hasTooltip = false
  /// What it is, in a few words: its line in `--format`'s help and the completions.
  /// (Static text, as `endsAction`: a row holds nothing to retain or release.)
  package var summary: StaticString
  /// How its clicks come.
  package var clicks = ClickRoute.none
}

/// How a format's clicks reach the program: the one place that says it (the encoder
/// asks it for the markup it draws; the command for what it must learn first and what
/// it must refuse).
package enum ClickRoute: Sendable {
  /// Actions in the frame (`ClickMarkup.command`), written in the bar's syntax.
  case actions(ActionSyntax)
  /// tmux's user ranges (`ClickMarkup.rangeName`), from tmux 3.4.
  case tmuxRanges
  /// Click events on a stream's standard input: always (i3bar, whose header asks),
  /// or only when the bar sends them (i3blocks 1.5).
  case events(always: Bool)
  /// No clicks: terminals and prompts; pango's reader and waybar, which run their
  /// own on-click with no item to name; json, for scripts; conky.
  case none
}

/// How a bar's click actions are written: what the program must know to write an
/// action that runs it again (see `BarActions` in the executable).
package struct ActionSyntax: Sendable {
  /// The bar runs the action as a command (this program again, with the item and the
  /// button); `false` when it prints it for a script, which gets the item and the
  /// button alone (lemonbar).
  package var runsCommand = true
  /// The characters that would end the action in the bar's markup, whatever the
  /// shell quoting around them.
  package var endsAction: StaticString = ""
  /// Each `:` is written `\:`, which the bar reads back as `:` (polybar).
  package var escapesColons = false
  /// A one-shot's action carries its arguments when they are short enough
  /// (polybar's); without, it always names them as kept in the cache folder.
  package var carriesArguments = false
}

/// What each format means beyond how it is written. Every property reads its row of
/// `traits`, an exhaustive switch: a new format does not compile until it has said
/// each.
extension OutputFormat {
  /// The format's row: what it means beyond how it is written. (Inlined: each property
  /// below keeps only its column, as cheap as a switch of its own.)
  package var traits: FormatTraits {
    @inline(__always) get {
      switch self {
      case .plain: FormatTraits(isTerminalText: true, summary: "the text alone")
      case .ansi: FormatTraits(isTerminalText: true, summary: "SGR colours, reset at the end")
      case .tmux:
        FormatTraits(
          isDrawnByTmux: true, summary: "#[fg=…] styles, for #() jobs", clicks: .tmuxRanges)
      case .zsh:
        FormatTraits(isTerminalText: true, summary: "%F{…} colours, % as %% (PROMPT_SUBST)")
      case .bash: FormatTraits(isTerminalText: true, summary: "SGR marked for readline, for PS1")
      case .fish: FormatTraits(isTerminalText: true, summary: "SGR, for fish_prompt")
      case .polybar:
        FormatTraits(
          summary: "%{F#rrggbb} tags; no %{ from the text",
          clicks: .actions(ActionSyntax(escapesColons: true, carriesArguments: true)))
      case .lemonbar:
        FormatTraits(
          summary: "%{F#rrggbb} tags, % as %%", clicks: .actions(ActionSyntax(runsCommand: false)))
      case .pango: FormatTraits(summary: "<span> markup, entities for & < > ' \"")
      case .i3bar:
        FormatTraits(
          readsItemFacts: true, summary: "JSON blocks {\"full_text\":…}",
          clicks: .events(always: true))
      case .i3blocks:
        FormatTraits(
          readsItemFacts: true, summary: "the text, one line per frame",
          clicks: .events(always: false))
      case .waybar:
        FormatTraits(
          readsItemFacts: true, hasTooltip: true, summary: "JSON: text (pango), tooltip, class")
      case .json: FormatTraits(summary: "JSON: text, at, offset, cycle, item")
      case .xmobar:
        FormatTraits(
          summary: "<fc=…> tags, the text in <raw=N:…/>",
          clicks: .actions(ActionSyntax(endsAction: "`")))
      case .yambar:
        FormatTraits(
          summary: "script tags: t0…t7, f0…f7 a frame",
          // yambar splits a command into words itself: a quote or a backslash in a word
          // quoted for the shell would not read back.
          clicks: .actions(ActionSyntax(endsAction: "'\"\\")))
      case .dzen2:
        FormatTraits(
          summary: "^fg(…) markup, ^ as ^^", clicks: .actions(ActionSyntax(endsAction: ")")))
      case .genmon:
        FormatTraits(
          summary: "<txt> (pango) and <txtclick>", clicks: .actions(ActionSyntax(endsAction: "<&")))
      case .conky: FormatTraits(summary: "${color …} (execpi), $ as $$, # as \\#")
      }
    }
  }

  /// How its clicks come: its row's `clicks`.
  package var clickRoute: ClickRoute { traits.clicks }

  /// Text a terminal draws, in a terminal or a prompt: its widths follow `--cells auto`,
  /// and in a tmux pane, that tmux.
  public var isTerminalText: Bool { traits.isTerminalText }

  /// tmux draws it, with a tmux release's widths and rules.
  public var isDrawnByTmux: Bool { traits.isDrawnByTmux }

  /// Its encoder reads the facts of the items on screen (`FrameItem.facts`): waybar's
  /// `class` and tooltip, i3bar's and i3blocks' `urgent`. Its frames mark their items.
  public var readsItemFacts: Bool { traits.readsItemFacts }

  /// Its reader shows a note beside each frame and a tooltip per item on screen
  /// (waybar's tooltip): where stale sources are said, and JSON items' tooltips shown.
  public var hasTooltip: Bool { traits.hasTooltip }
}
