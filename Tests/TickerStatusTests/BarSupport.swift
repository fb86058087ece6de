import Foundation
import Testing

// What every bar test checks: the hostile test copy, the colours, the probe a bar is
// looked at and clicked through, and the click copy.

/// Items whose text each bar would take as markup, actions or JSON if its format let it
/// through; the actions touch `h` in the folder the bar runs in. A rising or falling
/// quote on either side of each: i3bar reads a frame as pango markup only when it has
/// colours, so the markup must share frames with them.
let hostileItems = [
  "UP 1.00 +1",
  #"<span foreground="red">RED SPAN</span> &amp; <b>BOLD"#,
  "DOWN 2.00 -1",
  ##""}],[{"full_text":"X","color":"#ff0000"}],[{"full_text":"Y {} {0}"##,
  "UP 3.00 +1",
  "%{A1:touch h:}%{A2:touch h:}%{A3:touch h:}%{A4:touch h:}%{A5:touch h:}CLICK ME"
    + "%{A}%{A}%{A}%{A}%{A}",
  "DOWN 4.00 -1",
  "%{F#ff0000}RED %{O100}FAR %{R}REVERSED%{R} %{T2}BIG%{T-} 100%",
]

/// The ticker-status arguments of every test copy: the hostile items, fast, so that a
/// whole cycle passes in a few seconds.
func hostileArguments(_ session: BarSession) throws -> [String] {
  let items = try session.write("items", hostileItems.joined(separator: "\n") + "\n")
  return ["-w", "40", "-s", "40", "--quotes", "-f", items]
}

/// The cycle of `arguments` in seconds, from `--format json` (read with a pattern, not
/// a JSON parser, so that it holds when a test breaks the escaping on purpose).
func cycleSeconds(_ arguments: [String]) throws -> Double {
  let result = try runTicker(["--format", "json", "--at", "0"] + arguments)
  let cycle = result.stdout.firstMatch(of: /"cycle":([0-9.]+)/).flatMap { Double($0.1) }
  return try #require(cycle, "no cycle in \(result.stdout)")
}

/// The colours the test copies and the default quote styles use.
enum BarColors {
  static let up = Pixel("#00cd00")
  static let down = Pixel("#cd0000")
  /// The test copy's background.
  static let test = Pixel("#123456")
  /// The control module's background.
  static let control = Pixel("#654321")
}

/// How a bar is looked at and clicked, for `checkBar`.
struct BarProbe {
  /// Takes a screenshot.
  var screenshot: () throws -> Shot
  /// Where the snippet's own ticker is, given a shot and the test copy's box.
  var snippet: (Shot, Box) -> Box
  /// Clicks each point with buttons 1 to 5 (1 to 3 click, 4 and 5 scroll), and returns
  /// when the bar has been sent them all.
  var click: (_ points: [(x: Int, y: Int)]) throws -> Void
  /// The files the control's buttons touch, in the marks folder.
  var controlMarks: [String]
  /// Lines of the bar's logs that our output caused.
  var logProblems: () -> [String]
}

