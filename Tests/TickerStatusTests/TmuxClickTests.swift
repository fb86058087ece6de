import Foundation
import Testing

@testable import TickerCore
@testable import ticker_status

// Clicks in a real tmux: the plugin (contrib/tmux/ticker.tmux) runs in an inner server
// with the mouse on, a client of it is attached inside an outer server's pane, and an
// SGR mouse event written into that pane (`send-keys -H`) is a real click on the inner
// status line. The action runs once, for the item drawn under the pointer; elsewhere
// tmux does what it did; and no item's text runs. tmux 3.3a has no user ranges: there
// the plugin binds nothing and the ticker draws none.

/// Items whose text would run something if it reached a shell or tmux, between quotes;
/// every command touches `pwned` in the folder tmux and the actions run in.
private let tmuxClickItems = [
  "AAPL 189.84 +1.25", "$(touch pwned)`touch pwned`;touch pwned", "MSFT 415.20 -2.31",
  "'q\"%{A1:touch pwned:}x%{A}#(touch pwned)#[fg=red]##", "EUR 1.08 0",
]

/// A tmux server running the plugin, its client attached in an outer server's pane.
///
/// Both servers' sockets are in the test's folder (`TMUX_TMPDIR`), and so are the
/// configuration, the plugin's logs (`XDG_STATE_HOME`) and what the actions write.
private final class TmuxClickServer {
  static let columns = 200
  static let rows = 5
  let tmux: String
  let version: String
  let folder: TestFolder
  let environment: [String: String]
  /// The ticker's arguments, as `@ticker-args` holds them.
  let tickerArguments: [String]
  let width = 150
  /// `#{ticker:currencies}`, after `[L] ` on the left (its NAME too long to be its
  /// ranges' prefix whole), without --on-click.
  static let namedArguments = ["-w", "16", "-s", "0", "fxone", "fxtwo"]
  static let namedStart = 4

  /// Starts the servers; `smooth` sets `@ticker-smooth on`.
  init(tmux: String, version: String, smooth: Bool, folder: TestFolder) throws {
    self.tmux = tmux
    self.version = version
    self.folder = folder
    var environment = scrubbedEnvironment(
      removing: ["TMUX", "TMUX_PANE", "NO_COLOR", "LC_ALL", "LC_CTYPE"])
    environment["LANG"] = "C.UTF-8"
    environment["TERM"] = "xterm-256color"
    environment["TMUX_TMPDIR"] = folder.path
    environment["HOME"] = folder.path
    environment["XDG_STATE_HOME"] = folder.file("state")
    // The plugin runs `tmux`: the one under test.
    let bin = URL(fileURLWithPath: tmux).deletingLastPathComponent().path
    environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    self.environment = environment
    let items = try folder.write("items", tmuxClickItems.joined(separator: "\n") + "\n")
    let action = try folder.write(
      "action",
      """
      #!/bin/sh
      printf '%s|%s|%s|%s|%s|%s\\n' "$TICKER_INDEX" "$TICKER_ITEM" "${TICKER_SYMBOL-unset}" \
        "${TICKER_PRICE-unset}" "${TICKER_CHANGE-unset}" "$TICKER_BUTTON" >> "$0.log"

      """)
    chmod(action, 0o755)
    tickerArguments = [
      "-w", "\(width)", "-s", "0", "--quotes", "-f", items, "--on-click", action,
    ]
    let configuration = try folder.write(
      "tmux.conf",
      """
      set -g mouse on
      set -g status-left '[L] #{ticker:currencies} '
      set -g status-right '#{ticker}|R'
      set -g @ticker-bin '\(tickerBinary)'
      set -g @ticker-args '\(tickerArguments.joined(separator: " "))'
      set -g @ticker-currencies-args '--on-click \(action) \(Self.namedArguments.joined(separator: " "))'
      set -g @ticker-smooth \(smooth ? "on" : "off")
      run-shell '\(repositoryFile("contrib/tmux/ticker.tmux"))'

      """)
    let size = ["-x", "\(Self.columns)", "-y", "\(Self.rows)"]
    try start(["-u", "-L", "inner", "-f", configuration, "new-session", "-d", "-s", "in"] + size)
    try start(
      ["-u", "-L", "outer", "-f", "/dev/null", "new-session", "-d", "-s", "out"] + size
        + ["\(tmux) -u -L inner attach -t in"])
  }

  /// Starts a server in the folder (the actions and whatever might run there).
  private func start(_ arguments: [String]) throws {
    let result = try tmuxCommand(
      tmux, arguments, environment: environment, directory: folder.path, timeout: 20)
    #expect(result.status == 0, "tmux \(arguments) failed: \(result.stderr)")
  }

