import Foundation
import Testing

@testable import ticker_status

// The tmux plugin's plan (`ticker-status --tmux-plugin`), made in-process from facts
// given here: the exact commands for each case, and hostile option values that must
// stay inside the words they were written into. TmuxPluginTests and TmuxClickTests
// run the plan in real tmux servers.

private let binary = "/usr/bin/ticker-status"
private let socket = "/tmp/tmux-1000/default"
private let tickerLog = "/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log"
private let fxLog = "/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker-fx.log"

/// Facts with `options` and the logs above; the sides' rest expands to `expanded`.
private func facts(
  _ options: [String: String], ranges: Bool = false, live: Set<String> = [],
  logErrors: [String: String] = [:], bindings: [String: PluginClicks.Binding] = [:],
  expanded: [String: Int] = ["status-left": 1, "status-right": 7],
  binary: String = binary, socket: String = socket
) -> PluginFacts {
  PluginFacts(
    options: PluginOptions(options), hasUserRanges: ranges, socket: socket, binary: binary,
    logs: ["ticker": tickerLog, "ticker-fx": fxLog], logErrors: logErrors, liveStreams: live,
    expanded: expanded, bindings: bindings)
}

/// One plan: the facts and the commands expected, word for word.
struct PlanCase: CustomTestStringConvertible, Sendable {
  var name: String
  var facts: PluginFacts
  var commands: [String]
  var logLines: [PluginPlan.LogLine] = []
  var failed = false
  var testDescription: String { name }
}

/// The click test of `#{ticker}` (prefix t_) for `button`, with --on-click /bin/true.
private func clickTest(_ button: Int) -> String {
  #"if-shell -F '#{m/r:^t_[0-9]+$,#{mouse_status_range}}' { run-shell -b "#
    + #"''\''/usr/bin/ticker-status'\'' --clicked-item #{s/^t_//:mouse_status_range} "#
    + #"--clicked-button \#(button) -w 40 --demo --on-click /bin/true >/dev/null "#
    + #"2>>'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\''' }"#
}

