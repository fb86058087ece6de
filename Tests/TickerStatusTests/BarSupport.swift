import Foundation
import Testing

// What BarTests needs to run a real bar and look at it: a private folder the bar's user
// can read, processes stopped by their ids, screenshots read as pixels, and the checks
// every bar shares.

/// An sRGB colour.
struct Pixel: Hashable, CustomStringConvertible, Sendable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8

  init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rrggbb`.
  init(_ hex: String) {
    let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
    self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  var description: String {
    "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
  }

  /// Relative luminance, 0 to 1 (Rec. 709 weights on the encoded values).
  var luminance: Double {
    (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
  }

  /// Whether it is grey or nearly (text, not a coloured quote).
  var isNeutral: Bool {
    max(red, green, blue) - min(red, green, blue) < 40
  }

  /// Whether it comes from `#ff0000` text: a redder red than `#cd0000` gives on any
  /// background, even blended with it at the edges of glyphs.
  var isHostileRed: Bool { red > 215 && Int(red) - Int(max(green, blue)) > 200 }
}

/// A rectangle of pixels; `maxX` and `maxY` included.
struct Box: CustomStringConvertible, Sendable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int
  var width: Int { maxX - minX + 1 }
  var height: Int { maxY - minY + 1 }
  var midY: Int { (minY + maxY) / 2 }
  var description: String { "\(width)x\(height)+\(minX)+\(minY)" }

  /// The part of this box inside `other`, or `nil` when they do not meet.
  func intersection(_ other: Box) -> Box? {
    let box = Box(
      minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
      maxY: min(maxY, other.maxY))
    return box.minX <= box.maxX && box.minY <= box.maxY ? box : nil
  }

  /// Whether `other` lies wholly inside this box.
  func contains(_ other: Box) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }
}

/// A screenshot: its pixels, the PNG file kept for people, and when it was taken.
struct Shot: Sendable {
  var path: String
  var time: Double
  var width: Int
  var height: Int
  /// Red, green, blue, a row after another.
  var rgb: [UInt8]

  /// Reads a binary PPM (P6, maxval 255), as ImageMagick and grim write it.
  init?(ppm bytes: [UInt8], path: String, time: Double) {
    var fields: [Int] = []
    var index = 2
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else {
      return nil
    }
    while fields.count < 3 && index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#") {
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        fields.append(value)
        continue
      }
      index += 1
    }
    // One whitespace byte after maxval, then the pixels.
    index += 1
    guard fields.count == 3, fields[2] == 255, bytes.count - index == fields[0] * fields[1] * 3
    else { return nil }
    self.path = path
    self.time = time
    width = fields[0]
    height = fields[1]
    rgb = Array(bytes[index...])
  }

  // Every look at the pixels goes through `clipped`: the boxes come from outside the
  // test (xdotool's window geometry, a bar's size with the font it found), and one
  // that reaches past the shot must be an issue to report, never a trap.

  var whole: Box { Box(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1) }

  /// `box` cut to the shot, or `nil` when none of it is in the shot.
  func clipped(_ box: Box) -> Box? { box.intersection(whole) }

  /// The pixel at `x`, `y`, or `nil` outside the shot.
  func pixel(_ x: Int, _ y: Int) -> Pixel? {
    guard x >= 0, x < width, y >= 0, y < height else { return nil }
    let offset = (y * width + x) * 3
    guard offset + 2 < rgb.count else { return nil }
    return Pixel(rgb[offset], rgb[offset + 1], rgb[offset + 2])
  }

  /// Calls `body` with each pixel of `box` (cut to the shot), a row after another.
  private func forEachPixel(in box: Box, _ body: (Int, Int, Pixel) -> Void) {
    guard let box = clipped(box) else { return }
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX {
        if let pixel = pixel(x, y) { body(x, y, pixel) }
      }
    }
  }

  /// The smallest box holding every pixel of `color`, or `nil` if there is none.
  func boundingBox(of color: Pixel) -> Box? {
    var box: Box?
    forEachPixel(in: whole) { x, y, pixel in
      guard pixel == color else { return }
      guard var found = box else {
        box = Box(minX: x, minY: y, maxX: x, maxY: y)
        return
      }
      found.minX = min(found.minX, x)
      found.maxX = max(found.maxX, x)
      found.maxY = y
      box = found
    }
    return box
  }

  /// How many pixels of `box` (cut to the shot) satisfy `predicate`.
  func count(in box: Box, where predicate: (Pixel) -> Bool) -> Int {
    var count = 0
    forEachPixel(in: box) { _, _, pixel in if predicate(pixel) { count += 1 } }
    return count
  }

  /// The pixels of `box` (cut to the shot), to compare two shots.
  func bytes(in box: Box) -> [UInt8] {
    var bytes: [UInt8] = []
    forEachPixel(in: box) { _, _, pixel in bytes += [pixel.red, pixel.green, pixel.blue] }
    return bytes
  }

  /// The commonest colour in `box` (cut to the shot): its background; `nil` when none
  /// of the box is in the shot.
  func background(in box: Box) -> Pixel? {
    var counts: [Pixel: Int] = [:]
    forEachPixel(in: box) { _, _, pixel in counts[pixel, default: 0] += 1 }
    return counts.max { $0.value < $1.value }?.key
  }

  var name: String { URL(fileURLWithPath: path).lastPathComponent }
}

