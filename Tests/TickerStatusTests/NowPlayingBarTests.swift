import Foundation
import Testing

// Issue 26 in the real bars: contrib/nowplaying's polybar and waybar recipes, each
// module as written (only `ticker-status` changed to the session's copy) alone in a
// bar at the top of a virtual screen, fed by a real player (mpv with mpv-mpris on a
// private session bus, `PrivatePlayer`) and looked at in screenshots. A second bar at
// the bottom draws, as a fixed text, the frame the paused song must show, written out
// by the test: the paused module must look the same, pixel for pixel.
// Screenshots of the last run stay in .build/bar-screenshots/nowplaying-<bar>/.

/// The background of both bars: a colour nothing else on the screens has, so that each
/// bar is found by it.
private let barBackground = Pixel("#1d2b3a")

/// The frame a recipe shows while the first track is paused, written out here rather
/// than by the code under test: its `--paused-before`, then the title and artist from
/// their first cell, cut to its `-w` (a cell a character: the titles are ASCII, the
/// icons one cell wide).
private func pausedFrame(_ command: String) throws -> String {
  let width = try #require(
    command.firstMatch(of: /-w (\d+)/).flatMap { Int($0.1) }, "no -w in \(command)")
  let icon = try #require(
    command.firstMatch(of: /--paused-before '([^']*)'/).map { String($0.1) },
    "no --paused-before in \(command)")
  let title = try #require(NowPlayingTests.titles.first)
  return String((icon + title + " - Band").prefix(width))
}

/// A screenshot from `screenshot`, after a pause when `again` (a wait's next try: no
/// need to take them back to back on a machine the bars share).
private func nextShot(_ screenshot: () throws -> Shot, again: inout Bool) -> Shot? {
  if again { usleep(250_000) }
  again = true
  return try? screenshot()
}

/// How many pixels of `box` in `shot` are not the bars' background: the text drawn.
private func textPixels(_ shot: Shot, _ box: Box) -> Int {
  shot.count(in: box) { $0 != barBackground }
}

/// The pixels of `box` in `shot`, a row after another.
private func pixels(_ shot: Shot, _ box: Box) -> [Pixel] {
  let bytes = shot.bytes(in: box)
  return stride(from: 0, to: bytes.count - 2, by: 3).map {
    Pixel(bytes[$0], bytes[$0 + 1], bytes[$0 + 2])
  }
}

