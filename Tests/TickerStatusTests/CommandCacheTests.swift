import Foundation
import Testing

// One-shot `--command`: the cache under $XDG_RUNTIME_DIR (or a private temporary
// folder), stale-while-revalidate, one detached refresh for many callers.

/// The test's environment without `NO_COLOR` and the variables that choose the cache
/// folder (`XDG_RUNTIME_DIR`, `XDG_CACHE_HOME`, `HOME`, `TMPDIR`), plus `extra`.
private func environment(_ extra: [String: String]) -> [String: String] {
  scrubbedEnvironment(removing: ["NO_COLOR"] + cacheFolderVariables, adding: extra)
}

private func permissions(_ path: String) -> Int? {
  (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
}

@Suite struct CommandCacheTests {
  /// Runs a one-shot frame and returns its output, read to its end (so a refresh that
  /// kept standard output open would hold the call until the refresh ends).
  private func oneShot(_ arguments: [String], _ env: [String: String]) throws -> String {
    let result = try runTicker(arguments, environment: env, timeout: 10)
    #expect(result.status == 0)
    return result.stdout
  }

  @Test func firstCallWaitsBrieflyForAFastCommand() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let output = try oneShot(["--command", "echo hello; echo world", "-w", "16"], env)
    #expect(output == "hello · world   \n")
    let cache = folder.path + "/ticker-status"
    #expect(permissions(cache) == 0o700)
    let entries = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(entries.filter { $0.hasSuffix(".out") }.count == 1)
    for entry in entries { #expect(permissions(cache + "/" + entry) == 0o600, "\(entry)") }
  }

  @Test func slowFirstRunShowsAPlaceholderThenTheOutput() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let done = folder.file("done")
    let arguments = ["--command", "sleep 2; touch '\(done)'; echo late", "-w", "12"]
    let first = try oneShot(arguments, env)
    #expect(first == "…loading    \n")
    // The call ended while its detached refresh still ran: it holds nothing of ours open.
    #expect(!FileManager.default.fileExists(atPath: done))
    var later = ""
    waitUntil(timeout: 8) {
      later = (try? oneShot(arguments, env)) ?? ""
      return later != first
    }
    #expect(later == "late        \n")
  }

  @Test func concurrentCallsStartOneRefresh() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let command = "echo run >> '\(folder.file("runs"))'; sleep 0.2; echo value"
    let outputs = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      let output = (try? runTicker(["--command", command, "-w", "8"], environment: env).stdout)
      outputs.update { $0.append(output ?? "failed") }
    }
    #expect(
      outputs.get().allSatisfy { $0 == "value   \n" || $0 == "…loading\n" }, "\(outputs.get())")
    // The refresh is detached and may start late on a loaded machine: wait for it,
    // then give any second refresh time to show itself.
    waitUntil(timeout: 10) { folder.lineCount("runs") >= 1 }
    usleep(500_000)
    #expect(folder.lineCount("runs") == 1)
  }

  @Test func staleCacheIsShownWhileOneRefreshRuns() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let runs = folder.file("runs")
    let ends = folder.file("ends")
    // Each run takes two seconds and notes its end: a call that waited for one would
    // find the end noted.
    let command = "echo run >> '\(runs)'; sleep 2; echo end >> '\(ends)'; wc -l < '\(runs)'"
    let arguments = ["--command", command, "--every", "2", "-w", "3"]
    func shown() -> String { (try? oneShot(arguments, env)) ?? "failed" }
    #expect(waitUntil(timeout: 8) { shown() == "1  \n" })
    #expect(shown() == "1  \n", "fresh: shown, not run again")
    #expect(folder.lineCount("runs") == 1)
    usleep(2_300_000)
    let stale = try oneShot(arguments, env)
    #expect(stale == "1  \n", "stale: shown at once")
    #expect(folder.lineCount("ends") == 1, "the call did not wait for the refresh it started")
    #expect(waitUntil(timeout: 8) { shown() == "2  \n" })
    #expect(folder.lineCount("runs") == 2)
  }

  /// A lock file that another call has just created, and not yet locked, says
  /// nothing of a run: a call that takes the lock first runs the command. (Taken for a
  /// run begun "just now", it made that call give up while the creator, finding the
  /// lock held, gave up too: a burst of first calls ran nothing for `--every`.)
  @Test func aLockFileJustCreatedIsNoRunBegun() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let command = "echo run >> '\(folder.file("runs"))'; echo value"
    let arguments = ["--command", command, "--every", "30", "-w", "8"]
    #expect(waitUntil(timeout: 8) { (try? oneShot(arguments, env)) == "value   \n" })
    #expect(folder.lineCount("runs") == 1)
    // As another call leaves it between creating the lock file and locking it, with
    // nothing stored yet: an empty lock file of now.
    let cache = folder.file("ticker-status")
    for name in try FileManager.default.contentsOfDirectory(atPath: cache) {
      let path = cache + "/" + name
      if name.hasSuffix(".lock") {
        #expect(truncate(path, 0) == 0)
        #expect(utimes(path, nil) == 0)
      } else {
        try FileManager.default.removeItem(atPath: path)
      }
    }
    _ = try oneShot(arguments, env)
    #expect(waitUntil(timeout: 8) { folder.lineCount("runs") == 2 })
  }

  @Test func failingCommandRunsAtMostOncePerEvery() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let command = "echo run >> '\(folder.file("runs"))'; exit 1"
    for _ in 0..<4 {
      #expect(
        try oneShot(["--command", command, "--every", "30", "-w", "8"], env) == "…loading\n")
    }
    #expect(folder.lineCount("runs") == 1)
  }

  @Test func withoutARuntimeFolderTheCacheIsInTheHomeFolder() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["HOME": folder.path])
    #expect(try oneShot(["--command", "echo hi", "-w", "2"], env) == "hi\n")
    #expect(permissions(folder.file(".cache/ticker-status")) == 0o700)
    let xdg = environment(["HOME": folder.path, "XDG_CACHE_HOME": folder.file("xdg")])
    #expect(try oneShot(["--command", "echo hi", "-w", "2"], xdg) == "hi\n")
    #expect(permissions(folder.file("xdg/ticker-status")) == 0o700)
  }

  @Test func withoutAHomeFolderTheCacheIsAPrivateFolderInTMPDIR() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["TMPDIR": folder.path])
    #expect(try oneShot(["--command", "echo hi", "-w", "2"], env) == "hi\n")
    #expect(permissions(folder.file("ticker-status-\(getuid())")) == 0o700)
  }

  @Test func symbolicLinkInPlaceOfTheFolderIsRefused() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let elsewhere = folder.file("elsewhere")
    try FileManager.default.createDirectory(
      atPath: elsewhere, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("ticker-status-\(getuid())"), withDestinationPath: elsewhere)
    let result = try runTicker(
      ["--command", "echo hi", "-w", "2"], environment: environment(["TMPDIR": folder.path]))
    #expect(result.stdout == "hi\n", "the command still runs, without a cache")
    #expect(
      result.stderr
        == "ticker-status: warning: cannot use the cache folder"
        + " '\(folder.file("ticker-status-\(getuid())"))': it is a symbolic link;"
        + " running the commands without a cache\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  @Test func streamSeedsFromTheCacheAndKeepsItFresh() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let command = "cat '\(folder.file("value"))'"
    try Data("cached\n".utf8).write(to: URL(fileURLWithPath: folder.file("value")))
    #expect(try oneShot(["--command", command, "-w", "6"], env) == "cached\n")
    try Data("later\n".utf8).write(to: URL(fileURLWithPath: folder.file("value")))
    let stream = try LiveProcess(
      ["--stream", "--command", command, "-w", "6", "--every", "0.3"], environment: env)
    defer { stream.stop() }
    let lines = stream.waitForLines(2, timeout: 5).map(\.text)
    #expect(lines.first == "cached", "the first frame comes from the cache")
    #expect(lines.dropFirst().first == "later ")
    stream.stop()
    #expect(try oneShot(["--command", command, "-w", "6"], env) == "later \n")
  }

  /// The time of the only cache entry of `folder`'s cache ending in `suffix`.
  private func entryTime(_ folder: TestFolder, _ suffix: String) throws -> Double? {
    let cache = folder.file("ticker-status")
    let names = try FileManager.default.contentsOfDirectory(atPath: cache)
    guard let name = names.first(where: { $0.hasSuffix(suffix) }) else { return nil }
    let attributes = try FileManager.default.attributesOfItem(atPath: cache + "/" + name)
    return (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
  }

  @Test("with --on-change restart a one-shot --command starts from when its output changed")
  func oneShotRestartsFromTheCachedChange() throws {
    let folder = try TestFolder("ticker-cache")
    defer { folder.remove() }
    let env = environment(["XDG_RUNTIME_DIR": folder.path])
    let items = folder.file("items")
    try Data("AAAA BBBB CCCC DDDD EEEE FFFF\n".utf8).write(to: URL(fileURLWithPath: items))
    let window = ["--format", "plain", "-w", "12", "-s", "4", "--dwell", "0"]
    let command = window + ["--every", "1", "--command", "cat '\(items)'"]
    /// The frame of `item` given as an argument, the clock's position at `time`.
    func clockFrame(_ item: String, at time: Double) throws -> String {
      try oneShot(window + ["--at", String(time), item], env)
    }
    _ = try oneShot(command + ["--on-change", "restart"], env)
    let changed = try #require(try entryTime(folder, ".changed"))
    // Two seconds and a bit after the change: eight cells in, whatever the clock says;
    // with keep, where the clock puts the window.
    let later = changed + 2.1
    #expect(
      try oneShot(command + ["--on-change", "restart", "--at", String(later)], env)
        == clockFrame("AAAA BBBB CCCC DDDD EEEE FFFF", at: 2.1))
    #expect(
      try oneShot(command + ["--at", String(later)], env)
        == clockFrame("AAAA BBBB CCCC DDDD EEEE FFFF", at: later))

    // A refresh that prints the same lines leaves the change where it was.
    let firstGood = try #require(try entryTime(folder, ".out"))
    usleep(1_100_000)
    _ = try oneShot(command + ["--on-change", "restart"], env)
    #expect(
      waitUntil(timeout: 5) { (try? entryTime(folder, ".out")).flatMap { $0 } ?? 0 > firstGood })
    #expect(try entryTime(folder, ".changed") == changed)

    // New lines are a change: the one-shot starts them at their first cell.
    try Data("NEW1 NEW2 NEW3 NEW4 NEW5\n".utf8).write(to: URL(fileURLWithPath: items))
    usleep(1_100_000)
    _ = try oneShot(command + ["--on-change", "restart"], env)
    #expect(
      waitUntil(timeout: 5) { (try? entryTime(folder, ".changed")).flatMap { $0 } ?? 0 > changed })
    let renewed = try #require(try entryTime(folder, ".changed"))
    for step in [0.1, 1.1, 2.6] {
      #expect(
        try oneShot(command + ["--on-change", "restart", "--at", String(renewed + step)], env)
          == clockFrame("NEW1 NEW2 NEW3 NEW4 NEW5", at: step), "\(step) s after the change")
    }
  }
}
