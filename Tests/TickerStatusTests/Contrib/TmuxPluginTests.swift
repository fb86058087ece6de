import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - tmux plugin

/// Runs tmux (`tmuxCommand`); `user` (from `setpriv`) runs it as another user.
private func runTmux(
  _ arguments: [String], environment: [String: String]? = nil, user: [String] = []
) throws -> ProcessResult {
  try tmuxCommand(
    which("tmux") ?? "/usr/bin/tmux", arguments, environment: environment ?? clientEnvironment(),
    prefix: user)
}

/// The socket file tmux makes for `-L name`: tmux leaves it behind when its server
/// ends, so each test removes it.
private func tmuxSocketPath(_ name: String) -> String {
  let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
  return "\(folder)/tmux-\(getuid())/\(name)"
}

/// `setpriv` running a command as `nobody`, or nil (with why) when this process may
/// not: tests that need a second user skip without it.
private let asNobody: [String]? = {
  guard getuid() == 0, let setpriv = which("setpriv") else { return nil }
  return [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
}()

/// nobody's user and group ids.
private let nobodyID: uid_t = 65534

/// A tmux server of its own, on a socket no other test uses, started as `tmux` starts
/// one: its configuration (`lines`) runs before the first session exists. At the end
/// it is killed and its socket file and folder are removed.
private final class TmuxServer {
  /// The socket's file name, which the plugin's logs are named after.
  let socket: String
  let socketPath: String
  /// How tmux is told the socket: `-L socket`, or `-S socketPath` when one is given.
  let socketArguments: [String]
  /// Holds the configuration and, as `XDG_STATE_HOME` unless told, the plugin's logs.
  let folder: URL
  let configuration: URL
  let state: URL
  let environment: [String: String]
  /// The `setpriv` words that run tmux as another user, or none.
  let user: [String]
  private var outerSocket: String?

  /// - Parameters:
  ///   - session: Start with a session (`new -d`, as `tmux` does); `false` starts the
  ///     server alone (`start-server`, which needs `exit-empty off`).
  ///   - socketPath: The server's socket (`-S`), in a folder that exists; else `-L`.
  ///   - stateHome: `XDG_STATE_HOME`, where the plugin's logs go; else in `folder`.
  ///   - user: `setpriv` words, to run the server (and so the plugin) as that user.
  ///   - extra: More environment for the server.
  init(
    configuration lines: [String], session: Bool = true, socketPath: String? = nil,
    stateHome: URL? = nil, user: [String] = [], environment extra: [String: String] = [:]
  ) throws {
    let name = "ticker-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    socket = socketPath.map { URL(fileURLWithPath: $0).lastPathComponent } ?? name
    self.socketPath = socketPath ?? tmuxSocketPath(name)
    socketArguments = socketPath.map { ["-S", $0] } ?? ["-L", name]
    self.user = user
    folder = try temporaryFolder()
    configuration = folder.appendingPathComponent("tmux.conf")
    state = stateHome ?? folder.appendingPathComponent("state")
    // tmux runs the session's shell and its jobs with default-shell, which comes from
    // SHELL, else from the user's entry in passwd: for nobody that is nologin, and the
    // session (and the server) would end at once where SHELL is unset, as under CI.
    environment = clientEnvironment(
      ["SHELL": "/bin/sh"].merging(extra) { $1 }.merging(["XDG_STATE_HOME": state.path]) { $1 })
    try (lines.joined(separator: "\n") + "\n").write(
      to: configuration, atomically: true, encoding: .utf8)
    chmod(configuration.path, 0o644)
    let command = session ? ["new", "-d", "-x", "200", "-y", "10", "sh"] : ["start-server"]
    let started = try runTmux(
      socketArguments + ["-f", configuration.path] + command, environment: environment,
      user: user)
    #expect(started.status == 0, "\(started.stderr)")
  }

  deinit {
    _ = try? run(["kill-server"])
    unlink(socketPath)
    if let outerSocket {
      _ = try? runTmux(["-L", outerSocket, "kill-server"])
      unlink(tmuxSocketPath(outerSocket))
    }
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> ProcessResult {
    try runTmux(socketArguments + arguments, environment: environment, user: user)
  }

  /// The name of the plugin's log for ticker `key` (`ticker`, `ticker-NAME`):
  /// tmux-SOCKET-CRC-KEY.log, CRC the socket path's cksum in 8 hex digits, so that
  /// two servers whose sockets have one name keep apart.
  func logName(_ key: String = "ticker") -> String {
    let sum = try? runProcess("/bin/sh", ["-c", "printf %s \"$1\" | cksum", "sh", socketPath])
    let crc = UInt32(sum?.stdout.split(separator: " ").first ?? "") ?? 0
    return "tmux-\(socket)-\(String(format: "%08x", crc))-\(key).log"
  }

  /// What the plugin logged for the ticker `name` (its stream's standard error, and
  /// why it could not start), or "" when it logged nothing.
  func pluginLog(_ name: String = "ticker") -> String {
    let log = state.appendingPathComponent("ticker-status/" + logName(name))
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
      let outer = "ticker-test-\(getpid())-\(UUID().uuidString.prefix(8))-outer"
      let tmux = which("tmux") ?? "/usr/bin/tmux"
      let inner = socketArguments.map { "'\($0)'" }.joined(separator: " ")
      _ = try runTmux([
        "-L", outer, "-f", "/dev/null", "new", "-d", "-x", "200", "-y", "6",
        "env -u TMUX \(tmux) \(inner) attach",
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
      guard !processHasEnded(pid),
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

/// A process that waits (reading a FIFO no one writes), its command line `sh -c …
/// FIFO` and then `words`; `user` runs it as another user. Killed with `stop`.
private struct Waiter {
  let pid: pid_t
  let fifo: String

  init(_ words: [String], in folder: URL, user: [String] = []) throws {
    fifo = folder.appendingPathComponent("fifo-\(UUID().uuidString.prefix(8))").path
    #expect(mkfifo(fifo, 0o666) == 0)
    chmod(fifo, 0o666)
    pid = try spawnClean(user + ["/bin/sh", "-c", "read -r _ <\"$0\"", fifo] + words)
    // Running as itself, its command line already the shell's.
    #expect(
      waitUntil(timeout: 5) {
        let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
        return String(decoding: line, as: UTF8.self).contains(fifo)
      })
  }

  func stop() {
    kill(pid, SIGKILL)
    _ = waitForExit(pid, timeout: 5)
    unlink(fifo)
  }
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
  /// - Parameters:
  ///   - binary, plugin: Copies to run instead (for another user), else the built ones.
  static func readme(
    smooth: Bool = true, args: String = "-w 40 --demo", before: [String] = [],
    binary: String = tickerBinary, plugin: String = plugin
  ) -> [String] {
    ["set -g @ticker-bin '\(binary)'"] + before + [
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

  // MARK: the log

  /// What the plugin says in a ticker's place when it cannot write the log `path`.
  static func cannotWrite(_ path: String) -> String {
    "ticker.tmux: cannot write the log \(path): "
  }

  @Test("a log folder it cannot write is said in the ticker's place, with the reason")
  func unwritableLogFolder() throws {
    // As root every folder is writable: then the server (and the plugin) run as nobody.
    let user = asNobody ?? []
    if getuid() == 0 && user.isEmpty {
      print("TmuxPluginTests: skipping the unwritable log folder: no setpriv to become nobody")
      return
    }
    let shared = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: shared) }
    let sockets = shared.appendingPathComponent("sockets")
    let logs = shared.appendingPathComponent("state/ticker-status")
    try FileManager.default.createDirectory(at: sockets, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    if !user.isEmpty {
      #expect(chown(sockets.path, nobodyID, nobodyID) == 0)
      #expect(chown(logs.path, nobodyID, nobodyID) == 0)
    }
    chmod(sockets.path, 0o700)
    chmod(logs.path, 0o500)
    // nobody runs copies: the checkout may be in a home only root can enter.
    let binary = try SharedBinary(in: shared.path)
    let plugin = shared.appendingPathComponent("ticker.tmux").path
    try FileManager.default.copyItem(atPath: Self.plugin, toPath: plugin)
    chmod(plugin, 0o755)
    let server = try TmuxServer(
      configuration: Self.readme(binary: binary.path, plugin: plugin),
      socketPath: sockets.appendingPathComponent("default").path,
      stateHome: shared.appendingPathComponent("state"), user: user,
      environment: ["LD_LIBRARY_PATH": binary.libraries])
    let log = logs.appendingPathComponent(server.logName()).path
    let value = try server.waitForOption("@ticker") { $0.contains("cannot write") }
    #expect(value.hasPrefix(Self.cannotWrite(log)), "@ticker is '\(value)'")
    #expect(value.lowercased().contains("permission denied"), "@ticker is '\(value)'")
    #expect(try server.globalOption("status-right") == "#{@ticker} %H:%M")
    #expect(server.streams.isEmpty)

    // Made writable and run again, the plugin starts the stream.
    chmod(logs.path, 0o700)
    try server.run(["run-shell", plugin])
    let mended = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(mended).count == 40, "@ticker is '\(mended)'")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("a symbolic link planted at the log's name is replaced, never followed")
  func plantedLogLink() throws {
    let server = try TmuxServer(configuration: ["set -g status-right '#{ticker}'"])
    let logs = server.state.appendingPathComponent("ticker-status")
    // The folder as a careless mkdir made it, others allowed in.
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
    chmod(logs.path, 0o777)
    let important = server.folder.appendingPathComponent("important")
    try "important\n".write(to: important, atomically: true, encoding: .utf8)
    // At the name the log has, and at the name it had (one log per socket name).
    let names = [server.logName(), "tmux-\(server.socket)-ticker.log"]
    for name in names {
      try FileManager.default.createSymbolicLink(
        atPath: logs.appendingPathComponent(name).path, withDestinationPath: important.path)
    }
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-args", "-w 40 --bogus"])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    let message = "ticker-status: error: unknown option '--bogus'"
    let value = try server.waitForOption("@ticker") { $0 == message }
    #expect(value == message)
    #expect(
      try String(contentsOf: important, encoding: .utf8) == "important\n",
      "the plugin wrote through the link")
    let log = logs.appendingPathComponent(names[0]).path
    let kind = try FileManager.default.attributesOfItem(atPath: log)[.type] as? FileAttributeType
    #expect(kind == .typeRegular)
    #expect(server.pluginLog().contains(message), "log: \(server.pluginLog())")
    let mode = try FileManager.default.attributesOfItem(atPath: logs.path)[.posixPermissions]
    #expect((mode as? Int).map { $0 & 0o077 } == 0, "the log folder is \(String(describing: mode))")
  }

  @Test(
    "a log folder that is a symbolic link or another user's is refused, and said",
    arguments: ["a symbolic link", "another user's"])
  func refusedLogFolder(_ kind: String) throws {
    if kind == "another user's" && asNobody == nil {
      print("TmuxPluginTests: skipping another user's log folder: not root, or no setpriv")
      return
    }
    let server = try TmuxServer(configuration: ["set -g status-right '#{ticker}'"])
    let logs = server.state.appendingPathComponent("ticker-status")
    let elsewhere = server.folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let important = elsewhere.appendingPathComponent("important")
    try "important\n".write(to: important, atomically: true, encoding: .utf8)
    let names = [server.logName(), "tmux-\(server.socket)-ticker.log"]
    if kind == "a symbolic link" {
      try FileManager.default.createDirectory(at: server.state, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: logs.path, withDestinationPath: elsewhere.path)
      for name in names {
        try "important\n".write(
          to: elsewhere.appendingPathComponent(name), atomically: true, encoding: .utf8)
      }
    } else {
      // A shared XDG_STATE_HOME: nobody made the folder first and planted links in it.
      try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
      chmod(logs.path, 0o777)
      for name in names {
        try FileManager.default.createSymbolicLink(
          atPath: logs.appendingPathComponent(name).path, withDestinationPath: important.path)
        lchown(logs.appendingPathComponent(name).path, nobodyID, nobodyID)
      }
      #expect(chown(logs.path, nobodyID, nobodyID) == 0)
    }
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    let value = try server.waitForOption("@ticker") { !$0.isEmpty }
    let log = logs.appendingPathComponent(names[0]).path
    #expect(value.hasPrefix(Self.cannotWrite(log)), "@ticker is '\(value)'")
    let reason = kind == "a symbolic link" ? "symbolic link" : "another user"
    #expect(value.contains(reason), "@ticker is '\(value)'")
    #expect(server.streams.isEmpty)
    #expect(try String(contentsOf: important, encoding: .utf8) == "important\n")
    for name in names where kind == "a symbolic link" {
      let kept = try String(contentsOf: elsewhere.appendingPathComponent(name), encoding: .utf8)
      #expect(kept == "important\n", "\(name) was written through the link")
    }
  }

  @Test("two servers whose sockets have one name (-S /a/default, -S /b/default) keep two logs")
  func oneLogPerServer() throws {
    let shared = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: shared) }
    var servers: [TmuxServer] = []
    for name in ["a", "b"] {
      let folder = shared.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      chmod(folder.path, 0o700)
      servers.append(
        try TmuxServer(
          configuration: Self.readme(args: "-w 40 --bogus-\(name)"),
          socketPath: folder.appendingPathComponent("default").path,
          stateHome: shared.appendingPathComponent("state")))
    }
    for (server, name) in zip(servers, ["a", "b"]) {
      let message = "ticker-status: error: unknown option '--bogus-\(name)'"
      let value = try server.waitForOption("@ticker") { $0 == message }
      #expect(value == message, "server \(name)")
    }
    let logs = try FileManager.default.contentsOfDirectory(
      atPath: shared.appendingPathComponent("state/ticker-status").path)
    #expect(logs.count == 2, "\(logs)")
    for (server, (mine, theirs)) in zip(servers, [("a", "b"), ("b", "a")]) {
      let logged = server.pluginLog()
      #expect(logged.contains("--bogus-\(mine)'"), "log \(mine): \(logged)")
      #expect(!logged.contains("--bogus-\(theirs)'"), "log \(mine): \(logged)")
    }
  }

  // MARK: @ticker-pid

  /// What @ticker-pid holds in `pidIsChecked`, named for the test's description.
  enum StalePid: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case initProcess = "1 (init)"
    case unrelated = "a live process of ours that is no stream"
    case otherServer = "a process with another server's stream command line"
    case otherUser = "another user's process with this server's stream command line"
    var testDescription: String { rawValue }
  }

  @Test(
    "smooth mode starts the stream when @ticker-pid names no stream of this server's",
    arguments: StalePid.allCases)
  func pidIsChecked(_ stale: StalePid) throws {
    if stale == .otherUser && asNobody == nil {
      print("TmuxPluginTests: skipping another user's process: not root, or no setpriv")
      return
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try TmuxServer(configuration: ["set -g status-right '#{ticker} %H:%M'"])
    let words = { (socket: String) in
      ["--stream", "--tmux-option", "@ticker", "--tmux-socket", socket, "-w", "40", "--demo"]
    }
    var waiter: Waiter?
    defer { waiter?.stop() }
    switch stale {
    case .initProcess: break
    case .unrelated: waiter = try Waiter([], in: folder)
    case .otherServer: waiter = try Waiter(words("/tmp/elsewhere/default"), in: folder)
    case .otherUser: waiter = try Waiter(words(server.socketPath), in: folder, user: asNobody!)
    }
    let stalePid = waiter.map { String($0.pid) } ?? "1"
    try server.run(["set", "-g", "@ticker-pid", stalePid])
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    let value = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'; log: \(server.pluginLog())")
    #expect(server.streams.count == 1)
    let pid = try server.globalOption("@ticker-pid")
    #expect(pid != stalePid && !pid.isEmpty, "@ticker-pid is '\(pid)'")
    // The new one is trusted: run again, no second stream.
    try server.run(["set", "-g", "status-right", "#{ticker} %H:%M"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("@ticker-pid") == pid)
    usleep(300_000)
    #expect(server.streams.count == 1)
    #expect(try server.killAndWaitForStreams())
  }

  // MARK: mouse bindings

  @Test("mouse bindings made with bind -r keep -r when the plugin chains and gives them back")
  func mouseBindingsKeepRepeat() throws {
    // tmux 3.3a passed off as 3.4, for the plugin to bind the keys at all.
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmux = which("tmux") ?? "/usr/bin/tmux"
    try """
    #!/bin/sh
    case "$*" in *"display-message -p #{version}") echo 3.4 && exit 0 ;; esac
    exec '\(tmux)' "$@"

    """.write(to: folder.appendingPathComponent("tmux"), atomically: true, encoding: .utf8)
    chmod(folder.appendingPathComponent("tmux").path, 0o755)
    let server = try TmuxServer(
      configuration: [
        "bind -r -T root MouseDown1Status select-window -t =",
        "bind -T root WheelUpStatus previous-window",
      ],
      environment: ["PATH": folder.path + ":" + (clientEnvironment()["PATH"] ?? "")])
    let binding = { (key: String) in
      try server.run(["list-keys", "-T", "root", key]).stdout
    }
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["set", "-g", "@ticker-args", "-w 40 --demo --on-click /bin/true"])
    let ran = try server.run(["run-shell", plugin])
    #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")
    let chained = try binding("MouseDown1Status")
    #expect(chained.hasPrefix("bind-key -r -T root MouseDown1Status if-shell"), "\(chained)")
    #expect(chained.hasSuffix("{ select-window -t = }\n"), "\(chained)")
    let wheel = try binding("WheelUpStatus")
    #expect(wheel.hasPrefix("bind-key -T root WheelUpStatus if-shell"), "\(wheel)")

    // Again, with the keys bound to it already: they stay as they are.
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["run-shell", plugin])
    #expect(try binding("MouseDown1Status") == chained)

    // Without --on-click the keys get their own bindings back, -r and all.
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["set", "-g", "@ticker-args", "-w 40 --demo"])
    try server.run(["run-shell", plugin])
    #expect(
      try binding("MouseDown1Status") == "bind-key -r -T root MouseDown1Status select-window -t =\n"
    )
    #expect(try binding("WheelUpStatus") == "bind-key -T root WheelUpStatus previous-window\n")
  }
}
