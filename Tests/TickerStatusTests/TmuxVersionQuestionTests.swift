import Foundation
import Testing

// A prompt's one-shot in a tmux pane draws with the widths of the tmux that draws it,
// and must learn its version without starting tmux each time (it doubled the prompt's
// cost), nor wait long for a server that does not answer (2.0 s a prompt).

@Suite(.serialized) struct TmuxVersionQuestionTests {
  /// A `tmux` on PATH that records each call in `calls`, then runs the real one.
  private func recordingTmux(_ folder: TestFolder, tmux: String) throws -> String {
    try folder.write(
      "tmux",
      "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '\(folder.file("calls"))'\nexec '\(tmux)' \"$@\"\n")
    chmod(folder.file("tmux"), 0o755)
    return folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  @Test func aOneShotInAPaneStartsNoTmux() throws {
    guard let (tmux, server) = try tmuxServerWithASession() else { return }
    defer { server.stop() }
    let folder = try TestFolder("ticker-pane-version")
    defer { folder.remove() }
    let path = try recordingTmux(folder, tmux: tmux)
    // In a real pane of the server: what the pane says, and the frame.
    // The pane's environment is the server's, with PATH set here (tmux 3.3a's
    // `new-window -e PATH=…` does not reach the pane's command).
    let script = """
      PATH='\(path)'; export PATH
      XDG_RUNTIME_DIR='\(folder.path)'; export XDG_RUNTIME_DIR
      printf '%s %s' "$TERM_PROGRAM" "$TERM_PROGRAM_VERSION" > '\(folder.file("said"))'
      '\(tickerBinary)' --format bash -w 12 --at 0 'a😀b' > '\(folder.file("frame.tmp"))'
      mv '\(folder.file("frame.tmp"))' '\(folder.file("frame"))'
      """
    try folder.write("pane.sh", script)
    let started = try server.run(["new-window", "-d", "/bin/sh '\(folder.file("pane.sh"))'"])
    #expect(started.status == 0, "\(started.stderr)")
    #expect(waitUntil(timeout: 10) { folder.exists("frame") }, "the pane never drew")
    let version = try server.run(["display-message", "-p", "#{version}"]).stdout
      .trimmingCharacters(in: .newlines)
    #expect(folder.read("said") == "tmux \(version)")
    #expect(!folder.exists("calls"), "tmux was started: \(folder.read("calls") ?? "")")
    // The same frame as when the version is given.
    let given = try runTicker([
      "--format", "bash", "-w", "12", "--at", "0", "--cells", "tmux", "--tmux-version", version,
      "a😀b",
    ])
    #expect(folder.read("frame") == given.stdout)
  }

  @Test func withoutThePanesWordTheServerIsAskedOnceAndTheAnswerKept() throws {
    guard let (tmux, server) = try tmuxServerWithASession() else { return }
    defer { server.stop() }
    let folder = try TestFolder("ticker-pane-version")
    defer { folder.remove() }
    let path = try recordingTmux(folder, tmux: tmux)
    let pid = try server.run(["display-message", "-p", "#{pid}"]).stdout
      .trimmingCharacters(in: .newlines)
    let environment = testEnvironment([
      "PATH": path, "XDG_RUNTIME_DIR": folder.path, "TMUX": "\(server.socket),\(pid),0",
    ])
    var frames: [String] = []
    for _ in 0..<3 {
      let result = try runTicker(
        ["--format", "bash", "-w", "12", "--at", "0", "a😀b"], environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      frames.append(result.stdout)
    }
    let calls = (folder.read("calls") ?? "").split(separator: "\n")
    #expect(calls.count == 1, "\(calls)")
    #expect(calls.first?.contains("#{version}") ?? false)
    #expect(Set(frames).count == 1)
    // Another run of a server at the same socket is asked again.
    let other = testEnvironment([
      "PATH": path, "XDG_RUNTIME_DIR": folder.path, "TMUX": "\(server.socket),1,0",
    ])
    _ = try runTicker(["--format", "bash", "-w", "12", "--at", "0", "x"], environment: other)
    #expect((folder.read("calls") ?? "").split(separator: "\n").count == 2)
  }

  @Test func aServerThatNeverAnswersCostsAOneShotWellUnderASecond() throws {
    guard let python = which("python3"), which("tmux") != nil else {
      print("skipped: python3 or tmux is not installed")
      return
    }
    let folder = try TestFolder("ticker-pane-version")
    defer { folder.remove() }
    let socket = folder.file("silent")
    let server = try silentSocketServer(at: socket, python: python)
    defer {
      server.stop()
      unlink(socket)
    }
    let clients = {
      processes(mentioning: socket).filter { $0 != server.process.processIdentifier }
    }
    defer { for pid in clients() { kill(pid, SIGKILL) } }
    let started = Date()
    let result = try runTicker(
      ["--format", "bash", "-w", "6", "--at", "0", "x"],
      environment: testEnvironment(["TMUX": "\(socket),4242,0", "XDG_RUNTIME_DIR": folder.path]))
    let took = Date().timeIntervalSince(started)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("x"), "\(result.stdout)")
    // The question's bound is 0.5 s (it was 2.0 s); a margin for a loaded machine.
    #expect(took < 1.5, "a one-shot took \(took) s")
    #expect(waitUntil(timeout: 3) { clients().isEmpty }, "a tmux client is left")
  }
}