  /// Runs a tmux command on the inner or outer server and returns its output.
  @discardableResult
  func run(_ server: String, _ arguments: [String]) throws -> ProcessResult {
    try runProcess(tmux, ["-L", server] + arguments, environment: environment, timeout: 20)
  }

  /// Sets the status line and the tickers' arguments again, as sourcing the
  /// configuration again would (without --on-click unless `clicks`), and runs the
  /// plugin.
  func sourceAgain(clicks: Bool = true) throws {
    let named = Self.namedArguments.joined(separator: " ")
    try run("inner", ["set", "-g", "status-left", "[L] #{ticker:currencies} "])
    try run("inner", ["set", "-g", "status-right", "#{ticker}|R"])
    try run(
      "inner",
      [
        "set", "-g", "@ticker-args",
        clicks ? tickerArguments.joined(separator: " ") : "-w 20 x",
      ])
    try run(
      "inner",
      [
        "set", "-g", "@ticker-currencies-args",
        clicks ? "--on-click " + folder.file("action") + " " + named : named,
      ])
    try run("inner", ["run-shell", repositoryFile("contrib/tmux/ticker.tmux")])
  }

  /// The inner status line as the outer pane shows it.
  func statusLine() throws -> String {
    let output = try run("outer", ["capture-pane", "-p", "-t", "out"]).stdout
    return String(
      output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? "")
  }

  /// The first column of the ticker: status-right, '#{ticker}|R', is at the right end.
  var tickerStart: Int { Self.columns - 2 - width }

  /// The cells of the status line from `column`, `count` of them (the test's items are
  /// one cell a character).
  func cells(_ line: String, from column: Int, count: Int) -> String {
    String(Array(line).dropFirst(column).prefix(count))
  }

  /// Presses and releases `button` (1 to 3; 4 and 5 the wheel, which only presses) at
  /// `column` of the status line, as a terminal reports it (SGR, 1-based).
  func click(column: Int, button: Int) throws {
    let code = [1: 0, 2: 1, 3: 2, 4: 64, 5: 65][button]!
    var events = ["\u{1B}[<\(code);\(column + 1);\(Self.rows)M"]
    if button <= 3 { events.append("\u{1B}[<\(code);\(column + 1);\(Self.rows)m") }
    for event in events {
      let bytes = event.utf8.map { String(format: "%02x", $0) }
      try run("outer", ["send-keys", "-t", "out", "-H"] + bytes)
    }
    // Apart enough that tmux sees no double click.
    usleep(350_000)
  }

  /// The lines the action wrote.
  var actions: [String] {
    (folder.read("action.log") ?? "").split(separator: "\n").map(String.init)
  }

  /// The ticker-status processes started for this test (the stream, clicks), by the
  /// folder in their command lines.
  var tickerProcesses: [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      guard !processHasEnded(pid),
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.first == tickerBinary && words.contains { $0.hasPrefix(folder.path) }
    }
  }

  /// Kills both servers, waits for the streams to end, removes the sockets.
  func stop() {
    for server in ["outer", "inner"] {
      _ = try? run(server, ["kill-server"])
      unlink("\(folder.path)/tmux-\(getuid())/\(server)")
    }
    #expect(waitUntil(timeout: 10) { tickerProcesses.isEmpty }, "a ticker-status outlived tmux")
  }
}

/// tmux 3.4 or later, if any: the 3.5a backport ClientTests use.
private func tmuxWithRanges() -> (binary: String, version: String)? {
  guard let (binary, version) = TmuxUnderTest.backport35a.resolve() else { return nil }
  guard TmuxRules(version: version) != .tmux33 else {
    print("TmuxClickTests: skipping: \(binary) is tmux \(version), which has no user ranges")
    return nil
  }
  return (binary, version)
}

/// Whether tmux `version` ends a range one cell late (up to 3.7): then the last cell
/// of an item, which the ticker leaves out of its range, still counts for it.
private func rangesReachOneCellFurther(_ version: String) -> Bool {
  guard let match = version.firstMatch(of: /^(?:next-)?(\d+)\.(\d+)/),
    let major = Int(match.1), let minor = Int(match.2)
  else { return false }
  return major < 3 || (major == 3 && minor < 8)
}

