import Foundation
import Testing

// What the tests of issue 34's readers (xmobar, dzen2, conky, tint2, dwm) check on an
// X screen of bars stacked at known rows: the snippet as written, a test copy of
// hostile quotes scrolling fast on a background of its own, and two still bars side
// by side in the same program and font, one showing hostile items through the
// reader's format and one showing the plain text the items must show, written by the
// test itself in the reader's own literal form (the reference drawing).

/// Where each bar of a reader's screen is: its first row; every bar is 24 rows high.
enum ReaderRows {
  static let snippet = 0
  static let copy = 30
  static let literal = 60
  static let reference = 90
  static let clicks = 120
  static let height = 24
  /// The screen: every bar, and room under them.
  static let screen = "1280x160"

  static func box(_ row: Int, width: Int = 1280) -> Box {
    Box(minX: 0, minY: row, maxX: width - 1, maxY: row + height - 1)
  }
}

/// Items each of these readers would take as markup, an action, a command, a variable
/// or a comment if its format let them through: each action touches `h` in the marks
/// folder (where the bars run), and `#ff0000` would draw red. Short, so that a still
/// bar shows the one of its reader whole.
enum ReaderHostile {
  case xmobar, dzen2, conky, pango, yambar

  var item: String {
    switch self {
    case .xmobar: "<action=`touch h`><fc=#ff0000>R</fc></action><raw=1:a/>"
    case .dzen2: "^ca(1,touch h)^fg(#ff0000)R^fg()^ca()^^^"
    case .conky: "${color #ff0000}R${color}${exec touch h}$$\\##c"
    case .pango: "<span foreground=\"#ff0000\">R</span>&amp;</txt><txtclick>touch h</txtclick>"
    case .yambar: "|f0|string|#ff0000 t1|string|{t0}{text}"
    }
  }

  /// Every item, `self`'s first.
  var items: [String] {
    let all = [ReaderHostile.xmobar, .dzen2, .conky, .pango, .yambar]
    return [item] + all.filter { $0 != self }.map(\.item)
  }
}

/// The arguments of the still bars: the hostile items, `first`'s first, standing still.
func readerLiteralArguments(_ session: BarSession, first: ReaderHostile) throws -> [String] {
  let items = try session.write("literal-items", first.items.joined(separator: "\n") + "\n")
  return ["-w", "150", "-s", "0", "-f", items]
}

/// The plain text the still bars must show.
func readerLiteralText(_ session: BarSession, first: ReaderHostile) throws -> String {
  let result = try runTicker(
    ["--format", "plain", "--cells", "wcwidth"]
      + (try readerLiteralArguments(session, first: first)))
  return String(result.stdout.dropLast())
}

/// The test copy's arguments: the hostile quotes of every bar test, with plain edges
/// (`--before`, `--after`), so that the copy's background spans the whole frame.
func readerCopyArguments(_ session: BarSession) throws -> [String] {
  try hostileArguments(session) + ["--before", "[", "--after", "]"]
}

/// Screenshots of an X display.
func xShot(_ session: BarSession, display: String) throws -> Shot {
  try session.screenshot { path in
    try runProcess(
      program("import"), ["-window", "root", path],
      environment: session.environment(["DISPLAY": display]))
  }
}

