import Foundation
import Testing

@testable import ticker_status

// The tmux plugin's plan (`ticker-status --tmux-plugin`), made in-process from facts
// given here: the exact commands for each case, and hostile option values that must
// stay inside the words they were written into. TmuxPluginTests and TmuxClickTests
// run the plan in real tmux servers.

let planBinary = "/usr/bin/ticker-status"
let planSocket = "/tmp/tmux-1000/default"
let planTickerLog = "/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log"
let planFxLog = "/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker-fx.log"

/// Facts with `options` and the logs above; the sides' rest expands to `expanded`.
func planFacts(
  _ options: [String: String], ranges: Bool = false, live: Set<String> = [],
  logErrors: [String: String] = [:], bindings: [String: PluginClicks.Binding] = [:],
  expanded: [String: Int] = ["status-left": 1, "status-right": 7],
  binary: String = planBinary, socket: String = planSocket
) -> PluginFacts {
  PluginFacts(
    options: PluginOptions(options), hasUserRanges: ranges, socket: socket, binary: binary,
    logs: ["ticker": planTickerLog, "ticker-fx": planFxLog], logErrors: logErrors,
    liveStreams: live,
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
    facts: planFacts([
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
    facts: planFacts(
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
    facts: planFacts(["status-right": "#{ticker} %H:%M", "@ticker-args": "-w50 --demo --width=20"]),
    commands: [
      "set-option -g status-right-length 27",
      #"set-option -g status-right '#('\''/usr/bin/ticker-status'\'' --format tmux "#
        + #"--tmux-version #{version} -w50 --demo --width=20) %H:%M'"#,
    ]),
  PlanCase(
    name: "run again with no ticker left: nothing",
    facts: planFacts(["status-right": "#(ticker-status --demo) %H:%M", "status-interval": "15"]),
    commands: []),
  PlanCase(
    name: "smooth: the option made, the stream started, #{@ticker} in its place",
    facts: planFacts([
      "status-right": "#{ticker} %H:%M", "@ticker-smooth": "on", "@ticker-args": "-w 30 --demo",
      "status-interval": "15",
    ]),
    commands: [
      "set-option -g status-right-length 37",
      "set-option -gqo @ticker ''",
      "set-option -g @ticker-pid-args '-w 30 --demo'",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"-w 30 --demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
      "set-option -g status-right '#{@ticker} %H:%M'",
    ]),
  PlanCase(
    name: "smooth, run again while @ticker-pid names the stream: nothing started",
    facts: planFacts(
      [
        "status-right": "#{@ticker} %H:%M", "@ticker-smooth": "on", "@ticker-pid": "4242",
        "@ticker-pid-args": "--demo", "status-right-length": "47",
      ], live: ["ticker"]),
    commands: ["set-option -gqo @ticker ''"]),
  PlanCase(
    name: "smooth, @ticker-pid names a stream of other arguments: a new one claims over it",
    facts: planFacts(
      [
        "status-right": "#{@ticker} %H:%M", "@ticker-smooth": "on", "@ticker-pid": "4242",
        "@ticker-pid-args": "-w 20 --demo", "@ticker-args": "-w 30 --demo",
        "status-right-length": "47",
      ], live: ["ticker"]),
    commands: [
      "set-option -gqo @ticker ''",
      "set-option -g @ticker-pid-args '-w 30 --demo'",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\''4242'\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"-w 30 --demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "smooth, @ticker-pid names no stream: a new one, told the old pid to claim over",
    facts: planFacts([
      "status-right": "#{@ticker}", "@ticker-smooth": "on", "@ticker-pid": "4242",
      "status-right-length": "47",
    ]),
    commands: [
      "set-option -gqo @ticker ''",
      "set-option -g @ticker-pid-args '--demo'",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\''4242'\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "smooth, @ticker-pid not a number: unset, and a new stream",
    facts: planFacts([
      "status-right": "#{@ticker}", "@ticker-smooth": "on", "@ticker-pid": "12x",
      "status-right-length": "47",
    ]),
    commands: [
      "set-option -gqo @ticker ''",
      "set-option -gu @ticker-pid",
      "set-option -g @ticker-pid-args '--demo'",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "smooth with no ticker in the status line: #{@ticker}'s stream still runs",
    facts: planFacts(["@ticker-smooth": "on"]),
    commands: [
      "set-option -gqo @ticker ''",
      "set-option -g @ticker-pid-args '--demo'",
      #"run-shell '{ '\''/usr/bin/ticker-status'\'' --tmux-plugin-stream '\'''\'' "#
        + #"'\''/home/u/.local/state/ticker-status/tmux-default-1a2b3c4d-ticker.log'\'' "#
        + #"--stream --tmux-option @ticker --tmux-socket '\''/tmp/tmux-1000/default'\'' "#
        + #"--demo'"\n"'} </dev/null >/dev/null 2>&1 &'"#,
    ]),
  PlanCase(
    name: "a reserved name: the message where it stands, and in #{ticker}'s log",
    facts: planFacts(["status-left": "<#{ticker:args}>"]),
    commands: [
      #"display-message 'ticker.tmux: '\''args'\'' cannot name a ticker: use letters, "#
        + #"digits and _, but not args, bin, pid or smooth'"#,
      #"set-option -g status-left '<ticker.tmux: '\''args'\'' cannot name a ticker: use "#
        + #"letters, digits and _, but not args, bin, pid or smooth>'"#,
    ],
    logLines: [
      PluginPlan.LogLine(
        log: planTickerLog,
        line: "ticker.tmux: 'args' cannot name a ticker: use letters, digits and _, but not "
          + "args, bin, pid or smooth")
    ], failed: true),
  PlanCase(
    name: "a log that cannot be written: said in #{@ticker}, the side long enough",
    facts: planFacts(["status-right": "#{ticker}"], logErrors: ["ticker": "Permission denied"]),
    commands: [
      "display-message 'ticker.tmux: cannot write the log \(planTickerLog): Permission denied'",
      "set-option -g @ticker 'ticker.tmux: cannot write the log \(planTickerLog): Permission denied'",
      "set-option -g status-right '#{@ticker}'",
      "set-option -g status-right-length 127",
    ],
    logLines: [
      PluginPlan.LogLine(
        log: planTickerLog,
        line: "ticker.tmux: cannot write the log \(planTickerLog): Permission denied")
    ], failed: true),
  PlanCase(
    name: "a ')' in the arguments: refused, with the # of #() doubled where tmux expands",
    facts: planFacts(["status-right": "#{ticker}", "@ticker-args": "--demo x)"]),
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
        log: planTickerLog,
        line: "ticker.tmux: @ticker-args must not contain ')': tmux ends a #() job at the first one"
      )
    ], failed: true),
  PlanCase(
    name: "clicks (3.4): the range after the ticker, each key chained to its binding, -r kept",
    facts: planFacts(
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
    facts: planFacts(
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
    facts: planFacts(
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
      planFacts(
        [
          "status-left": "#{ticker:fx}", "@ticker-fx-args": "--on-click /bin/true --demo",
          "status-right": "#{ticker}",
          "@ticker-args": "--on-click /bin/true --click-range-prefix tfx_ --demo",
        ], ranges: true))
    #expect(
      plan.logLines == [
        PluginPlan.LogLine(
          log: planTickerLog,
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
      PluginLog(socket: planSocket, stateHome: "/s", home: "/h").path("ticker")
        == "/s/ticker-status/tmux-default-41bc064f-ticker.log")
    #expect(PluginLog(socket: planSocket, stateHome: nil, home: nil).path("ticker") == "/dev/null")
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