/// Runs the checks both bars share on a bar that shows a recipe's module alone at the
/// top of the screen, and the paused frame as a fixed text at the bottom: the song is
/// drawn and moves; paused, it stands still longer than the recipe's `--dwell` (so that
/// the rest at the left edge cannot pass for a pause), unlike any playing shot and like
/// the reference; played again, it moves; with the player gone the module is blank;
/// and once the bars have been sent SIGTERM, no ticker-status, playerctl or other
/// process on the player's bus is left.
///
/// - Parameters:
///   - command: The recipe's command line, for its `--dwell`.
///   - text: What the reference bar shows: the paused frame.
///   - bars: The bars' processes, sent SIGTERM at the end.
///   - screenshot: Takes a screenshot of the whole screen.
///   - log: The recipe's bar's log, for the failure messages.
private func checkRecipeBar(
  _ session: BarSession, player: PrivatePlayer, command: String, reference text: String,
  bars: [pid_t], screenshot: () throws -> Shot, log: () -> String
) throws {
  let dwell = command.firstMatch(of: /--dwell ([0-9.]+)/).flatMap { Double($0.1) } ?? 0
  let see = "see \(session.shots)"

  // Both bars drawn, with text in each: the recipe's bar is the module's place, as it
  // holds nothing else.
  var found: (shot: Shot, module: Box, reference: Box)?
  var retry = false
  waitUntil(timeout: 20) {
    guard let shot = nextShot(screenshot, again: &retry) else { return false }
    let half = shot.height / 2
    let top = Box(minX: 0, minY: 0, maxX: shot.width - 1, maxY: half - 1)
    let bottom = Box(minX: 0, minY: half, maxX: shot.width - 1, maxY: shot.height - 1)
    guard let module = shot.boundingBox(of: barBackground, in: top),
      let reference = shot.boundingBox(of: barBackground, in: bottom),
      textPixels(shot, module) > 50, textPixels(shot, reference) > 50
    else { return false }
    found = (shot, module, reference)
    return true
  }
  let drawn = try #require(
    found,
    """
    \(session.name) drew no song in 20 s; \(see); its log: \
    \(log().split(separator: "\n").suffix(5).joined(separator: "\n"))
    """)
  let module = drawn.module
  #expect(
    drawn.reference.width == module.width && drawn.reference.height == module.height,
    "the reference bar \(drawn.reference) is not the size of the recipe's \(module); \(see)")
  let reference = Box(
    minX: module.minX, minY: drawn.reference.minY, maxX: module.maxX,
    maxY: drawn.reference.minY + module.height - 1)

  // What the bar runs: the recipe's ticker-status and its playerctl, which must end
  // with it.
  let below = bars.flatMap(descendants(of:))
  let tickers = below.filter { commandLine($0).hasPrefix(session.binary + " ") }
  let followers = below.filter { commandLine($0).hasPrefix("playerctl ") }
  #expect(
    !tickers.isEmpty && !followers.isEmpty,
    "no ticker-status or no playerctl below the bar: \(below.map(commandLine))")

  func same(_ one: Shot, _ other: Shot) -> Bool {
    one.bytes(in: module) == other.bytes(in: module)
  }
  /// Shots about a second apart from `start` (else a new one), for up to `timeout`
  /// seconds or until two in a row differ in the module: the shots, and whether two
  /// did.
  func motion(from start: Shot? = nil, timeout: Double) throws -> (shots: [Shot], moved: Bool) {
    let start = try start ?? screenshot()
    var shots = [start]
    var last = start
    while last.time < start.time + timeout {
      Thread.sleep(forTimeInterval: max(0, last.time + 1 - session.elapsed))
      let next = try screenshot()
      shots.append(next)
      if !same(last, next) { return (shots, true) }
      last = next
    }
    return (shots, false)
  }

  // Playing: it scrolls (after the rest at the left edge).
  let playing = try motion(timeout: dwell + 6)
  #expect(
    playing.moved,
    "the song stood still while playing, \(playing.shots.count) shots a second apart; \(see)")

  // Paused: it stands still, with the paused icon, which no playing shot shows, and
  // looks like the reference.
  player.control("pause")
  Thread.sleep(forTimeInterval: 0.5)
  let span = dwell + 1.5
  var still: Shot?
  var pausedShots: [Shot] = []
  let pausedAt = session.elapsed
  while still == nil && session.elapsed < pausedAt + span + 8 {
    let shot = try screenshot()
    pausedShots.append(shot)
    let run = pausedShots.reversed().prefix { same($0, shot) }
    if let first = run.last, shot.time - first.time >= span { still = first }
    if still == nil { Thread.sleep(forTimeInterval: 1.5) }
  }
  let paused = try #require(
    still,
    """
    paused, the song did not stand still for \(span) s in \(pausedShots.count) shots 1.5 s \
    apart; \(see)
    """)
  let alike = ([drawn.shot] + playing.shots).filter { same($0, paused) }.map(\.name)
  #expect(
    alike.isEmpty, "paused, the module looks as it did playing: \(paused.name) is \(alike); \(see)")
  let (drawnPixels, wanted) = (pixels(paused, module), pixels(paused, reference))
  let differing =
    drawnPixels.count == wanted.count
    ? zip(drawnPixels, wanted).count { $0 != $1 } : max(drawnPixels.count, wanted.count)
  #expect(
    differing == 0,
    """
    paused, the module does not show '\(text)' as the reference bar below does: \(differing) \
    pixels differ in \(paused.path)
    """)

  // Playing again: the playing frame, and then it moves (the change from the paused
  // frame is not motion).
  player.control("play")
  var resumed: Shot?
  retry = false
  waitUntil(timeout: 10) {
    guard let shot = nextShot(screenshot, again: &retry), !same(shot, paused) else {
      return false
    }
    resumed = shot
    return true
  }
  let playingAgain = try #require(
    resumed, "played again, the module still shows the paused frame; \(see)")
  let again = try motion(from: playingAgain, timeout: dwell + 6)
  #expect(
    again.moved,
    "played again, the song stood still, \(again.shots.count) shots a second apart; \(see)")

  // The player gone: nothing in the module.
  player.quit()
  var last: Shot?
  retry = false
  let blank = waitUntil(timeout: 10) {
    last = nextShot(screenshot, again: &retry)
    return last.map { textPixels($0, module) == 0 } ?? false
  }
  #expect(
    blank,
    """
    with the player gone the module still shows \(last.map { textPixels($0, module) } ?? 0) \
    pixels of text: \(last?.path ?? see)
    """)

  // The bars end: the recipe's processes with them, and nothing stays on the bus but
  // the bus itself.
  for bar in bars { kill(bar, SIGTERM) }
  let bus = "DBUS_SESSION_BUS_ADDRESS=" + player.address
  func left() -> [pid_t] {
    let started = (tickers + followers).filter { !processHasEnded($0) }
    let others =
      livePrograms(startingWith: session.binary)
      + livePrograms(withEnvironment: bus).filter { !player.processes.contains($0) }
    return Array(Set(started + others)).sorted()
  }
  waitUntil(timeout: 5) { left().isEmpty }
  let leftover = left()
  #expect(
    leftover.isEmpty,
    "left running after the bar: \(leftover.map { "\($0) \(commandLine($0))" })")
  // Orphans are no longer the bar's descendants, for `stopAll` to find.
  for pid in leftover { kill(pid, SIGKILL) }
}

/// What the polybar test needs that this machine lacks.
private let polybarMissing =
  missingPrograms(["Xvfb", "import", "convert", "polybar"]) + missingPlayerParts()

