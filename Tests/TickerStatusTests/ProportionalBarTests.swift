import Foundation
import Testing

// Issue 34, steady blocks with proportional fonts: the real i3bar and waybar, each
// with the project's own snippet (only the binary's path and the font changed, to
// DejaVu Sans), draw the ticker's block as wide in every frame. The block is measured
// by a background the test gives it (#123456, as BarTests' test copies), in
// screenshots a quarter of a second apart over several seconds of scrolling. Without
// the reserve (i3bar's min_width, waybar's min-length and max-length) the block's
// width changes with each frame. Screenshots stay in .build/bar-screenshots/<bar>/.

/// Whether fontconfig has DejaVu Sans itself, not a font it would fall back to.
private let hasDejaVuSans: Bool = {
  guard let list = which("fc-list") else { return false }
  let result = try? runProcess(list, ["DejaVu Sans:style=Book", "family"], timeout: 10)
  return result?.stdout.split(separator: "\n").contains { $0.hasPrefix("DejaVu Sans") } ?? false
}()

/// The block's background.
private let blockColor = BarColors.test

/// Screenshots of a scrolling block, and the widths it was drawn at.
private struct BlockShots {
  /// The block's width (its background on the block's top row) in each shot, and
  /// the shot's file.
  var widths: [(width: Int, shot: String)] = []
  /// How many different looks the block had: the frames it showed.
  var looks = 0

  var distinctWidths: [Int] { Set(widths.map(\.width)).sorted() }
}

/// Waits for `screenshot` to show the block drawn with text, then takes a shot about
/// every quarter of a second until `seconds` have passed and at least `count` shots
/// were taken (at most 60), measuring the block in each.
private func watchBlock(
  _ session: BarSession, seconds: Double = 4, count: Int = 14,
  screenshot: () throws -> Shot
) throws -> BlockShots {
  // Drawn: the background, and text on it (more than a stray pixel or two).
  var first: Shot?
  waitUntil(timeout: 30) {
    guard let shot = try? screenshot(), let box = shot.boundingBox(of: blockColor),
      shot.count(in: box, where: { $0 != blockColor }) > 50
    else { return false }
    first = shot
    return true
  }
  let start = try #require(first, "\(session.name) drew no ticker block; see \(session.shots)")
  var shots = [start]
  var last = start
  while shots.count < 60 && (shots.count < count || last.time < start.time + seconds) {
    usleep(250_000)
    last = try screenshot()
    shots.append(last)
  }
  var result = BlockShots()
  var looks: Set<[UInt8]> = []
  for shot in shots {
    guard let box = shot.boundingBox(of: blockColor) else {
      Issue.record("\(session.name): no ticker block in \(shot.path)")
      continue
    }
    let row = Box(minX: 0, minY: box.minY, maxX: shot.width - 1, maxY: box.minY)
    result.widths.append((shot.count(in: row) { $0 == blockColor }, shot.name))
    looks.insert(shot.bytes(in: box))
  }
  result.looks = looks.count
  return result
}

/// Checks that the block scrolled and kept one width, and prints what was seen.
private func expectSteady(_ block: BlockShots, _ session: BarSession) {
  let seen = block.widths.map { "\($0.width) px in \($0.shot)" }
  print("\(session.name): widths \(block.distinctWidths), \(block.looks) frames seen")
  #expect(block.looks >= 4, "the block hardly moved: \(block.looks) looks; see \(session.shots)")
  #expect(
    block.distinctWidths.count == 1,
    "the block's width changed: \(seen.joined(separator: ", ")); see \(session.shots)")
}

@Suite(.serialized) struct ProportionalBarTests {
  @Test(
    "i3bar keeps contrib/i3/config's block one width in DejaVu Sans",
    .enabled(
      if: missingPrograms(xPrograms + ["i3", "i3bar"]).isEmpty && hasDejaVuSans,
      "needs Xvfb, ImageMagick (import, convert), xdotool, i3, i3bar and DejaVu Sans"))
  func i3bar() throws {
    let session = try BarSession(name: "i3bar-proportional")
    let display = try startXvfb(in: session, size: "1280x120")
    let path = "contrib/i3/config"
    let original = try repositoryText(path)
    var snippet = replacing(
      "font pango:monospace 10", with: "font pango:DejaVu Sans 10", in: original, file: path)
    // The snippet's command, through sed, which gives each frame's block a background.
    let command = try #require(
      original.firstMatch(of: /\n\s*status_command ticker-status ([^\n]*)/).map { String($0.1) },
      "\(path) has no status_command")
    let ticker = try session.write(
      "ticker.sh",
      """
      #!/bin/sh
      \(session.binary) \(command) |
          sed -u 's/}],$/,"background":"\(blockColor)"}],/'

      """, executable: true)
    snippet = replacing(
      "status_command ticker-status \(command)", with: "status_command \(ticker)", in: snippet,
      file: path)
    // i3 reads a file without this first line as version 3 and converts it; i3 itself
    // needs a font, the bar's own.
    let configuration = try session.write(
      "i3.conf", "# i3 config file (v4)\nfont pango:DejaVu Sans 10\n" + snippet)
    let environment = session.environment(["DISPLAY": display])
    try session.spawn(["i3", "-c", configuration], environment: environment, log: "i3.log")
    let probe = xProbe(
      session, display: display, controlMarks: [], snippet: { shot, _ in shot.whole },
      logProblems: { lines(of: session.log("i3.log"), holding: ["error", "warning", "could not"]) })
    let block = try watchBlock(session, screenshot: probe.screenshot)
    expectSteady(block, session)
    let problems = probe.logProblems()
    #expect(problems.isEmpty, "i3 logged: \(problems.prefix(5).joined(separator: "\n"))")
  }

  @Test(
    "waybar keeps contrib/waybar/config.jsonc's module one width in DejaVu Sans",
    .enabled(
      if: missingPrograms(waylandPrograms).isEmpty && hasDejaVuSans,
      "needs sway, waybar, grim, ImageMagick (convert), DejaVu Sans and, as root, setpriv"))
  func waybar() throws {
    let session = try BarSession(name: "waybar-proportional")
    let (wayland, ipc) = try startSway(in: session, size: "1280x120")
    let client = session.environment(["WAYLAND_DISPLAY": wayland, "SWAYSOCK": ipc])
    let path = "contrib/waybar/config.jsonc"
    let configuration = try session.write(
      "config.jsonc",
      replacing(
        "\"exec\": \"ticker-status ", with: "\"exec\": \"\(session.binary) ",
        in: try repositoryText(path), file: path))
    let stylePath = "contrib/waybar/style.css"
    let style = try session.write(
      "style.css",
      replacing(
        "font-family: monospace;", with: "font-family: \"DejaVu Sans\";",
        in: try repositoryText(stylePath), file: stylePath)
        + "#custom-ticker { background-color: \(blockColor); color: #ffffff; }\n")
    try session.spawn(
      asUnprivileged(["waybar", "-c", configuration, "-s", style]), environment: client,
      log: "waybar.log")
    let grim = program("grim")
    let block = try watchBlock(session) {
      try session.screenshot { path in try runProcess(grim, [path], environment: client) }
    }
    expectSteady(block, session)
    let problems = lines(
      of: session.log("waybar.log"),
      holding: ["Gtk-", "Pango-", "GLib-", "[error]", "[critical]", "[warning]"],
      except: waybarAllowedLogLines)
    #expect(problems.isEmpty, "waybar logged: \(problems.prefix(5).joined(separator: "\n"))")
  }
}
