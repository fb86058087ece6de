import Foundation
import Testing

// A real MPRIS player for the now-playing tests (issue 26): mpv with the mpv-mpris
// plugin, headless, on a private session bus, over tagged audio files made with sox.

/// The programs a private player needs.
let playerPrograms = ["mpv", "playerctl", "dbus-daemon", "sox"]

/// The mpv-mpris plugin: Debian's package installs it in /usr/lib/mpv-mpris and links
/// it from /etc/mpv/scripts; `nil` when neither is there.
let mprisPlugin: String? = ["/etc/mpv/scripts/mpris.so", "/usr/lib/mpv-mpris/mpris.so"].first {
  FileManager.default.fileExists(atPath: $0)
}

/// What a private player lacks on this machine: the programs of `playerPrograms` not on
/// PATH, and the plugin.
func missingPlayerParts() -> [String] {
  missingPrograms(playerPrograms) + (mprisPlugin == nil ? ["mpv-mpris (mpris.so)"] : [])
}

/// The live processes whose environment holds `entry` (`NAME=value`), from /proc.
func livePrograms(withEnvironment entry: String) -> [pid_t] {
  let wanted = Array(entry.utf8)
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap(pid_t.init).filter { pid in
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
      return false
    }
    return data.split(separator: 0).contains { Array($0) == wanted } && !processHasEnded(pid)
  }
}

/// The command line of process `pid`, its arguments joined by spaces ("" once it has
/// gone).
func commandLine(_ pid: pid_t) -> String {
  let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") ?? Data()
  return String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
}

/// mpv with the MPRIS plugin playing `NowPlayingTests.titles`, headless, on a private
/// session bus; `stop()` (also on deinit) ends both and removes the files.
final class PrivatePlayer {
  let folder: TestFolder
  var environment: [String: String]
  /// The bus's address: `unix:path=` a socket in the folder.
  let address: String
  let tracks: [String]
  /// Whether the bus, mpv and the playerctl of `control` run as `unprivilegedUser`
  /// (a session bus admits its own user alone, and a bar run as nobody must reach it).
  let unprivileged: Bool
  private var pids: [pid_t] = []

  /// - Parameter unprivileged: Run the bus and the player as `unprivilegedUser`, with
  ///   the folder theirs.
  init(unprivileged: Bool = false) throws {
    folder = try TestFolder("ticker-nowplaying")
    self.unprivileged = unprivileged
    if unprivileged { chown(folder.path, unprivilegedUser.uid, unprivilegedUser.gid) }
    var tracks: [String] = []
    for (index, title) in NowPlayingTests.titles.enumerated() {
      let path = folder.file("\(index).ogg")
      let made = try runProcess(
        program("sox"),
        [
          "-n", "--comment", "title=\(title)", "--comment", "artist=Band", path, "synth", "60",
          "sine", "440",
        ])
      #expect(made.status == 0)
      tracks.append(path)
    }
    self.tracks = tracks
    address = "unix:path=" + folder.file("bus")
    environment = testEnvironment(["DBUS_SESSION_BUS_ADDRESS": address])
    environment.removeValue(forKey: "DISPLAY")
    pids.append(
      try spawnClean(
        asUser([program("dbus-daemon"), "--session", "--nofork", "--address=\(address)"]),
        environment: environment))
    #expect(
      waitUntil(timeout: 10) { FileManager.default.fileExists(atPath: self.folder.file("bus")) })
    try play()
  }

  deinit { stop() }

  /// `argv`, run as the player's user.
  private func asUser(_ argv: [String]) -> [String] {
    unprivileged ? asUnprivileged(argv) : argv
  }

  /// What this player started and still runs: the bus, and mpv while it plays.
  var processes: [pid_t] { pids }

  /// Starts the player (again).
  func play() throws {
    let player = try spawnClean(
      asUser(
        [
          program("mpv"), "--no-config", "--no-video", "--ao=null",
          "--script=\(mprisPlugin ?? "mpris.so")",
        ] + tracks), environment: environment)
    pids.append(player)
    #expect(
      waitUntil(timeout: 15) {
        self.run(["playerctl", "-l"], timeout: 5)?.stdout.contains("mpv") == true
      })
  }

  /// Ends the player (SIGTERM, as a user quits it).
  func quit() {
    guard pids.count > 1 else { return }
    let player = pids.removeLast()
    kill(player, SIGTERM)
    _ = waitForExit(player, timeout: 5)
  }

  /// `playerctl ARGUMENTS` on the private bus.
  func control(_ arguments: String...) {
    _ = run(["playerctl"] + arguments)
  }

  /// Runs `argv` to its end as the player's user, on its bus; `nil` if it could not
  /// start.
  func run(_ argv: [String], timeout: Double = 10) -> ProcessResult? {
    let full = asUser(argv)
    guard let first = full.first else { return nil }
    return try? runProcess(
      program(first), Array(full.dropFirst()), environment: environment, timeout: timeout)
  }

  /// The live programs whose command line starts with `text` and that run on this
  /// player's bus: another test's player and its programs may run meanwhile.
  func programs(startingWith text: String) -> [pid_t] {
    let mine = Set(livePrograms(withEnvironment: "DBUS_SESSION_BUS_ADDRESS=" + address))
    return livePrograms(startingWith: text).filter(mine.contains)
  }

  func stop() {
    for pid in pids.reversed() { _ = waitForExit(pid, timeout: 0) }
    pids = []
    folder.remove()
  }
}
