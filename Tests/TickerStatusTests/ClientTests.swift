import Foundation
import Testing

@testable import TickerCore

// End-to-end tests with the real clients: tmux draws `#()` output in its status line,
// i3blocks passes a persistent block to i3bar, and bash, zsh and fish expand prompts.
// Each shows exactly the plain frame and runs nothing from the items. A client that is
// not installed skips its test, and says so.

/// Items that run commands or become markup wherever a reader is careless, each meant
/// to touch a file in the scratch folder if anything runs it.
private func hostileItems(_ scratch: TestFolder) -> [String] {
  let dir = scratch.path
  return [
    "#(touch \(dir)/pwned-tmux)",
    "#[fg=red,bold]not red #[default]",
    "##two #{host} #{pane_id} #H #S ##[x] %H:%M %% %{A1:touch \(dir)/pwned-bar:}click%{A}",
    "$(touch \(dir)/pwned-dollar) `touch \(dir)/pwned-tick` ${HOME} $HOME",
    #"\u \w \$ \[x\] !! %F{red}%B bold %(?.a.b) 'single' "double" <b>&amp; \"#,
    "end#",
  ]
}

private let pwnedNames = ["pwned-tmux", "pwned-bar", "pwned-dollar", "pwned-tick"]

/// Removes `ESC [ … final` sequences (the dialect's own styles).
private func removingControlSequences(_ text: String) -> String {
  var output = String.UnicodeScalarView()
  var scalars = text.unicodeScalars.makeIterator()
  while let scalar = scalars.next() {
    guard scalar == "\u{1B}" else {
      output.append(scalar)
      continue
    }
    _ = scalars.next()  // `[`
    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
  }
  return String(output)
}

// MARK: - tmux

/// A tmux server whose status line is read back through a second tmux.
///
/// The inner server (its own `-L` socket and a temporary config) has a session of a
/// fixed size; the outer server runs a client attached to it in a pane of the same
/// size, and `capture-pane -p -N` on that pane shows the inner status line as drawn.
private final class TmuxStatusLine {
  static let columns = 100
  let tmux: String
  let inner: String
  let outer: String
  let environment = clientEnvironment()
  let scratch: TestFolder

  init(tmux: String, scratch: TestFolder, statusRight: String) throws {
    self.tmux = tmux
    self.scratch = scratch
    let tag = UUID().uuidString.prefix(8)
    inner = "ticker-inner-\(tag)"
    outer = "ticker-outer-\(tag)"
    let config = try scratch.write(
      "tmux.conf",
      """
      set -g status-left ''
      set -g window-status-format ''
      set -g window-status-current-format ''
      set -g window-status-separator ''
      set -g status-right-length \(Self.columns)
      set -g status-interval 1
      set -g status-right '\(statusRight)'

      """)
    let size = ["-x", "\(Self.columns)", "-y", "5"]
    try startServer(["-u", "-L", inner, "-f", config, "new-session", "-d", "-s", "in"] + size)
    try startServer(
      ["-u", "-L", outer, "-f", "/dev/null", "new-session", "-d", "-s", "out"] + size
        + ["\(tmux) -u -L \(inner) attach -t in"])
  }

  /// Runs a tmux command that starts a server (see `tmuxCommand`).
  private func startServer(_ arguments: [String]) throws {
    let result = try tmuxCommand(tmux, arguments, environment: environment, timeout: 10)
    #expect(result.status == 0, "tmux \(arguments) ended with status \(result.status)")
  }

  /// Runs a tmux command (`tmuxCommand`) and returns its output.
  @discardableResult
  func run(_ arguments: [String], expectSuccess: Bool = true) throws -> String {
    let result = try tmuxCommand(tmux, arguments, environment: environment, timeout: 10)
    if expectSuccess {
      #expect(result.status == 0, "tmux \(arguments): \(result.stderr)")
    }
    return result.stdout
  }

  /// Sets an option of the inner server; the argument is passed as it is, unparsed.
  func set(_ option: String, _ value: String) throws {
    try run(["-L", inner, "set-option", "-g", option, value])
  }

  /// The inner status line as the outer pane shows it, trailing spaces kept.
  func statusLine() throws -> String {
    let output = try run(["-L", outer, "capture-pane", "-p", "-N", "-t", "out"])
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    return String(lines.dropLast().last ?? "")
  }

