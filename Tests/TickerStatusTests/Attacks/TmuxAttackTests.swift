import Foundation
import Testing

// The second attack round's tmux findings (issue 28, points 6, 7 and 12): a control
// client that floods, one that is stopped when the stream is told to end, and a socket
// that accepts and never answers.

@Suite(.serialized) struct TmuxAttackTests {
  /// A `tmux` on PATH that passes every command to the real one, except the control
  /// client, which runs `controlClient` (a shell fragment) instead when given.
  private func fakeTmux(_ folder: TestFolder, tmux: String, controlClient: String?) throws
    -> [String: String]
  {
    let control = controlClient.map { "case \"$*\" in *' -C '*) \($0) ;; esac\n" } ?? ""
    try folder.write("tmux", "#!/bin/sh\n\(control)exec '\(tmux)' \"$@\"\n")
    chmod(folder.file("tmux"), 0o755)
    let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    return testEnvironment(["PATH": path])
  }

  /// A server that answers `%begin` and never `%end`, then floods lines: the stream's
  /// memory stays small (it kept every line: 1.9 GB in 8 s).
  @Test func aFloodingControlClientIsBounded() throws {
    guard let (tmux, server) = try tmuxServerWithASession() else { return }
    defer { server.stop() }
    let folder = try TestFolder("ticker-tmux-flood")
    defer { folder.remove() }
    let environment = try fakeTmux(
      folder, tmux: tmux,
      controlClient: "printf '%%begin 1 1 0\\n'; exec yes 'flooding line from a control client'")
    let stream = try LiveProcess(
      ["--stream", "--tmux-option", "@ticker", "--tmux-socket", server.socket, "-w", "10", "x"],
      environment: environment)
    defer { stream.stop() }
    var peak = 0
    waitUntil(timeout: 4) {
      peak = max(peak, residentKiB(stream.pid) ?? 0)
      return false
    }
    #expect(stream.process.isRunning, "\(stream.standardError)")
    #expect(peak < 64 * 1024, "peak resident memory \(peak) KiB")
  }

  /// With its control client stopped (SIGSTOP), SIGTERM still ends the stream within
  /// the grace README promises (TERM, then KILL a second later), and the client with it.
  @Test func termEndsTheStreamWhileItsControlClientIsStopped() throws {
    guard let (_, server) = try tmuxServerWithASession() else { return }
    defer { server.stop() }
    let stream = try LiveProcess(
      ["--stream", "--tmux-option", "@ticker", "--tmux-socket", server.socket, "-w", "5", "x"],
      environment: testEnvironment())
    defer { stream.stop() }
    #expect(waitUntil(timeout: 10) { server.ticker()?.hasPrefix("x") ?? false }, "never drawn")
    let below = descendants(of: stream.pid)
    let client = try #require(
      processes(mentioning: "-C").first(where: below.contains), "no control client")
    defer { kill(client, SIGKILL) }
    kill(client, SIGSTOP)
    stream.send(SIGTERM)
    // The grace is 1 s; a generous bound, for a loaded machine.
    let status = stream.waitForExit(timeout: 4)
    #expect(status != nil, "the stream was still running 4 s after SIGTERM")
    #expect(waitUntil(timeout: 2) { processHasEnded(client) }, "the control client is left")
  }
}
