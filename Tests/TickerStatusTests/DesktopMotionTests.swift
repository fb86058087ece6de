import Foundation
import Testing

// The desktop's wish for reduced motion (issue 35), end to end: a real dbus-daemon
// with a fake Settings portal (Tests/desktop/fake_portal.py, the wire protocol by
// hand), a fake gsettings on PATH, and buses that are not buses.

private let fakePortal = repositoryRoot.appendingPathComponent("Tests/desktop/fake_portal.py").path
/// What the stream draws: `flip`'s frames are these two; `wrap`'s never are.
private let shape = [
  "--stream", "--format", "plain", "-w", "10", "-s", "5", "a long headline", "b",
]
private let flipFrames: Set = ["a long he…", "b         "]

/// The programs these tests need, or why they are skipped.
private func missing() -> String? {
  let lacking = missingPrograms(["dbus-daemon", "python3"])
  return lacking.isEmpty ? nil : "skipped: needs \(lacking.joined(separator: " and "))"
}

/// A private session bus: `dbus-daemon` printing its address; stopped with `stop()`.
private func startBus(listen: String? = nil) throws -> (daemon: LiveProcess, address: String) {
  let daemon = try LiveProcess(
    ["--session", "--nofork", "--print-address=1"] + (listen.map { ["--address=\($0)"] } ?? []),
    executable: program("dbus-daemon"), environment: testEnvironment())
  let address = try #require(daemon.waitForLines(1).first?.text, "\(daemon.standardError)")
  return (daemon, address)
}

/// The fake portal on `address`, answering `value`, once it owns its name.
private func startPortal(_ address: String, value: Int, _ extra: [String] = []) throws
  -> LiveProcess
{
  let portal = try LiveProcess(
    [fakePortal, "portal", address, String(value)] + extra, executable: program("python3"),
    environment: testEnvironment(), feedsInput: true)
  #expect(portal.waitForLine(timeout: 10) { $0 == "ready" } != nil, "\(portal.standardError)")
  return portal
}

/// The test environment with the bus at `address` and gsettings printing `gsettings`
/// (first on PATH, each run noted in `runs`).
private func desktop(_ folder: TestFolder, bus address: String?, gsettings: String = "true")
  throws -> [String: String]
{
  try FileManager.default.createDirectory(
    atPath: folder.file("bin"), withIntermediateDirectories: true)
  let script = try folder.write(
    "bin/gsettings", "#!/bin/sh\necho \"$*\" >> '\(folder.file("runs"))'\necho \(gsettings)\n")
  chmod(script, 0o755)
  var env = testEnvironment([
    "XDG_RUNTIME_DIR": folder.path,
    "PATH": folder.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
  ])
  env["DBUS_SESSION_BUS_ADDRESS"] = address
  env.removeValue(forKey: "TICKER_REDUCED_MOTION")
  return env
}

@Suite(.serialized) struct DesktopMotionTests {
  /// The portal says 1: the stream flips from its first frame; SettingChanged to 0
  /// makes it scroll, and back to 1 flip again. `--motion` and `TICKER_REDUCED_MOTION`
  /// are not moved by it.
  @Test func portalWishFlipsAStreamAndItsChangeSwitchesIt() throws {
    if let reason = missing() { return print(reason) }
    let folder = try TestFolder("ticker-desktop")
    defer { folder.remove() }
    let (daemon, address) = try startBus()
    defer { daemon.stop() }
    let portal = try startPortal(address, value: 1)
    defer { portal.stop() }
    let env = try desktop(folder, bus: address)
    let stream = try LiveProcess(shape, environment: env)
    defer { stream.stop() }
    let first = try #require(stream.waitForLines(1).first?.text, "\(stream.standardError)")
    #expect(flipFrames.contains(first), "first frame \(first)")
    portal.write("set 0\n")
    let wrapped = stream.waitForLine(from: 1, timeout: 5) { !flipFrames.contains($0) }
    #expect(wrapped != nil, "no scrolling after SettingChanged 0: \(stream.lines.map(\.text))")
    let mark = stream.lines.count
    portal.write("set 1\n")
    let flipped = stream.waitForLine(from: mark, timeout: 5) { flipFrames.contains($0) }
    #expect(flipped != nil, "no flip after SettingChanged 1: \(stream.lines.map(\.text))")
    #expect(portal.lines.contains { $0.text == "called ReadOne" })
    stream.stop()
    // What the user said wins.
    let choices: [([String], [String: String])] = [
      (["--motion", "wrap"], [:]), ([], ["TICKER_REDUCED_MOTION": "0"]),
    ]
    for (extra, variables) in choices {
      let chosen = try LiveProcess(shape + extra, environment: env.merging(variables) { $1 })
      defer { chosen.stop() }
      let lines = chosen.waitForLines(3, timeout: 10).map(\.text)
      #expect(lines.count == 3 && !lines.contains(where: flipFrames.contains), "\(extra): \(lines)")
    }
    #expect(folder.read("runs") == nil, "gsettings was asked though the portal answered")
  }