@Suite(.serialized) struct TmuxClickTests {
  @Test(arguments: [false, true])
  func aClickRunsTheActionForTheItemUnderThePointerOnce(smooth: Bool) throws {
    guard let (tmux, version) = tmuxWithRanges() else { return }
    let folder = try TestFolder("ticker-tmuxclick")
    defer { folder.remove() }
    let server = try TmuxClickServer(tmux: tmux, version: version, smooth: smooth, folder: folder)
    defer { server.stop() }

    // The frame the ticker draws, standing still, and the item of each of its cells.
    let frameArguments = [
      "-w", "\(server.width)", "-s", "0", "--quotes", "--cells", "tmux", "--tmux-version",
      version,
    ]
    let frame = try runTicker(
      ["--format", "plain", "--at", "0"] + frameArguments + ["--"] + tmuxClickItems)
    let expectedCells = String(frame.stdout.dropLast())
    let owner = try itemOwners(frameArguments + ["--"] + tmuxClickItems)
    var line = ""
    let drawn = waitUntil(timeout: 15) {
      line = (try? server.statusLine()) ?? ""
      return server.cells(line, from: server.tickerStart, count: server.width) == expectedCells
    }
    try #require(drawn, "tmux \(version) drew\n\(line)\nnot the frame\n\(expectedCells)")

    // The configuration sourced again changes nothing: one test, one action a click.
    try server.sourceAgain()
    let binding = try server.run("inner", ["list-keys", "-T", "root", "MouseDown1Status"]).stdout
    // One test a ticker, its own ranges' (NAME shortened, with a checksum), and tmux's
    // own binding last.
    #expect(binding.components(separatedBy: "--clicked-item").count == 3, "\(binding)")
    #expect(binding.contains("#{m/r:^t_[0-9]+$,") && binding.contains("#{m/r:^tcurr"))
    #expect(binding.hasSuffix("{ select-window -t = } }\n"), "\(binding)")
    // Only numbers, fixed words and the plugin's arguments: no item's text.
    let keys = try server.run("inner", ["list-keys"]).stdout
    #expect(!keys.contains("pwned") && !keys.contains("AAPL"), "\(keys)")

    // Each item in its middle; some at their first and last cells (the separator's
    // last space), with every button.
    var wanted: [String] = []
    var button = 0
    for index in tmuxClickItems.indices {
      let columns = owner.indices.filter { owner[$0] == index }
      guard let first = columns.first, let last = columns.last else { continue }
      var clicked = [columns[columns.count / 2]]
      if index % 2 == 0 { clicked.append(first) }
      if index == 2 && rangesReachOneCellFurther(version) { clicked.append(last) }
      for column in clicked {
        button = button % 5 + 1
        try server.click(column: server.tickerStart + column, button: button)
        wanted.append(expectedClick(tmuxClickItems, index, button: button))
        #expect(
          waitUntil(timeout: 10) { server.actions.count >= wanted.count },
          "no action for item \(index), button \(button) at cell \(column)")
      }
    }
    // The other ticker: its own ranges, its own items.
    let named = try itemOwners(TmuxClickServer.namedArguments)
    let fxtwo = try #require(named.firstIndex(of: 1))
    try server.click(column: TmuxClickServer.namedStart + fxtwo + 2, button: 1)
    wanted.append("1|fxtwo|unset|unset|unset|1")
    #expect(waitUntil(timeout: 10) { server.actions.count >= wanted.count }, "no action for fxtwo")
    #expect(server.actions == wanted)