/// Runs the checks every bar shares, on screenshots taken over a whole cycle of the
/// test copy, and reports each failure with the screenshot that shows it.
func checkBar(_ session: BarSession, probe: BarProbe, cycle: Double) throws {
  var misfits: Set<String> = []
  /// The snippet's box in `shot`, cut to the shot; a box that does not fit the shot
  /// (the bar drew taller than the screen, or the window's geometry is off) is
  /// recorded once, with the shot's size and path, and only its part inside is looked
  /// at.
  func snippetBox(_ shot: Shot, _ test: Box) -> Box? {
    let box = probe.snippet(shot, test)
    if !shot.whole.contains(box) && misfits.insert("\(box)").inserted {
      Issue.record(
        """
        \(session.name): the snippet's box \(box) does not fit the screenshot \
        (\(shot.width)x\(shot.height)), \(shot.path)
        """)
    }
    return shot.clipped(box)
  }

  // Wait for the bar: the test copy, the control and something of the snippet drawn.
  var first: Shot?
  waitUntil(timeout: 20) {
    guard let shot = try? probe.screenshot(), let test = shot.boundingBox(of: BarColors.test),
      shot.boundingBox(of: BarColors.control) != nil, let snippet = snippetBox(shot, test),
      let background = shot.background(in: snippet)
    else { return false }
    if shot.count(in: snippet, where: { $0 != background }) > 100 {
      first = shot
      return true
    }
    return false
  }
  let start = try #require(
    first,
    """
    \(session.name) drew no ticker, test copy and control in 20 s; see \(session.shots) \
    and its warnings: \(probe.logProblems().prefix(5).joined(separator: "\n"))
    """)
  let testBox = try #require(start.boundingBox(of: BarColors.test))
  let controlBox = try #require(start.boundingBox(of: BarColors.control))
  let sweep = stride(from: testBox.minX + 2, to: testBox.maxX, by: 6).map {
    (x: $0, y: testBox.maxY - 2)
  }

  // A whole cycle of shots, and between them clicks swept across the test copy.
  var shots = [start]
  var last = start
  while last.time < start.time + cycle + 0.5 || shots.count < 8 {
    try probe.click(sweep)
    last = try probe.screenshot()
    shots.append(last)
  }

  /// Records one issue for the shots in which `failed` found something: how many, and
  /// the first few, with what was found.
  func expectNone(_ what: String, _ failed: (Shot) -> String?) {
    let found = shots.compactMap { shot in failed(shot).map { "\(shot.path): \($0)" } }
    if !found.isEmpty {
      Issue.record(
        "\(what) in \(found.count) of \(shots.count) shots: \(found.prefix(3).joined(separator: "; "))"
      )
    }
  }

  // The snippet's ticker: drawn in every shot, readable, coloured, and moving.
  expectNone("the snippet's ticker is not readable") { shot in
    guard let box = snippetBox(shot, testBox), let background = shot.background(in: box) else {
      return "the snippet's box is outside the shot"
    }
    let text = shot.count(in: box) {
      $0.isNeutral && abs($0.luminance - background.luminance) > 0.35
    }
    return text > 100 ? nil : "\(text) text pixels on \(background)"
  }
  expectNone("no up or down colour in the snippet's ticker") { shot in
    guard let box = snippetBox(shot, testBox) else { return "the snippet's box is outside" }
    let quotes = shot.count(in: box) {
      $0 == BarColors.up || $0 == BarColors.down
    }
    return quotes >= 3 ? nil : "\(quotes) pixels"
  }
  expectNone("the snippet's ticker stood still for a second") { shot in
    guard let later = shots.first(where: { $0.time >= shot.time + 1 }) else { return nil }
    guard let box = snippetBox(shot, testBox), let laterBox = snippetBox(later, testBox) else {
      return "the snippet's box is outside the shot"
    }
    let same = shot.bytes(in: box) == later.bytes(in: laterBox)
    return same ? "the same as \(later.name)" : nil
  }

  // The test copy: drawn in every shot, both colours over the cycle, no red taken from
  // the items, and the same width in every shot (on the top row of its background).
  expectNone("the test copy is gone") { $0.boundingBox(of: BarColors.test) == nil ? "" : nil }
  expectNone("pixels of #ff0000 from the items") { shot in
    let red = shot.count(in: shot.whole) { $0.isHostileRed }
    return red == 0 ? nil : "\(red)"
  }
  var widths: [Int: Shot] = [:]
  var sawUp = false
  var sawDown = false
  for shot in shots {
    guard let box = shot.boundingBox(of: BarColors.test) else { continue }
    let row = Box(minX: 0, minY: box.minY, maxX: shot.width - 1, maxY: box.minY)
    widths[shot.count(in: row) { $0 == BarColors.test }] = shot
    sawUp = sawUp || shot.count(in: box) { $0 == BarColors.up } >= 3
    sawDown = sawDown || shot.count(in: box) { $0 == BarColors.down } >= 3
  }
  #expect(sawUp, "no \(BarColors.up) in the test copy over a cycle; see \(session.shots)")
  #expect(sawDown, "no \(BarColors.down) in the test copy over a cycle; see \(session.shots)")
  let seen = widths.sorted { $0.key < $1.key }.map { "\($0.key) px in \($0.value.name)" }
  #expect(widths.count == 1, "the test copy's width changed: \(seen) in \(session.shots)")

  // The control's buttons reach the bar; the items' never ran.
  // polybar 3.6 can leave the last events it read waiting until more arrive; the
  // clicks are repeated until every mark is there, or ten times.
  for _ in 1...10 {
    try probe.click([(x: controlBox.minX + controlBox.width / 2, y: controlBox.midY)])
    if waitUntil(timeout: 1, { probe.controlMarks.allSatisfy(session.marked) }) { break }
  }
  for mark in probe.controlMarks {
    #expect(session.marked(mark), "the control's \(mark) was not touched: no click reached the bar")
  }
  #expect(!session.marked("h"), "a click ran an action from the items")

  let problems = probe.logProblems()
  if !problems.isEmpty {
    Issue.record(
      "\(session.name) logged \(problems.count) warnings: \(problems.prefix(5).joined(separator: "\n"))"
    )
  }
}

