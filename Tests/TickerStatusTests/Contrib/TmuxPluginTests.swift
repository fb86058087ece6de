import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - tmux plugin

/// Runs tmux (started by `spawnClean`, see there why) and waits for it, its output
/// collected in files.
private func runTmux(_ arguments: [String], environment: [String: String]? = nil) throws
  -> ProcessResult
{
  let tmux = which("tmux") ?? "/usr/bin/tmux"
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outPath = folder.appendingPathComponent("out").path
  let errPath = folder.appendingPathComponent("err").path
  let pid = try spawnClean(
    [tmux] + arguments, environment: environment ?? clientEnvironment(),
    stdout: .file(outPath), stderr: .file(errPath))
  let status = waitForExit(pid, timeout: 60) ?? 124
  let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
  let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
  return ProcessResult(
    status: status,
    stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
    stdoutBytes: [UInt8](out))
}

/// The socket file tmux makes for `-L name`: tmux leaves it behind when its server
/// ends, so each test removes it.
private func tmuxSocketPath(_ name: String) -> String {
  let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
  return "\(folder)/tmux-\(getuid())/\(name)"
}

/// A tmux server of its own, on a socket no other test uses, started as `tmux` starts
/// one: its configuration (`lines`) runs before the first session exists. At the end
/// it is killed and its socket file and folder are removed.
private final class TmuxServer {
  let socket = "ticker-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  var socketPath: String { tmuxSocketPath(socket) }
  /// Holds the configuration and, as `XDG_STATE_HOME`, the plugin's logs.
  let folder: URL
  let configuration: URL
  var state: URL { folder.appendingPathComponent("state") }
  let environment: [String: String]
  private var outerSocket: String?

  /// - Parameter session: Start with a session (`new -d`, as `tmux` does); `false`
  ///   starts the server alone (`start-server`, which needs `exit-empty off`).
  init(configuration lines: [String], session: Bool = true) throws {
    folder = try temporaryFolder()
    configuration = folder.appendingPathComponent("tmux.conf")
    environment = clientEnvironment(["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    try (lines.joined(separator: "\n") + "\n").write(
      to: configuration, atomically: true, encoding: .utf8)
    let command = session ? ["new", "-d", "-x", "200", "-y", "10", "sh"] : ["start-server"]
    let started = try runTmux(
      ["-L", socket, "-f", configuration.path] + command, environment: environment)
    #expect(started.status == 0, "\(started.stderr)")
  }

  deinit {
    for name in [outerSocket, socket].compactMap({ $0 }) {
      _ = try? runTmux(["-L", name, "kill-server"])
      unlink(tmuxSocketPath(name))
    }
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> ProcessResult {
    try runTmux(["-L", socket] + arguments, environment: environment)
  }

  /// What the plugin logged for the ticker `name` (its stream's standard error, and
  /// why it could not start), or "" when it logged nothing.
  func pluginLog(_ name: String = "ticker") -> String {
    let log = state.appendingPathComponent("ticker-status/tmux-\(socket)-\(name).log")
    return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  }

  func globalOption(_ name: String) throws -> String {
    String(try run(["show-option", "-gqv", name]).stdout.dropLast())
  }

  /// Polls `name` until `condition` holds for its value, for up to `seconds`;
  /// returns the last value seen.
  func waitForOption(_ name: String, seconds: Double = 10, _ condition: (String) -> Bool)
    throws -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var value = try globalOption(name)
    while !condition(value) && Date() < deadline {
      usleep(50_000)
      value = try globalOption(name)
    }
    return value
  }

  /// The status line as a client draws it: a client attached inside an outer
  /// detached tmux, read with `capture-pane` on the outer pane.
  func statusLine() throws -> String {
    if outerSocket == nil {
      let outer = socket + "-outer"
      let tmux = which("tmux") ?? "/usr/bin/tmux"
      _ = try runTmux([
        "-L", outer, "-f", "/dev/null", "new", "-d", "-x", "200", "-y", "6",
        "env -u TMUX \(tmux) -L \(socket) attach",
      ])
      outerSocket = outer
    }
    let lines = try runTmux(["-L", outerSocket!, "capture-pane", "-p"]).stdout
      .split(separator: "\n", omittingEmptySubsequences: false)
    return lines.last(where: { !$0.isEmpty }).map(String.init) ?? ""
  }

  /// Polls the status line until `condition` holds, for up to `seconds`; returns the
  /// last line seen.
  func waitForStatusLine(seconds: Double = 10, _ condition: (String) throws -> Bool) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var line = ""
    while Date() < deadline {
      line = try statusLine()
      if try condition(line) { return line }
      usleep(100_000)
    }
    return line
  }