private let planCases: [PlanCase] = [
  PlanCase(
    name: "a job: #{ticker} replaced, the length raised, status-interval lowered",
    facts: facts([
      "status-right": "#{ticker} %H:%M", "status-interval": "15", "status-right-length": "40",
    ]),
    commands: [
      "set-option -g status-right-length 47",
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} --demo) %H:%M'"#,
      "set-option -g status-interval 1",
    ]),
  PlanCase(
    name: "two named jobs, one a side; status-interval 1 left alone",
    facts: facts(
      [
        "status-left": "#{ticker:fx}|", "@ticker-fx-args": #"-w 24 "EUR/USD 1.08""#,
        "status-right": "#{ticker} %H:%M", "status-interval": "1", "status-left-length": "10",
      ], expanded: ["status-left": 2, "status-right": 7]),
    commands: [
      "set-option -g status-left-length 26",
      "set-option -g status-right-length 47",
      #"set-option -g status-left '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} -w 24 "EUR/USD 1.08")|'"#,
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} --demo) %H:%M'"#,
    ]),
  PlanCase(
    name: "the width is the parser's: the last -w, in any spelling",
    facts: facts(["status-right": "#{ticker} %H:%M", "@ticker-args": "-w50 --demo --width=20"]),
    commands: [
      "set-option -g status-right-length 27",
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} -w50 --demo --width=20) %H:%M'"#,
    ]),
  PlanCase(
    name: "run again with no ticker left: nothing",
    facts: facts(["status-right": "#(ticker-status --demo) %H:%M", "status-interval": "15"]),
    commands: []),
  PlanCase(
    name: "smooth: the option made, the stream started, #{@ticker} in its place",
    facts: facts([
      "status-right": "#{ticker} %H:%M", "@ticker-smooth": "on", "@ticker-args": "-w 30 --demo",
      "status-interval": "15",
    ]),
    commands: [
      "set-option -g status-right-length 37",
      "set-option -gqo @ticker ''",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"-w 30 --demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
      "set-option -g status-right '#{@ticker} %H:%M'",
    ]),
  PlanCase(
    name: "smooth, run again while @ticker-pid names the stream: nothing started",
    facts: facts(
      [
        "status-right": "#{@ticker} %H:%M", "@ticker-smooth": "on", "@ticker-pid": "4242",
        "status-right-length": "47",
      ], live: ["ticker"]),
    commands: ["set-option -gqo @ticker ''"]),
  PlanCase(
    name: "smooth, @ticker-pid names no stream: a new one, told the old pid to claim over",
    facts: facts([
      "status-right": "#{@ticker}", "@ticker-smooth": "on", "@ticker-pid": "4242",
      "status-right-length": "47",
    ]),
    commands: [
      "set-option -gqo @ticker ''",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\''4242'\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "smooth, @ticker-pid not a number: unset, and a new stream",
    facts: facts([
      "status-right": "#{@ticker}", "@ticker-smooth": "on", "@ticker-pid": "12x",
      "status-right-length": "47",
    ]),
    commands: [
      "set-option -gqo @ticker ''",
      "set-option -gu @ticker-pid",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "smooth with no ticker in the status line: #{@ticker}'s stream still runs",
    facts: facts(["@ticker-smooth": "on"]),
    commands: [
      "set-option -gqo @ticker ''",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "a reserved name: the message where it stands, and in #{ticker}'s log",
    facts: facts(["status-left": "<#{ticker:args}>"]),
    commands: [
      #"display-message 'ticker.tmux: '\''args'\'' cannot name a ticker: use letters, "#
        + #"digits and _, but not args, bin, pid or smooth'"#,
      #"set-option -g status-left '<ticker.tmux: '\''args'\'' cannot name a ticker: use "#
        + #"letters, digits and _, but not args, bin, pid or smooth>'"#,
    ],
    logLines: [
      PluginPlan.LogLine(
        log: tickerLog,
        line: "ticker.tmux: 'args' cannot name a ticker: use letters, digits and _, but not "
          + "args, bin, pid or smooth")
    ], failed: true),
  PlanCase(
    name: "a log that cannot be written: said in #{@ticker}, the side long enough",
    facts: facts(["status-right": "#{ticker}"], logErrors: ["ticker": "Permission denied"]),
    commands: [
      "display-message 'ticker.tmux: cannot write the log \(tickerLog): Permission denied'",
      "set-option -g @ticker 'ticker.tmux: cannot write the log \(tickerLog): Permission denied'",
      "set-option -g status-right '#{@ticker}'",
      "set-option -g status-right-length 127",
    ],
    logLines: [
      PluginPlan.LogLine(
        log: tickerLog,
        line: "ticker.tmux: cannot write the log \(tickerLog): Permission denied")
    ], failed: true),
  PlanCase(
    name: "a ')' in the arguments: refused, with the # of #() doubled where tmux expands",
    facts: facts(["status-right": "#{ticker}", "@ticker-args": "--demo x)"]),
    commands: [
      "display-message 'ticker.tmux: @ticker-args must not contain '\\'')'\\'': tmux ends a "
        + "##() job at the first one'",
      "set-option -g @ticker 'ticker.tmux: @ticker-args must not contain '\\'')'\\'': tmux "
        + "ends a ##() job at the first one'",
      "set-option -g status-right '#{@ticker}'",
      "set-option -g status-right-length 91",
    ],
    logLines: [
      PluginPlan.LogLine(
        log: tickerLog,
        line: "ticker.tmux: @ticker-args must not contain ')': tmux ends a #() job at the first one"
      )
    ], failed: true),
  PlanCase(
    name: "clicks (3.4): the range after the ticker, each key chained to its binding, -r kept",
    facts: facts(
      ["status-right": "#{ticker}", "@ticker-args": "-w 40 --demo --on-click /bin/true"],
      ranges: true,
      bindings: [
        "MouseDown1Status": PluginClicks.Binding(command: "select-window -t =", repeats: true),
        "WheelUpStatus": PluginClicks.Binding(command: "previous-window", repeats: false),
      ], expanded: ["status-left": 1, "status-right": 1]),
    commands: [
      "set-option -g status-right-length 41",
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} -w 40 --demo --on-click /bin/true)#[range=right]'"#,
      "set-option -g @ticker-mouse-MouseDown1Status 'select-window -t ='",
      "bind-key -r -T root MouseDown1Status \(clickTest(1)) { select-window -t = }",
      "set-option -g @ticker-mouse-MouseDown2Status ''",
      "bind-key -T root MouseDown2Status \(clickTest(2))",
      "set-option -g @ticker-mouse-MouseDown3Status ''",
      "bind-key -T root MouseDown3Status \(clickTest(3))",
      "set-option -g @ticker-mouse-WheelUpStatus 'previous-window'",
      "bind-key -T root WheelUpStatus \(clickTest(4)) { previous-window }",
      "set-option -g @ticker-mouse-WheelDownStatus ''",
      "bind-key -T root WheelDownStatus \(clickTest(5))",
    ]),
  PlanCase(
    name: "clicks no more: the keys bound by the plugin get their own bindings back",
    facts: facts(
      [
        "status-right": "#{ticker}", "status-right-length": "41",
        "@ticker-mouse-MouseDown1Status": "select-window -t =",
        "@ticker-mouse-MouseDown2Status": "",
      ], ranges: true,
      bindings: [
        "MouseDown1Status": PluginClicks.Binding(command: clickTest(1), repeats: true),
        "MouseDown2Status": PluginClicks.Binding(command: clickTest(2), repeats: false),
        "WheelUpStatus": PluginClicks.Binding(command: "previous-window", repeats: false),
      ], expanded: ["status-left": 1, "status-right": 1]),
    commands: [
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} --demo)'"#,
      "bind-key -r -T root MouseDown1Status select-window -t =",
      "unbind-key -T root MouseDown2Status",
      "set-option -g @ticker-mouse-MouseDown3Status ''",
      "set-option -g @ticker-mouse-WheelUpStatus 'previous-window'",
      "set-option -g @ticker-mouse-WheelDownStatus ''",
    ]),
  PlanCase(
    name: "tmux 3.3a: --on-click gets no range and no binding",
    facts: facts(
      ["status-right": "#{ticker}", "@ticker-args": "--demo --on-click /bin/true"],
      expanded: ["status-left": 1, "status-right": 1]),
    commands: [
      "set-option -g status-right-length 41",
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} --demo --on-click /bin/true)'"#,
    ]),
]

