/// The text of `--help`.
enum Help {
  static let text = """
    ticker-status: a scrolling ticker for status lines (tmux, bars, prompts, terminals)

    Usage: ticker-status [options] [ITEM...]

    Prints the frame for the current time and exits, or with --stream a frame each
    time it changes. The frame is a function of the time alone, so every process that
    asks at the same moment prints the same frame.

    Items:
      ITEM...                     Items to scroll, one per argument ('--' ends options).
      -f, --file <path>           Read items from PATH, one per line; '-' reads standard
                                  input, which is never read otherwise. May be repeated.
                                  With --stream a file is read again when it changes; if
                                  it goes missing or empty, the last items stay.
      --command <command>         Items from the lines '/bin/sh -c COMMAND' prints. A
                                  one-shot run shows the output cached under
                                  $XDG_RUNTIME_DIR/ticker-status (or a private folder in
                                  $TMPDIR or /tmp) and refreshes it in the background
                                  when older than --every; the first run is waited for
                                  0.4 s at most, then '…loading' shows. With --stream it
                                  runs every --every seconds without holding up frames. A
                                  run that fails or prints nothing keeps the last items;
                                  one taking longer than max(--every, 10) s is stopped.
      --every <seconds>           Run --command again this often (default 10).
      --split <separator>         Split each line read (files, standard input, commands)
                                  into several items at SEPARATOR.
      --follow                    With '-f -': each line of standard input replaces the
                                  items (playerctl --follow, tail -f); at its end the last
                                  items stay. One-shot: the last line.
      --demo                      Add the built-in stock and currency quotes.
      --quotes                    Read items as 'SYMBOL PRICE CHANGE' (spaces or commas;
                                  CHANGE like +1.25, -0.4%, 0), shown as 'SYMBOL PRICE ▲1.25'
                                  with ▲ up (green), ▼ down (red), ▪ flat. Numbers are kept
                                  exactly as given; other lines are shown as text.
      --separator <text>          Text after each item, the seam back to the first item
                                  included (default ' · ').

    Window and motion:
      -w, --width <cells>         Width of the window in cells, 0 to 1000000 (default 40).
      -s, --speed <cells-per-second>
                                  Scrolling speed; fractional, or negative to scroll
                                  right (default 2). The cycle is rounded up to a step of
                                  16 cells (1/32 of longer strips) so that a changing price
                                  does not throw the window around.
      --motion <motion>           wrap: a continuous circular strip, the first item again
                                  straight after the last (default); bounce: the items
                                  move to their end and back, resting at each end.
      --dwell <seconds>           wrap: each item rests this long at the left edge
                                  (default 0); bounce: the rest at each end (default 2).
      --fit <fit>                 When everything fits: left, center or right (stand still,
                                  padded), or scroll (repeat and scroll anyway) (default left).
      --at <unix-seconds>         Draw the frame for this time instead of now.

    Cells and output:
      --cells <profile>           Cell widths: terminal (as modern terminals draw) or tmux
                                  (as tmux 3.3a on glibc measures) (default terminal;
                                  tmux with --format tmux).
      --ambiguous <width>         East Asian Ambiguous characters: narrow or wide
                                  (default narrow).
      --format <format>           The status line's dialect (default ansi when standard
                                  output is a terminal, else plain). Text from items is
                                  escaped so that it never becomes markup or code:
                                    plain      the text alone
                                    ansi       SGR colours, reset at the end
                                    tmux       #[fg=…] styles, for #(ticker-status …)
                                    zsh        %F{…} colours, % as %% (PROMPT_SUBST)
                                    bash       SGR inside \\001…\\002, for PS1='$(…)'
                                    fish       SGR, for fish_prompt
                                    polybar    %{F#rrggbb} tags; no %{ from the text
                                    lemonbar   %{F#rrggbb} tags, % as %%
                                    pango      <span> markup, entities for & < > ' "
                                    i3bar      a JSON block {"full_text":…}
                                    i3blocks   the text, one line per frame
                                    waybar     JSON: text (pango), tooltip, class
                                    json       JSON: text, at, offset, cycle, item
                                  NO_COLOR turns colour off in ansi, zsh, bash and fish.
      --markup <markup>           Styles inside item text: none (every character literal),
                                  tmux (#[fg=red,bold] and #[default]; ## is #) or ansi
                                  (SGR colours; other escape sequences dropped)
                                  (default none). With --quotes, for the lines that are
                                  not quotes.
      --up-style <style>          The style of rising and falling quotes, in tmux style
      --down-style <style>        syntax (default fg=green and fg=red), such as
                                  'fg=colour46,bold' or 'fg=#ff5f5f,underscore'.

    Streaming:
      --stream                    Print a frame each time it changes, at the moment it
                                  changes, one line each, until the reader goes away
                                  (exit 0). SIGCONT redraws the frame for now at once.
      --max-fps <frames-per-second>
                                  At most this many frames a second (default 30).
      --tmux-option <name>        With --stream: set the tmux user option NAME (such as
                                  @ticker) to each frame instead of printing it, for
                                  status-right '#{@ticker}'; ends with the tmux server.
      --tmux-socket <path>        The tmux server's socket (default: the one in $TMUX).

      -h, --help                  Show this help.
      --version                   Show the version.

    Exit status:
      0   a frame was printed, or a stream's reader went away
      64  bad command line (unknown option, bad value, no items)
      66  an input file could not be read
      69  the tmux server for --tmux-option could not be reached
      128+n  a stream was ended by signal n (SIGTERM 143, SIGINT 130)

    Examples (contrib/ has a working snippet for each bar):
      ticker-status --demo
      ticker-status -w 30 -s 3 'Breaking: tmux 3.3a released' 'CPU 42%'
      ticker-status --quotes -f ~/.cache/ticker/quotes --format ansi
      tmux:      set -g status-right '#(ticker-status --format tmux -w 40 --demo)'
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
      bash:      PS1='$(ticker-status --format bash -w 30 --demo) \\$ '
      zsh:       setopt prompt_subst; PROMPT='$(ticker-status --format zsh -w 30 --demo) %# '
      fish:      function fish_right_prompt; ticker-status --format fish -w 30 --demo; end
      playerctl --follow metadata --format '{{artist}} - {{title}}' |
        ticker-status --stream --follow -f - -w 30

    """
}
