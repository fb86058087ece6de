import Foundation
import Testing

// Issue 26, end to end with a real MPRIS player: mpv with the mpv-mpris plugin, headless
// on a private session bus, over tagged audio files the test makes with sox;
// playerctl drives it, and the README's one command line (`--stream --follow
// --command 'playerctl --follow metadata …' --player-status`) shows it.

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
    guard mprisPlugin != nil else { return }
    let player = try PrivatePlayer()
    defer { player.stop() }
    let environment = player.environment
    func control(_ arguments: String...) {
      _ = try? runProcess(which("playerctl")!, arguments, environment: environment, timeout: 10)
    }

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
    player.quit()
    let gone = frames.waitForLine(from: again! + 1) { $0.hasPrefix("no player") }
    #expect(gone != nil, "no 'no player' frame: \(frames.lines.suffix(5))")
    #expect(!livePrograms(startingWith: "playerctl --ignore-player=\(marker)").isEmpty)

    // The bar goes: the ticker ends, and its playerctl with it. A new player makes a
    // frame come, should the closed pipe go unnoticed until then.
    frames.close()
    try player.play()
    #expect(waitForExit(ticker, timeout: 15) == 0, "the ticker did not end with its reader")
    tickerEnded = true
    #expect(
      waitUntil(timeout: 5) {
        livePrograms(startingWith: "playerctl --ignore-player=\(marker)").isEmpty
      }, "playerctl outlived the ticker")
  }

  /// The command line of a recipe in `contrib/nowplaying/`, as its host hands it to
  /// `/bin/sh -c`.
  static func recipeCommand(_ name: String) throws -> String {
    let text = try contents("contrib/nowplaying/" + name)
    for line in text.split(separator: "\n") {
      if line.hasPrefix("exec = ") { return String(line.dropFirst(7)) }
      if line.hasPrefix("command=") { return String(line.dropFirst(8)) }
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.hasPrefix("\"exec\": ") {
        let value = trimmed.dropFirst(8).dropLast(trimmed.hasSuffix(",") ? 1 : 0)
        return try JSONDecoder().decode(String.self, from: Data(value.utf8))
      }
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  @Test(
    "each recipe's one command line shows the song from its start, and leaves no playerctl when its bar goes",
    .enabled(if: playerPrograms.allSatisfy { which($0) != nil }), .timeLimit(.minutes(2)),
    arguments: ["polybar.ini", "waybar.jsonc", "i3blocks.conf"])
  func recipe(_ name: String) throws {
    guard mprisPlugin != nil else { return }
    let command = try Self.recipeCommand(name)
    #expect(command.hasPrefix("ticker-status "))
    let player = try PrivatePlayer()
    defer { player.stop() }
    var environment = player.environment
    environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let shell = try spawnClean(
      ["/bin/sh", "-c", command], environment: environment, stdout: .descriptor(ends[1]))
    close(ends[1])
    var ended = false
    defer { if !ended { _ = waitForExit(shell, timeout: 0) } }
    let frames = PipeLines(reading: ends[0])
    defer { frames.close() }
    let start = "▶ " + Self.titles[0].prefix(16)
    #expect(
      frames.waitForLine { $0.contains(start) } != nil,
      "\(name): no frame with '\(start)': \(frames.lines.suffix(3))")
    #expect(!player.programs(startingWith: "playerctl --follow metadata").isEmpty)
    frames.close()
    #expect(waitForExit(shell, timeout: 15) == 0, "\(name): the ticker did not end with its bar")
    ended = true
    #expect(
      waitUntil(timeout: 5) {
        player.programs(startingWith: "playerctl --follow metadata").isEmpty
      },
      "\(name): playerctl outlived the ticker")
  }

  @Test(
    "the tmux recipe: the song in @nowplaying, and nothing left when the server ends",
    .enabled(if: (playerPrograms + ["tmux"]).allSatisfy { which($0) != nil }),
    .timeLimit(.minutes(2)))
  func tmuxRecipe() throws {
    guard mprisPlugin != nil else { return }
    let player = try PrivatePlayer()
    defer { player.stop() }
    var environment = player.environment
    environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    // tmux shows ▶ and ⏸ to a client only in a UTF-8 locale (else as _), whatever the
    // test's own environment holds.
    environment["LC_ALL"] = "C.UTF-8"
    let socket = player.folder.file("tmux")
    let tmux = which("tmux")!
    let started = try spawnClean(
      [
        tmux, "-S", socket, "-f", repositoryFile("contrib/nowplaying/tmux.conf"), "new-session",
        "-d", "-x", "80", "-y", "5",
      ], environment: environment)
    #expect(waitForExit(started, timeout: 10) == 0)
    func option() -> String {
      (try? runProcess(
        tmux, ["-S", socket, "show", "-gv", "@nowplaying"], environment: environment, timeout: 5))?
        .stdout ?? ""
    }
    defer { _ = try? runProcess(tmux, ["-S", socket, "kill-server"], environment: environment) }
    let start = "▶ " + Self.titles[0].prefix(16)
    #expect(waitUntil(timeout: 15) { option().contains(start) }, "@nowplaying: \(option())")
    player.control("pause")
    #expect(waitUntil(timeout: 10) { option().hasPrefix("⏸ ") }, "@nowplaying: \(option())")
    _ = try runProcess(tmux, ["-S", socket, "kill-server"], environment: environment)
    #expect(
      waitUntil(timeout: 5) {
        player.programs(startingWith: "playerctl --follow metadata").isEmpty
          && player.programs(startingWith: "ticker-status --stream --tmux-option @nowplaying")
            .isEmpty
      }, "the stream or its playerctl outlived the tmux server")
  }

  @Test func aOneShotOfAFollowedLineTakesTheStatusOffAndStandsStillWhilePaused() throws {
    let title = "Song One with a rather long title - Band"
    let common = [
      "-f", "-", "--follow", "--player-status", "--before", "▶ ", "--paused-before", "⏸ ",
      "-w", "20", "--format", "plain",
    ]
    for at in ["1700000000", "1700000003.5"] {
      // Its items come as it draws: with restart (the default with --follow), at the start.
      let playing = try runTicker(common + ["--at", at], stdin: Array("Playing \(title)\n".utf8))
      #expect(playing.stdout == "▶ " + title.prefix(18) + "\n")
      let paused = try runTicker(common + ["--at", at], stdin: Array("Paused \(title)\n".utf8))
      #expect(paused.stdout == "⏸ " + title.prefix(18) + "\n")
    }
    // keep: where the clock puts the window, as without --follow.
    let kept = try runTicker(
      common + ["--on-change", "keep", "--at", "1700000003.5"],
      stdin: Array("Playing \(title)\n".utf8))
    let clock = try runTicker([
      "-w", "20", "--format", "plain", "--before", "▶ ", "--at", "1700000003.5", title,
    ])
    #expect(kept.stdout == clock.stdout && kept.stdout != "▶ " + title.prefix(18) + "\n")
    // No items: the chosen nothing, without the fixed parts; a stopped player's line
    // (its metadata empty) is none either.
    for line in ["\n", "Stopped  - \n", "Stopped\n"] {
      let none = try runTicker(common + ["--empty", "no player"], stdin: Array(line.utf8))
      #expect(none.stdout == "no player" + String(repeating: " ", count: 11) + "\n", "\(line)")
    }
  }

  @Test func whatTheNowPlayingOptionsNeed() throws {
    for arguments in [
      // (A one-shot --command restarts from its cache's change: CommandCacheTests.)
      ["--paused-before", "x", "item"], ["--follow", "--command", "true"],
      ["--on-change", "later", "item"],
    ] {
      #expect(try runTicker(arguments).status == 64, "\(arguments)")
    }
  }
}
