import TickerCore

/// Every option, in the order `--help` shows them.
enum OptionTable {
  /// One array literal rather than sections joined: every array built at start-up is
  /// work for the runtime, and a one-shot starts every second (BENCHMARKS.md).
  static let specs: [OptionSpec] = [
    // MARK: Items
    .value(
      "file", short: "f", "path", .items,
      summary: "Read items from a file, one per line (- is standard input)",
      completion: .file(standardInput: true), repeats: true,
      help: """
        Read items from PATH, one per line; '-' reads standard input, which is never \
        read otherwise. May be repeated. With --stream a file is read again when it \
        changes; if it goes missing or empty, the last items stay.
        """
    ) { options, path, _ in options.files.append(path) },
    .value(
      "command", "command", .items, summary: "Items from the lines a /bin/sh command prints",
      completion: .command, repeats: true,
      help: """
        Items from the lines '/bin/sh -c COMMAND' prints. A one-shot run shows the \
        output cached under $XDG_RUNTIME_DIR/ticker-status (or a private folder in \
        $TMPDIR or /tmp) and refreshes it in the background when older than --every; \
        the first run is waited for 0.4 s at most, then '…loading' shows. With --stream \
        it runs every --every seconds without holding up frames. A run that fails or \
        prints nothing keeps the last items; one taking longer than max(--every, 10) s \
        is stopped.
        """
    ) { options, text, _ in options.commands.append(text) },
    .value(
      "every", "seconds", .items, summary: "Run --command again every so many seconds",
      help: "Run --command again this often (default 10)."
    ) {
      options, text, label throws(UsageError) in
      options.every = try Parse.number(
        text, label: label, minimum: 0, exclusive: true,
        expected: "expected a number of seconds greater than 0")
    },
    .value(
      "stale-after", "seconds", .items,
      summary: "Draw items stale after so many seconds without good output",
      help: """
        Draw a source's items as stale once a --command has given no good output (a \
        run that exits 0 with items) for this long, or a -f file has not changed for \
        this long: --stale-mark before each, dimmed, and waybar's class 'stale' with \
        the time and the last error in its tooltip (default: never).
        """
    ) { options, text, label throws(UsageError) in
      options.staleAfter = try Parse.number(
        text, label: label, minimum: 0, exclusive: true,
        expected: "expected a number of seconds greater than 0")
    },
    .value(
      "stale-mark", "text", .items, summary: "The text before each stale item",
      help: "With --stale-after: the text before each stale item (default '⚠', one cell)."
    ) { options, text, _ in options.staleMark = text },
    .value(
      "split", "separator", .items, summary: "Split each line read into items at this separator",
      help:
        """
        Split each line read (files, standard input, commands) into several items at \
        SEPARATOR: a line of text or quotes is cut first, each part an item; with \
        --input json the line is read first and its 'text' cut, each part keeping the \
        object's url, tooltip and style (a quote object stays one item). ITEM \
        arguments are not split.
        """
    ) { options, text, label throws(UsageError) in
      guard !text.isEmpty else {
        throw .invalidValue(option: label, value: text, expected: "expected a non-empty separator")
      }
      options.split = text
    },
    .flag(
      "follow", .items, summary: "With -f -, each line of standard input replaces the items",
      help: """
        With '-f -': each line of standard input replaces the items (playerctl --follow, \
        tail -f); at its end the last items stay. One-shot: the last line. With \
        --stream and --command: the command is kept running, each line it prints \
        replaces its items, and it is stopped when the stream ends.
        """
    ) { $0.follow = true },
    .flag(
      "demo", .items, summary: "Add the built-in stock and currency quotes",
      help: "Add the built-in stock and currency quotes."
    ) { $0.demo = true },
    .flag(
      "quotes", .items, summary: "Read items as SYMBOL PRICE CHANGE and mark the change",
      help: """
        Read items as 'SYMBOL PRICE CHANGE' (spaces or commas; CHANGE like +1.25, -0.4%, \
        0), shown as 'SYMBOL PRICE ▲1.25' with ▲ up (green), ▼ down (red), ▪ flat. \
        Numbers are kept exactly as given; other lines are shown as text. The same as \
        --input quotes.
        """
    ) { $0.input = .quotes },
    .choice(
      "input", "kind", .items, summary: "What each line holds: text, quotes or JSON objects",
      help: """
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
    ) { (options: inout Options, input: InputKind) in options.input = input },
    .value(
      "separator", "text", .items, summary: "Text after each item, the seam included",
      help: "Text after each item, the seam back to the first item included (default ' · ')."
    ) { options, text, _ in options.separator = text },

    // MARK: Window and motion
    .value(
      "width", short: "w", "cells", .window, summary: "Width of the window in cells",
      help: "Width of the window in cells, 0 to 1000000 (default 40)."
    ) { options, text, label throws(UsageError) in
      options.width = try Parse.wholeNumber(text, label: label, in: 0...Options.maximumWidth)
    },
    .value(
      "speed", short: "s", "cells-per-second", .window,
      summary: "Scrolling speed in cells per second",
      help: """
        Scrolling speed, -1000 to 1000; fractional, or negative to scroll right \
        (default 2). The cycle is rounded up to a step of 16 cells (1/32 of longer \
        strips) so that a changing price does not throw the window around.
        """
    ) { options, text, label throws(UsageError) in
      options.speed = try Parse.number(
        text, label: label, minimum: -Options.maximumSpeed, maximum: Options.maximumSpeed,
        expected: "expected a number of cells a second from -1000 to 1000")
    },
    .choice(
      "motion", "motion", .window, summary: "How the strip moves",
      help: """
        wrap: a continuous circular strip, the first item again straight after the last \
        (default); bounce: the items move to their end and back, resting at each end.
        """
    ) { (options: inout Options, motion: Motion) in options.motion = motion },
    .value(
      "dwell", "seconds", .window, summary: "Rest at the left edge (bounce: at each end)",
      help: """
        wrap: each item rests this long at the left edge (default 0); bounce: the rest \
        at each end (default 2); up to 1000000.
        """
    ) { options, text, label throws(UsageError) in
      options.dwell = try Parse.number(
        text, label: label, minimum: 0, maximum: Options.maximumDwell,
        expected: "expected a number of seconds from 0 to 1000000")
    },
    .choice(
      "fit", "fit", .window, summary: "When everything fits",
      help: """
        When everything fits: left, center or right (stand still, padded), or scroll \
        (repeat and scroll anyway) (default left).
        """
    ) { (options: inout Options, fit: Fit) in options.fit = fit },
    .value(
      "at", "unix-seconds", .window, summary: "Draw the frame for this Unix time",
      help: "Draw the frame for this time instead of now."
    ) { options, text, label throws(UsageError) in
      options.time = try Parse.number(
        text, label: label, expected: "expected a finite number of seconds")
    },
    // Now playing (issue 26): restart on change, fixed parts, the player's status.
    .choice(
      "on-change", "rule", .window, summary: "What new items do",
      help: """
        When a --follow line or a --command's output changes the items: restart (they \
        start at the left edge, rest --dwell, then move; the default with --follow) or \
        keep (the window stays where the clock puts it; the default otherwise). A \
        one-shot call restarts from when the command's cached output last changed.
        """
    ) { (options: inout Options, rule: ChangeRule) in options.onChange = rule },
    .value(
      "before", "text", .window, summary: "Fixed text before the moving window",
      help: """
        Text that does not move, drawn before the moving window inside --width (an \
        icon, a label); read as items are (--markup).
        """
    ) { options, text, _ in options.before = text },
    .value(
      "after", "text", .window, summary: "Fixed text after the moving window",
      help: "Text that does not move, drawn after the moving window inside --width."
    ) { options, text, _ in options.after = text },
    .flag(
      "player-status", .window, summary: "Lines start with playerctl's {{status}}",
      help: """
        Each line of standard input or a --command starts with a player's status and a \
        space, as playerctl's \
        '{{status}} …' prints it: Playing, Paused or Stopped, taken off the item. The \
        items move while a line says Playing; else they stand at their start, with \
        --paused-before and --paused-after instead of --before and --after. A Stopped \
        line is no item (see --empty).
        """
    ) { $0.playerStatus = true },
    .value(
      "paused-before", "text", .window, summary: "The fixed text before, while paused",
      help: "With --player-status: --before while no line says Playing (default --before)."
    ) { options, text, _ in options.pausedBefore = text },
    .value(
      "paused-after", "text", .window, summary: "The fixed text after, while paused",
      help: "With --player-status: --after while no line says Playing (default --after)."
    ) { options, text, _ in options.pausedAfter = text },
    .value(
      "empty", "text", .window, summary: "Shown while there are no items",
      help: """
        Shown, standing still and without --before or --after, while there are no items \
        (playerctl --follow prints an empty line when the player quits) (default: blank).
        """
    ) { options, text, _ in options.empty = text },

    // MARK: Cells and output
    .choice(
      "cells", "profile", .output, summary: "Whose cell widths",
      help: """
        Whose cell widths to lay frames out in: auto, xterm, urxvt, st, vte, alacritty, \
        foot, konsole, kitty, wcwidth (Python wcwidth's model; terminal is its old \
        name) or tmux (as tmux measures and draws, see --tmux-version). auto picks the \
        terminal from TERM and what it sets (KITTY_WINDOW_ID, ALACRITTY_WINDOW_ID, \
        KONSOLE_VERSION, VTE_VERSION), else xterm's; inside tmux, tmux. \
        $TICKER_CELLS takes auto's place (default auto for plain, ansi, bash, zsh and \
        fish; tmux for --format tmux; wcwidth for bars and json).
        """
    ) { (options: inout Options, choice: CellsChoice) in options.cells = choice },
    .value(
      "tmux-version", "version", .output,
      summary: "The tmux that shows the frames, as tmux -V prints it",
      completion: .values {  // releases that differ, as examples: any version is accepted
        ["3.3a", "3.4", "3.5a", "3.6a", "3.7c", "next-3.8"].map { CompletionValue($0) }
      },
      help: """
        The tmux that shows the frames, as 'tmux -V' or #{version} prints it (3.3a, \
        3.5a, 3.7c, next-3.8), for --cells tmux: each release measures and draws emoji \
        differently (default: with --tmux-option, or in a tmux pane with --cells \
        auto, the server's own, else 3.3a; older \
        releases get 3.3a's rules, newer ones the newest known). In a status line: \
        #(ticker-status --tmux-version #{version} …).
        """
    ) { options, text, label throws(UsageError) in
      guard let rules = TmuxRules(version: text) else {
        throw .invalidValue(
          option: label, value: text,
          expected: "expected a tmux version as 'tmux -V' prints it, such as 3.3a, 3.5a or next-3.8"
        )
      }
      options.tmuxRules = rules
    },
    .choice(
      "ambiguous", "width", .output, summary: "Width of East Asian Ambiguous characters",
      help: "East Asian Ambiguous characters: narrow or wide (default narrow)."
    ) { (options: inout Options, width: AmbiguousWidth) in options.ambiguous = width },
    .choice(
      "format", "format", .output, summary: "Output dialect",
      help: """
        The status line's dialect (default ansi when standard output is a terminal, \
        else plain). Text from items is escaped so that it never becomes markup or code:

        """ + OutputFormat.helpLines + "NO_COLOR turns colour off in ansi, zsh, bash and fish."
    ) { (options: inout Options, format: OutputFormat) in options.format = format },
    .choice(
      "markup", "markup", .output, summary: "Styles inside item text",
      help: """
        Styles inside item text: none (every character literal), tmux (#[fg=red,bold] \
        and #[default]; ## is #) or ansi (SGR colours; other escape sequences dropped) \
        (default none). With --quotes, for the lines that are not quotes.
        """
    ) { (options: inout Options, markup: Markup) in options.markup = markup },
    .value(
      "up-style", "style", .output, summary: "The tmux style of rising quotes",
      completion: .values { [CompletionValue("fg=green"), CompletionValue("fg=green,bold")] },
      help:
        "The style of rising quotes, in tmux style syntax (default fg=green), such as 'fg=colour46,bold'."
    ) { options, text, label throws(UsageError) in
      options.upStyle = try Parse.style(text, label: label)
    },
    .value(
      "down-style", "style", .output, summary: "The tmux style of falling quotes",
      completion: .values { [CompletionValue("fg=red"), CompletionValue("fg=red,bold")] },
      help: "The style of falling quotes (default fg=red), such as 'fg=#ff5f5f,underscore'."
    ) { options, text, label throws(UsageError) in
      options.downStyle = try Parse.style(text, label: label)
    },

    // MARK: Streaming
    .flag(
      "stream", .streaming,
      summary: "Print a frame each time it changes, until the reader goes away",
      help: """
        Print a frame each time it changes, at the moment it changes, one line each, \
        until the reader goes away (exit 0). SIGCONT redraws the frame for now at once.
        """
    ) { $0.stream = true },
    .value(
      "max-fps", "frames-per-second", .streaming,
      summary: "At most this many frames a second when streaming",
      help: "At most this many frames a second, up to 1000 (default 30)."
    ) { options, text, label throws(UsageError) in
      options.maxFramesPerSecond = try Parse.number(
        text, label: label, minimum: 0, exclusive: true, maximum: Options.maximumFramesPerSecond,
        expected: "expected a number of frames per second greater than 0, up to 1000")
    },
    .value(
      "tmux-option", "name", .streaming, summary: "Stream into this tmux user option",
      completion: .values { [CompletionValue("@ticker")] },
      help: """
        With --stream: set the tmux user option NAME (such as @ticker) to each frame \
        instead of printing it, for status-right '#{@ticker}'; ends with the tmux server.
        """
    ) { options, text, label throws(UsageError) in
      guard text.hasPrefix("@"), text.count > 1 else {
        throw .invalidValue(
          option: label, value: text, expected: "expected a tmux user option name such as @ticker")
      }
      options.tmuxOption = text
    },
    .value(
      "tmux-socket", "path", .streaming, summary: "The tmux server's socket",
      completion: .file(standardInput: false),
      help: "The tmux server's socket (default: the one in $TMUX)."
    ) { options, text, _ in options.tmuxSocket = text },

    // MARK: Clicks
    .value(
      "on-click", "command", .clicks, summary: "Run a command for the item clicked",
      completion: .command,
      help: """
        When an item is clicked, run '/bin/sh -c COMMAND', detached, with the item in \
        TICKER_ITEM (its text as shown), TICKER_INDEX (from 0), TICKER_BUTTON (1 left, \
        2 middle, 3 right, 4 and 5 the wheel), with --quotes TICKER_SYMBOL, \
        TICKER_PRICE and TICKER_CHANGE, and with --input json TICKER_URL and \
        TICKER_TOOLTIP (for items that have them); item text is never part of a command. Clicks \
        come from i3bar and i3blocks 1.5 (--stream, on standard input), polybar and \
        lemonbar (%{A} actions that run --clicked-item), tmux 3.4 and later (user \
        ranges and the plugin's mouse bindings) and waybar (the item at the left edge).
        """
    ) { options, text, _ in options.onClick = text },
    .value(
      "click-range-prefix", "prefix", .clicks,
      summary: "Name the tmux user ranges of items this and their index",
      completion: .values { [CompletionValue(Options().clickRangePrefix, summary: "the default")] },
      help: """
        tmux 3.4 and later, with --on-click: draw each item in a user range named PREFIX \
        and the item's index (t_0, t_1, …), for a mouse binding to read in \
        #{mouse_status_range} (default t_; the plugin gives each ticker its own). Up to \
        10 letters, digits and _; tmux keeps 15 bytes of a name, so an item whose name \
        would be longer gets no range.
        """
    ) { options, text, label throws(UsageError) in
      guard (1...Options.maximumClickRangePrefix).contains(text.utf8.count),
        text.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || $0.isASCIILetterOrDigit })
      else {
        throw .invalidValue(
          option: label, value: text, expected: "expected 1 to 10 letters, digits and _")
      }
      options.clickRangePrefix = text
    },
    .value(
      "clicked-item", "item", .clicks, summary: "Run --on-click for this item (a bar action)",
      completion: .values {
        [CompletionValue(ClickedItem.leftEdgeName, summary: "the item at the left edge now")]
      },
      help: """
        What a bar's click action runs: the item with this index (from 0), or 'left' \
        for the one at the left edge now, gets --on-click; nothing is printed.
        """
    ) { options, text, label throws(UsageError) in
      if text == ClickedItem.leftEdgeName {
        options.clickedItem = .leftEdge
      } else if let index = Int(text), index >= 0 {
        options.clickedItem = .index(index)
      } else {
        throw .invalidValue(
          option: label, value: text, expected: "expected an item number from 0, or 'left'")
      }
    },
    .value(
      "clicked-stream", "pid", .clicks, summary: "The polybar stream whose items a click finds",
      help: """
        With --clicked-item, in a polybar stream's click action: the items are those of \
        the ticker-status stream with this process ID (its arguments, read back).
        """
    ) { options, text, label throws(UsageError) in
      guard let pid = Int32(text), pid > 0 else {
        throw .invalidValue(option: label, value: text, expected: "expected a process ID")
      }
      options.clickedStream = pid
    },
    .value(
      "clicked-arguments", "key", .clicks,
      summary: "The one-shot arguments a polybar click finds, by key",
      help: """
        With --clicked-item, in a one-shot's polybar click action whose arguments were \
        too long to carry: the items are those of the arguments kept under KEY in the \
        cache folder.
        """
    ) { options, text, label throws(UsageError) in
      guard StoredArguments.isKey(text) else {
        throw .invalidValue(option: label, value: text, expected: "expected 16 hexadecimal digits")
      }
      options.clickedArguments = text
    },
    .value(
      "clicked-button", "button", .clicks, summary: "The button of --clicked-item",
      completion: .values { Options.clickedButtons.map { CompletionValue(String($0)) } },
      help: "The button of --clicked-item: 1 to 5 (default 1)."
    ) { options, text, label throws(UsageError) in
      guard let button = Int(text), Options.clickedButtons.contains(button) else {
        throw .invalidValue(option: label, value: text, expected: "expected a button from 1 to 5")
      }
      options.clickedButton = button
    },

    // MARK: Information
    .flag("help", short: "h", .information, summary: "Show the help", help: "Show this help.") {
      $0.showHelp = true
    },
    .flag("version", .information, summary: "Show the version", help: "Show the version.") {
      $0.showVersion = true
    },
    .choice(
      "generate-completion-script", "shell", .information,
      summary: "Print the completion script for a shell",
      help: """
        Print the completion script for SHELL (bash, zsh or fish), generated from this \
        list of options; make install puts each where its shell looks.
        """
    ) { (options: inout Options, shell: CompletionScript.Shell) in options.completionScript = shell
    },
  ]
}

extension UInt8 {
  /// Whether the byte is an ASCII letter or digit.
  fileprivate var isASCIILetterOrDigit: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}
