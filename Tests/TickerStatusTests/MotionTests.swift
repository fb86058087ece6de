import Foundation
import Testing

// Motion for people (issue 35), end to end: --loops, --motion flip and still, and the
// pause (SIGUSR1, --pause-toggle) in one-shots and streams.

/// The environment with a cache folder of the test's own.
private func environment(_ folder: TestFolder) -> [String: String] {
  scrubbedEnvironment(
    removing: ["NO_COLOR", "TMUX", "TICKER_REDUCED_MOTION"] + cacheFolderVariables,
    adding: ["XDG_RUNTIME_DIR": folder.path])
}

@Suite struct MotionTests {
  /// `--loops 1`: a stream scrolls one cycle after the command's output last changed
  /// and stands at the start; a one-shot at each of the stream's times draws the
  /// stream's frame, before the stop and after it.
  @Test func loopsAgreeInAOneShotAndAStream() throws {
    let folder = try TestFolder("ticker-loops")
    defer { folder.remove() }
    let env = environment(folder)
    let items = try folder.write("items", "AAAA BBBB\nCCCC\n")
    let shape = [
      "--format", "json", "-w", "8", "-s", "8", "--loops", "1", "--command", "cat '\(items)'",
    ]
    // The first run fills the cache, and marks when its lines changed.
    #expect(
      waitUntil(timeout: 5) {
        (try? runTicker(shape, environment: env))?.stdout.contains("AAAA") == true
      })
    let stream = try LiveProcess(["--stream"] + shape, environment: env)
    defer { stream.stop() }
    // Two cycles of 4 s at most before the stop (the first start of a cycle a cycle
    // after the change), then frames stop coming.
    var last = 0
    #expect(
      waitUntil(timeout: 12) {
        let count = stream.lines.count
        defer { last = count }
        return count > 1 && stream.lines.last.map { field("cycle", of: $0.text) == "0.0" } == true
      })
    usleep(1_500_000)
    let lines = stream.lines.map(\.text)
    stream.stop()
    try #require(lines.count >= 3)
    #expect(lines.count == last, "no frame after the stop")
    #expect(field("offset", of: lines.last!) == "0")
    #expect(frameText(lines.last!) == "AAAA BBB")
    #expect(Set(lines.compactMap { field("offset", of: $0) }).count > 2, "it scrolled first")
    for line in lines {
      let at = try #require(field("at", of: line))
      let oneShot = try runTicker(shape + ["--at", at], environment: env, timeout: 10)
      #expect(oneShot.stdout == line + "\n", "at \(at)")
    }
  }

  /// `flip` and `still` in every dialect: the stream's frame is the one-shot's, the
  /// width exact, the items whole (or cut with …), never the separator.
  @Test(arguments: [
    "plain", "ansi", "tmux", "zsh", "bash", "fish", "polybar", "lemonbar", "pango", "i3bar",
    "i3blocks", "waybar", "json",
  ])
  func flipAndStillInEveryDialect(format: String) throws {
    let folder = try TestFolder("ticker-flip")
    defer { folder.remove() }
    let env = environment(folder)
    let items = ["alpha", "a long headline", "b"]
    for (motion, plain) in [
      (["--motion", "flip", "--dwell", "1000000"], "{alpha     ,a long he…,b         }"),
      (["--motion", "still"], "alpha     "),
    ] {
      let shape = ["--format", format, "-w", "10"] + motion + items
      let oneShot = try runTicker(shape, environment: env, timeout: 10).stdout
        .trimmingCharacters(in: .newlines)
      let stream = try LiveProcess(["--stream"] + shape, environment: env)
      defer { stream.stop() }
      let skip = format == "i3bar" ? 2 : 0
      let lines = stream.waitForLines(skip + 1, timeout: 10).map(\.text)
      stream.stop()
      try #require(lines.count > skip)
      if format == "json" {
        #expect(frameText(lines[skip]) == frameText(oneShot), "\(motion)")
      } else {
        #expect(lines[skip].contains(oneShot), "\(motion): \(lines[skip]) against \(oneShot)")
      }
      let text = try runTicker(
        ["--format", "plain", "-w", "10"] + motion + items, environment: env
      ).stdout.trimmingCharacters(in: .newlines)
      if plain.hasPrefix("{") {
        #expect(plain.dropFirst().dropLast().split(separator: ",").contains(Substring(text)))
      } else {
        #expect(text == plain)
      }
    }
  }

  /// SIGUSR1 pauses a stream, marked with ǁ, and the next resumes it within a cell of
  /// where it stood; a one-shot of the same arguments shares the pause.
  @Test func sigusr1PausesAndResumesAStream() throws {
    let folder = try TestFolder("ticker-pause")
    defer { folder.remove() }
    let env = environment(folder)
    let shape = ["--format", "json", "-w", "12", "-s", "6", "AAAA BBBB", "CCCC DDDD", "EEEE"]
    let stream = try LiveProcess(["--stream"] + shape, environment: env)
    defer { stream.stop() }
    try #require(stream.waitForLines(3).count >= 3)
    stream.send(SIGUSR1)
    let paused = try #require(
      stream.waitForLine(from: 0, timeout: 5) { frameText($0)?.hasPrefix("ǁ") == true }?.line.text)
    let pausedOffset = try #require(field("offset", of: paused).flatMap { Int($0) })
    let count = stream.lines.count
    usleep(1_200_000 as UInt32)
    #expect(stream.lines.count == count, "a paused stream draws nothing new")
    // A one-shot of the same arguments, later, draws the paused frame.
    let oneShot = try runTicker(shape, environment: env, timeout: 10).stdout
    #expect(frameText(oneShot.trimmingCharacters(in: .newlines)) == frameText(paused))
    stream.send(SIGUSR1)
    let resumed = try #require(
      stream.waitForLine(from: count, timeout: 5) { frameText($0)?.hasPrefix("ǁ") == false }?.line
        .text)
    let offset = try #require(field("offset", of: resumed).flatMap { Int($0) })
    #expect(abs(offset - pausedOffset) <= 1, "resumed at \(offset), paused at \(pausedOffset)")
  }

  /// `--pause-toggle` with the same arguments pauses a running stream and the
  /// one-shots; again, resumes them where they stood. A damaged pause file is no pause.
  @Test func pauseToggleReachesStreamsAndOneShots() throws {
    let folder = try TestFolder("ticker-toggle")
    defer { folder.remove() }
    let env = environment(folder)
    let shape = ["--format", "json", "-w", "12", "-s", "6", "AAAA BBBB", "CCCC DDDD", "EEEE"]
    let stream = try LiveProcess(["--stream"] + shape, environment: env)
    defer { stream.stop() }
    try #require(stream.waitForLines(2).count >= 2)
    #expect(try runTicker(["--pause-toggle"] + shape, environment: env).status == 0)
    let paused = try #require(
      stream.waitForLine(from: 0, timeout: 5) { frameText($0)?.hasPrefix("ǁ") == true }?.line.text)
    let pausedOffset = try #require(field("offset", of: paused).flatMap { Int($0) })
    let oneShot = try runTicker(shape, environment: env).stdout
    #expect(frameText(oneShot.trimmingCharacters(in: .newlines)) == frameText(paused))
    let count = stream.lines.count
    let toggled = Date().timeIntervalSince1970
    #expect(try runTicker(["--pause-toggle", "--stream"] + shape, environment: env).status == 0)
    let resumed = try #require(
      stream.waitForLine(from: count, timeout: 5) { frameText($0)?.hasPrefix("ǁ") == false }?.line
        .text)
    // The stream notices within a quarter of a second, and goes on from where it
    // stood then: the one-shot's frame at the same time, a few cells on at most.
    let offset = try #require(field("offset", of: resumed).flatMap { Int($0) })
    let at = try #require(field("at", of: resumed))
    let late = try #require(Double(at)) - toggled
    #expect(late < 0.6, "resumed \(late) s after the toggle")
    // Cells moved on the circular strip of 31 cells ("AAAA BBBB · CCCC DDDD · EEEE · ").
    let moved = ((offset - pausedOffset) % 31 + 31) % 31
    #expect(
      Double(moved) <= 1 + 6 * late,
      "resumed at \(offset), paused at \(pausedOffset), \(late) s later")
    let same = try runTicker(shape + ["--at", at], environment: env).stdout
    #expect(same == resumed + "\n")
    stream.stop()
    // Paused by name; a damaged file is no pause, never a failure.
    #expect(try runTicker(["--pause-toggle", "--name", "n"], environment: env).status == 0)
    let named = try runTicker(
      ["--name", "n", "--format", "plain", "-w", "6", "abcdefgh"], environment: env)
    #expect(named.stdout.hasPrefix("ǁ"))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/ticker-status")
    for file in files where file.hasSuffix(".pause") {
      try Data("ticker-status pauses 1\nsince 1e400\n".utf8).write(
        to: URL(fileURLWithPath: folder.path + "/ticker-status/" + file))
    }
    let damaged = try runTicker(
      ["--name", "n", "--format", "plain", "-w", "6", "abcdefgh"], environment: env)
    #expect(damaged.status == 0 && !damaged.stdout.hasPrefix("ǁ") && damaged.stdout.count == 7)
  }

  /// `TICKER_REDUCED_MOTION=1` makes `flip` the default; `--motion` still chooses.
  @Test func reducedMotionMakesFlipTheDefault() throws {
    let folder = try TestFolder("ticker-reduced")
    defer { folder.remove() }
    var env = environment(folder)
    env["TICKER_REDUCED_MOTION"] = "1"
    let shape = ["--format", "plain", "-w", "8", "--at", "0", "a long headline", "b"]
    #expect(try runTicker(shape, environment: env).stdout == "a long …\n")
    #expect(try runTicker(shape + ["--motion", "wrap"], environment: env).stdout == "a long h\n")
    env["TICKER_REDUCED_MOTION"] = "0"
    #expect(try runTicker(shape, environment: env).stdout == "a long h\n")
  }

  /// `--pause-toggle`s at the same moment take turns on the state file's lock: none
  /// is lost (each round of 11 leaves the ticker paused or running in turn, with every
  /// pause kept).
  @Test func togglesAtOnceAreAllKept() throws {
    let folder = try TestFolder("ticker-toggles")
    defer { folder.remove() }
    let env = RunWatchdog.marked(environment(folder))
    for round in 1...2 {
      let toggles = (0..<11).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tickerBinary)
        process.arguments = ["--pause-toggle", "--name", "many"]
        process.environment = env
        process.standardError = FileHandle.nullDevice
        return process
      }
      for process in toggles { try process.run() }
      for process in toggles {
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
      }
      let folderPath = folder.path + "/ticker-status"
      let name = try #require(
        try FileManager.default.contentsOfDirectory(atPath: folderPath).first {
          $0.hasSuffix(".pause")
        })
      let record = try String(contentsOfFile: folderPath + "/" + name, encoding: .utf8)
      let lines = record.split(separator: "\n")
      let pauses = lines.filter { $0.hasPrefix("pause ") }.count
      let paused = !lines.contains("since -")
      #expect(pauses * 2 + (paused ? 1 : 0) == 11 * round, "round \(round):\n\(record)")
    }
  }

  /// `--pause-button 2`: the bar's middle click (an i3bar click event on standard
  /// input) pauses the stream and the next resumes it, without running `--on-click`;
  /// another button's click while paused acts on the item the paused frame shows.
  @Test func pauseButtonTogglesAStreamFromTheBar() throws {
    let folder = try TestFolder("ticker-pause-button")
    defer { folder.remove() }
    let shape = [
      "--format", "i3bar", "-w", "12", "-s", "6", "--on-click", recordingAction(folder),
      "AAAA BBBB", "CCCC DDDD", "EEEE",
    ]
    let stream = try LiveProcess(
      ["--stream", "--pause-button", "2"] + shape, environment: environment(folder),
      feedsInput: true)
    defer { stream.stop() }
    stream.write("[\n")
    try #require(stream.waitForLines(4).count >= 4, "\(stream.standardError)")
    stream.write("{\"name\":\"t\",\"button\":2,\"relative_x\":5,\"width\":120}\n")
    let paused = try #require(
      stream.waitForLine(from: 2, timeout: 5) { $0.contains("\"full_text\":\"ǁ") }?.line.text)
    let count = stream.lines.count
    usleep(1_500_000)
    #expect(stream.lines.count == count, "a paused stream draws nothing new")
    // The first letter after the mark, and the item it belongs to.
    let text = Array(try #require(paused.split(separator: "\"").dropFirst(3).first))
    let column = try #require(text.indices.dropFirst().first { text[$0].isLetter })
    let item = "AB".contains(text[column]) ? 0 : "CD".contains(text[column]) ? 1 : 2
    stream.write(",{\"name\":\"t\",\"button\":1,\"relative_x\":\(column * 10 + 5),\"width\":120}\n")
    let clicks = recordedClicks(folder, count: 1)
    #expect(
      clicks.count == 1 && clicks.first?.hasPrefix("\(item)|") == true, "\(clicks) on \(paused)")
    stream.write(",{\"name\":\"t\",\"button\":2,\"relative_x\":5,\"width\":120}\n")
    let resumed = stream.waitForLine(from: count, timeout: 5) {
      $0.contains("full_text") && !$0.contains("ǁ")
    }
    #expect(resumed != nil, "not resumed: \(stream.lines.suffix(3).map(\.text))")
    usleep(300_000)
    #expect(folder.lineCount("clicks") == 1, "--on-click ran for the pause button")
    // A key binding's toggle, the stream's arguments less --stream and --pause-button,
    // pauses it too (contrib/i3/config binds one).
    let running = stream.lines.count
    #expect(try runTicker(["--pause-toggle"] + shape, environment: environment(folder)).status == 0)
    #expect(
      stream.waitForLine(from: running, timeout: 5) { $0.contains("\"full_text\":\"ǁ") } != nil,
      "--pause-toggle without --pause-button did not reach the stream")
    // Only where a stream reads the bar's clicks; a button from 1 to 5.
    for arguments in [
      ["--pause-button", "2"], ["--stream", "--format", "waybar", "--pause-button", "2"],
      ["--stream", "--format", "i3bar", "--pause-button", "9"],
    ] {
      let refused = try runTicker(arguments + ["x"], environment: environment(folder))
      #expect(refused.status == 64 && refused.stderr.contains("--pause-button"), "\(arguments)")
    }
  }
}