  /// The inner status line with its styles, as `capture-pane -e` writes them (SGR).
  func styledStatusLine() throws -> String {
    let output = try run(["-L", outer, "capture-pane", "-p", "-e", "-N", "-t", "out"])
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    return String(lines.dropLast().last ?? "")
  }

  /// Polls until the status line is `expected`, or 15 seconds pass; returns the last seen.
  func waitForStatusLine(_ expected: String) throws -> String {
    let deadline = Date().addingTimeInterval(15)
    var line = ""
    repeat {
      line = try statusLine()
      if line == expected { return line }
      usleep(50_000)
    } while Date() < deadline
    return line
  }

  /// The inner server's socket, for `--tmux-socket`.
  var innerSocket: String {
    "\(environment["TMUX_TMPDIR"] ?? "/tmp")/tmux-\(getuid())/\(inner)"
  }

  /// Kills both servers and removes their socket files, which tmux leaves behind.
  func stop() {
    let folder = environment["TMUX_TMPDIR"] ?? "/tmp"
    for socket in [outer, inner] {
      _ = try? run(["-L", socket, "kill-server"], expectSuccess: false)
      unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }
  }
}

/// A tmux the status-line tests run on: the one on PATH (Debian's 3.3a in CI), and
/// tmux 3.5a from Debian's backports, which .ci/run unpacks into .build/tmux-3.5a
/// (or wherever TICKER_TMUX_35A names). Each is given to ticker-status as
/// `--tmux-version` with the version it prints, as `#{version}` would give it.
struct TmuxUnderTest: CustomTestStringConvertible, Sendable {
  var name: String
  /// Where the binary is, if anywhere.
  var locate: @Sendable () -> String?

  var testDescription: String { name }

