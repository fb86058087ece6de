import TickerCore

/// The longer `--help` texts of the options, out of the table (`OptionTable`) so that it
/// reads as a list. Computed, not stored: a one-shot starts every second, and a stored
/// string would be one more global initialised at start-up.
enum OptionHelp {
  /// `--file`.
  static var file: String {
    """
    Read items from PATH, one per line; '-' reads standard input, which is never \
    read otherwise. May be repeated. With --stream a file is read again when it \
    changes; if it goes missing or empty, the last items stay.
    """
  }

  /// `--command`.
  static var command: String {
    """
    Items from the lines '/bin/sh -c COMMAND' prints. A one-shot run shows the \
    output cached under $XDG_RUNTIME_DIR/ticker-status (or a private folder in \
    $TMPDIR or /tmp) and refreshes it in the background when older than --every; \
    the first run is waited for 0.4 s at most, then '…loading' shows. With --stream \
    it runs every --every seconds without holding up frames. Streams and one-shots \
    running the same command share its runs. A run that fails or prints nothing \
    keeps the last items; one taking longer than max(--every, 10) s is stopped.
    """
  }

  /// `--stale-after`.
  static var staleAfter: String {
    """
    Draw a source's items as stale once a --command has given no good output (a \
    run that exits 0 with items) for this long, or a -f file has not changed for \
    this long: --stale-mark before each, dimmed, and waybar's class 'stale' with \
    the time and the last error in its tooltip (default: never).
    """
  }

  /// `--follow`.
  static var follow: String {
    """
    With '-f -': each line of standard input replaces the items (playerctl --follow, \
    tail -f); at its end the last items stay. One-shot: the last line. With \
    --stream and --command: the command is kept running, each line it prints \
    replaces its items, and it is stopped when the stream ends.
    """
  }

  /// `--quotes`.
  static var quotes: String {
    """
    Read items as 'SYMBOL PRICE CHANGE' (spaces or commas; CHANGE like +1.25, -0.4%, \
    0), shown as 'SYMBOL PRICE ▲1.25' with ▲ up (green), ▼ down (red), ▪ flat. \
    Numbers are kept exactly as given; other lines are shown as text. The same as \
    --input quotes.
    """
  }

  /// `--input`.
  static var input: String {
    """
    What each line read holds: text (default), quotes (as --quotes) or json: one \
    JSON object a line with 'text', and optional 'url', 'tooltip' (waybar's, and \
    TICKER_TOOLTIP) and 'style' (tmux style syntax); one with 'symbol' and 'price' \
    (and 'change' or 'change_percent', as 'ticker-quotes --json' prints) is a quote, \
    drawn to its 'decimals' where given. \
    Other members are ignored; a line that is not one such object alone (not an \
    array holding one, nor one after commas) is left out, with a warning. The text \
    is literal (no --markup). A byte-order mark at the start of any input is \
    skipped.
    """
  }

  /// `--speed`.
  static var speed: String {
    """
    Scrolling speed, -1000 to 1000; fractional, or negative to scroll right \
    (default 2). The cycle is rounded up to a step of 16 cells (1/32 of longer \
    strips) so that a changing price does not throw the window around.
    """
  }

  /// `--motion`.
  static var motion: String {
    """
    wrap: a continuous circular strip, the first item again straight after the last; \
    bounce: the items move to their end and back, resting at each end; flip: one \
    whole item at a time (cut with … when wider), each for --dwell; still: the first \
    items that fit, never moving (default wrap, or flip when TICKER_REDUCED_MOTION=1 \
    or, for a stream, the desktop asks for reduced motion).
    """
  }

  /// `--dwell`.
  static var dwell: String {
    """
    wrap: each item rests this long at the left edge (default 0); bounce: the rest \
    at each end (default 2); flip: each item's time (default 4); up to 1000000.
    """
  }

  /// `--loops`.
  static var loops: String {
    """
    Scroll COUNT whole cycles after the items last changed (a --command's cached \
    change, a stream's start or change; other one-shot items change as they are \
    drawn), then stand at the start of the strip (default: forever).
    """
  }

  /// `--pause-toggle`.
  static var pauseToggle: String {
    """
    Pause the ticker that the other arguments (or --name) draw, or resume it from \
    where it stood, and exit: one-shots and streams of the same arguments (less \
    --stream and --at) or --name share the pause, kept in the cache folder. A \
    paused frame starts with ǁ. A stream also toggles on SIGUSR1.
    """
  }

