import Foundation
import Testing

// The command cache and the process under faults: another user squatting a folder,
// a full or read-only cache, closed standard descriptors, commands that ignore
// SIGTERM, many commands at once.

@Suite(.serialized) struct CacheFaultTests {
  @Test(.enabled(if: getuid() == 0, "needs root to make a folder of another user"))
  func anotherUsersFolderInTMPDIRIsNeverUsed() throws {
    let folder = try TestFolder("ticker-squat")
    defer { folder.remove() }
    // Another user (nobody) made the fallback's name first, private to them.
    let squatted = folder.file("ticker-status-\(getuid())")
    try FileManager.default.createDirectory(
      atPath: squatted, withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700, .ownerAccountID: 65534])
    // With a home, the cache is never in TMPDIR at all.
    let home = try TestFolder("ticker-home")
    defer { home.remove() }
    let withHome = try runTicker(
      ["--command", "echo fresh", "-w", "5"],
      environment: testEnvironment(["TMPDIR": folder.path, "HOME": home.path]))
    #expect(withHome.stdout == "fresh\n")
    #expect(withHome.stderr == "")
    #expect(FileManager.default.fileExists(atPath: home.file(".cache/ticker-status")))
    // Without one, the squatted folder is refused, and the command still shows.
    let withoutHome = try runTicker(
      ["--command", "echo fresh", "-w", "5"], environment: testEnvironment(["TMPDIR": folder.path]))
    #expect(withoutHome.stdout == "fresh\n", "not '…loading' for ever")
    #expect(withoutHome.stderr.contains("it belongs to another user"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: squatted).isEmpty)
  }

  /// A tmpfs of its own for the cache, made full or read-only.
  private func withSmallRuntimeFolder(_ body: (TestFolder) throws -> Void) throws {
    let folder = try TestFolder("ticker-tmpfs")
    defer { folder.remove() }
    #expect(
      try runProcess(
        "/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", folder.path]
      )
      .status == 0)
    defer { _ = try? runProcess("/bin/umount", [folder.path]) }
    try body(folder)
  }

  @Test(.enabled(if: canMount, "needs to mount a tmpfs (root)"))
  func aFullCacheFolderIsReportedAndTheCommandStillShows() throws {
    try withSmallRuntimeFolder { folder in
      // Fill it to the last block.
      _ = try runShell("cat /dev/zero > '\(folder.file("filler"))'", environment: testEnvironment())
      let env = testEnvironment(["XDG_RUNTIME_DIR": folder.path])
      for _ in 0..<3 {
        let result = try runTicker(["--command", "echo shown", "-w", "5"], environment: env)
        #expect(result.stdout == "shown\n", "not '…loading' for ever")
        #expect(result.stderr.contains("takes no new files (read-only or full)"))
      }
    }
  }

  @Test(.enabled(if: canMount, "needs to mount a tmpfs (root)"))
  func aReadOnlyCacheFolderIsReportedAndTheCommandStillShows() throws {
    try withSmallRuntimeFolder { folder in
      let env = testEnvironment(["XDG_RUNTIME_DIR": folder.path])
      // The folder exists, then becomes read-only before the first output is kept.
      try FileManager.default.createDirectory(
        atPath: folder.file("ticker-status"), withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o700])
      #expect(try runProcess("/bin/mount", ["-o", "remount,ro", folder.path]).status == 0)
      let result = try runTicker(["--command", "echo shown", "-w", "5"], environment: env)
      #expect(result.stdout == "shown\n")
      #expect(
        result.stderr
          == "ticker-status: warning: the cache folder '\(folder.file("ticker-status"))' takes"
          + " no new files (read-only or full); running the commands without a cache\n")
    }
  }

  @Test func closedStandardDescriptorsDoNotLoseTheRefreshLock() throws {
    let folder = try TestFolder("ticker-fds")
    defer { folder.remove() }
    let runs = folder.file("runs")
    let command = "echo run >> \(runs); sleep 3; echo value"
    // Calls 0.7 s apart while the first refresh runs for 3 s, with standard input and
    // error closed. A lock file opened as descriptor 2 would be closed in the refresh
    // by its dup2 of /dev/null, and so released when the first call exits; with
    // --every 1, a call more than a second after that refresh began would then take
    // the lock and run the command again.
    let script = """
      i=0; while [ $i -lt 4 ]; do
        '\(tickerBinary)' --command '\(command)' --every 1 -w 8 <&- 2>&- >/dev/null
        sleep 0.3; i=$((i+1))
      done
      """
    let result = try runShell(
      script, environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    #expect(result.status == 0)
    // The first refresh ends 3 s after it began; any second one would have begun by now.
    waitUntil(timeout: 10) { folder.lineCount("runs") >= 1 }
    usleep(1_500_000)
    #expect(folder.lineCount("runs") == 1, "the command ran \(folder.lineCount("runs")) times")
  }
}

