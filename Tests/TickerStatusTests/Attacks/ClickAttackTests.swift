import Foundation
import Testing

// The second attack round's clicks (issue 28, points 1 and 2): numbers of any size in
// a click event, and a flood of clicks.

@Suite(.serialized) struct ClickAttackTests {
  /// `relative_x` of any size lands in the window (clamped), or the event is skipped
  /// with the one warning; the stream neither traps nor stops.
  @Test func hugeAndInvalidPositionsAreClampedOrSkipped() throws {
    let folder = try TestFolder("ticker-click-attack")
    defer { folder.remove() }
    let arguments = ["-w", "12", "-s", "0", "--", "first", "second"]
    let owner = try itemOwners(arguments)
    let stream = try LiveProcess(
      ["--stream", "--format", "i3bar", "--on-click", recordingAction(folder)] + arguments,
      feedsInput: true)
    defer { stream.stop() }
    stream.waitForLines(3)
    stream.write("[\n")
    for x in ["1e30", "-1e30", "1e400", "NaN", "\"5\""] {
      stream.write("{\"button\":1,\"relative_x\":\(x),\"width\":1},\n")
      usleep(50_000)
    }
    let first = try #require(owner[0])
    let last = try #require(owner[11])
    let clicks = recordedClicks(folder, count: 2)
    #expect(
      clicks.sorted()
        == [
          expectedClick(["first", "second"], last, button: 1),
          expectedClick(["first", "second"], first, button: 1),
        ].sorted())
    usleep(300_000)
    #expect(stream.process.isRunning, "the stream ended: \(stream.standardError)")
    #expect(
      stream.standardError
        == "ticker-status: warning: standard input holds a line that is not a click event;"
        + " skipping such lines\n")
  }

  /// 500 clicks at once start at most a few actions; the rest are dropped with one
  /// warning, and the stream keeps drawing.
  @Test func aFloodOfClicksStartsAFewActions() throws {
    let marker = "3.\(Int.random(in: 100_000...999_999))"
    defer {
      for pid in livePrograms(startingWith: "sleep \(marker)") { kill(pid, SIGKILL) }
    }
    let stream = try LiveProcess(
      [
        "--stream", "--format", "i3bar", "-w", "20", "--on-click", "exec sleep \(marker)",
        "--demo",
      ], feedsInput: true)
    defer { stream.stop() }
    stream.waitForLines(3)
    stream.write(
      "[\n" + String(repeating: "{\"button\":1,\"relative_x\":1,\"width\":20},\n", count: 500))
    var most = 0
    waitUntil(timeout: 2) {
      most = max(most, livePrograms(startingWith: "sleep \(marker)").count)
      return false
    }
    #expect(most >= 1 && most <= 4, "\(most) actions ran at once")
    #expect(
      stream.standardError.contains(
        "warning: 4 --on-click actions are still running; dropping clicks until one ends"),
      "\(stream.standardError)")
    let lines = stream.lines.count
    #expect(stream.waitForLines(lines + 1, timeout: 3).count > lines, "frames stopped")
  }
}