  /// `--pause-button`.
  static var pauseButton: String {
    """
    With --stream and a bar whose clicks come on standard input (i3bar, i3blocks \
    1.5 persistent): a click of this button (1 to 5; 2 is the middle) pauses the \
    ticker, or resumes it, as SIGUSR1 does, instead of running --on-click.
    """
  }

  /// `--name`.
  static var name: String {
    """
    The name a ticker's pause is kept under, for --pause-toggle (default: the \
    arguments).
    """
  }

  /// `--fit`.
  static var fit: String {
    """
    When everything fits: left, center or right (stand still, padded), or scroll \
    (repeat and scroll anyway) (default left).
    """
  }

  /// `--on-change`.
  static var onChange: String {
    """
    When a --follow line or a --command's output changes the items: restart (they \
    start at the left edge, rest --dwell, then move; the default with --follow) or \
    keep (the window stays where the clock puts it; the default otherwise). A \
    one-shot call restarts from when the command's cached output last changed.
    """
  }

  /// `--before`.
  static var before: String {
    """
    Text that does not move, drawn before the moving window inside --width (an \
    icon, a label); read as items are (--markup).
    """
  }

  /// `--player-status`.
  static var playerStatus: String {
    """
    Each line of standard input or a --command starts with a player's status and a \
    space, as playerctl's \
    '{{status}} …' prints it: Playing, Paused or Stopped, taken off the item. The \
    items move while a line says Playing; else they stand at their start, with \
    --paused-before and --paused-after instead of --before and --after. A Stopped \
    line is no item (see --empty).
    """
  }

  /// `--empty`.
  static var empty: String {
    """
    Shown, standing still and without --before or --after, while there are no items \
    (playerctl --follow prints an empty line when the player quits) (default: blank).
    """
  }

  /// `--cells`.
  static var cells: String {
    """
    Whose cell widths to lay frames out in: auto, xterm, urxvt, st, vte, alacritty, \
    foot, konsole, kitty, wcwidth (Python wcwidth's model; terminal is its old \
    name) or tmux (as tmux measures and draws, see --tmux-version). auto picks the \
    terminal from TERM and what it sets (KITTY_WINDOW_ID, ALACRITTY_WINDOW_ID, \
    KONSOLE_VERSION, VTE_VERSION), else xterm's; inside tmux, tmux. \
    $TICKER_CELLS takes auto's place (default auto for plain, ansi, bash, zsh and \
    fish; tmux for --format tmux; wcwidth for bars and json).
    """
  }

  /// `--tmux-version`.
  static var tmuxVersion: String {
    """
    The tmux that shows the frames, as 'tmux -V' or #{version} prints it (3.3a, \
    3.5a, 3.7c, next-3.8), for --cells tmux: each release measures and draws emoji \
    differently (default: with --tmux-option, or in a tmux pane with --cells \
    auto, the server's own, else 3.3a; older \
    releases get 3.3a's rules, newer ones the newest known). In a status line: \
    #(ticker-status --tmux-version #{version} …).
    """
  }

  /// `--format`.
  static var format: String {
    """
    The status line's dialect (default ansi when standard output is a terminal, \
    else plain). Text from items is escaped so that it never becomes markup or code:

    """ + OutputFormat.helpLines + "NO_COLOR turns colour off in ansi, zsh, bash and fish."
  }

  /// `--markup`.
  static var markup: String {
    """
    Styles inside item text: none (every character literal), tmux (#[fg=red,bold] \
    and #[default]; ## is #) or ansi (SGR colours; other escape sequences dropped) \
    (default none). With --quotes, for the lines that are not quotes.
    """
  }

  /// `--stream`.
  static var stream: String {
    """
    Print a frame each time it changes, at the moment it changes, one line each, \
    until the reader goes away (exit 0). SIGCONT redraws the frame for now at once.
    """
  }

  /// `--tmux-option`.
  static var tmuxOption: String {
    """
    With --stream: set the tmux user option NAME (such as @ticker) to each frame \
    instead of printing it, for status-right '#{@ticker}'; ends with the tmux server.
    """
  }

