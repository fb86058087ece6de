import Foundation
import Testing

// A click at the left edge (waybar's on-click, which gets no pointer position) acts on
// the item the frame showed there at that moment: the click builds its ticker as a
// one-shot frame does, with the items' last change (--on-change restart), the
// player's status (--player-status) and the time (--at).

@Suite struct ClickTimeTests {
  /// The index of the item at the left edge of the one-shot frame of `arguments` at
  /// `time` (`--format json`'s `item`).
  private func leftItem(_ arguments: [String], at time: Double, folder: TestFolder) throws -> Int {
    let result = try runTicker(
      arguments + ["--format", "json", "--at", String(time)],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return try #require(object?["item"] as? Int, "\(result.stdout)")
  }

  /// The index `--clicked-item left` acts on at `time`, as the action records it.
  private func clickedLeftItem(_ arguments: [String], at time: Double, folder: TestFolder) throws
    -> Int?
  {
    try? FileManager.default.removeItem(atPath: folder.file("clicks"))
    let result = try runTicker(
      arguments + [
        "--format", "json", "--at", String(time), "--clicked-item", "left",
        "--on-click", recordingAction(folder),
      ], environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    #expect(result.status == 0, "\(result.stderr)")
    return recordedClicks(folder, count: 1).first.flatMap { Int($0.split(separator: "|")[0]) }
  }

  /// Five items from a command, its output in the cache (the first call waits for it).
  private func cachedCommand(_ folder: TestFolder, _ name: String, lines: [String]) throws
    -> String
  {
    let items = try folder.write(name, lines.joined(separator: "\n") + "\n")
    let command = "cat '\(items)'"
    #expect(
      waitUntil(timeout: 10) {
        let frame = try? runTicker(
          ["--command", command, "-w", "12", "--every", "3600"],
          environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
        return !(frame?.stdout.contains("loading") ?? true)
      })
    return command
  }

  @Test func aLeftClickActsOnTheItemARestartedFrameShows() throws {
    // The items' change (when the command's output was stored) may fall a whole strip
    // from the epoch's phase, so that a restarted frame and one from the epoch show the
    // same item at the left at every moment: then a new change, in a new folder.
    for _ in 0..<3 {
      let folder = try TestFolder("ticker-click-time")
      defer { folder.remove() }
      let command = try cachedCommand(
        folder, "items",
        lines: ["Alpha one", "Bravo two", "Charlie three", "Delta four", "Echo five"])
      let common = ["--command", command, "-w", "12", "--every", "3600"]
      let restarted = common + ["--on-change", "restart"]
      // A moment at which the restarted frame and one from the epoch differ at the left.
      let now = Date().timeIntervalSince1970
      var moment: Double?
      for step in 0..<80 {
        let time = (now + Double(step) * 0.5).rounded()
        if try leftItem(restarted, at: time, folder: folder)
          != leftItem(common, at: time, folder: folder)
        {
          moment = time
          break
        }
      }
      guard let time = moment else { continue }
      try clicksActOnTheItemShown(restarted, at: time, folder: folder)
      return
    }
    Issue.record("no moment where the two frames differ, after three changes")
  }

  /// A left click at `time`, and at a time 7 s later, acts on the item the frame of
  /// `restarted` shows at the left then.
  private func clicksActOnTheItemShown(_ restarted: [String], at time: Double, folder: TestFolder)
    throws
  {
    let shown = try leftItem(restarted, at: time, folder: folder)
    #expect(try clickedLeftItem(restarted, at: time, folder: folder) == shown)
    // And a click at another time acts on that time's item.
    let later = time + 7
    #expect(
      try clickedLeftItem(restarted, at: later, folder: folder)
        == leftItem(restarted, at: later, folder: folder))
  }

  @Test func aLeftClickWhileThePlayerIsPausedActsOnTheFirstItem() throws {
    let folder = try TestFolder("ticker-click-time")
    defer { folder.remove() }
    let lines = ["Alpha one", "Bravo two", "Charlie three", "Delta four", "Echo five"]
    let paused = try cachedCommand(folder, "paused", lines: lines.map { "Paused " + $0 })
    let playing = try cachedCommand(folder, "playing", lines: lines.map { "Playing " + $0 })
    let common = ["--player-status", "-w", "12", "--every", "3600"]
    // A moment at which a playing ticker shows another item than the first.
    var moment: Double?
    for step in 1..<40 {
      let time = Double(step) * 0.75
      if try leftItem(common + ["--command", playing], at: time, folder: folder) != 0 {
        moment = time
        break
      }
    }
    let time = try #require(moment)
    let arguments = common + ["--command", paused]
    #expect(try leftItem(arguments, at: time, folder: folder) == 0)
    #expect(try clickedLeftItem(arguments, at: time, folder: folder) == 0)
  }

  /// Paused (`--pause-toggle`), the frame stands, and a left click at any later time
  /// acts on the item it shows, not on the one the motion would have moved to.
  @Test func aLeftClickWhileTickerIsPausedActsOnThePausedItem() throws {
    let folder = try TestFolder("ticker-click-time")
    defer { folder.remove() }
    let arguments = [
      "--name", "paused", "-w", "12", "-s", "6", "Alpha one", "Bravo two", "Charlie three",
      "Delta four", "Echo five",
    ]
    let toggled = try runTicker(
      ["--pause-toggle", "--name", "paused"],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    #expect(toggled.status == 0, "\(toggled.stderr)")
    let now = Date().timeIntervalSince1970.rounded(.up)
    let shown = try leftItem(arguments, at: now + 1, folder: folder)
    for later in stride(from: 1.0, through: 31, by: 2.5) {
      #expect(try leftItem(arguments, at: now + later, folder: folder) == shown, "paused")
      #expect(
        try clickedLeftItem(arguments, at: now + later, folder: folder) == shown, "\(later) s on")
    }
  }
}