@Suite struct PluginPlanTests {
  @Test(arguments: planCases)
  func plan(_ testCase: PlanCase) {
    let plan = PluginPlan.make(testCase.facts)
    #expect(plan.commands == testCase.commands)
    for (made, wanted) in zip(plan.commands, testCase.commands) where made != wanted {
      Issue.record("made:\n\(made)\nwanted:\n\(wanted)")
    }
    #expect(plan.logLines == testCase.logLines)
    #expect(plan.failed == testCase.failed)
  }

  @Test func twoTickersCannotShareAPrefix() {
    let plan = PluginPlan.make(
      facts(
        [
          "status-left": "#{ticker:fx}", "@ticker-fx-args": "--on-click /bin/true --demo",
          "status-right": "#{ticker}",
          "@ticker-args": "--on-click /bin/true --click-range-prefix tfx_ --demo",
        ], ranges: true))
    #expect(
      plan.logLines == [
        PluginPlan.LogLine(
          log: tickerLog,
          line: "ticker.tmux: no clicks: another ticker's items are already named tfx_")
      ])
    #expect(
      plan.commands.contains(
        #"set-option -g status-left '#('\''/usr/bin/ticker-status'\'' --format tmux "#
          + #"--tmux-version #{version} --click-range-prefix tfx_ --on-click /bin/true "#
          + #"--demo)#[range=left]'"#))
    // Only #{ticker:fx}'s items are tested for.
    let binding = plan.commands.first { $0.hasPrefix("bind-key -T root MouseDown2Status") }
    #expect(binding?.occurrences(of: "--clicked-item") == 1, "\(binding ?? "")")
  }

  struct FoundCase: Sendable {
    var text: String
    var found: [PluginTickers.Found]
  }

  @Test(arguments: [
    FoundCase(text: "#{ticker} %H:%M", found: [.key("ticker")]),
    FoundCase(
      text: "#{ticker:fx}|#{@ticker} #{ticker:fx}", found: [.key("ticker-fx"), .key("ticker")]),
    FoundCase(text: "#{@ticker-fx}#{@ticker-args}#{@ticker-fx-pid}", found: [.key("ticker-fx")]),
    FoundCase(
      text: "#{ticker:args}#{ticker:a-b}#{ticker:}",
      found: [
        .invalid(name: "args"), .invalid(name: "a-b"), .invalid(name: ""),
      ]),
    FoundCase(text: "#{ticker:a b}#{tickers}#{ticker", found: []),
  ])
  func tickersFound(_ testCase: FoundCase) {
    #expect(PluginTickers.found(in: testCase.text) == testCase.found)
  }

