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
      help: OptionHelp.file
    ) { options, path, _ in options.files.append(path) },
    .value(
      "command", "command", .items, summary: "Items from the lines a /bin/sh command prints",
      completion: .command, repeats: true,
      help: OptionHelp.command
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
      help: OptionHelp.staleAfter
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
      help: OptionHelp.split
    ) { options, text, label throws(UsageError) in
      guard !text.isEmpty else {
        throw label.invalid(text, expected: "expected a non-empty separator")
      }
      options.split = text
    },
    .flag(
      "follow", .items, summary: "With -f -, each line of standard input replaces the items",
      help: OptionHelp.follow
    ) { $0.follow = true },
    .flag(
      "demo", .items, summary: "Add the built-in stock and currency quotes",
      help: "Add the built-in stock and currency quotes."
    ) { $0.demo = true },
    .flag(
      "quotes", .items, summary: "Read items as SYMBOL PRICE CHANGE and mark the change",
      help: OptionHelp.quotes
    ) { $0.input = .quotes },
    .choice(
      "input", "kind", .items, summary: "What each line holds: text, quotes or JSON objects",
      help: OptionHelp.input
    ) { (options: inout Options, input: InputKind) in options.input = input },
    .value(
      "separator", "text", .items, summary: "Text after each item, the seam included",
      help: "Text after each item, the seam back to the first item included (default ' · ')."
    ) { options, text, _ in options.separator = text },

    // MARK: Quotes
    .value(
      "alert", "rule", .quotes,
      summary: "Draw a quote alerting when it meets a rule such as 'AAPL>200'", repeats: true,
      help: OptionHelp.alert
    ) { options, text, label throws(UsageError) in
      options.alerts.append(try Parse.alertRule(text, label: label))
    },
    .value(
      "alert-style", "style", .quotes, summary: "The tmux style of alerting quotes",
      completion: .values { [CompletionValue("fg=black,bg=yellow,bold")] },
      help: OptionHelp.alertStyle
    ) { options, text, label throws(UsageError) in
      options.alertStyle = try Parse.style(text, label: label)
    },
    .value(
      "on-alert", "command", .quotes, summary: "Run a command when a quote starts alerting",
      completion: .command,
      help: OptionHelp.onAlert
    ) { options, text, _ in options.onAlert = text },
    .value(
      "sparkline", "count", .quotes,
      summary: "Draw a JSON quote's last prices (its history) after the price",
      help: OptionHelp.sparkline
    ) { options, text, label throws(UsageError) in
      options.sparkline = try Parse.wholeNumber(
        text, label: label, in: 1...Sparkline.longest, of: "prices")
    },

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
      help: OptionHelp.speed
    ) { options, text, label throws(UsageError) in
      options.speed = try Parse.number(
        text, label: label, minimum: -Options.maximumSpeed, maximum: Options.maximumSpeed,
        expected: "expected a number of cells a second from -1000 to 1000")
    },
    .choice(
      "motion", "motion", .window, summary: "How the strip moves",
      help: OptionHelp.motion
    ) { (options: inout Options, motion: Motion) in options.motion = motion },
    .value(
      "dwell", "seconds", .window, summary: "Rest at the left edge (bounce: at each end)",
      help: OptionHelp.dwell
    ) { options, text, label throws(UsageError) in
      options.dwell = try Parse.number(
        text, label: label, minimum: 0, maximum: Options.maximumDwell,
        expected: "expected a number of seconds from 0 to 1000000")
    },
    .value(
      "loops", "count", .window, summary: "Scroll so many cycles after a change, then stand",
      help: OptionHelp.loops
    ) { options, text, label throws(UsageError) in
      options.loops = try Parse.wholeNumber(text, label: label, in: 0...Options.maximumLoops)
    },
    .flag(
      "pause-toggle", .window, summary: "Pause the ticker of these arguments, or resume it",
      help: OptionHelp.pauseToggle
    ) { $0.pauseToggle = true },
    .value(
      "name", "name", .window, summary: "The name a ticker's pause is kept under",
      help: OptionHelp.name
    ) { options, text, _ in options.name = text },
    .value(
      "pause-button", "button", .window, summary: "A stream's bar button that pauses and resumes",
      completion: .values { Options.clickedButtons.map { CompletionValue(String($0)) } },
      help: OptionHelp.pauseButton
    ) { options, text, label throws(UsageError) in
      options.pauseButton = try Parse.button(text, label: label)
    },
    .choice(
      "fit", "fit", .window, summary: "When everything fits",
      help: OptionHelp.fit
    ) { (options: inout Options, fit: Fit) in options.fit = fit },
    .value(
      "at", "unix-seconds", .window, summary: "Draw the frame for this Unix time",
      help: "Draw the frame for this time instead of now."
    ) { options, text, label throws(UsageError) in
      options.time = try Parse.number(
        text, label: label, expected: "expected a finite number of seconds")
    },
    .choice(
      "on-change", "rule", .window, summary: "What new items do",
      help: OptionHelp.onChange
    ) { (options: inout Options, rule: ChangeRule) in options.onChange = rule },
    .value(
      "before", "text", .window, summary: "Fixed text before the moving window",
      help: OptionHelp.before
    ) { options, text, _ in options.before = text },
    .value(
      "after", "text", .window, summary: "Fixed text after the moving window",
      help: "Text that does not move, drawn after the moving window inside --width."
    ) { options, text, _ in options.after = text },
    .flag(
      "player-status", .window, summary: "Lines start with playerctl's {{status}}",
      help: OptionHelp.playerStatus
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
      help: OptionHelp.empty
    ) { options, text, _ in options.empty = text },

    // MARK: Cells and output
    .choice(
      "cells", "profile", .output, summary: "Whose cell widths",
      help: OptionHelp.cells
    ) { (options: inout Options, choice: CellsChoice) in options.cells = choice },
    .value(
      "tmux-version", "version", .output,
      summary: "The tmux that shows the frames, as tmux -V prints it",
      completion: .values {  // releases that differ, as examples: any version is accepted
        ["3.3a", "3.4", "3.5a", "3.6a", "3.7c", "next-3.8"].map { CompletionValue($0) }
      },
      help: OptionHelp.tmuxVersion
    ) { options, text, label throws(UsageError) in
      guard let rules = TmuxRules(version: text) else {
        throw label.invalid(
          text,
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
      help: OptionHelp.format
    ) { (options: inout Options, format: OutputFormat) in options.format = format },
    .choice(
      "markup", "markup", .output, summary: "Styles inside item text",
      help: OptionHelp.markup
    ) { (options: inout Options, markup: Markup) in options.markup = markup },
    .value(
      "up-style", "style", .output, summary: "The tmux style of rising quotes",
      completion: .values { [CompletionValue("fg=green"), CompletionValue("fg=green,bold")] },
      help: OptionHelp.upStyle
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
      help: OptionHelp.stream
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
      help: OptionHelp.tmuxOption
    ) { options, text, label throws(UsageError) in
      guard text.hasPrefix("@"), text.count > 1 else {
        throw label.invalid(text, expected: "expected a tmux user option name such as @ticker")
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
      help: OptionHelp.onClick
    ) { options, text, _ in options.onClick = text },
    .value(
      "click-range-prefix", "prefix", .clicks,
      summary: "Name the tmux user ranges of items this and their index",
      completion: .values { [CompletionValue(Options().clickRangePrefix, summary: "the default")] },
      help: OptionHelp.clickRangePrefix
    ) { options, text, label throws(UsageError) in
      guard (1...Options.maximumClickRangePrefix).contains(text.utf8.count),
        text.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || $0.isASCIILetterOrDigit })
      else {
        throw label.invalid(
          text, expected: "expected 1 to 10 letters, digits and _"
        )
      }
      options.clickRangePrefix = text
    },
    .value(
      "clicked-item", "item", .clicks, summary: "Run --on-click for this item (a bar action)",
      completion: .values {
        [CompletionValue(ClickedItem.leftEdgeName, summary: "the item at the left edge now")]
      },
      help: OptionHelp.clickedItem
    ) { options, text, label throws(UsageError) in
      if text == ClickedItem.leftEdgeName {
        options.clickedItem = .leftEdge
      } else if let index = Int(text), index >= 0 {
        options.clickedItem = .index(index)
      } else {
        throw label.invalid(text, expected: "expected an item number from 0, or 'left'")
      }
    },
    .value(
      "clicked-stream", "pid", .clicks, summary: "The polybar stream whose items a click finds",
      help: OptionHelp.clickedStream
    ) { options, text, label throws(UsageError) in
      guard let pid = Int32(text), pid > 0 else {
        throw label.invalid(text, expected: "expected a process ID")
      }
      options.clickedStream = pid
    },
    .value(
      "clicked-arguments", "key", .clicks,
      summary: "The one-shot arguments a polybar click finds, by key",
      help: OptionHelp.clickedArguments
    ) { options, text, label throws(UsageError) in
      guard StoredArguments.isKey(text) else {
        throw label.invalid(text, expected: "expected 16 hexadecimal digits")
      }
      options.clickedArguments = text
    },
    .value(
      "clicked-button", "button", .clicks, summary: "The button of --clicked-item",
      completion: .values { Options.clickedButtons.map { CompletionValue(String($0)) } },
      help: "The button of --clicked-item: 1 to 5 (default 1)."
    ) { options, text, label throws(UsageError) in
      options.clickedButton = try Parse.button(text, label: label)
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
      help: OptionHelp.generateCompletionScript
    ) { (options: inout Options, shell: CompletionScript.Shell) in options.completionScript = shell
    },
  ]
}
