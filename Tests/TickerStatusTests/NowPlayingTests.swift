import Foundation
import Testing

// Issue 26, end to end with a real MPRIS player: mpv with the mpv-mpris plugin, headless
// on a private session bus, over tagged audio files the test makes with sox;
// playerctl drives it, and the README's one command line (`--stream --follow
// --command 'playerctl --follow metadata …' --player-status`) shows it.

private let playerPrograms = ["mpv", "playerctl", "dbus-daemon", "sox"]
private let mprisPlugin = "/etc/mpv/scripts/mpris.so"

/// Lines read from a pipe as they come, on a thread of their own, which closes the
/// pipe when told to (`close()`): the bar going away.
private final class PipeLines: @unchecked Sendable {
  private let collected = Locked<[String]>([])
  private let closing = Locked(false)
  private let closed = Locked(false)

  init(reading descriptor: Int32) {
    let lines = collected
    let closing = closing
    let closed = closed
    Thread.detachNewThread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while !closing.get() {
        var watch = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&watch, 1, 100) > 0 else { continue }
        let count = read(descriptor, &buffer, buffer.count)
        if count <= 0 { break }
        pending += buffer[..<count]
        var fresh: [String] = []
        while let end = pending.firstIndex(of: 0x0A) {
          fresh.append(String(decoding: pending[..<end], as: UTF8.self))
          pending.removeSubrange(...end)
        }
        if !fresh.isEmpty { lines.update { $0 += fresh } }
      }
      Glibc.close(descriptor)
      closed.set(true)
    }
  }

  var lines: [String] { collected.get() }

  /// Closes the pipe, and waits until it is closed.
  func close() {
    closing.set(true)
    _ = waitUntil(timeout: 5) { self.closed.get() }
  }

  /// Waits for the first line at `from` or later that satisfies `predicate`; its index.
  func waitForLine(from start: Int = 0, timeout: Double = 15, where predicate: (String) -> Bool)
    -> Int?
  {
    var found: Int?
    _ = waitUntil(timeout: timeout) {
      let lines = self.lines
      guard start < lines.count else { return false }
      found = lines[start...].firstIndex(where: predicate)
      return found != nil
    }
    return found
  }
}

@Suite(.serialized) struct NowPlayingTests {
  /// The tracks: each title longer than the window, so that it scrolls.
  static let titles = [
    "Alpha comes first and it goes on", "Bravo follows and it goes on",
    "Charlie closes and it goes on",
  ]
  static let width = 24

  /// What the frame shows of `title` from its first cell, after `icon`.
  static func start(_ icon: String, _ title: String) -> String {
    let text = icon + title + " - Band"
    return String(text.prefix(width)).padding(toLength: width, withPad: " ", startingAt: 0)
  }

  @Test(
    "a real player: new tracks from their first cell, paused stands still, the player gone, no playerctl left",
    .enabled(if: playerPrograms.allSatisfy { which($0) != nil }), .timeLimit(.minutes(2)))
  func realPlayer() throws {
    guard FileManager.default.fileExists(atPath: mprisPlugin) else { return }
    let folder = try TestFolder("ticker-nowplaying")
    defer { folder.remove() }
    var tracks: [String] = []
    for (index, title) in Self.titles.enumerated() {
      let path = folder.file("\(index).ogg")
      let made = try runProcess(
        which("sox")!,
        [
          "-n", "--comment", "title=\(title)", "--comment", "artist=Band", path, "synth", "60",
          "sine", "440",
        ])
      #expect(made.status == 0)
      tracks.append(path)
    }
    // A private session bus, and the player on it.
    let address = "unix:path=" + folder.file("bus")
    let bus = try spawnClean([
      which("dbus-daemon")!, "--session", "--nofork", "--address=\(address)",
    ])
    defer { _ = waitForExit(bus, timeout: 0) }
    var environment = testEnvironment(["DBUS_SESSION_BUS_ADDRESS": address])
    environment.removeValue(forKey: "DISPLAY")
    #expect(waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: folder.file("bus")) })
    let player = try spawnClean(
      [
        which("mpv")!, "--no-config", "--no-video", "--ao=null", "--script=\(mprisPlugin)",
      ] + tracks, environment: environment)
    defer { _ = waitForExit(player, timeout: 0) }
    let playerctl = which("playerctl")!
    func control(_ arguments: String...) {
      _ = try? runProcess(playerctl, arguments, environment: environment, timeout: 10)
    }
    #expect(
      waitUntil(timeout: 15) {
        (try? runProcess(playerctl, ["-l"], environment: environment, timeout: 5))?.stdout
          .contains("mpv") == true
      })