/// What the waybar test needs that this machine lacks.
private let waybarMissing =
  missingPrograms(["sway", "waybar", "grim", "convert"] + (getuid() == 0 ? ["setpriv"] : []))
  + missingPlayerParts()

@Suite(.serialized) struct NowPlayingBarTests {
  @Test(
    "polybar runs contrib/nowplaying/polybar.ini: the song scrolls, stands still behind ⏸, moves again, goes with the player; nothing outlives the bar",
    .enabled(
      if: polybarMissing.isEmpty,
      Comment(rawValue: "needs " + polybarMissing.joined(separator: ", "))),
    .timeLimit(.minutes(2)))
  func polybar() throws {
    let session = try BarSession(name: "nowplaying-polybar")
    let player = try PrivatePlayer()
    defer {
      session.stopAll()
      player.stop()
    }
    let display = try startXvfb(in: session, size: "1280x60")
    let path = "contrib/nowplaying/polybar.ini"
    let recipe = replacing(
      "exec = ticker-status ", with: "exec = \(session.binary) ", in: try repositoryText(path),
      file: path)
    let command = try NowPlayingTests.recipeCommand("polybar.ini")
    let paused = try pausedFrame(command)
    let bar = """
      width = 100%
      height = 24
      background = \(barBackground)
      foreground = #d0d0d0
      font-0 = DejaVu Sans Mono:pixelsize=12;2
      """
    let configuration = try session.write(
      "polybar.ini",
      """
      [bar/test]
      \(bar)
      modules-left = nowplaying

      [bar/reference]
      \(bar)
      bottom = true
      modules-left = reference

      [module/reference]
      type = custom/text
      content = \(paused)

      \(recipe)

      """)
    let environment = session.environment([
      "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": player.address,
    ])
    let bars = try ["test", "reference"].map {
      try session.spawn(
        ["polybar", "-c", configuration, $0], environment: environment, log: "polybar-\($0).log")
    }
    try checkRecipeBar(
      session, player: player, command: command, reference: paused, bars: bars,
      screenshot: {
        try session.screenshot { path in
          try runProcess(program("import"), ["-window", "root", path], environment: environment)
        }
      }, log: { session.log("polybar-test.log") })
    print("nowplaying polybar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }

  @Test(
    "waybar runs contrib/nowplaying/waybar.jsonc: the song scrolls, stands still behind ⏸, moves again, goes with the player; nothing outlives the bar",
    .enabled(
      if: waybarMissing.isEmpty,
      Comment(rawValue: "needs " + waybarMissing.joined(separator: ", "))),
    .timeLimit(.minutes(2)))
  func waybar() throws {
    let session = try BarSession(name: "nowplaying-waybar")
    // waybar runs as sway's user, and the ticker in it runs playerctl: the bus and the
    // player must be that user's.
    let player = try PrivatePlayer(unprivileged: true)
    defer {
      session.stopAll()
      player.stop()
    }
    let (wayland, ipc) = try startSway(in: session, size: "1280x240")
    let path = "contrib/nowplaying/waybar.jsonc"
    var recipe = replacing(
      "\"exec\": \"ticker-status ", with: "\"exec\": \"\(session.binary) ",
      in: try repositoryText(path), file: path)
    // The recipe's object holds the module: it becomes a bar that shows it alone.
    recipe = replacing(
      "{\n  \"custom/nowplaying\": {",
      with:
        "{\n  \"position\": \"top\", \"height\": 24, \"modules-left\": [\"custom/nowplaying\"],"
        + "\n  \"custom/nowplaying\": {",
      in: recipe, file: path)
    let command = try NowPlayingTests.recipeCommand("waybar.jsonc")
    let paused = try pausedFrame(command)
    let format = String(decoding: try JSONEncoder().encode(paused), as: UTF8.self)
    let configuration = try session.write(
      "config.jsonc",
      """
      [
      \(recipe),
      {
        "position": "bottom", "height": 24, "modules-left": ["custom/reference"],
        "custom/reference": {"format": \(format)}
      }
      ]

      """)
    let style = try session.write(
      "style.css",
      """
      * { font-family: "DejaVu Sans Mono"; font-size: 12px; border: none; border-radius: 0;
          min-height: 0; margin: 0; padding: 0; }
      window#waybar { background-color: \(barBackground); color: #d0d0d0; }

      """)
    let client = session.environment(["WAYLAND_DISPLAY": wayland, "SWAYSOCK": ipc])
    // No accessibility bus: GTK would have the player's bus start one.
    let bar = try session.spawn(
      asUnprivileged(["waybar", "-c", configuration, "-s", style]),
      environment: client.merging([
        "DBUS_SESSION_BUS_ADDRESS": player.address, "NO_AT_BRIDGE": "1",
      ]) { _, new in new }, log: "waybar.log")
    let grim = program("grim")
    try checkRecipeBar(
      session, player: player, command: command, reference: paused, bars: [bar],
      screenshot: {
        try session.screenshot { path in try runProcess(grim, [path], environment: client) }
      }, log: { session.log("waybar.log") })
    print("nowplaying waybar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }
}