/// The text of a file of the repository.
func repositoryText(_ path: String) throws -> String {
  try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

/// `text` with `old` replaced by `new`; records an issue if `old` is not in it, so that a
/// test copy cannot silently stop being a copy of the snippet.
func replacing(_ old: String, with new: String, in text: String, file: String) -> String {
  if !text.contains(old) { Issue.record("\(file) no longer holds '\(old)'") }
  return text.replacingOccurrences(of: old, with: new)
}

/// `text` with each line that `pattern` finds from its start to its end replaced by
/// `new`, followed by what came after the match on that line; records an issue if
/// there is none.
func replacingLine(
  starting pattern: Regex<Substring>, with new: String, in text: String, file: String
) -> String {
  var found = false
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
    guard let match = line.firstMatch(of: pattern), match.range.lowerBound == line.startIndex
    else { return String(line) }
    found = true
    return new + line[match.range.upperBound...]
  }
  if !found { Issue.record("\(file) has no line like '\(new)'") }
  return lines.joined(separator: "\n")
}

/// The programs of `names` that are not on PATH.
func missingPrograms(_ names: [String]) -> [String] { names.filter { which($0) == nil } }

/// The uid and gid that run a program that refuses root (sway): nobody's when the
/// tests run as root, else the tests' own.
let unprivilegedUser: (uid: uid_t, gid: gid_t) =
  getuid() == 0 ? (65534, 65534) : (getuid(), getgid())

/// `argv`, run as `unprivilegedUser` when the tests run as root.
func asUnprivileged(_ argv: [String]) -> [String] {
  guard getuid() == 0 else { return argv }
  return [
    "setpriv", "--reuid=\(unprivilegedUser.uid)", "--regid=\(unprivilegedUser.gid)",
    "--clear-groups",
  ] + argv
}

/// Every process below `pid` (children, their children, …), from /proc.
func descendants(of pid: pid_t) -> [pid_t] {
  var parents: [pid_t: pid_t] = [:]
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  for entry in entries {
    guard let child = pid_t(entry),
      let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { continue }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    if fields.count > 1, let parent = pid_t(fields[1]) { parents[child] = parent }
  }
  var found: [pid_t] = []
  var frontier = [pid]
  while let next = frontier.popLast() {
    let children = parents.filter { $0.value == next }.map(\.key)
    found += children
    frontier += children
  }
  return found
}

/// One bar's run: a private folder, the processes it starts, its screenshots.
final class BarSession {
  let name: String
  /// Private to the test, readable by `unprivilegedUser`: the binary, configurations.
  let folder: String
  /// Writable by the bar's user: files actions touch, logs, runtime files.
  let marks: String
  /// Screenshots of the last run, kept under .build for a failing test to point to.
  let shots: String
  /// The copied `ticker-status`.
  let binary: String
  /// Where the copied binary finds the Swift runtime, when the bar's user cannot read
  /// the toolchain's copy.
  let libraries: String
  private var started: [pid_t] = []
  private var shotCount = 0
  let start = Date()