/// The checks every reader shares, on shots over `cycle` seconds (and up to two cycles
/// more while the copy has not shown both colours): the snippet's
/// ticker drawn, coloured and moving; the test copy steady in width, both colours
/// over the cycle; no red from the items anywhere; the still bar the same pixels as
/// the reference; no action from the items run by a click swept across the bars.
///
/// `frameGap` is the longest the snippet's reader may show one frame, in seconds: a
/// reader that runs the command on a timer of a second and waits for it before the
/// next shows a frame for a second plus the command's time, longer under load.
func checkReader(
  _ session: BarSession, display: String, cycle: Double, copyBackground: Pixel = BarColors.test,
  literalWidth: Int = 1280, frameGap: Double = 1, click: ((Int, Int, Int) throws -> Void)? = nil
) throws {
  let shoot = { try xShot(session, display: display) }
  func textPixels(_ shot: Shot, _ box: Box) -> Int {
    guard let background = shot.background(in: box) else { return 0 }
    return shot.count(in: box) { $0.isNeutral && abs($0.luminance - background.luminance) > 0.35 }
  }
  var first: Shot?
  waitUntil(timeout: 20) {
    guard let shot = try? shoot() else { return false }
    let ready =
      textPixels(shot, ReaderRows.box(ReaderRows.snippet)) > 100
      && shot.boundingBox(of: copyBackground) != nil
      && textPixels(shot, ReaderRows.box(ReaderRows.literal)) > 100
      && textPixels(shot, ReaderRows.box(ReaderRows.reference)) > 100
    if ready { first = shot }
    return ready
  }
  let start = try #require(
    first, "\(session.name) drew not every bar in 20 s; see \(session.shots) and its logs")
  var shots = [start]
  while shots.last!.time < start.time + max(cycle, 1.5 + frameGap) + 0.5 || shots.count < 6 {
    usleep(250_000)
    shots.append(try shoot())
  }
  // A reader that runs its command once a second samples the copy's cycle sparsely, and
  // more sparsely under load (genmon's copy once went a whole cycle without a frame
  // showing a falling quote): up to two more cycles are shot while a colour is missing.
  let copy = ReaderRows.box(ReaderRows.copy)
  func copyShows(_ colour: Pixel) -> Bool {
    shots.contains { shot in
      guard let box = shot.boundingBox(of: copyBackground, in: copy) else { return false }
      return shot.count(in: box) { $0 == colour } >= 3
    }
  }
  let patience = shots.last!.time + 2 * max(cycle, 1.5)
  while !(copyShows(BarColors.up) && copyShows(BarColors.down)) && shots.last!.time < patience {
    usleep(250_000)
    shots.append(try shoot())
  }
  func expectNone(_ what: String, _ failed: (Shot) -> String?) {
    let found = shots.compactMap { shot in failed(shot).map { "\(shot.path): \($0)" } }
    if !found.isEmpty {
      let first = found.prefix(3).joined(separator: "; ")
      Issue.record(
        "\(session.name): \(what) in \(found.count) of \(shots.count) shots: \(first)")
    }
  }
  let snippet = ReaderRows.box(ReaderRows.snippet)
  expectNone("the snippet's ticker is not drawn") {
    textPixels($0, snippet) > 100 ? nil : "\(textPixels($0, snippet)) text pixels"
  }
  expectNone("no up or down colour in the snippet's ticker") { shot in
    shot.count(in: snippet) { $0 == BarColors.up || $0 == BarColors.down } >= 3 ? nil : ""
  }
  expectNone("the snippet's ticker stood still for \(frameGap) s") { shot in
    guard let later = shots.first(where: { $0.time >= shot.time + frameGap }) else { return nil }
    return shot.bytes(in: snippet) == later.bytes(in: snippet) ? "as \(later.name)" : nil
  }
  expectNone("pixels of #ff0000 from the items") { shot in
    let red = shot.count(in: shot.whole) { $0.isHostileRed }
    return red == 0 ? nil : "\(red)"
  }
  var widths: [Int: String] = [:]
  for shot in shots {
    guard let box = shot.boundingBox(of: copyBackground, in: copy) else { continue }
    widths[box.width] = shot.name
  }
  let sawUp = copyShows(BarColors.up)
  let sawDown = copyShows(BarColors.down)
  #expect(widths.count == 1, "\(session.name): the copy's width changed: \(widths)")
  #expect(sawUp && sawDown, "\(session.name): the copy showed up \(sawUp), down \(sawDown)")
  // The still bar against the reference: the same text, the same pixels.
  let last = shots.last!
  let literal = last.bytes(in: ReaderRows.box(ReaderRows.literal, width: literalWidth))
  let reference = last.bytes(in: ReaderRows.box(ReaderRows.reference, width: literalWidth))
  #expect(
    literal == reference,
    "\(session.name): the hostile items are not drawn as the reference draws their text: \(last.path)"
  )
  // Clicks across the still bar run nothing of the items'.
  if let click {
    for x in stride(from: 4, to: 1280, by: 16) {
      try click(x, ReaderRows.literal + ReaderRows.height / 2, 1)
    }
    usleep(500_000)
  }
  #expect(!session.marked("h"), "\(session.name): an action or command from the items ran")
}

/// Checks that `session` left nothing running once stopped: no process of the test's
/// run holds the session's folder in its command line.
func expectNothingLeft(_ session: BarSession) {
  session.stopAll()
  func left() -> [String] {
    livePrograms(startingWith: "").compactMap { pid in
      let line = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
      return line.contains(session.folder) ? "\(pid) \(line)" : nil
    }
  }
  // A click's ticker-status may still be running its action: it ends on its own.
  waitUntil(timeout: 5) { left().isEmpty }
  #expect(left().isEmpty, "\(session.name): still running after it stopped: \(left())")
}