  @Test func rangePrefixes() {
    #expect(PluginTickers.rangePrefix("ticker") == "t_")
    #expect(PluginTickers.rangePrefix("ticker-fx") == "tfx_")
    #expect(PluginTickers.rangePrefix("ticker-abcdefgh") == "tabcdefgh_")
    // cksum of "currencies" is 2437953011.
    #expect(PluginTickers.rangePrefix("ticker-currencies") == "tcurr3011_")
  }

  @Test func checksumIsCksums() {
    // As `printf %s TEXT | cksum` prints them.
    let sums: [(String, UInt32)] = [
      ("", 4_294_967_295), ("a", 1_220_704_766), ("abcdefghi", 1_133_324_850),
      ("currencies", 2_437_953_011), ("/tmp/tmux-1000/default", 1_102_841_423),
    ]
    for (text, sum) in sums { #expect(Checksum.cksum(Array(text.utf8)) == sum, "\(text)") }
    #expect(Checksum.hex8(10) == "0000000a")
  }

  @Test func logNames() {
    let log = PluginLog(socket: "/tmp/tmux-1000/my sock", stateHome: nil, home: "/home/u")
    #expect(log.path("ticker-fx").hasPrefix("/home/u/.local/state/ticker-status/tmux-my_sock-"))
    #expect(
      PluginLog(socket: socket, stateHome: "/s", home: "/h").path("ticker")
        == "/s/ticker-status/tmux-default-41bc064f-ticker.log")
    #expect(PluginLog(socket: socket, stateHome: nil, home: nil).path("ticker") == "/dev/null")
  }