  func waitForStatusLine(containing text: String, seconds: Double = 10) throws -> String {
    try waitForStatusLine(seconds: seconds) { $0.contains(text) }
  }

  /// The `--stream` processes that push to this server, found by their command lines.
  var streams: [Int32] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return pids.compactMap(Int32.init).filter { pid in
      guard isRunning(pid),
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("--stream") && words.contains(socketPath)
        && URL(fileURLWithPath: words.first ?? "").lastPathComponent == "ticker-status"
    }
  }

  /// Kills the server and waits for every stream of it to end; `false` if one did not.
  func killAndWaitForStreams() throws -> Bool {
    try run(["kill-server"])
    return waitUntil(timeout: 10) { streams.isEmpty }
  }
}

/// Whether a process runs (a zombie, which no one may reap in a container, does not).
private func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let end = stat.lastIndex(of: ")")
  else { return false }
  return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

/// What a tmux option value draws: `#[…]` styles gone, `##` read as `#`.
private func drawn(_ value: String) -> String {
  value.replacing(/#\[[^\]]*\]/, with: "").replacingOccurrences(of: "##", with: "#")
}

/// The clock `%H:%M` shows now, or a minute ago (should the minute turn meanwhile).
private func clockNow() -> [String] {
  let format = DateFormatter()
  format.dateFormat = "HH:mm"
  return [format.string(from: Date()), format.string(from: Date().addingTimeInterval(-60))]
}

@Suite(.enabled(if: which("tmux") != nil, "tmux is not installed"))
struct TmuxPluginTests {
  static let plugin = repositoryFile("contrib/tmux/ticker.tmux")
  var plugin: String { Self.plugin }

  /// The README's lines, the binary named, the plugin run from the configuration.
  static func readme(smooth: Bool = true, args: String = "-w 40 --demo", before: [String] = [])
    -> [String]
  {
    ["set -g @ticker-bin '\(tickerBinary)'"] + before + [
      "set -g status-right '#{ticker} %H:%M'", "set -g @ticker-args '\(args)'",
      "set -g @ticker-smooth \(smooth ? "on" : "off")", "run-shell '\(plugin)'",
    ]
  }

  @Test("#{ticker} becomes a #(ticker-status --format tmux …) job whose output tmux draws")
  func jobMode() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let items = folder.appendingPathComponent("items")
    try "AAPL 189.84 +1.25\n#(touch \(marker))\n$(touch \(marker))\n".write(
      to: items, atomically: true, encoding: .utf8)
    // Both sides fit the 200 columns of the status line.
    let arguments = ["-w", "80", "--at", "10", "--quotes", "-f", items.path]

    let server = try TmuxServer(configuration: [
      "set -g status-interval 15", "set -g status-right-length 300",
      "set -g status-right 'X #{ticker} Y'",
      "set -g status-left '#{ticker}|'",
    ])
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-args", arguments.joined(separator: " ")])
    let ran = try server.run(["run-shell", plugin])
    #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")

    let job =
      "#('\(tickerBinary)' --format tmux --tmux-version #{version} \(arguments.joined(separator: " ")))"
    #expect(try server.globalOption("status-right") == "X \(job) Y")
    #expect(try server.globalOption("status-left") == "\(job)|")
    #expect(try server.globalOption("status-interval") == "1")

    // Running it again changes nothing: no #{ticker} is left.
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("status-right") == "X \(job) Y")

    let frame = try plainFrame(["--cells", "tmux"] + arguments)
    #expect(frame.contains("#(touch"))
    let line = try server.waitForStatusLine(containing: "X \(frame) Y")
    #expect(line.contains("X \(frame) Y"), "status line: \(line)")
    #expect(!FileManager.default.fileExists(atPath: marker), "text from an item ran")
  }

  @Test("status-interval 0 and 1 are left alone")
  func keepsSmallIntervals() throws {
    for interval in ["0", "1"] {
      let server = try TmuxServer(configuration: [
        "set -g status-interval \(interval)", "set -g status-right '#{ticker}'",
      ])
      try server.run(["set", "-g", "@ticker-bin", tickerBinary])
      try server.run(["run-shell", plugin])
      #expect(try server.globalOption("status-interval") == interval)
      #expect(
        try server.globalOption("status-right").contains(
          "--format tmux --tmux-version #{version} --demo)"))
    }
  }

  @Test("a missing binary is said in the ticker's place and in the log")
  func missingBinary() throws {
    let server = try TmuxServer(configuration: [
      "set -g status-right 'X #{ticker} Y'", "set -g @ticker-bin /nonexistent/ticker-status",
      "run-shell '\(plugin)'",
    ])
    #expect(try server.globalOption("status-right") == "X #{@ticker} Y")
    let message = try server.globalOption("@ticker")
    #expect(message.hasPrefix("ticker.tmux: '/nonexistent/ticker-status' is not an executable"))
    // In full: the line is made long enough for it.
    let line = try server.waitForStatusLine(containing: "X \(message) Y")
    #expect(line.contains("X \(message) Y"), "status line: \(line)")
    let logged = server.pluginLog()
    #expect(logged.contains("is not an executable ticker-status"), "log: \(logged)")

    // Once the binary is there, running the plugin again puts the job in its place.
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["run-shell", plugin])
    #expect(
      try server.globalOption("status-right").hasPrefix("X #('\(tickerBinary)' --format tmux"))
  }

  @Test(
    "smooth mode from the configuration file: frames in the status line, the clock whole",
    arguments: [true, false])
  func smoothModeAtServerStart(session: Bool) throws {
    // With a session the configuration still runs before it exists (`tmux`, TPM); with
    // `start-server` (a service) the first session comes much later.
    let server = try TmuxServer(
      configuration: Self.readme(before: session ? [] : ["set -g exit-empty off"]),
      session: session)
    #expect(try server.globalOption("status-right") == "#{@ticker} %H:%M")
    // Never an unknown option, even before the first frame.
    #expect(try server.run(["show-option", "-gv", "@ticker"]).status == 0)
    if !session {
      usleep(1_500_000)
      try server.run(["new", "-d", "-x", "200", "-y", "10", "sh"])
    }
    let value = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'")
    #expect(Int(try server.globalOption("status-right-length")) ?? 0 >= 46)

    // The status line shows a frame, then the clock, uncut.
    var (framed, line) = (false, "")
    for _ in 0..<50 where !framed {
      // The frame may change while the line is read: either one will do.
      let before = drawn(try server.globalOption("@ticker"))
      line = try server.statusLine()
      let after = drawn(try server.globalOption("@ticker"))
      framed = [before, after].contains { frame in
        clockNow().contains { line.hasSuffix(frame + " " + $0) }
      }
    }
    #expect(framed, "the status line never showed @ticker and the clock: \(line)")
    #expect(server.streams.count == 1)
    #expect(try server.killAndWaitForStreams(), "the stream outlived its tmux server")
  }

  @Test("smooth mode lives on when the last session goes (exit-empty off) and a new one comes")
  func smoothModeOutlivesTheLastSession() throws {
    let server = try TmuxServer(configuration: Self.readme(before: ["set -g exit-empty off"]))
    _ = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    let streams = server.streams
    #expect(streams.count == 1)
    let serverPID = try server.run(["display-message", "-p", "#{pid}"]).stdout

    try server.run(["kill-session"])
    #expect(try server.run(["list-sessions"]).stdout.isEmpty)
    try server.run(["set", "-g", "@ticker", "stale"])
    usleep(1_500_000)
    try server.run(["new", "-d", "-x", "200", "-y", "10", "sh"])
    let value = try server.waitForOption("@ticker") { $0 != "stale" }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'; log: \(server.pluginLog())")
    #expect(server.streams == streams, "the same stream goes on; log: \(server.pluginLog())")
    #expect(
      try server.run(["display-message", "-p", "#{pid}"]).stdout == serverPID,
      "the same tmux server goes on")
    #expect(try server.killAndWaitForStreams(), "the stream outlived its tmux server")
  }

  @Test("a stream that cannot start says why in the ticker's place and in the log")
  func failingStreamIsVisible() throws {
    let server = try TmuxServer(configuration: Self.readme(args: "-w 40 --bogus"))
    let message = "ticker-status: error: unknown option '--bogus'"
    let value = try server.waitForOption("@ticker") { $0 == message }
    #expect(value == message)
    let line = try server.waitForStatusLine { line in
      clockNow().contains { line.hasSuffix(message + " " + $0) }
    }
    #expect(clockNow().contains { line.hasSuffix(message + " " + $0) }, "status line: \(line)")
    let logged = server.pluginLog()
    #expect(logged.contains(message) && logged.contains("exited with status 64"), "log: \(logged)")

    // Mended and run again, the plugin starts it.
    try server.run(["set", "-g", "@ticker-args", "-w 30 --demo"])
    try server.run(["run-shell", plugin])
    let mended = try server.waitForOption("@ticker") { drawn($0).count == 30 }
    #expect(drawn(mended).count == 30, "@ticker is '\(mended)'")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("re-running the plugin, even several at once, starts no second stream")
  func oneStreamPerServer() throws {
    let server = try TmuxServer(configuration: Self.readme())
    _ = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    let option = try server.globalOption("@ticker-pid")
    let pid = try #require(Int32(option).flatMap { $0 > 1 ? $0 : nil }, "@ticker-pid '\(option)'")
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("@ticker-pid") == option)
    #expect(try server.globalOption("status-right") == "#{@ticker}")
    #expect(server.streams.count == 1)

    // Stopping the process in @ticker-pid stops its stream and lets go of the option;
    // then four plugins at once start one stream.
    kill(pid, SIGTERM)
    #expect(waitUntil(timeout: 10) { server.streams.isEmpty })
    #expect(waitUntil(timeout: 10) { (try? server.globalOption("@ticker-pid")) == "" })
    let serverPid = try server.run(["display-message", "-p", "#{pid}"]).stdout
    var environment = server.environment
    environment["TMUX"] = "\(server.socketPath),\(serverPid.dropLast()),0"
    // A tmux that answers slowly when asked for @ticker-pid: every run reads it empty
    // before any can set it, so only the claim made inside tmux keeps them apart.
    let slow = server.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: slow, withIntermediateDirectories: true)
    try """
    #!/bin/sh
    out=$('\(which("tmux") ?? "/usr/bin/tmux")' "$@") || exit
    case "$*" in *@ticker-pid) sleep 1 ;; esac
    printf '%s\\n' "$out"

    """.write(to: slow.appendingPathComponent("tmux"), atomically: true, encoding: .utf8)
    chmod(slow.appendingPathComponent("tmux").path, 0o755)
    environment["PATH"] = slow.path + ":" + (environment["PATH"] ?? "")
    let runs = try (0..<4).map { _ in try spawnClean([plugin], environment: environment) }
    for run in runs { #expect(waitForExit(run, timeout: 30) == 0) }
    #expect(waitUntil(timeout: 5) { !server.streams.isEmpty })
    usleep(500_000)
    #expect(server.streams.count == 1, "streams: \(server.streams)")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("another user's directory at the old lock path stops nothing")
  func squattedLockPath() throws {
    let server = try TmuxServer(configuration: ["set -g status-right '#{ticker}'"])
    let serverPid = String(try server.run(["display-message", "-p", "#{pid}"]).stdout.dropLast())
    let squat = "/tmp/ticker-status-tmux.\(getuid()).\(serverPid).lock"
    #expect(mkdir(squat, 0o755) == 0)
    defer { rmdir(squat) }
    // As root, make it truly another user's: nobody's.
    if getuid() == 0 { #expect(chown(squat, 65534, 65534) == 0) }
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    let value = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("two named tickers, one on each side, as jobs and as streams", arguments: [false, true])
  func namedTickers(smooth: Bool) throws {
    // Before the plugin runs, tmux draws the placeholders as nothing, and no error.
    let bare = try TmuxServer(configuration: [])
    let shown = try bare.run(["display-message", "-p", "a#{ticker:fx}b#{ticker}c"])
    #expect(shown.status == 0 && shown.stdout == "abc\n", "\(shown)")

    let fx = ["-w", "24", "EUR/USD 1.08", "GBP/USD 1.27"] + (smooth ? [] : ["--at", "1000"])
    let stocks = ["-w", "30", "AAPL 189.84", "MSFT 415.20"] + (smooth ? [] : ["--at", "1000"])
    let server = try TmuxServer(configuration: [
      "set -g @ticker-bin '\(tickerBinary)'",
      "set -g status-left '#{ticker:fx}|'",
      "set -g @ticker-fx-args '\(fx.map { "\"\($0)\"" }.joined(separator: " "))'",
      "set -g status-right '#{ticker} %H:%M'",
      "set -g @ticker-args '\(stocks.map { "\"\($0)\"" }.joined(separator: " "))'",
      "set -g @ticker-smooth \(smooth ? "on" : "off")", "run-shell '\(plugin)'",
    ])
    // Each side is long enough for its ticker and the rest (status-left: 10 before).
    #expect(Int(try server.globalOption("status-left-length")) ?? 0 >= 25)
    #expect(Int(try server.globalOption("status-right-length")) ?? 0 >= 36)
    if smooth {
      #expect(try server.globalOption("status-left") == "#{@ticker-fx}|")
      #expect(try server.globalOption("status-right") == "#{@ticker} %H:%M")
      let left = try server.waitForOption("@ticker-fx") { drawn($0).count == 24 }
      let right = try server.waitForOption("@ticker") { drawn($0).count == 30 }
      #expect(drawn(left).count == 24 && drawn(right).count == 30, "'\(left)', '\(right)'")
      #expect(server.streams.count == 2)
      let pids = [
        try server.globalOption("@ticker-fx-pid"), try server.globalOption("@ticker-pid"),
      ]
      #expect(Set(pids).count == 2 && !pids.contains(""), "\(pids)")
      // Again: no new streams.
      try server.run(["run-shell", plugin])
      #expect(try server.globalOption("@ticker-fx-pid") == pids[0])
      #expect(try server.globalOption("@ticker-pid") == pids[1])
      #expect(server.streams.count == 2)
      // Both on the status line at once, the clock whole.
      var (both, line) = (false, "")
      for _ in 0..<50 where !both {
        let before = (
          drawn(try server.globalOption("@ticker-fx")), drawn(try server.globalOption("@ticker"))
        )
        line = try server.statusLine()
        let after = (
          drawn(try server.globalOption("@ticker-fx")), drawn(try server.globalOption("@ticker"))
        )
        both = [before, after].contains { left, right in
          line.hasPrefix(left + "|") && clockNow().contains { line.hasSuffix(right + " " + $0) }
        }
      }
      #expect(both, "status line: \(line)")
      #expect(try server.killAndWaitForStreams())
    } else {
      let job = { (arguments: [String]) in
        "#('\(tickerBinary)' --format tmux --tmux-version #{version} "
          + "\(arguments.map { "\"\($0)\"" }.joined(separator: " ")))"
      }
      #expect(try server.globalOption("status-left") == job(fx) + "|")
      #expect(try server.globalOption("status-right") == job(stocks) + " %H:%M")
      let left = try plainFrame(["--cells", "tmux"] + fx)
      let right = try plainFrame(["--cells", "tmux"] + stocks)
      let line = try server.waitForStatusLine { line in
        line.hasPrefix(left + "|") && clockNow().contains { line.hasSuffix(right + " " + $0) }
      }
      #expect(line.hasPrefix(left + "|"), "status line: \(line)")
      #expect(clockNow().contains { line.hasSuffix(right + " " + $0) }, "status line: \(line)")
    }
  }

  struct LengthCase: CustomTestStringConvertible, Sendable {
    var args: String
    var length: Int?
    var expected: ClosedRange<Int>
    var testDescription: String {
      "\(args), status-right-length \(length.map(String.init) ?? "unset")"
    }
  }

  @Test(
    "status-right-length is raised to fit the ticker's width and the rest, never lowered",
    arguments: [
      // The rest, ' %H:%M', is 6 cells; 7 measured (display-message adds a newline).
      LengthCase(args: "-w 40 --demo", length: nil, expected: 46...50),
      LengthCase(args: "--demo", length: nil, expected: 46...50),
      LengthCase(args: "--width 50 --demo", length: nil, expected: 56...60),
      LengthCase(args: "--demo --width=50", length: nil, expected: 56...60),
      LengthCase(args: "-w50 --demo -w 20", length: nil, expected: 40...40),
      LengthCase(args: "-w 10 --demo", length: nil, expected: 40...40),
      LengthCase(args: "-w 40 --demo", length: 300, expected: 300...300),
    ])
  func fitsTheLength(_ testCase: LengthCase) throws {
    let server = try TmuxServer(
      configuration: (testCase.length.map { ["set -g status-right-length \($0)"] } ?? [])
        + Self.readme(smooth: false, args: testCase.args))
    let length = Int(try server.globalOption("status-right-length")) ?? 0
    #expect(testCase.expected.contains(length), "status-right-length \(length)")
  }

  @Test("a name tmux options cannot tell apart is refused where it stands")
  func reservedName() throws {
    let server = try TmuxServer(configuration: [
      "set -g @ticker-bin '\(tickerBinary)'", "set -g status-left '<#{ticker:args}>'",
      "run-shell '\(plugin)'",
    ])
    let message = "ticker.tmux: 'args' cannot name a ticker"
    #expect(try server.globalOption("status-left").hasPrefix("<" + message))
    let logged = server.pluginLog()
    #expect(logged.contains(message), "log: \(logged)")
  }
}