    // The ticker, as the README's recipe runs it; its standard output is the bar's pipe.
    let marker = "np-" + UUID().uuidString.prefix(8)
    let follow =
      "playerctl --ignore-player=\(marker) --follow metadata --format '{{status}} {{title}} - {{artist}}'"
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let ticker = try spawnClean(
      [
        tickerBinary, "--stream", "--follow", "--command", follow, "--player-status",
        "--before", "▶ ", "--paused-before", "⏸ ", "--empty", "no player", "--format",
        "plain", "-w", String(Self.width), "-s", "8", "--dwell", "0.5",
      ], environment: environment, stdout: .descriptor(ends[1]))
    close(ends[1])
    var tickerEnded = false
    defer { if !tickerEnded { _ = waitForExit(ticker, timeout: 0) } }
    let frames = PipeLines(reading: ends[0])
    defer { frames.close() }

    // Each new track's title from its first cell, then moving.
    var seen = 0
    for (index, title) in Self.titles.enumerated() {
      if index > 0 { control("next") }
      let first = frames.waitForLine(from: seen) { $0.contains(title.prefix(5)) }
      try #require(first != nil, "no frame of '\(title)': \(frames.lines.suffix(5))")
      #expect(
        frames.lines[first!] == Self.start("▶ ", title),
        "track \(index + 1) began at '\(frames.lines[first!])', not at its start")
      let moved = frames.waitForLine(from: first! + 1) {
        $0.hasPrefix("▶ ") && $0.contains(title.prefix(5).dropFirst()) && $0 != frames.lines[first!]
      }
      #expect(moved != nil, "track \(index + 1) did not move: \(frames.lines.suffix(5))")
      seen = (moved ?? first!) + 1
    }
    let title = Self.titles.last!

    // Paused: the paused icon, the title at its start, and no frame after.
    control("pause")
    let paused = frames.waitForLine(from: seen) { $0.hasPrefix("⏸ ") }
    try #require(paused != nil, "no paused frame: \(frames.lines.suffix(5))")
    #expect(frames.lines[paused!] == Self.start("⏸ ", title))
    Thread.sleep(forTimeInterval: 1.5)
    #expect(frames.lines.count == paused! + 1, "frames while paused: \(frames.lines[paused!...])")

    // Playing again: it moves.
    control("play")
    let again = frames.waitForLine(from: paused! + 1) { $0.hasPrefix("▶ ") }
    try #require(again != nil, "no frame after play: \(frames.lines.suffix(5))")
    let moving = frames.waitForLine(from: again! + 1) {
      $0.hasPrefix("▶ ") && $0 != frames.lines[again!]
    }
    #expect(moving != nil, "still after play: \(frames.lines.suffix(5))")

    // The player quits: the chosen nothing.
    kill(player, SIGTERM)
    let gone = frames.waitForLine(from: again! + 1) { $0.hasPrefix("no player") }
    #expect(gone != nil, "no 'no player' frame: \(frames.lines.suffix(5))")
    #expect(!livePrograms(startingWith: "playerctl --ignore-player=\(marker)").isEmpty)

    // The bar goes: the ticker ends at its next frame, and its playerctl with it. A new
    // player makes that frame come.
    frames.close()
    let second = try spawnClean(
      [which("mpv")!, "--no-config", "--no-video", "--ao=null", "--script=\(mprisPlugin)"]
        + tracks, environment: environment)
    defer { _ = waitForExit(second, timeout: 0) }
    #expect(waitForExit(ticker, timeout: 15) == 0, "the ticker did not end with its reader")
    tickerEnded = true
    #expect(
      waitUntil(timeout: 5) {
        livePrograms(startingWith: "playerctl --ignore-player=\(marker)").isEmpty
      }, "playerctl outlived the ticker")
  }
}
