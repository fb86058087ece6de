import Foundation
import Testing

@testable import ticker_status

// Several bars that run the same --command (waybar and polybar run a module once per
// monitor) share its runs through the command cache's lock: one run a period between
// them, not one each; a holder of the lock that dies is taken over.

@Suite struct SharedRunTests {
  /// A stream of `command` every `every` seconds, its cache in `folder`.
  private func stream(_ command: String, every: String, folder: TestFolder) throws -> LiveProcess {
    try LiveProcess(
      ["--stream", "-w", "20", "--every", every, "--command", command],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
  }

  @Test func twoStreamsOfOneCommandRunItOnceAPeriod() throws {
    let folder = try TestFolder("ticker-shared-run")
    defer { folder.remove() }
    let command =
      "echo run >> '\(folder.file("runs"))'; echo \"value $(wc -l < '\(folder.file("runs"))')\""
    let first = try stream(command, every: "2", folder: folder)
    defer { first.stop() }
    #expect(waitUntil(timeout: 10) { folder.lineCount("runs") >= 1 })
    let second = try stream(command, every: "2", folder: folder)
    defer { second.stop() }
    let started = Date()
    let runsBefore = folder.lineCount("runs")
    waitUntil(timeout: 9) { false }
    let seconds = Date().timeIntervalSince(started)
    let runs = folder.lineCount("runs") - runsBefore
    // One run a period of 2 s between the two (each alone would make one: ten in all).
    #expect(
      runs >= Int(seconds / 2) - 1 && runs <= Int(seconds / 2) + 1, "\(runs) runs in \(seconds) s")
    // Both show the same run's output (each its own would differ: the count of runs).
    #expect(
      waitUntil(timeout: 5) {
        guard let one = first.lines.last?.text, let other = second.lines.last?.text else {
          return false
        }
        return one.hasPrefix("value ") && one == other
      }, "\(first.lines.suffix(2).map(\.text)) against \(second.lines.suffix(2).map(\.text))")
  }

  @Test func aHolderOfTheLockThatDiesIsTakenOver() throws {
    guard let flock = which("flock") else {
      print("skipped: flock (util-linux) is not installed")
      return
    }
    let folder = try TestFolder("ticker-shared-run")
    defer { folder.remove() }
    let command = "echo run >> '\(folder.file("runs"))'; echo ran"
    // The lock, held by another process that then dies without a word (`-o`: flock
    // holds it, its sleep does not).
    let cache = folder.file("ticker-status")
    try FileManager.default.createDirectory(
      atPath: cache, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    let lock = cache + "/" + OutputStore.key(command) + ".lock"
    let sleeper = "sleep 61.\(getpid())"
    let holder = try LiveProcess(
      ["-o", "-x", lock, "/bin/sh", "-c", "exec \(sleeper) >/dev/null 2>&1"], executable: flock)
    defer {
      // The sleep first: Foundation counts the holder as running while it lives.
      for pid in livePrograms(startingWith: sleeper) { kill(pid, SIGKILL) }
      holder.stop()
    }
    #expect(waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: lock) })
    usleep(200_000)
    let ticker = try stream(command, every: "1", folder: folder)
    defer { ticker.stop() }
    // While the lock is held, the stream waits for the other's run.
    waitUntil(timeout: 1.5) { false }
    #expect(folder.lineCount("runs") == 0)
    holder.send(SIGKILL)
    #expect(waitUntil(timeout: 5) { folder.lineCount("runs") >= 1 }, "never taken over")
    #expect(waitUntil(timeout: 5) { ticker.lines.last?.text.hasPrefix("ran") ?? false })
  }
}
