import Foundation
import Testing

// A real bar's run: a private folder the bar's user can read, the processes it
// starts, stopped by their ids, its screenshots and the display it draws on.

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
    try FileManager.default.createDirectory(atPath: marks, withIntermediateDirectories: false)
    chmod(marks, 0o700)
    chown(marks, unprivilegedUser.uid, unprivilegedUser.gid)
    let shared = try SharedBinary(in: folder)
    binary = shared.path
    libraries = shared.libraries
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
      // -noreset: by default the server resets when its last client goes (the readiness
      // check's xdotool below), and a bar connecting during the reset is dropped ("X
      // connection error", one CI run's polybar).
      [
        "Xvfb", "-displayfd", "1", "-screen", "0", size + "x24", "-nolisten", "tcp",
        "-noreset",
      ],
      environment: session.environment(), log: log)
    var display = ""
    waitUntil(timeout: 10) {
      let text = session.log(log)
      // The number comes after any complaint about the displays it found taken.
      if let number = text.split(separator: "\n").lazy.compactMap({ Int($0) }).first {
        display = ":\(number)"
        return true
      }
      // Xvfb says why it failed and exits; no point waiting the whole time.
      return text.contains("Fatal server error")
    }
    // The number can come before the server takes clients: one CI run saw i3 say
    // "Cannot open display" on a display that screenshots reached a moment later. A
    // client's round trip (every X test has xdotool) says it is ready.
    if !display.isEmpty,
      waitUntil(
        timeout: 10,
        {
          (try? runProcess(
            program("xdotool"), ["getdisplaygeometry"],
            environment: session.environment(["DISPLAY": display])))?.status == 0
        })
    {
      return display
    }
    if attempt == 3 { throw ShotError(message: "Xvfb did not start: \(session.log(log))") }
    usleep(200_000)
  }
  throw ShotError(message: "Xvfb did not start")
}

/// Starts a headless sway in `session`, its output `size` (like `1280x240`): as an
/// unprivileged user (it refuses root), with the marks folder (theirs, 0700) as its
/// runtime folder; pixman draws.
///
/// - Returns: The name of its Wayland display and the path of its IPC socket.
func startSway(in session: BarSession, size: String) throws -> (wayland: String, ipc: String) {
  let sway = try session.write(
    "sway.conf", "xwayland disable\noutput HEADLESS-1 resolution \(size)\n")
  let environment = session.environment([
    "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
  ])
  try session.spawn(
    asUnprivileged(["sway", "-c", sway]), environment: environment, log: "sway.log")
  var wayland = ""
  var ipc = ""
  waitUntil(timeout: 10) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: session.marks)) ?? []
    wayland = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") } ?? ""
    ipc = names.first { $0.hasPrefix("sway-ipc.") }.map { session.marks + "/" + $0 } ?? ""
    return !wayland.isEmpty && !ipc.isEmpty
  }
  try #require(!ipc.isEmpty, "sway did not start: \(session.log("sway.log"))")
  return (wayland, ipc)
}

/// The path of `name` on PATH, or the bare name (whose run then fails with an error
/// the test reports, rather than a trap).
func program(_ name: String) -> String { which(name) ?? name }