  @Test func showOptionsIsRead() {
    // tmux 3.3a's and 3.5a's show-options -g for these values.
    let output = #"""
      @a "x'y\"z \$HOME #{host} ;\\ \nnl\ttab ~"
      @b \~
      @c plain
      @d "a'b"
      @e "é ü"
      @f ''
      status-format[0] "#[align=left]"
      status-right "#{?window_bigger,[#{window_offset_x}#,#{window_offset_y}] ,}\"#{=21:pane_title}\" %H:%M"
      """#
    let options = PluginOptions(showOptions: output)
    #expect(options.values["@a"] == "x'y\"z $HOME #{host} ;\\ \nnl\ttab ~")
    #expect(options.values["@b"] == "~")
    #expect(options.values["@c"] == "plain")
    #expect(options.values["@d"] == "a'b")
    #expect(options.values["@e"] == "é ü")
    #expect(options.values["@f"] == "")
    #expect(options.values["status-format[0]"] == nil)
    #expect(
      options.values["status-right"]
        == "#{?window_bigger,[#{window_offset_x}#,#{window_offset_y}] ,}\"#{=21:pane_title}\" %H:%M"
    )
    #expect(options.value("@f", or: "--demo") == "--demo")
  }

  @Test func shellWords() {
    #expect(
      ShellWords.split(#"-w 24 "EUR/USD 1.08" 'a b' c\ d "q\"x" 'it'\''s'"#)
        == ["-w", "24", "EUR/USD 1.08", "a b", "c d", "q\"x", "it's"])
    #expect(ShellWords.split("  ") == [])
    #expect(ShellWords.split("'open") == nil)
  }

  @Test func bindingsAreRead() {
    let output = """
      bind-key    -T root MouseDown1Status     select-window -t =
      bind-key -r -T root WheelUpStatus        previous-window \\; refresh-client
      bind-key    -T root MouseDown3Pane       display-menu
      bind-key    -T prefix MouseDown2Status   kill-server
      """
    #expect(
      PluginClicks.bindings(listKeys: output) == [
        "MouseDown1Status": PluginClicks.Binding(command: "select-window -t =", repeats: false),
        "WheelUpStatus": PluginClicks.Binding(
          command: "previous-window \\; refresh-client", repeats: true),
      ])
  }
}

// MARK: - hostile values

/// A token of tmux's command language, as `TmuxLexer` reads it.
private enum TmuxToken: Equatable {
  case word(String)
  case open, close
}

/// tmux's command language, read strictly enough to catch a value that escaped its
/// word: the commands of a line (split at an unquoted `;` or line break), each a list
/// of words and braces. nil for anything a value should never reach unquoted: `$`
/// (tmux expands it), a leading `~`, a `#` comment, `%` directives, an open quote.
private func tmuxCommands(_ text: String) -> [[TmuxToken]]? {
  var commands: [[TmuxToken]] = [[]]
  var word = ""
  var inWord = false
  var quote: Character?
  var characters = Substring(text)
  func endWord() {
    if inWord { commands[commands.count - 1].append(.word(word)) }
    (word, inWord) = ("", false)
  }
  while let character = characters.popFirst() {
    if quote == "'" {
      if character == "'" { quote = nil } else { word.append(character) }
      continue
    }
    if quote == "\"" {
      switch character {
      case "\"": quote = nil
      case "$": return nil
      case "\\":
        guard let next = characters.popFirst() else { return nil }
        word.append(["n": "\n", "t": "\t", "r": "\r"][next] ?? next)
      default: word.append(character)
      }
      continue
    }
    switch character {
    case "'", "\"":
      quote = character
      inWord = true
    case "\\":
      guard let next = characters.popFirst() else { return nil }
      word.append(next)
      inWord = true
    case " ", "\t": endWord()
    case ";", "\n":
      endWord()
      commands.append([])
    case "$",
      "%" where !inWord, "~" where !inWord, "#" where !inWord:
      return nil
    case "{" where !inWord, "}" where !inWord:
      commands[commands.count - 1].append(character == "{" ? .open : .close)
    default:
      word.append(character)
      inWord = true
    }
  }
  guard quote == nil else { return nil }
  endWord()
  return commands.filter { !$0.isEmpty }
}

/// What tmux draws or runs of a `#()`/run-shell text: `##` read as `#`.
private func formatUnescaped(_ text: String) -> String {
  text.replacingOccurrences(of: "##", with: "#")
}

/// Values that would end a word, start a command, a job or an expansion if they were
/// not quoted: each is put in status-right, the arguments, the binary's path, the
/// socket's path and a key's binding.
private let hostileValues = [
  "a;b", "x ; kill-server", "'", "it's", "\"", "#(touch pwned)", "$(touch pwned)", "\\",
  "back\\slash ; run-shell 'touch pwned'", "line\nbreak", "line\n;kill-server", "}",
  "{ kill-server }",
  "'\"';kill-server;'\"'", "~/x", "%if 1", "#{host}", "\r", "''", "\\'",
]

@Suite struct PluginPlanHostileTests {
  @Test(arguments: hostileValues)
  func statusLineTextStaysOneWord(_ hostile: String) throws {
    let text = "X \(hostile) #{ticker} Y"
    let plan = PluginPlan.make(facts(["status-right": text]))
    let command = try #require(plan.commands.first { $0.hasPrefix("set-option -g status-right ") })
    let job = PluginPlan.job(
      PluginPlan.Ticker(key: "ticker", arguments: "--demo", width: 40), binary: binary)
    let expected = text.replacingOccurrences(of: "#{ticker}", with: job)
    #expect(
      tmuxCommands(command)
        == [[.word("set-option"), .word("-g"), .word("status-right"), .word(expected)]],
      "\(command)")
  }

  @Test(arguments: hostileValues)
  func failureMessagesStayOneWord(_ hostile: String) throws {
    // A name that is not one goes into the message, the status line and display-message.
    let plan = PluginPlan.make(facts(["status-left": "#{ticker:\(hostile)}"]))
    guard plan.failed else { return }  // whitespace: not a ticker at all
    for command in plan.commands {
      let commands = try #require(tmuxCommands(command), "\(command)")
      #expect(commands.count == 1 && commands[0].count <= 4, "\(command)")
    }
  }

  @Test(arguments: hostileValues)
  func streamCommandKeepsThePathsWhole(_ hostile: String) throws {
    let strange = "/opt/\(hostile)/ticker-status"
    let sock = "/tmp/\(hostile)/default"
    let plan = PluginPlan.make(
      facts(
        ["status-right": "#{ticker}", "@ticker-smooth": "on", "@ticker-args": "--demo"],
        binary: strange, socket: sock))
    let command = try #require(plan.commands.first { $0.hasPrefix("run-shell ") })
    let tokens = try #require(tmuxCommands(command), "\(command)")
    guard tokens.count == 1, tokens[0].count == 2, case .word(let shell) = tokens[0][1] else {
      Issue.record("not one run-shell with one word: \(command)")
      return
    }
    let words = try #require(ShellWords.split(formatUnescaped(shell)), "\(shell)")
    #expect(words.first == "{")
    #expect(words.dropFirst().first == strange)
    let socketAt = try #require(words.firstIndex(of: "--tmux-socket"))
    #expect(words[socketAt + 1] == sock)
  }

  @Test(arguments: hostileValues)
  func clickBindingsKeepTheirParts(_ hostile: String) throws {
    let strange = "/opt/\(hostile)/ticker-status"
    let own = "display-message \(TmuxQuoting.tmuxWord(hostile))"
    let plan = PluginPlan.make(
      facts(
        ["status-right": "#{ticker}", "@ticker-args": "--demo --on-click /bin/true"],
        ranges: true,
        bindings: ["MouseDown1Status": PluginClicks.Binding(command: own, repeats: false)],
        binary: strange))
    let kept = try #require(
      plan.commands.first { $0.hasPrefix("set-option -g @ticker-mouse-MouseDown1Status") })
    #expect(tmuxCommands(kept)?.first?.last == .word(own), "\(kept)")
    let bind = try #require(
      plan.commands.first { $0.hasPrefix("bind-key -T root MouseDown1Status ") })
    let tokens = try #require(tmuxCommands(bind), "\(bind)")
    #expect(tokens.count == 1, "\(bind)")
    let parts = tokens.first ?? []
    guard parts.count == 16, case .word(let run) = parts[10] else {
      Issue.record("not the binding's shape: \(parts)")
      return
    }
    #expect(
      Array(parts[0...9]) == [
        .word("bind-key"), .word("-T"), .word("root"), .word("MouseDown1Status"),
        .word("if-shell"), .word("-F"), .word("#{m/r:^t_[0-9]+$,#{mouse_status_range}}"), .open,
        .word("run-shell"), .word("-b"),
      ])
    #expect(
      Array(parts[11...]) == [.close, .open, .word("display-message"), .word(hostile), .close])
    let words = try #require(ShellWords.split(formatUnescaped(run)), "\(run)")
    #expect(words.first == strange)
    #expect(
      Array(words.dropFirst().prefix(4)) == [
        "--clicked-item", "#{s/^t_//:mouse_status_range}", "--clicked-button", "1",
      ])
  }

  /// The lexer above is only a model: tmux itself reads each hostile status-right back
  /// as the plan wrote it (`source-file`, then `show-option`).
  @Test(.enabled(if: which("tmux") != nil, "tmux is not installed"))
  func tmuxReadsTheStatusLineAsWritten() throws {
    let tmux = which("tmux") ?? "/usr/bin/tmux"
    let name = "ticker-plan-\(getpid())-\(UUID().uuidString.prefix(8))"
    let folder = try TestFolder("ticker-plan")
    defer {
      _ = try? tmuxCommand(tmux, ["-L", name, "kill-server"], environment: clientEnvironment())
      let sockets = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      unlink("\(sockets)/tmux-\(getuid())/\(name)")
      folder.remove()
    }
    let started = try tmuxCommand(
      tmux, ["-L", name, "-f", "/dev/null", "new", "-d", "sh"], environment: clientEnvironment())
    try #require(started.status == 0, "\(started.stderr)")
    for hostile in hostileValues {
      let text = "X \(hostile) #{ticker} Y"
      let plan = PluginPlan.make(facts(["status-right": text]))
      let file = try folder.write("plan", plan.commands.joined(separator: "\n") + "\n")
      let sourced = try tmuxCommand(
        tmux, ["-L", name, "source-file", file], environment: clientEnvironment())
      #expect(sourced.status == 0, "\(hostile): \(sourced.stderr)")
      let shown = try tmuxCommand(
        tmux, ["-L", name, "show-option", "-gv", "status-right"], environment: clientEnvironment())
      let job = PluginPlan.job(
        PluginPlan.Ticker(key: "ticker", arguments: "--demo", width: 40), binary: binary)
      #expect(
        shown.stdout == text.replacingOccurrences(of: "#{ticker}", with: job) + "\n",
        "\(hostile)")
      let sessions = try tmuxCommand(
        tmux, ["-L", name, "list-sessions"], environment: clientEnvironment())
      #expect(sessions.status == 0, "the server went: \(hostile)")
    }
  }
}