/// The click copy each bar shows beside the others: the snippet's own click line, with
/// items that stand still (`-s 0`) on a background of their own and an action that
/// writes the TICKER_ variables of each click, a line each, to `clicks` in the marks
/// folder. A click in the middle of each item must run the action once, for that
/// item.
enum BarClicks {
  static let background = Pixel("#345612")
  static let width = 50
  static let items = ["AAPL 1.5 +1", "MSFT 2.5 -1", "EUR 1.08 0", "news item"]
  /// The buttons the items are clicked with, in turn.
  static let buttons = [1, 3, 2, 1]
  /// The path the snippets give open-quote, which the click copy replaces.
  static let openQuote = "~/.local/share/ticker-status/quotes/open-quote"

  /// ticker-status's arguments after `--format …`: the items, standing still, and the
  /// recording action.
  ///
  /// - Parameter width: The window's width in cells: lemonbar 1.4 reads at most 4 KiB
  ///   of a line, and each item carries its actions, five commands long.
  static func arguments(_ session: BarSession, width: Int = width) throws -> [String] {
    let items = try session.write("click-items", items.joined(separator: "\n") + "\n")
    let action = try session.write(
      "click-action",
      """
      #!/bin/sh
      printf '%s|%s|%s|%s|%s|%s\\n' "$TICKER_INDEX" "$TICKER_ITEM" "${TICKER_SYMBOL-unset}" \
        "${TICKER_PRICE-unset}" "${TICKER_CHANGE-unset}" "$TICKER_BUTTON" >> \(session.marks)/clicks

      """, executable: true)
    return ["-w", "\(width)", "-s", "0", "--quotes", "-f", items, "--on-click", action]
  }

  /// The snippet's click line (the commented command with `--on-click`; `snippet` as
  /// the repository has it), uncommented, its
  /// `ticker-status` the session's and its arguments from `--format`'s value on those
  /// of `arguments`; an issue if the snippet has no such line.
  static func line(
    in snippet: String, comment: String, file: String, session: BarSession, arguments: [String]
  ) -> String {
    guard
      let line = snippet.split(separator: "\n").first(where: {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix(comment)
          && $0.contains("ticker-status --") && $0.contains("--on-click")
      })
    else {
      Issue.record("\(file) shows no click line (a '\(comment)' line with --on-click)")
      return ""
    }
    var text = String(line)
    text = text.replacing(comment + " ", with: "", maxReplacements: 1)
    text = replacing("ticker-status ", with: session.binary + " ", in: text, file: file)
    // The example's items and action, in either order.
    let example =
      /-w \d+ --demo --on-click ~\/\.local\/share\/ticker-status\/quotes\/open-quote|--on-click ~\/\.local\/share\/ticker-status\/quotes\/open-quote -w \d+ --demo/
    if text.firstMatch(of: example) == nil {
      Issue.record("\(file)'s click line has no '-w N --demo --on-click \(openQuote)': \(text)")
    }
    return text.replacing(example, with: arguments.joined(separator: " "))
  }

  /// The item of each cell of the click copy.
  static func owners(width: Int) throws -> [Int?] {
    try itemOwners(["-w", "\(width)", "-s", "0", "--quotes", "--"] + items)
  }

