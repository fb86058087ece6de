/// Where each ticker goes: its placeholders replaced by a `#()` job, or by the option
/// its stream sets (the stream started unless it runs), and status-interval lowered
/// for jobs.
extension PluginPlan {
  /// Puts `tickers` in the status line.
  mutating func place(_ tickers: [Ticker], facts: PluginFacts) {
    var texts = PluginLengths.sides.map { facts.options.value($0) }
    var jobs = 0
    for ticker in tickers {
      let value: String
      if facts.smooth {
        commands += Self.stream(ticker, facts: facts)
        value = PluginTickers.optionForm(ticker.key)
      } else {
        value = Self.job(ticker, binary: facts.binary)
      }
      for (index, side) in PluginLengths.sides.enumerated() {
        let shown = ticker.clickable ? value + "#[range=\(side.dropFirst(7))]" : value
        let before = texts[index]
        texts[index] = texts[index].replacingEvery(
          PluginTickers.placeholder(ticker.key), with: shown)
        // A message from a failed run stands where a job now goes.
        if !facts.smooth {
          texts[index] = texts[index].replacingEvery(
            PluginTickers.optionForm(ticker.key), with: shown)
        }
        if texts[index] != before { jobs += 1 }
      }
    }
    for (index, side) in PluginLengths.sides.enumerated()
    where texts[index] != facts.options.value(side) {
      commands.append("set-option -g \(side) \(TmuxQuoting.tmuxWord(texts[index]))")
    }
    // A job runs at most once per status-interval and a scrolling ticker wants a frame
    // a second; 0 (no periodic redraw) and 1 are left alone. Streams need no timer.
    if !facts.smooth && jobs > 0, let interval = Int(facts.options.value("status-interval")),
      interval > 1
    {
      commands.append("set-option -g status-interval 1")
    }
  }

  /// The `#()` job of `ticker`; `#{version}` unescaped, for tmux to expand inside it,
  /// so that the job measures as the tmux that draws it.
  static func job(_ ticker: Ticker, binary: String) -> String {
    "#(" + TmuxQuoting.formatEscaped(ShellWords.quoted(binary) + " --format tmux")
      + " --tmux-version #{version} " + TmuxQuoting.formatEscaped(ticker.arguments) + ")"
  }

  /// The commands that make sure `ticker`'s stream runs: its option set (empty, never
  /// unknown) until the first frame, and the stream started unless `@KEY-pid` names
  /// one started with the ticker's arguments as they are now (`@KEY-pid-args`, set
  /// here as it starts). The stream claims `@KEY-pid` itself (`PluginStream`), from the
  /// value read here, so that of two plugins run at once only one stream stays; a
  /// stream of arguments since changed is ended by the one that claims over it.
  static func stream(_ ticker: Ticker, facts: PluginFacts) -> [String] {
    let key = ticker.key
    var commands = ["set-option -gqo @\(key) ''"]
    var old = facts.options.value("@\(key)-pid")
    if !old.isEmpty && !old.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
      commands.append("set-option -gu @\(key)-pid")
      old = ""
    } else if !old.isEmpty && facts.liveStreams.contains(key)
      && facts.options.value("@\(key)-pid-args") == ticker.arguments
    {
      return commands
    }
    commands.append(
      "set-option -g @\(key)-pid-args " + TmuxQuoting.tmuxWord(ticker.arguments))
    // Nothing of run-shell's stays open, or it would wait for the stream; a line
    // break after the arguments ends any comment in them.
    let shell =
      "{ " + ShellWords.quoted(facts.binary) + " --tmux-plugin-stream "
      + ShellWords.quoted(old) + " " + ShellWords.quoted(facts.log(key))
      + " --stream --tmux-option @\(key) --tmux-socket " + ShellWords.quoted(facts.socket)
      + " " + ticker.arguments + "\n} </dev/null >/dev/null 2>&1 &"
    commands.append("run-shell " + TmuxQuoting.tmuxWord(TmuxQuoting.formatEscaped(shell)))
    return commands
  }
}