  /// A portal without ReadOne is asked with Read; an abstract socket is reached; 0 is
  /// no wish to reduce.
  @Test(arguments: [1, 0]) func readServesAPortalWithoutReadOne(value: Int) throws {
    if let reason = missing() { return print(reason) }
    let folder = try TestFolder("ticker-desktop")
    defer { folder.remove() }
    let (daemon, address) = try startBus(listen: "unix:abstract=" + folder.file("bus"))
    defer { daemon.stop() }
    #expect(address.hasPrefix("unix:abstract="))
    let portal = try startPortal(address, value: value, ["--no-readone"])
    defer { portal.stop() }
    let stream = try LiveProcess(shape, environment: try desktop(folder, bus: address))
    defer { stream.stop() }
    let first = try #require(stream.waitForLines(1).first?.text, "\(stream.standardError)")
    #expect(flipFrames.contains(first) == (value == 1), "first frame \(first)")
    #expect(portal.waitForLine(timeout: 5) { $0 == "called Read" } != nil)
  }

  /// Without a portal (a bus without one, or no bus at all), GNOME's enable-animations
  /// decides, read once; a one-shot never asks.
  @Test func gnomeSettingWithoutAPortal() throws {
    if let reason = missing() { return print(reason) }
    let folder = try TestFolder("ticker-desktop")
    defer { folder.remove() }
    let (daemon, address) = try startBus()
    defer { daemon.stop() }
    for bus in [address, nil] {
      for (said, flips) in [("false", true), ("true", false)] {
        let env = try desktop(folder, bus: bus, gsettings: said)
        let stream = try LiveProcess(shape, environment: env)
        defer { stream.stop() }
        let lines = stream.waitForLines(flips ? 1 : 3, timeout: 10).map(\.text)
        #expect(
          !lines.isEmpty && lines.allSatisfy(flipFrames.contains) == flips, "\(said): \(lines)")
      }
    }
    #expect(folder.lineCount("runs") == 4)
    #expect(
      folder.read("runs")?.hasPrefix("get org.gnome.desktop.interface enable-animations\n") == true)
    let env = try desktop(folder, bus: address, gsettings: "false")
    let oneShot = try runTicker(Array(shape.dropFirst()), environment: env)
    #expect(!flipFrames.contains(oneShot.stdout.trimmingCharacters(in: .newlines)))
    #expect(folder.lineCount("runs") == 4, "a one-shot asked gsettings")
  }

  /// A bus that never answers, sends garbage, a 4 GB message or a line without end:
  /// frames keep coming on time, the memory stays small, the connection is dropped.
  @Test(arguments: ["silent", "garbage", "huge", "noline"])
  func hostileBusHoldsNothingUp(mode: String) throws {
    if let reason = missing() { return print(reason) }
    let folder = try TestFolder("ticker-desktop")
    defer { folder.remove() }
    let socket = folder.file("bus")
    let bus = try LiveProcess(
      [fakePortal, "hostile", mode, socket], executable: program("python3"),
      environment: testEnvironment())
    defer { bus.stop() }
    #expect(bus.waitForLine(timeout: 10) { $0 == "ready" } != nil, "\(bus.standardError)")
    let started = Date().timeIntervalSince1970
    let stream = try LiveProcess(
      shape + ["--max-fps", "10"], environment: try desktop(folder, bus: "unix:path=" + socket))
    defer { stream.stop() }
    let lines = stream.waitForLines(16, timeout: 10)
    try #require(lines.count == 16, "\(stream.standardError)")
    #expect(lines[0].arrived - started < 1, "the first frame waited for the bus")
    // Five cells a second: a frame each 0.2 s; none held up by the bus.
    let gaps = zip(lines.dropFirst(), lines).map { $0.arrived - $1.arrived }
    #expect(gaps.max()! < 0.6, "gaps \(gaps)")
    #expect(!lines.contains { flipFrames.contains($0.text) })
    let status = try String(contentsOfFile: "/proc/\(stream.pid)/status", encoding: .utf8)
    let resident = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = resident.flatMap { Int($0.split(separator: " ")[1]) } ?? .max
    #expect(kilobytes < 64 * 1024, "\(resident ?? "no VmHWM")")
    if mode == "garbage" || mode == "huge" || mode == "noline" {
      #expect(bus.waitForLine(timeout: 5) { $0 == "hung up" } != nil, "the bus was not dropped")
    }
    #expect(stream.process.isRunning)
  }
}