    // Elsewhere tmux does what it did: a click on padding or after the ticker runs
    // nothing; the window list still selects windows, with the button and the wheel.
    if let padding = owner.lastIndex(of: nil) {
      try server.click(column: server.tickerStart + padding, button: 1)
    }
    try server.click(column: TmuxClickServer.columns - 1, button: 1)
    try server.run("inner", ["new-window", "-d"])
    try server.run("inner", ["select-window", "-t", ":1"])
    line = try server.statusLine()
    let windowZero = try #require(line.range(of: "0:")).lowerBound
    try server.click(column: line.distance(from: line.startIndex, to: windowZero), button: 1)
    #expect(
      waitUntil(timeout: 5) {
        (try? server.run("inner", ["display-message", "-p", "#{window_index}"]).stdout) == "0\n"
      }, "a click on window 0 did not select it")
    try server.click(column: line.distance(from: line.startIndex, to: windowZero), button: 5)
    #expect(
      waitUntil(timeout: 5) {
        (try? server.run("inner", ["display-message", "-p", "#{window_index}"]).stdout) == "1\n"
      }, "the wheel on the window list did not go to the next window")
    usleep(500_000)
    #expect(server.actions == wanted, "an action ran for a click outside the ticker")
    #expect(!folder.exists("pwned"), "an item's text ran")

    // Without --on-click the plugin gives the keys their own bindings back.
    try server.sourceAgain(clicks: false)
    let restored = try server.run("inner", ["list-keys", "-T", "root", "MouseDown1Status"]).stdout
    #expect(restored.hasSuffix(" MouseDown1Status select-window -t =\n"), "\(restored)")
    #expect(
      try server.run("inner", ["list-keys", "-T", "root", "MouseDown2Status"]).status != 0,
      "MouseDown2Status, unbound before, is bound")
  }

  @Test func tmux33GetsNoRangesAndNoBindings() throws {
    guard let (tmux, version) = TmuxUnderTest.onPath.resolve() else { return }
    guard TmuxRules(version: version) == .tmux33 else {
      print("TmuxClickTests: skipping the 3.3a check: tmux on PATH is \(version)")
      return
    }
    let folder = try TestFolder("ticker-tmuxclick")
    defer { folder.remove() }
    let server = try TmuxClickServer(tmux: tmux, version: version, smooth: false, folder: folder)
    defer { server.stop() }
    let owner = try itemOwners(
      ["-w", "\(server.width)", "-s", "0", "--quotes", "--"] + tmuxClickItems)
    #expect(
      waitUntil(timeout: 15) {
        ((try? server.statusLine()) ?? "").contains("AAPL 189.84")
      })
    let keys = try server.run("inner", ["list-keys", "-T", "root"]).stdout
    #expect(!keys.contains("clicked-item"), "\(keys)")
    #expect(
      try server.run("inner", ["show-option", "-gv", "status-right"]).stdout
        .contains("range") == false)
    let job = try runTicker(
      ["--format", "tmux", "--tmux-version", version, "--at", "0"] + server.tickerArguments)
    #expect(!job.stdout.contains("range"), "\(job.stdout)")
    // A click on the ticker does what it always did: nothing.
    try server.click(column: server.tickerStart + owner.firstIndex(of: 0)! + 2, button: 1)
    usleep(500_000)
    #expect(server.actions.isEmpty)
  }

  /// The plugin's pause lines, as its comment gives them, in a real tmux: the ticker
  /// named `tmux`, a middle click on the status line pauses it (the jobs, or the smooth
  /// stream), its cells standing and marked ǁ; prefix P resumes it. tmux 3.3a, whose
  /// status has no ranges for --on-click to bind the middle button to.
  @Test(arguments: [false, true])
  func thePluginsPauseBindingsPauseAndResume(smooth: Bool) throws {
    guard let (tmux, version) = TmuxUnderTest.onPath.resolve() else { return }
    let folder = try TestFolder("ticker-tmuxpause")
    defer { folder.remove() }
    let server = try TmuxClickServer(tmux: tmux, version: version, smooth: smooth, folder: folder)
    defer { server.stop() }
    let plugin = try String(
      contentsOfFile: repositoryFile("contrib/tmux/ticker.tmux"), encoding: .utf8)
    let lines = plugin.split(separator: "\n")
      .filter { $0.hasPrefix("#   ") && $0.contains("--name tmux") }
      .map { $0.dropFirst(4).replacing("ticker-status ", with: tickerBinary + " ") }
    #expect(lines.count == 3, "the plugin's pause lines: \(lines)")
    let configuration = try folder.write(
      "pause.conf",
      (["set -g status-left '[L] '", "set -g status-right '#{ticker}|R'"] + lines).joined(
        separator: "\n") + "\n")
    // As sourcing the configuration again would: the status with the plugin's
    // placeholder, the pause lines, and the plugin run (a smooth stream of the old
    // arguments is replaced by one of the new).
    try server.run("inner", ["source-file", configuration])
    try server.run("inner", ["run-shell", repositoryFile("contrib/tmux/ticker.tmux")])
    // The ticker's 40 cells, before '|R' at the end of the line.
    let width = 40
    let start = TmuxClickServer.columns - 2 - width
    func ticker() -> String {
      server.cells((try? server.statusLine()) ?? "", from: start, count: width)
    }
    /// Whether the ticker's cells are alike `gap` seconds apart, and the later ones.
    func alike(after gap: Double) -> (same: Bool, cells: String) {
      let before = ticker()
      usleep(UInt32(gap * 1_000_000))
      let after = ticker()
      return (before == after, after)
    }
    // The first ticker's items stood (-s 0): moving is the named one.
    let moving = waitUntil(timeout: 15) { !alike(after: 1.5).same }
    try #require(moving, "the named ticker does not move: \(ticker())")

    try server.click(column: start + width / 2, button: 2)
    let paused = waitUntil(timeout: 10) { ticker().hasPrefix("ǁ") && alike(after: 1.5).same }
    #expect(paused, "a middle click did not pause the ticker: \(ticker())")
    try server.run("outer", ["send-keys", "-t", "out", "C-b", "P"])
    let resumed = waitUntil(timeout: 10) {
      let later = alike(after: 1.5)
      return !later.same && !later.cells.hasPrefix("ǁ")
    }
    #expect(resumed, "prefix P did not resume the ticker: \(ticker())")
    // Smooth: the stream of the old arguments has ended, and one stream draws @ticker.
    if smooth {
      let streams = {
        server.tickerProcesses.filter { commandLine($0).split(separator: " ").contains("@ticker") }
      }
      #expect(
        waitUntil(timeout: 10) { streams().count == 1 }, "streams of @ticker: \(streams())")
    }
  }
}