  /// Clicks the middle of each item of the click copy drawn in `box` (its cells side
  /// by side, `width` of them) and, with `edges`, the first and last cells of the
  /// second, and checks that the action ran once for each click, with its item.
  ///
  /// - Parameter click: Clicks one point with one button.
  /// - Parameter flush: What makes the bar hand over events it may hold back (polybar).
  static func check(
    _ session: BarSession, box: Box, width: Int = width, buttons: [Int] = buttons,
    edges: Bool = true, leftEdgeOnly: Bool = false,
    click: (_ x: Int, _ y: Int, _ button: Int) throws -> Void, flush: () throws -> Void = {}
  ) throws {
    let owner = try owners(width: width)
    let cell = Double(box.width) / Double(width)
    var wanted: [String] = []
    /// Clicks the middle of cell `column`.
    func clickCell(_ column: Int, index: Int, button: Int) throws {
      try click(box.minX + Int((Double(column) + 0.5) * cell), box.midY, button)
      // waybar says no position: the item at the left edge is the one clicked.
      wanted.append(expectedClick(items, leftEdgeOnly ? 0 : index, button: button))
    }
    for (index, button) in zip(items.indices, buttons) {
      guard let first = owner.firstIndex(of: index), let last = owner.lastIndex(of: index)
      else { continue }
      try clickCell((first + last) / 2, index: index, button: button)
      // The first and last cells of the second item: a cell off would be the next
      // item's or the one before.
      if index == 1 && edges && !leftEdgeOnly {
        try clickCell(first, index: index, button: 1)
        try clickCell(last, index: index, button: 1)
      }
    }
    try flush()
    // Each click runs a ticker-status and then the action: on a loaded machine the
    // last may take a while (seen once past 10 s in a full run).
    let ran = waitUntil(timeout: 25) {
      session.log("clicks").split(separator: "\n").count >= wanted.count
    }
    // Each once: nothing more comes.
    if ran { usleep(500_000) }
    let lines = session.log("clicks").split(separator: "\n").map(String.init)
    #expect(
      lines.sorted() == wanted.sorted(),
      "\(session.name): clicks ran \(lines), not \(wanted); see \(session.shots)")
  }
}

/// The snippet's pause binding, used as its user would: `pause` (a middle click on the
/// snippet's ticker, or the key its snippet binds) stands the ticker still, and
/// `resume` sets it moving again. Still is shots 1.5 s apart alike, and still again
/// 2 s later; moving is shots 1.2 s apart different (checkBar saw the ticker move
/// within a second). Each has 15 s to come, for a click that runs a command on a
/// loaded machine.
///
/// - Parameter box: Where the snippet's ticker is in a shot; `nil` when it is not
///   there.
/// - Parameter flush: What makes the bar hand over an event it may hold back
///   (polybar), done between shots while waiting.
func checkPause(
  _ session: BarSession, shoot: () throws -> Shot, box: (Shot) -> Box?,
  pause: () throws -> Void, resume: () throws -> Void, flush: () throws -> Void = {}
) throws {
  /// Two shots `gap` seconds apart, and whether the ticker is the same in both.
  func alike(after gap: Double) throws -> (same: Bool, later: Shot) {
    let first = try shoot()
    usleep(UInt32(gap * 1_000_000))
    let later = try shoot()
    guard let before = box(first), let after = box(later) else { return (false, later) }
    return (first.bytes(in: before) == later.bytes(in: after), later)
  }
  /// Whether `wanted` comes within 15 s.
  func comes(_ wanted: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      if try wanted() { return true }
      try flush()
    }
    return false
  }
  try pause()
  let paused = try comes { try alike(after: 1.5).same }
  #expect(
    paused, "\(session.name): the pause binding did not stand the ticker; see \(session.shots)")
  guard paused else { return }
  let held = try alike(after: 2)
  #expect(
    held.same, "\(session.name): the paused ticker moved by itself: \(held.later.path)")
  try resume()
  let moving = try comes { try !alike(after: 1.2).same }
  #expect(moving, "\(session.name): the ticker stood after its resume; see \(session.shots)")
}

/// The middle of what is drawn in `area` of `shot` (the pixels unlike its background),
/// where a click lands on a bar's module rather than on the bar around it.
func drawnMiddle(of shot: Shot, in area: Box) -> (x: Int, y: Int)? {
  guard let area = shot.clipped(area), let background = shot.background(in: area),
    let drawn = shot.boundingBox(in: area, where: { $0 != background })
  else { return nil }
  return ((drawn.minX + drawn.maxX) / 2, drawn.midY)
}