  init(name: String) throws {
    self.name = name
    // mkdtemp makes it 0700; the bar's user must get in.
    var template = Array("/tmp/tb-\(name).XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { throw POSIXError(.EIO) }
    folder = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    chmod(folder, 0o755)
    marks = folder + "/m"
    libraries = folder + "/lib"
    binary = folder + "/ticker-status"
    try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: false)
    chmod(marks, 0o700)
    chown(marks, unprivilegedUser.uid, unprivilegedUser.gid)
    try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: tickerBinary, toPath: binary)
    chmod(binary, 0o755)
    // The Swift runtime the debug binary links, from wherever ldd finds it outside
    // the system's folders (the toolchain may live under a private home).
    let ldd = try which("ldd").map { try runProcess($0, [tickerBinary]).stdout } ?? ""
    for match in ldd.matches(of: /=> (\/\S+)/) {
      let library = String(match.1)
      if library.hasPrefix("/lib") || library.hasPrefix("/usr/lib") { continue }
      let copy = libraries + "/" + URL(fileURLWithPath: library).lastPathComponent
      try? FileManager.default.copyItem(atPath: library, toPath: copy)
      chmod(copy, 0o644)
    }
    shots = repositoryRoot.appendingPathComponent(".build/bar-screenshots/\(name)").path
    try? FileManager.default.removeItem(atPath: shots)
    try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
  }

  deinit {
    stopAll()
    // The logs go beside the screenshots.
    let names = (try? FileManager.default.contentsOfDirectory(atPath: marks)) ?? []
    for name in names where name.hasSuffix(".log") {
      try? FileManager.default.copyItem(atPath: marks + "/" + name, toPath: shots + "/" + name)
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Writes `text` to a file of the folder, readable by all; returns its path.
  @discardableResult
  func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, executable ? 0o755 : 0o644)
    return path
  }

  /// Seconds since the session began.
  var elapsed: Double { Date().timeIntervalSince(start) }

  /// The environment the bar runs in: nothing from the test's but PATH, a home and
  /// runtime folder of its own, UTF-8.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": marks,
      "XDG_RUNTIME_DIR": marks, "LANG": "C.UTF-8", "LD_LIBRARY_PATH": libraries,
    ]
    environment.merge(extra) { _, new in new }
    return environment
  }

  /// Starts a long-lived program in the marks folder (so that a relative path in an
  /// action lands there); `stopAll` ends it and everything it started.
  @discardableResult
  func spawn(_ argv: [String], environment: [String: String], log: String? = nil) throws -> pid_t {
    // Standard error goes where standard output went (a second open of the log would
    // write over it).
    let pid = try spawnClean(
      ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", marks] + argv, environment: environment,
      stdout: log.map { .file(marks + "/" + $0) } ?? .null,
      stderr: log == nil ? .null : .descriptor(1))
    started.append(pid)
    return pid
  }

  /// The text of a log in the marks folder.
  func log(_ name: String) -> String {
    (try? String(contentsOfFile: marks + "/" + name, encoding: .utf8)) ?? ""
  }

  func marked(_ name: String) -> Bool { FileManager.default.fileExists(atPath: marks + "/" + name) }

  /// Stops what `spawn` started and all their descendants, by pid, the last started
  /// first (a bar before its display): SIGTERM, then SIGKILL to what still runs after
  /// two seconds.
  func stopAll() {
    for pid in started.reversed() {
      let below = descendants(of: pid)
      for process in [pid] + below { kill(process, SIGTERM) }
      _ = waitForExit(pid, timeout: 2)
      waitUntil(timeout: 2) { !below.contains(where: { !processHasEnded($0) }) }
      for process in below where !processHasEnded(process) { kill(process, SIGKILL) }
    }
    started = []
  }

  /// Takes a screenshot with `capture` (a command writing a PNG to the path it is
  /// given), keeps the PNG and reads its pixels.
  func screenshot(_ capture: (String) throws -> ProcessResult) throws -> Shot {
    shotCount += 1
    let path = shots + "/" + String(format: "%03d.png", shotCount)
    let time = elapsed
    let taken = try capture(path)
    guard taken.status == 0 else {
      throw ShotError(message: "screenshot failed: \(taken.stderr)")
    }
    let convert = which("convert") ?? "/usr/bin/convert"
    let ppm = try runProcess(convert, [path, "-depth", "8", "ppm:-"])
    guard let shot = Shot(ppm: ppm.stdoutBytes, path: path, time: time) else {
      throw ShotError(message: "cannot read \(path): \(ppm.stderr)")
    }
    return shot
  }
}

struct ShotError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Starts an Xvfb on a display it finds free (-displayfd), in `session`.
///
/// - Returns: The display, like `:3`.
func startXvfb(in session: BarSession, size: String) throws -> String {
  // -displayfd picks a free display, but two servers starting at once (another test
  // run on the machine) can still race for one: then the loser fails, and starts again.
  for attempt in 1...3 {
    let log = "xvfb-\(attempt).log"
    try session.spawn(
      ["Xvfb", "-displayfd", "1", "-screen", "0", size + "x24", "-nolisten", "tcp"],
      environment: session.environment(), log: log)
    var display = ""
    waitUntil(timeout: 10) {
      let text = session.log(log)
      if let line = text.split(separator: "\n").first, let number = Int(line) {
        display = ":\(number)"
        return true
      }
      // Xvfb says why it failed and exits; no point waiting the whole time.
      return text.contains("Fatal server error")
    }
    if !display.isEmpty { return display }
    if attempt == 3 { throw ShotError(message: "Xvfb did not start: \(session.log(log))") }
    usleep(200_000)
  }
  throw ShotError(message: "Xvfb did not start")
}

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
    let ran = waitUntil(timeout: 10) {
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

/// The path of `name` on PATH, or the bare name (whose run then fails with an error
/// the test reports, rather than a trap).
func program(_ name: String) -> String { which(name) ?? name }
