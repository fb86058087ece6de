import Foundation
import Testing

// End-to-end tests of `--stream` and the live sources, driving the built binary.
// Every wait has a timeout; every folder and tmux server is unique and removed.

private func now() -> Double { Date().timeIntervalSince1970 }

/// The environment of the tests, without `NO_COLOR` and `TMUX`, plus `extra`.
private func environment(_ extra: [String: String] = [:]) -> [String: String] {
  scrubbedEnvironment(removing: ["NO_COLOR", "TMUX"], adding: extra)
}

/// A tmux server of the test's own (`tmux -L NAME`), started by the command `start`
/// gives after `tmux -L NAME`; `stop()` ends it and removes the socket file tmux
/// leaves behind.
struct PrivateTmux {
  let tmux: String
  let name = "ticker-stream-\(UUID().uuidString.prefix(8))"
  private(set) var socket = ""

  /// `nil` when the server did not start.
  init?(_ tmux: String, start: [String]) throws {
    self.tmux = tmux
    guard try tmuxCommand(tmux, ["-L", name] + start, environment: nil).status == 0 else {
      return nil
    }
    socket = try run(["display-message", "-p", "#{socket_path}"]).stdout
      .trimmingCharacters(in: .newlines)
  }

  /// A server without a session, as while it reads its configuration: its first
  /// session killed, `exit-empty off` keeping it.
  init?(withoutASession tmux: String) throws {
    try self.init(
      tmux,
      start: [
        "-f", "/dev/null", "new-session", "-d", ";", "set", "-g", "exit-empty", "off", ";",
        "kill-session",
      ])
  }

  func run(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(tmux, ["-L", name] + arguments, environment: environment(), timeout: 10)
  }

  /// The global option `@ticker`, or `nil` when it is unset or the server is gone.
  func ticker() -> String? {
    guard let result = try? run(["show-options", "-gv", "@ticker"]), result.status == 0
    else { return nil }
    return String(result.stdout.dropLast())
  }

  func stop() {
    _ = try? run(["kill-server"])
    unlink(socket)
  }
}

/// The running processes whose command lines have `word`.
func processes(mentioning word: String) -> [Int32] {
  let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return pids.compactMap(Int32.init).filter { pid in
    guard !processHasEnded(pid),
      let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
    else { return false }
    return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == word }
  }
}

@Suite struct StreamTests {
  // MARK: Frames

