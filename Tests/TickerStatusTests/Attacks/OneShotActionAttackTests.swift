import Foundation
import Testing

// The third attack round's one-shot polybar actions: a one-shot frame carried every
// ITEM argument in every click action (1,000 arguments of 100 bytes: 5.5 MB a frame).
// Long arguments are kept once in the private cache folder, and the action names them.

@Suite struct OneShotActionAttackTests {
  /// A one-shot polybar frame of `items` with a recording action, its cache in `folder`.
  private func oneShotFrame(_ items: [String], folder: TestFolder) throws -> String {
    let result = try runTicker(
      [
        "--format", "polybar", "-w", "100", "--at", "3", "--on-click", recordingAction(folder),
        "--",
      ]
        + items, environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    return result.stdout
  }

  @Test func aOneShotPolybarFrameDoesNotGrowWithTheArguments() throws {
    let folder = try TestFolder("ticker-oneshot-actions")
    defer { folder.remove() }
    let items = (0..<1000).map { "item \($0): " + String(repeating: "x", count: 90) }
    let frame = try oneShotFrame(items, folder: folder)
    // Two items on screen, five actions each: it was 5.5 MB.
    #expect(frame.utf8.count < 5_000, "\(frame.utf8.count) bytes")
    #expect(frame.contains("--clicked-arguments "), "\(frame.prefix(300))")
    // The arguments are kept once, private, in the private folder.
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("ticker-status"))
      .filter { $0.hasSuffix(".args") }
    #expect(kept.count == 1)
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.file("ticker-status/" + kept[0]))
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // The same call again keeps the same file.
    _ = try oneShotFrame(items, folder: folder)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.file("ticker-status")).count == 1)
    // The action finds its item, run as polybar runs it.
    let action = try #require(firstPolybarAction(in: frame), "\(frame)")
    let result = try runProcess(
      "/bin/sh", ["-c", action], environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    #expect(result.status == 0, "\(result.stderr)")
    let item = try #require(action.firstMatch(of: /--clicked-item (\d+)/).map { String($0.1) })
    let clicks = recordedClicks(folder, count: 1)
    #expect(clicks.first?.hasPrefix("\(item)|item \(item): xxx") ?? false, "\(clicks)")
  }

  @Test func shortArgumentsAreStillCarriedAndNothingIsKept() throws {
    let folder = try TestFolder("ticker-oneshot-actions")
    defer { folder.remove() }
    let frame = try oneShotFrame(["alpha", "beta"], folder: folder)
    #expect(!frame.contains("--clicked-arguments"))
    #expect(frame.contains("'alpha' 'beta'"), "\(frame.prefix(300))")
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("ticker-status")))
    #expect(kept?.filter { $0.hasSuffix(".args") }.isEmpty ?? true)
  }

  @Test func keptArgumentsThatWereChangedOrAreMissingRunNothing() throws {
    let folder = try TestFolder("ticker-oneshot-actions")
    defer { folder.remove() }
    let items = (0..<100).map { "entry \($0) " + String(repeating: "y", count: 20) }
    let frame = try oneShotFrame(items, folder: folder)
    let key = try #require(
      frame.firstMatch(of: /--clicked-arguments ([0-9a-f]{16})/).map {
        String($0.1)
      })
    let path = folder.file("ticker-status/\(key).args")
    let environment = testEnvironment(["XDG_RUNTIME_DIR": folder.path])
    // Changed: its content no longer has its name's hash.
    var content = try String(contentsOfFile: path, encoding: .utf8)
    content = content.replacingOccurrences(of: "entry 0 ", with: "entry 9 ")
    try content.write(toFile: path, atomically: true, encoding: .utf8)
    for key in [key, "0123456789abcdef"] {
      let result = try runTicker(
        ["--clicked-item", "0", "--clicked-arguments", key], environment: environment)
      #expect(result.status == 0)
      #expect(
        result.stderr == "ticker-status: warning: no arguments kept under '\(key)' in the cache "
          + "folder: nothing to click\n")
    }
    // Not a key: a usage error, no path is opened.
    for bad in ["../../etc/passwd", "0123456789ABCDEF", "", "0123456789abcde"] {
      let result = try runTicker(
        ["--clicked-item", "0", "--clicked-arguments", bad], environment: environment)
      #expect(result.status == 64, "\(bad)")
    }
    usleep(200_000)
    #expect(!folder.exists("clicks"))
  }
}