  /// `--on-click`.
  static var onClick: String {
    """
    When an item is clicked, run '/bin/sh -c COMMAND', detached, with the item in \
    TICKER_ITEM (its text as shown), TICKER_INDEX (from 0), TICKER_BUTTON (1 left, \
    2 middle, 3 right, 4 and 5 the wheel), with --quotes TICKER_SYMBOL, \
    TICKER_PRICE and TICKER_CHANGE, and with --input json TICKER_URL and \
    TICKER_TOOLTIP (for items that have them); item text is never part of a command. Clicks \
    come from i3bar and i3blocks 1.5 (--stream, on standard input), polybar and \
    lemonbar (%{A} actions that run --clicked-item), xmobar (<action>) and dzen2 \
    (^ca) likewise, tmux 3.4 and later (user ranges and the plugin's mouse \
    bindings), and waybar, genmon and yambar (the item at the left edge).
    """
  }

  /// `--click-range-prefix`.
  static var clickRangePrefix: String {
    """
    tmux 3.4 and later, with --on-click: draw each item in a user range named PREFIX \
    and the item's index (t_0, t_1, …), for a mouse binding to read in \
    #{mouse_status_range} (default t_; the plugin gives each ticker its own). Up to \
    10 letters, digits and _; tmux keeps 15 bytes of a name, so an item whose name \
    would be longer gets no range.
    """
  }

  /// `--clicked-item`.
  static var clickedItem: String {
    """
    What a bar's click action runs: the item with this index (from 0), or 'left' \
    for the one at the left edge now, gets --on-click; nothing is printed.
    """
  }

  /// `--clicked-stream`.
  static var clickedStream: String {
    """
    With --clicked-item, in a bar stream's click action: the items are those of \
    the ticker-status stream with this process ID (its arguments, read back).
    """
  }

  /// `--clicked-arguments`.
  static var clickedArguments: String {
    """
    With --clicked-item, in a one-shot's click action (polybar's when its arguments \
    were too long to carry; xmobar's, dzen2's, genmon's and yambar's always): the \
    items are those of the arguments kept under KEY in the cache folder.
    """
  }

  /// `--generate-completion-script`.
  static var generateCompletionScript: String {
    """
    Print the completion script for SHELL (bash, zsh or fish), generated from this \
    list of options; make install puts each where its shell looks.
    """
  }

  static var alert: String {
    """
    Draw a quote alerting while it meets RULE: [SYMBOL:]FIELD OP NUMBER[%] or SYMBOL \
    OP NUMBER, where FIELD is price or change, OP is >, >=, < or <=, and a final % \
    makes a change rule one in percent ('AAPL>200', 'EUR/USD<1.05', 'change>=3%', \
    'BTC-USD:change<=-5%'). Without SYMBOL a rule is on every quote; symbols match \
    without case, - and / alike. Repeat for more rules; a quote alerts when it meets \
    any. An alerting quote takes --alert-style, and i3bar and i3blocks mark its block \
    urgent and waybar adds the class 'alert' while it is on screen.
    """
  }

  static var onAlert: String {
    """
    Run COMMAND with /bin/sh once when a quote starts alerting (--alert), and again \
    only after it stopped and starts again; the crossing is remembered in the cache \
    folder, so one-shot calls run it once, not every call. The quote is in the \
    environment only, as --on-click gives it (TICKER_ITEM, TICKER_SYMBOL, \
    TICKER_PRICE, TICKER_CHANGE, TICKER_URL, TICKER_TOOLTIP; TICKER_BUTTON=0). At \
    most 4 run at once; alerts past that are dropped with a warning.
    """
  }

  static var sparkline: String {
    """
    With --input json: draw the last COUNT (1 to 64) numbers of a quote's 'history' \
    after its price as blocks ▁▂▃▄▅▆▇█, scaled between their low and high \
    (ticker-quotes --json prints 'history').
    """
  }

  static var split: String {
    """
    Split each line read (files, standard input, commands) into several items at \
    SEPARATOR: a line of text or quotes is cut first, each part an item; with \
    --input json the line is read first and its 'text' cut, each part keeping the \
    object's url, tooltip and style (a quote object stays one item). ITEM \
    arguments are not split.
    """
  }

  static var alertStyle: String {
    "The style of alerting quotes, in tmux style syntax (default fg=black,bg=yellow,bold)."
  }

  static var upStyle: String {
    "The style of rising quotes, in tmux style syntax (default fg=green), such as 'fg=colour46,bold'."
  }
}