  static let onPath = TmuxUnderTest(name: "tmux on PATH") { which("tmux") }
  static let backport35a = TmuxUnderTest(name: "tmux 3.5a") {
    var candidates = [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../.build/tmux-3.5a/usr/bin/tmux").standardized.path
    ]
    if let chosen = ProcessInfo.processInfo.environment["TICKER_TMUX_35A"], !chosen.isEmpty {
      candidates = [chosen]
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }
  static let all = [onPath, backport35a]

  /// The binary and its version (`3.5a`), or nil after saying why the test skips.
  func resolve() -> (binary: String, version: String)? {
    guard let binary = locate() else {
      print(
        "ClientTests: skipping the \(name) check: not installed"
          + (self.name == Self.backport35a.name
            ? " (set TICKER_TMUX_35A, or run .ci/run's lines that unpack it into .build/tmux-3.5a)"
            : ""))
      return nil
    }
    guard let result = try? runProcess(binary, ["-V"]), result.status == 0 else {
      Issue.record("\(binary) -V failed")
      return nil
    }
    var version = Substring(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    if version.hasPrefix("tmux ") { version = version.dropFirst(5) }
    return (binary, String(version))
  }
}

/// The status line tmux should draw: `frame` between `L` and `R`, aligned right.
private func rightAligned(_ frame: String, width: Int) -> String {
  String(repeating: " ", count: TmuxStatusLine.columns - width - 2) + "L" + frame + "R"
}

@Suite(.serialized) struct ClientTests {
  /// Draws `#(ticker-status --format tmux --tmux-version VERSION …)` in `tmux`'s
  /// status line for each time and compares the line with the plain frame (tmux
  /// widths of that release) at the same time, cell for cell.
  private func checkTmux(
    _ tmuxUnderTest: TmuxUnderTest, items: [String], width: Int, times: [Double],
    markup: String = "none"
  ) throws {
    guard let (tmux, version) = tmuxUnderTest.resolve() else { return }
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let itemsFile = try scratch.write("items", items.joined(separator: "\n") + "\n")
    func arguments(_ time: Double) -> [String] {
      [
        "--at", "\(time)", "-w", "\(width)", "-s", "3", "--separator", " | ", "--markup", markup,
        "--tmux-version", version, "-f", itemsFile,
      ]
    }
    func statusRight(_ time: Double) -> String {
      "L#(\(tickerBinary) --format tmux \(arguments(time).map { "\"\($0)\"" }.joined(separator: " ")))R"
    }
    let line = try TmuxStatusLine(tmux: tmux, scratch: scratch, statusRight: statusRight(times[0]))
    defer { line.stop() }
    for time in times {
      try line.set("status-right", statusRight(time))
      let frame = try plainFrame(["--cells", "tmux"] + arguments(time))
      let expected = rightAligned(frame, width: width)
      let seen = try line.waitForStatusLine(expected)
      #expect(
        seen == expected,
        "\(version) at \(time): tmux drew\n\(seen)\nbut the frame is\n\(expected)")
    }
    for name in pwnedNames { #expect(!scratch.exists(name), "tmux ran a command: \(name)") }
  }

  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsHostileTextLiterallyAndRunsNothing(tmux: TmuxUnderTest) throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    // Times that put `#` runs, `#[`, `%` and the trailing `#` at both edges.
    try checkTmux(
      tmux, items: hostileItems(scratch), width: 60,
      times: [0, 1, 7.5, 13, 20.25, 31, 44.4, 52])
    try checkTmux(tmux, items: hostileItems(scratch), width: 97, times: [3])
  }

  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsStylesFromMarkupAndStillOnlyTheText(tmux: TmuxUnderTest) throws {
    let items = [
      "#[fg=green,bold]up 1.5%#[default] #[fg=colour196,bg=#202020,underscore]down##",
      "#[reverse]rev#[noreverse]#", "plain #[italics]it",
      // Written as lower-case hex: tmux would expand `#D` and `#F` in `#DDFFAA`.
      "#[fg=#DDFFAA,bg=#FfDd00]hex#[default]#",
    ]
    try checkTmux(tmux, items: items, width: 40, times: [0, 2, 5.5], markup: "tmux")
  }

  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsAnAlertingQuoteInTheAlertStyle(tmux tmuxUnderTest: TmuxUnderTest)
    throws
  {
    guard let (tmux, version) = tmuxUnderTest.resolve() else { return }
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    func statusRight(_ rule: String) -> String {
      let arguments = [
        "--format", "tmux", "--tmux-version", version, "--at", "0", "-w", "30", "--quotes",
        "--alert", rule, "AAPL 189.84 +1.25",
      ]
      return "L#(\(tickerBinary) \(arguments.map { "\"\($0)\"" }.joined(separator: " ")))R"
    }
    let line = try TmuxStatusLine(
      tmux: tmux, scratch: scratch, statusRight: statusRight("AAPL>100"))
    defer { line.stop() }
    let frame = try plainFrame(["--at", "0", "-w", "30", "--quotes", "AAPL 189.84 +1.25"])
    #expect(
      try line.waitForStatusLine(rightAligned(frame, width: 30)) == rightAligned(frame, width: 30))
    // Bold on yellow (the default --alert-style, black on yellow: the status line's
    // default is black already), from the first cell of the quote.
    let alerting = try line.styledStatusLine()
    let head = alerting.components(separatedBy: "AAPL")[0].components(separatedBy: "L").last ?? ""
    #expect(
      ["\u{1B}[1m", "\u{1B}[43m"].allSatisfy { head.contains($0) }, "\(alerting.debugDescription)")
    // A rule the quote does not meet: the same text, the quote's usual colours only.
    try line.set("status-right", statusRight("AAPL>200"))
    // Until the new command's frame is drawn: tmux may first draw the line without the
    // job's output, which has no alert style either.
    waitUntil(timeout: 15) {
      guard let styled = try? line.styledStatusLine(), let text = try? line.statusLine() else {
        return false
      }
      return !styled.contains("\u{1B}[43m") && text == rightAligned(frame, width: 30)
    }
    let calm = try line.styledStatusLine()
    #expect(!calm.contains("\u{1B}[43m"), "\(calm.debugDescription)")
    #expect(try line.statusLine() == rightAligned(frame, width: 30))
  }

  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsCJKAndEmojiAtTheProfileWidth(tmux: TmuxUnderTest) throws {
    // Wide and narrow clusters, some cut by either edge at these times.
    let items = ["日本語ニュース 東証 +1.2%", "中文 한국어 ｶﾞ", "👍 ❤️ 👍🏽 🇫🇷 ☀ ⌚ 1️⃣ é e\u{301}"]
    try checkTmux(tmux, items: items, width: 30, times: [0, 0.4, 1.7, 3, 5.2, 8.9, 13.3])
  }

  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsZWJSequencesAtTheProfileWidth(tmux: TmuxUnderTest) throws {
    let items = ["family 👨‍👩‍👧 flag 🏳️‍🌈 fire ❤️‍🔥 coder 👩🏽‍💻 end"]
    try checkTmux(tmux, items: items, width: 30, times: [0, 2.2, 6.1])
  }

  /// What tmux releases measure and draw differently: variation selectors after
  /// narrow and wide emoji, skin tones, flags side by side and alone, the Hangul
  /// filler, a scalar newer than glibc, marks past 21 bytes.
  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxDrawsWhatReleasesDrawDifferentlyAtTheProfileWidth(tmux: TmuxUnderTest)
    throws
  {
    var items = [
      "flags 🇯🇵🇺🇸🇫🇷 lone 🇯 ok", "❤️ ☺️ 😀\u{FE0F} ✔️ ☝🏽 👍🏿 🫷🏽 end",
      "filler \u{3164}x \u{1FAE9} é" + String(repeating: "\u{301}", count: 9) + " .",
    ]
    // A cell holds 21 bytes up to 3.5a: the profiles of 3.4 on leave out the marks
    // that would not fit, 3.3a's keeps them (tmux 3.3a drops them, in the same cells).
    if let (_, version) = tmux.resolve(), TmuxRules(version: version) != .tmux33 {
      items.append("long e" + String(repeating: "\u{301}", count: 12) + " end")
    }
    try checkTmux(tmux, items: items, width: 30, times: [0, 1.3, 2.9, 4.4, 6.8, 9.1, 12.5, 16])
  }

  /// The value `--tmux-option` sets is drawn by `#{@option}` without expansion.
  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxOptionValueDrawsLiterally(tmux tmuxUnderTest: TmuxUnderTest) throws {
    guard let (tmux, version) = tmuxUnderTest.resolve() else { return }
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let line = try TmuxStatusLine(tmux: tmux, scratch: scratch, statusRight: "L#{@ticker}R")
    defer { line.stop() }
    let items = hostileItems(scratch).map { Markup.tmux.read($0) }
    let strip = Strip(
      items: items, separator: " | ",
      measure: CellMeasure(profile: .tmux, tmux: TmuxRules(version: version) ?? .tmux33))
    for offset in [0, 5, 17, 40, 101] {
      let frame = strip.window(offset: offset, width: 60)
      try line.set("@ticker", FrameEncoder.tmuxOptionValue(frame))
      let expected = rightAligned(frame.text, width: 60)
      let seen = try line.waitForStatusLine(expected)
      #expect(
        seen == expected, "offset \(offset): tmux drew\n\(seen)\nbut the frame is\n\(expected)")
    }
    for name in pwnedNames { #expect(!scratch.exists(name), "tmux ran a command: \(name)") }
  }

  /// `--stream --tmux-option` without `--tmux-version` asks the server its version:
  /// the status line shows the frame of that release's profile, in its cells.
  @Test(arguments: TmuxUnderTest.all)
  fileprivate func tmuxOptionStreamTakesTheServersVersion(tmux tmuxUnderTest: TmuxUnderTest)
    throws
  {
    guard let (tmux, version) = tmuxUnderTest.resolve() else { return }
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let items = try scratch.write(
      "items", "flags 🇯🇵🇺🇸 ❤️ ☝🏽 end\nfamily 👨‍👩‍👧 \u{3164}x 😀\u{FE0F} done\n")
    let arguments = ["-w", "40", "-s", "0", "--separator", " | ", "-f", items]
    let line = try TmuxStatusLine(tmux: tmux, scratch: scratch, statusRight: "L#{@ticker}R")
    defer { line.stop() }
    // The stream runs the tmux of the server under test, as a user's PATH would give it.
    var environment = clientEnvironment()
    let folder = URL(fileURLWithPath: tmux).deletingLastPathComponent().path
    environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let stream = try spawnClean(
      [tickerBinary, "--stream", "--tmux-option", "@ticker", "--tmux-socket", line.innerSocket]
        + arguments, environment: environment)
    defer {
      // The stream ends quietly once the server has gone.
      line.stop()
      #expect(waitForExit(stream, timeout: 10) == 0, "the stream did not end with the server")
    }
    let frame = try plainFrame(
      ["--cells", "tmux", "--tmux-version", version, "--at", "0"] + arguments)
    let expected = rightAligned(frame, width: 40)
    let seen = try line.waitForStatusLine(expected)
    #expect(seen == expected, "\(version): tmux drew\n\(seen)\nbut the frame is\n\(expected)")
  }

  // MARK: - i3blocks

  @Test(.enabled(if: which("i3blocks") != nil, "i3blocks is not installed"))
  func i3blocksShowsTheFrameAsFullText() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let items = hostileItems(scratch) + [#"{"full_text":"x"} "quoted" \n \\ 日本 👍"#]
    let itemsFile = try scratch.write("items", items.joined(separator: "\n") + "\n")
    // One frame, and the block lives on a little as a streaming one would: i3blocks
    // 1.4 may drop the last line of a persistent block that has already ended.
    for time in [0.0, 9.5] {
      let arguments = ["--at", "\(time)", "-w", "70", "--separator", " | ", "-f", itemsFile]
      let config = try scratch.write(
        "i3blocks.conf",
        """
        [ticker]
        command=\(tickerBinary) --format i3blocks \(arguments.map { "'\($0)'" }.joined(separator: " ")); sleep 2
        interval=persist

        """)
      let output = try readOutput(
        which("i3blocks")!, ["-c", config], environment: clientEnvironment()
      ) { $0.contains("\"name\":\"ticker\"") }
      let blockLine = output.split(separator: "\n").first { $0.contains("\"name\":\"ticker\"") }
      let blocks = try blockLine.map { line in
        try JSONSerialization.jsonObject(with: Data(line.dropFirst().utf8)) as? [[String: Any]]
      }
      let block = blocks??.first { $0["name"] as? String == "ticker" }
      let fullText = block?["full_text"] as? String
      #expect(fullText == (try plainFrame(arguments)), "i3blocks printed:\n\(output)")
    }
    for name in pwnedNames { #expect(!scratch.exists(name), "something ran: \(name)") }
  }

  // MARK: - Shell prompts

  /// Runs `script` in a shell with the items and binary in the environment.
  private func prompt(_ shell: String, _ arguments: [String], script: String, scratch: TestFolder)
    throws -> String
  {
    let items = try scratch.write("items", hostileItems(scratch).joined(separator: "\n") + "\n")
    let result = try runProcess(
      shell, arguments + [script],
      environment: clientEnvironment(["TICKER": tickerBinary, "ITEMS": items, "AT": "0"]))
    #expect(result.status == 0, "\(shell): \(result.stderr)")
    return result.stdout
  }

  private func frameArguments(_ scratch: TestFolder) -> [String] {
    ["--at", "0", "-w", "500", "-f", scratch.file("items")]
  }

  @Test(.enabled(if: which("bash") != nil, "bash is not installed"))
  func bashPromptShowsTheTextAndRunsNothing() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let output = try prompt(
      which("bash")!, ["--norc", "--noprofile", "-c"],
      script:
        #"PS1='[$("$TICKER" --format bash --at "$AT" -w 500 -f "$ITEMS")]'; printf %s "${PS1@P}""#,
      scratch: scratch)
    // Readline's markers wrap the colour sequences; what is left is the text.
    var visible = ""
    var hidden = false
    for scalar in output.unicodeScalars {
      if scalar == "\u{1}" {
        hidden = true
      } else if scalar == "\u{2}" {
        hidden = false
      } else if !hidden {
        visible.unicodeScalars.append(scalar)
      }
    }
    #expect(!visible.contains("\u{1B}"))
    #expect(visible == "[" + (try plainFrame(frameArguments(scratch))) + "]")
    for name in pwnedNames { #expect(!scratch.exists(name), "bash ran: \(name)") }
  }

  @Test(.enabled(if: which("zsh") != nil, "zsh is not installed"))
  func zshPromptShowsTheTextAndRunsNothing() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let output = try prompt(
      which("zsh")!, ["-f", "-c"],
      script: """
        setopt PROMPT_SUBST
        PROMPT='[$("$TICKER" --format zsh --quotes --at "$AT" -w 500 -f "$ITEMS")]'
        print -rnP -- "$PROMPT"
        """,
      scratch: scratch)
    // A `!` of the text is drawn as `ǃ`, which no prompt option expands.
    #expect(
      removingControlSequences(output)
        == "["
        + (try plainFrame(["--quotes"] + frameArguments(scratch)))
        .replacingOccurrences(of: "!", with: "\u{01C3}") + "]")
    for name in pwnedNames { #expect(!scratch.exists(name), "zsh ran: \(name)") }
  }

  /// With PROMPT_BANG (set by `emulate sh` and by some users) `!` in a prompt is the
  /// history number and `!!` a `!`: the frame must show neither, and keep its width.
  @Test(.enabled(if: which("zsh") != nil, "zsh is not installed"))
  func zshPromptBangTurnsNoBangIntoAHistoryNumber() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let items = try scratch.write("bangs", "bang ! double !!\n")
    for options in ["prompt_subst prompt_bang", "prompt_subst no_prompt_bang"] {
      let result = try runProcess(
        which("zsh")!,
        [
          "-f", "-c",
          """
          setopt \(options)
          PROMPT="\\$('\(tickerBinary)' --format zsh -w 30 --at 0 -f '\(items)')"
          print -rn -- ${(%%)PROMPT}
          """,
        ], environment: clientEnvironment())
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        result.stdout == "bang \u{01C3} double \u{01C3}\u{01C3}"
          + String(repeating: " ", count: 14),
        "with \(options)")
      #expect(result.stdout.count == 30)
    }
  }

  @Test(.enabled(if: which("zsh") != nil, "zsh is not installed"))
  func zshPromptDrawsColours() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let styled = try scratch.write(
      "styled",
      // Not quotes, though read with --quotes: more than three words, or no number.
      "#[fg=colour202,italics]a%b#[default] and more\n#[bg=#102030,dim,reverse]c\nX 1 +1\n")
    let arguments = [
      "--markup", "tmux", "--quotes", "--up-style", "fg=green,bold", "--at", "0", "-w", "30",
      "-f", styled,
    ]
    let output = try prompt(
      which("zsh")!, ["-f", "-c"],
      script: """
        setopt PROMPT_SUBST
        PROMPT='$("$TICKER" --format zsh \(arguments.joined(separator: " "))) %% '
        print -rnP -- "$PROMPT"
        """,
      scratch: scratch)
    // zsh draws %F{202} and %B itself, and the italic sequence from inside %{…%}.
    #expect(output.contains("\u{1B}[3m"))
    #expect(output.contains("\u{1B}[38;5;202m"))
    #expect(output.contains("\u{1B}[1m"))
    #expect(removingControlSequences(output) == (try plainFrame(arguments)) + " % ")
  }

  @Test(.enabled(if: which("fish") != nil, "fish is not installed"))
  func fishPromptShowsTheTextAndRunsNothing() throws {
    let scratch = try TestFolder("ticker-clients")
    defer { scratch.remove() }
    let output = try prompt(
      which("fish")!, ["--no-config", "-c"],
      script: """
        function fish_prompt
            $TICKER --format fish --at $AT -w 500 -f $ITEMS
        end
        set -l shown (fish_prompt)
        printf '[%s]' $shown
        """,
      scratch: scratch)
    #expect(
      removingControlSequences(output) == "[" + (try plainFrame(frameArguments(scratch))) + "]")
    for name in pwnedNames { #expect(!scratch.exists(name), "fish ran: \(name)") }
  }
}

/// Runs a long-lived program and reads its output until `isDone` says enough, or 15
/// seconds pass; then kills it.
private func readOutput(
  _ executable: String, _ arguments: [String], environment: [String: String],
  until isDone: (String) -> Bool
) throws -> String {
  var pipe: [Int32] = [0, 0]
  guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EIO) }
  let pid = try spawnClean(
    [executable] + arguments, environment: environment, stdout: .descriptor(pipe[1]))
  close(pipe[1])
  defer {
    close(pipe[0])
    kill(pid, SIGKILL)
    _ = waitForExit(pid, timeout: 5)
  }
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  let deadline = Date().addingTimeInterval(15)
  while Date() < deadline {
    var reader = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
    guard poll(&reader, 1, 100) >= 0 else { break }
    guard reader.revents != 0 else { continue }
    let count = read(pipe[0], &buffer, buffer.count)
    if count <= 0 { break }
    output += buffer[0..<count]
    if isDone(String(decoding: output, as: UTF8.self)) { break }
  }
  return String(decoding: output, as: UTF8.self)
}