  @Test func streamedFramesEqualOneShotFramesForTheSameTime() throws {
    let items = ["Breaking: tmux 3.3a", "CPU 42%", "日本語 text", "#[x] 100%"]
    // About 0.35 s a cell, so that a frame drawn late on a loaded machine is still
    // told apart from the one before it.
    let shape = ["--format", "json", "-w", "17", "-s", "3"]
    let started = now()
    let stream = try LiveProcess(["--stream"] + shape + items)
    defer { stream.stop() }
    let lines = stream.waitForLines(6, timeout: 10)
    stream.stop()
    try #require(lines.count >= 6)
    #expect(lines[0].arrived - started < 1, "the first frame comes at once")
    for (index, line) in lines.enumerated() {
      let at = try #require(field("at", of: line.text))
      let oneShot = try runTicker(shape + ["--at", at] + items, timeout: 10)
      #expect(oneShot.stdout == line.text + "\n", "frame \(index) at \(at)")
      let time = try #require(Double(at))
      #expect(line.arrived - time < 0.5, "frame \(index) is written when it is computed")
      guard index > 0 else { continue }
      // Printed when the frame changes: the frame just before was still the last one.
      #expect(frameText(line.text) != frameText(lines[index - 1].text))
      let before = try runTicker(
        shape + ["--at", String(time - 0.15)] + items, timeout: 10)
      #expect(
        frameText(before.stdout) == frameText(lines[index - 1].text),
        "frame \(index) came within 150 ms of its change")
    }
  }

  @Test func i3barStreamOpensWithTheHeaderAndArray() throws {
    let stream = try LiveProcess(["--stream", "--format", "i3bar", "-w", "3", "-s", "10", "abcd"])
    defer { stream.stop() }
    let lines = stream.waitForLines(4).map(\.text)
    try #require(lines.count >= 4)
    #expect(lines[0] == "{\"version\":1}")
    #expect(lines[1] == "[")
    #expect(lines[2...].allSatisfy { $0.hasPrefix("[{\"full_text\":\"") && $0.hasSuffix("\"}],") })
  }

  @Test func framesAreCappedByMaxFPS() throws {
    let stream = try LiveProcess(["--stream", "--max-fps", "5", "-s", "100", "-w", "5", "--demo"])
    defer { stream.stop() }
    stream.waitForLines(6)
    let lines = stream.lines
    try #require(lines.count >= 6)
    let span = lines[5].arrived - lines[1].arrived
    #expect(span > 0.6, "4 frames at 5 a second take 0.8 s, not \(span)")
  }

  // MARK: Sources

  @Test func fileIsReadAgainWhenItChangesAndKeptWhenItFails() throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    try folder.write("items", "alpha\n")
    let stream = try LiveProcess(
      ["--stream", "--format", "json", "-w", "8", "-f", folder.file("items")],
      environment: environment())
    defer { stream.stop() }
    func expectFrame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let found = stream.waitForLine(from: 0, timeout: 5) { frameText($0) == text }
      #expect(found != nil, "a frame '\(text)'", sourceLocation: sourceLocation)
    }
    expectFrame("alpha   ")
    try folder.replace("items", "beta\n")
    expectFrame("beta    ")
    try folder.write("items", "gamma\n")
    expectFrame("gamma   ")

    try FileManager.default.removeItem(atPath: folder.file("items"))
    let gone = stream.lines.count
    waitUntil(timeout: 5) { !stream.standardError.isEmpty }
    usleep(1_200_000)
    let errors = stream.standardError.split(separator: "\n")
    #expect(
      errors == [
        "ticker-status: warning: cannot read '\(folder.file("items"))': No such file or directory;"
          + " showing the last items"
      ])
    #expect(stream.lines.count == gone, "no frame without the items")

    try folder.write("items", "delta\n")
    expectFrame("delta   ")
    try folder.write("items", "")
    waitUntil(timeout: 5) { stream.standardError.split(separator: "\n").count >= 2 }
    #expect(
      stream.standardError.split(separator: "\n").last
        == "ticker-status: warning: '\(folder.file("items"))' is empty; showing the last items")
    #expect(frameText(stream.lines.last?.text ?? "") == "delta   ")
    try folder.write("items", "epsilon\n")
    expectFrame("epsilon ")
    #expect(stream.standardError.split(separator: "\n").count == 2)
  }

  @Test func followReplacesTheItemsWithEachLine() throws {
    let started = now()
    let stream = try LiveProcess(
      ["--stream", "--follow", "-f", "-", "--split", " | ", "--format", "json", "-w", "16"],
      feedsInput: true)
    defer { stream.stop() }
    let first = stream.waitForLines(1, timeout: 5)
    try #require(first.count == 1)
    #expect(frameText(first[0].text) == String(repeating: " ", count: 16))
    #expect(first[0].arrived - started < 1, "the first frame does not wait for input")

    stream.write("first\n")
    #expect(stream.waitForLine(timeout: 5) { frameText($0) == "first           " } != nil)
    stream.write("second | third\n")
    #expect(stream.waitForLine(timeout: 5) { frameText($0) == "second · third  " } != nil)
    stream.write("stale\nfourth")
    usleep(300_000)
    #expect(!stream.lines.contains { frameText($0.text) == "fourth          " })
    stream.closeInput()
    #expect(stream.waitForLine(timeout: 5) { frameText($0) == "fourth          " } != nil)
    usleep(500_000)
    #expect(stream.process.isRunning, "at the end of input the last items stay")
    #expect(stream.standardError.isEmpty)
  }

  @Test func slowCommandDoesNotHoldUpFrames() throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    let stream = try LiveProcess(
      [
        "--stream", "--format", "json", "-w", "8", "-s", "20", "--command",
        "sleep 1.5; echo fresh", "static item",
      ], environment: environment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    usleep(1_200_000)
    let early = stream.lines
    try #require(early.count >= 10, "frames flow while the command runs")
    let gaps = zip(early.dropFirst(), early).map { $0.arrived - $1.arrived }
    #expect(gaps.max() ?? 1 < 0.6, "no frame waits for the command: \(gaps)")
    #expect(!early.contains { frameText($0.text)?.contains("fresh") ?? false })
    let fresh = stream.waitForLine(timeout: 8) { frameText($0)?.contains("fresh") ?? false }
    #expect(fresh != nil, "the command's output joins the items")
  }

  @Test func failingCommandKeepsTheLastGoodItemsAndSaysSoOnce() throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    try folder.write("out", "good\n")
    let command =
      "if [ -e '\(folder.file("flag"))' ]; then echo broken >&2; exit 3; fi; cat '\(folder.file("out"))'"
    let stream = try LiveProcess(
      ["--stream", "--format", "json", "-w", "8", "--every", "0.2", "--command", command],
      environment: environment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    #expect(stream.waitForLine(timeout: 5) { frameText($0) == "good    " } != nil)
    try folder.write("flag", "")
    waitUntil(timeout: 5) { !stream.standardError.isEmpty }
    usleep(1_000_000)
    let failed =
      "ticker-status: warning: command '\(command)' failed with exit status 3: broken;"
      + " showing the last items"
    #expect(stream.standardError.split(separator: "\n") == [Substring(failed)])
    #expect(frameText(stream.lines.last?.text ?? "") == "good    ")

    try folder.write("out", "better\n")
    try FileManager.default.removeItem(atPath: folder.file("flag"))
    #expect(stream.waitForLine(timeout: 5) { frameText($0) == "better  " } != nil)
    try folder.write("out", "")
    waitUntil(timeout: 5) { stream.standardError.split(separator: "\n").count >= 2 }
    usleep(600_000)
    #expect(
      stream.standardError.split(separator: "\n").dropFirst()
        == ["ticker-status: warning: command '\(command)' printed nothing; showing the last items"])
    #expect(frameText(stream.lines.last?.text ?? "") == "better  ")
  }

  @Test func hangingCommandIsStoppedAfterItsTimeout() throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    // Hangs the first time only, so that no later run is left behind.
    let command =
      "[ -e '\(folder.file("pid"))' ] && { echo done; exit 0; }; sleep 60 & echo $! > '\(folder.file("pid"))'; wait"
    let stream = try LiveProcess(
      ["--stream", "-w", "8", "--every", "1", "--command", command, "x"],
      environment: environment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    // The shell makes the file before it writes the number: wait for the number.
    func sleeperPID() -> Int32? { Int32(folder.read("pid")?.filter(\.isNumber) ?? "") }
    #expect(waitUntil(timeout: 5) { sleeperPID() != nil })
    let sleeper = try #require(sleeperPID())
    #expect(waitUntil(timeout: 14) { stream.standardError.contains("did not finish") })
    #expect(
      stream.standardError.hasPrefix(
        "ticker-status: warning: command '\(command)' did not finish within 10 s and was stopped;"
      ))
    #expect(
      waitUntil(timeout: 2) { processHasEnded(sleeper) }, "the command's children are stopped too")
  }

  // MARK: Process life

  @Test func readerGoneExitsQuietly() throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    // A moving ticker notices on its next write (EPIPE); a still one by POLLERR.
    for motion in [["-s", "30", "--demo"], ["-w", "30", "still"]] {
      let errors = folder.file("stderr")
      let started = now()
      let result = try runProcess(
        "/bin/bash",
        [
          "-c", "\"$0\" --stream \"${@:2}\" 2>\"$1\" | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}",
          tickerBinary, errors,
        ] + motion, timeout: 10)
      #expect(result.stdout == "0\n", "\(motion)")
      #expect(folder.read("stderr") == "", "\(motion)")
      #expect(now() - started < 3, "\(motion)")
    }
  }

  @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
  func signalEndsTheStreamAndItsCommand(signal: Int32, status: Int32) throws {
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    let command = "sleep 60 & echo $! > '\(folder.file("pid"))'; wait"
    let stream = try LiveProcess(
      ["--stream", "-s", "5", "--demo", "--command", command],
      environment: environment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    #expect(waitUntil(timeout: 5) { folder.read("pid")?.hasSuffix("\n") ?? false })
    let sleeper = try #require(Int32(folder.read("pid")?.filter(\.isNumber) ?? ""))
    let sent = now()
    stream.send(signal)
    #expect(stream.waitForExit(timeout: 5) == status)
    #expect(now() - sent < 1, "exits promptly")
    #expect(waitUntil(timeout: 2) { processHasEnded(sleeper) }, "the running command is stopped")
    #expect(stream.standardError.isEmpty)
  }

  @Test func afterStopAndContinueTheFrameIsTheCurrentOne() throws {
    let stream = try LiveProcess(["--stream", "--format", "json", "-s", "20", "-w", "10", "--demo"])
    defer { stream.stop() }
    stream.waitForLines(3)
    stream.send(SIGSTOP)
    usleep(1_500_000)
    let before = stream.lines.count
    let continued = now()
    stream.send(SIGCONT)
    let next = stream.waitForLine(from: before, timeout: 5) { _ in true }
    let line = try #require(next?.line)
    let at = try #require(field("at", of: line.text).flatMap(Double.init))
    #expect(at >= continued - 0.05, "the frame is for now, not for before the stop")
    #expect(at - continued < 0.5)
    usleep(200_000)
    let burst = stream.lines[before...].filter { $0.arrived < continued + 0.2 }
    #expect(burst.count <= 8, "no backlog of frames after the stop: \(burst.count)")
  }

  // MARK: tmux push mode

  @Test func tmuxOptionIsSetToEachFrameUntilTheServerGoes() throws {
    guard let tmux = which("tmux") else {
      print("skipped: tmux is not installed")
      return
    }
    let server = try #require(
      try PrivateTmux(
        tmux, start: ["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "10"]))
    defer { server.stop() }
    let socket = server.socket

    // Still frames from standard input: exact values.
    let follow = try LiveProcess(
      [
        "--stream", "--tmux-option", "@ticker", "--tmux-socket", socket, "--follow", "-f", "-",
        "-w", "10",
      ], environment: environment(), feedsInput: true)
    defer { follow.stop() }
    // Nothing in the value is special to tmux's command parser or its formats.
    follow.write("a#b $H 'q'\n")
    #expect(
      waitUntil(timeout: 5) { server.ticker() == "a##b $H 'q'#[default]" },
      "\(server.ticker() ?? "none")")
    follow.write("#[fg=red]x\n")
    #expect(
      waitUntil(timeout: 5) { server.ticker() == "##[fg=red]x#[default]" },
      "\(server.ticker() ?? "none")")
    follow.stop()

    // A moving ticker: the value changes, and each is an escaped window of the strip.
    let stream = try LiveProcess(
      [
        "--stream", "--tmux-option", "@ticker", "--tmux-socket", socket, "-w", "6", "-s", "20",
        "abcdefgh", "#1",
      ],
      environment: environment())
    defer { stream.stop() }
    var seen: Set<String> = []
    let strip = String(repeating: "abcdefgh · #1 · ", count: 2)
    for _ in 0..<15 {
      if let shown = server.ticker() { seen.insert(shown) }
      usleep(70_000)
    }
    #expect(seen.count >= 4, "the option follows the frames: \(seen)")
    for shown in seen where shown.hasPrefix("abc") || shown.contains("·") {
      #expect(shown.hasSuffix("#[default]"))
      let text = String(shown.dropLast("#[default]".count)).replacingOccurrences(
        of: "##", with: "#")
      #expect(text.count == 6 && strip.contains(text), "\(shown)")
    }
    #expect(stream.standardError.isEmpty)

    _ = try server.run(["kill-server"])
    #expect(stream.waitForExit(timeout: 3) == 0, "the stream ends with the server")
    #expect(stream.standardError.isEmpty)
  }

  @Test func tmuxOptionWaitsForASessionAndEndsWithTheServer() throws {
    guard let tmux = which("tmux") else {
      print("skipped: tmux is not installed")
      return
    }
    let server = try #require(try PrivateTmux(withoutASession: tmux))
    defer { server.stop() }
    let socket = server.socket
    try #require(try server.run(["list-sessions"]).stdout.isEmpty)

    let stream = try LiveProcess(
      [
        "--stream", "--tmux-option", "@ticker", "--tmux-socket", socket, "--follow", "-f", "-",
        "-w", "5",
      ], environment: environment(), feedsInput: true)
    defer { stream.stop() }
    stream.write("one\n")
    usleep(500_000)
    try #require(
      stream.process.isRunning, "the stream waits for a session: \(stream.standardError)")
    _ = try server.run(["new-session", "-d"])
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "one  #[default]" },
      "\(server.ticker() ?? "none")")

    // The last session goes, a new one comes: the stream goes on, and sets the option
    // again (the last frame, at once).
    _ = try server.run(["kill-session"])
    _ = try server.run(["set", "-g", "@ticker", "stale"])
    usleep(500_000)
    try #require(stream.process.isRunning, "the stream outlives the last session")
    _ = try server.run(["new-session", "-d"])
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "one  #[default]" },
      "\(server.ticker() ?? "none")")
    stream.write("two\n")
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "two  #[default]" },
      "\(server.ticker() ?? "none")")

    // Its session goes while another is there: it attaches to that one.
    _ = try server.run(["new-session", "-d", "-s", "other"])
    let attached = try server.run(["list-clients", "-F", "#{client_control_mode} #{session_name}"])
      .stdout.split(separator: "\n").first { $0.hasPrefix("1 ") }?.dropFirst(2)
    let session = try #require(attached.map(String.init), "no control client")
    _ = try server.run(["kill-session", "-t", session])
    _ = try server.run(["set", "-g", "@ticker", "stale"])
    stream.write("three\n")
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "three#[default]" },
      "\(server.ticker() ?? "none")")
    let left = try server.run(["list-sessions", "-F", "#{session_name}"]).stdout
    #expect(left.split(separator: "\n").count == 1, "sessions: \(left)")

    // Without a session once more, the server goes: the stream ends, quietly.
    _ = try server.run(["kill-session"])
    usleep(300_000)
    _ = try server.run(["kill-server"])
    #expect(stream.waitForExit(timeout: 10) == 0, "the stream ends with the server")
    #expect(stream.standardError.isEmpty, "\(stream.standardError)")
  }

  /// tmux crashes when a notification (a session starting or ending) meets a control
  /// client that is still identifying itself (tmux/tmux#4980; seen here on 3.3a). The
  /// stream starts a control client only after an ordinary `list-sessions` has seen the
  /// same sessions twice: never while there is none, nor straight after its session
  /// goes or a new one comes.
  @Test func tmuxOptionStartsAControlClientOnlyWhenThereIsASession() throws {
    guard let tmux = which("tmux") else {
      print("skipped: tmux is not installed")
      return
    }
    let server = try #require(try PrivateTmux(withoutASession: tmux))
    defer { server.stop() }
    // The stream's `tmux` writes down each command line it is given.
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    try folder.write(
      "tmux",
      "#!/bin/sh\nprintf '%s\\n' \"$*\" >>'\(folder.file("calls"))'\nexec '\(tmux)' \"$@\"\n")
    chmod(folder.file("tmux"), 0o755)
    func lines() -> [Substring] { (folder.read("calls") ?? "").split(separator: "\n") }
    func calls(_ word: String) -> Int { lines().filter { $0.contains(word) }.count }
    /// How often the stream asked for the sessions after line `mark` and before it
    /// next started a control client.
    func asks(after mark: Int) -> Int {
      lines().dropFirst(mark).prefix { !$0.contains("-C attach-session") }
        .filter { $0.contains("list-sessions") }.count
    }
    let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let stream = try LiveProcess(
      [
        "--stream", "--tmux-option", "@ticker", "--tmux-socket", server.socket, "--follow", "-f",
        "-", "-w", "5",
      ], environment: environment(["PATH": path]), feedsInput: true)
    defer { stream.stop() }
    stream.write("one\n")

    // No session: the stream asks, and starts no control client.
    #expect(waitUntil(timeout: 10) { calls("list-sessions") >= 3 }, "\(folder.read("calls") ?? "")")
    #expect(calls("-C attach-session") == 0, "\(folder.read("calls") ?? "")")
    // A session comes: the stream sees it twice, unchanged, before it attaches.
    var mark = lines().count
    _ = try server.run(["new-session", "-d"])
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "one  #[default]" },
      "\(server.ticker() ?? "none")")
    #expect(calls("-C attach-session") == 1, "\(folder.read("calls") ?? "")")
    #expect(asks(after: mark) >= 2, "\(folder.read("calls") ?? "")")

    // Its session goes: it asks again before it starts another.
    let asked = calls("list-sessions")
    _ = try server.run(["kill-session"])
    #expect(
      waitUntil(timeout: 10) { calls("list-sessions") >= asked + 3 },
      "\(folder.read("calls") ?? "")")
    #expect(calls("-C attach-session") == 1, "\(folder.read("calls") ?? "")")
    _ = try server.run(["set", "-g", "@ticker", "stale"])
    mark = lines().count
    _ = try server.run(["new-session", "-d"])
    #expect(
      waitUntil(timeout: 10) { server.ticker() == "one  #[default]" },
      "\(server.ticker() ?? "none")")
    #expect(calls("-C attach-session") == 2, "\(folder.read("calls") ?? "")")
    #expect(asks(after: mark) >= 2, "\(folder.read("calls") ?? "")")
    #expect(stream.process.isRunning, "\(stream.standardError)")
  }

  @Test func silentTmuxSocketIsAnErrorAfterFiveSeconds() throws {
    guard let python = which("python3") else {
      print("skipped: python3 is not installed")
      return
    }
    let folder = try TestFolder("ticker-stream")
    defer { folder.remove() }
    let socket = folder.file("silent")
    // Accepts every connection and never says a word.
    let server = try silentSocketServer(at: socket, python: python)
    defer {
      server.stop()
      unlink(socket)
    }
    // Started clean (see `spawnClean`), so that a tmux client left waiting on the
    // socket cannot keep the test waiting too; any such client is killed at the end.
    let clients = {
      processes(mentioning: socket).filter { $0 != server.process.processIdentifier }
    }
    defer {
      for pid in clients() { kill(pid, SIGKILL) }
    }
    let errors = folder.file("errors")
    let stream = try spawnClean(
      [tickerBinary, "--stream", "--tmux-option", "@t", "--tmux-socket", socket, "-w", "5", "x"],
      environment: environment(), stderr: .file(errors))
    // Within the 5 seconds README promises, and a margin for a loaded machine (it took
    // 9: each question to the server had a timeout of its own).
    #expect(waitForExit(stream, timeout: 7) == 69)
    #expect(
      folder.read("errors")
        == "ticker-status: error: the tmux server at '\(socket)' did not answer within 5 seconds\n")
    #expect(clients().isEmpty, "a tmux client is left")
  }

  // MARK: Command line

  @Test func unreachableTmuxServerIsAnError() throws {
    let result = try runTicker(
      ["--stream", "--tmux-option", "@t", "--tmux-socket", "/nonexistent/socket", "x"],
      environment: environment(), timeout: 10)
    #expect(result.status == 69)
    #expect(
      result.stderr
        == "ticker-status: error: cannot reach the tmux server at '/nonexistent/socket':"
        + " No such file or directory\n")
  }

  @Test func oneShotFollowShowsTheLastLine() throws {
    let result = try runTicker(
      ["--follow", "-f", "-", "--split", ",", "-w", "12"], stdin: Array("a\nb,c\n".utf8))
    #expect(result.stdout == "b · c       \n")
  }
}
