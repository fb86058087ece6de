import Foundation
import Testing

// The second attack round's bar actions (issue 28, points 9 and 12): a polybar frame
// that grew with the command line, a lemonbar line past lemonbar's 4 KiB, and a tab
// in an item refused under polybar.

@Suite(.serialized) struct BarActionAttackTests {
  /// The first frame line of a stream of `arguments`.
  private func firstFrame(_ arguments: [String], environment: [String: String]? = nil) throws
    -> (frame: String, stream: LiveProcess)
  {
    let stream = try LiveProcess(["--stream"] + arguments, environment: environment)
    let line = try #require(stream.waitForLines(1).first?.text, "\(stream.standardError)")
    return (line, stream)
  }

  @Test func aPolybarFrameDoesNotGrowWithTheArguments() throws {
    let folder = try TestFolder("ticker-bar-actions")
    defer { folder.remove() }
    let items = (0..<1000).map { "item \($0) " + String(repeating: "x", count: 90) }
    let (frame, stream) = try firstFrame(
      ["--format", "polybar", "-w", "100", "--on-click", recordingAction(folder), "--"] + items)
    defer { stream.stop() }
    // Two items on screen, five actions each, whatever the 100 KB of arguments: it
    // was 5.6 MB a frame with the arguments in every action.
    #expect(frame.utf8.count < 5_000, "\(frame.utf8.count) bytes")
    // The action still finds its item: run it as polybar would.
    let action = try #require(firstPolybarAction(in: frame), "\(frame)")
    let result = try runProcess("/bin/sh", ["-c", action])
    #expect(result.status == 0, "\(result.stderr)")
    let item = try #require(action.firstMatch(of: /--clicked-item (\d+)/).map { String($0.1) })
    let clicks = recordedClicks(folder, count: 1)
    #expect(clicks.first?.hasPrefix("\(item)|item \(item) xxx") ?? false, "\(clicks)")
  }

  @Test func aClickNamingAProcessThatIsNotAStreamRunsNothing() throws {
    let folder = try TestFolder("ticker-bar-actions")
    defer { folder.remove() }
    let sleeper = try LiveProcess(["30"], executable: "/bin/sleep")
    defer { sleeper.stop() }
    for pid in [sleeper.pid, 1, 999_999] {
      let result = try runTicker([
        "--clicked-stream", "\(pid)", "--clicked-item", "0", "--on-click", recordingAction(folder),
        "item",
      ])
      #expect(result.status == 0)
      #expect(
        result.stderr
          == "ticker-status: warning: no ticker-status stream \(pid) to click: it has gone\n")
    }
    usleep(200_000)
    #expect(!folder.exists("clicks"), "a click ran for a process that is no stream")
  }

  @Test func aTabInAnItemIsFineUnderPolybar() throws {
    let (frame, stream) = try firstFrame([
      "--format", "polybar", "-w", "20", "--on-click", "true", "tab\there",
    ])
    defer { stream.stop() }
    #expect(frame.contains("tab here"), "\(frame)")
  }

  /// lemonbar 1.4 reads at most 4 KiB of a line and draws an empty bar past it: a
  /// 120-cell frame of short items keeps to it, with fewer actions.
  @Test func aLemonbarLineFitsLemonbar() throws {
    let items = (0..<60).map { "q\($0)" }
    let (frame, stream) = try firstFrame(
      ["--format", "lemonbar", "-w", "120", "-s", "0", "--on-click", "true", "--"] + items)
    defer { stream.stop() }
    #expect(frame.utf8.count <= 4094, "\(frame.utf8.count) bytes")
    #expect(frame.contains("%{A1:"), "the left button's actions were dropped too")
    // Each action opened is closed: lemonbar pairs them.
    let opened = frame.matches(of: /%\{A[1-5]:/).count
    let closed = frame.matches(of: /%\{A\}/).count
    #expect(opened == closed, "\(opened) actions opened, \(closed) closed")
  }
}