@Suite struct ProcessFaultTests {
  @Test func sigtermStopsACommandThatIgnoresIt() throws {
    let folder = try TestFolder("ticker-trap")
    defer { folder.remove() }
    let marker = "sleep 77.\(getpid())\(Int.random(in: 100...999))"
    let command = "trap '' TERM; echo x; exec \(marker)"
    let stream = try LiveProcess(
      ["--stream", "--command", command, "--every", "1", "-w", "5"],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    #expect(waitUntil(timeout: 10) { !livePrograms(startingWith: marker).isEmpty })
    stream.send(SIGTERM)
    #expect(stream.waitForExit(timeout: 10) == 143)
    #expect(
      waitUntil(timeout: 3) { livePrograms(startingWith: marker).isEmpty },
      "the command that ignores SIGTERM is killed after the grace period")
  }

  @Test func sigkillOfAStreamLeavesNoCommandRunning() throws {
    // A bar killed with SIGKILL, or the OOM killer: the stream gets no chance to stop
    // its commands; its watchdog does, SIGKILL included for one that ignores SIGTERM.
    let folder = try TestFolder("ticker-sigkill")
    defer { folder.remove() }
    let player = try folder.write(
      "playerctl",
      "#!/bin/sh\ntrap '' TERM\nwhile :; do echo \"Artist - Song $$\"; sleep 0.2; done\n")
    chmod(player, 0o755)
    let mark = "\(getpid())-\(Int.random(in: 1000...9999))"
    let tag = "TICKER_SIGKILL_TAG=" + mark
    let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let stream = try LiveProcess(
      [
        "--stream", "-w", "10", "--every", "1", "--follow", "--command", "playerctl --follow",
        "--command", "trap '' TERM; echo once; sleep 66",
      ],
      environment: testEnvironment([
        "XDG_RUNTIME_DIR": folder.path, "PATH": path, "TICKER_SIGKILL_TAG": mark,
      ]))
    defer { stream.stop() }
    // The followed command, the shell of the other and its sleep, and the watchdog.
    #expect(waitUntil(timeout: 10) { livePrograms(withEnvironment: tag).count >= 4 })
    stream.send(SIGKILL)
    #expect(stream.waitForExit(timeout: 10) == 9, "killed by SIGKILL")
    #expect(
      waitUntil(timeout: 5) { livePrograms(withEnvironment: tag).isEmpty },
      "left running: \(livePrograms(withEnvironment: tag))")
  }

  @Test func theWatchdogEndsWithAStreamThatEndsByItself() throws {
    let folder = try TestFolder("ticker-watchdog-end")
    defer { folder.remove() }
    let mark = "\(getpid())-\(Int.random(in: 1000...9999))"
    let tag = "TICKER_WATCHDOG_TAG=" + mark
    let stream = try LiveProcess(
      ["--stream", "-w", "10", "--every", "1", "--command", "echo hello"],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path, "TICKER_WATCHDOG_TAG": mark]))
    defer { stream.stop() }
    #expect(waitUntil(timeout: 10) { livePrograms(withEnvironment: tag).count >= 1 })
    stream.send(SIGTERM)
    #expect(stream.waitForExit(timeout: 10) == 143)
    #expect(waitUntil(timeout: 3) { livePrograms(withEnvironment: tag).isEmpty })
  }

  @Test func everyCommandIsStoppedHoweverMany() throws {
    let folder = try TestFolder("ticker-many")
    defer { folder.remove() }
    let tag = "\(getpid())\(Int.random(in: 100...999))"
    // Twelve commands, more than the eight the old registry held.
    let commands = (1...12).flatMap { ["--command", "exec sleep 88.\(tag)\($0)"] }
    let stream = try LiveProcess(
      ["--stream", "-w", "5", "--every", "1"] + commands,
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    #expect(waitUntil(timeout: 10) { livePrograms(startingWith: "sleep 88.\(tag)").count == 12 })
    stream.send(SIGTERM)
    #expect(stream.waitForExit(timeout: 10) == 143)
    #expect(waitUntil(timeout: 3) { livePrograms(startingWith: "sleep 88.\(tag)").isEmpty })
  }
}
