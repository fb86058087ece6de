import Foundation
import Testing

// The hostile strings of DialectTests given to the real readers that can say what they
// show without a screen: xmobar's text output (`-T`, the markup parsed as a bar does)
// and conky's console output (`out_to_console`, `${execpi}` parsed). What each shows
// must be the plain frame, character for character, and nothing the items hold may run.

/// The windows every reader is given: the hostile strings in both orders, still and
/// scrolling, and with click actions.
private func windows(_ format: String) throws -> (frames: [String], plain: [String]) {
  let cases: [[String]] = [
    ["-w", "300", "--at", "0"] + DialectTests.hostile,
    ["-w", "300", "--at", "0"] + DialectTests.hostile.reversed(),
    ["-w", "41", "--at", "9.1", "-s", "3", "--quotes", "UP 1 +1"] + DialectTests.hostile.reversed(),
    ["-w", "60", "--at", "20", "-s", "3", "--quotes", "DOWN 1 -1"] + DialectTests.hostile,
  ]
  var frames: [String] = []
  var plain: [String] = []
  for arguments in cases {
    for extra in [[], ["--on-click", "true"]] {
      let result = try runTicker(["--format", format] + extra + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      frames.append(String(result.stdout.dropLast()))
      let shown = try runTicker(["--format", "plain", "--cells", "wcwidth"] + arguments)
      plain.append(String(shown.stdout.dropLast()))
    }
  }
  return (frames, plain)
}

@Suite struct RealReaderTests {
  @Test(
    "xmobar -T shows every hostile frame as its plain text",
    .enabled(if: which("xmobar") != nil, "needs xmobar"))
  func xmobarShowsThePlainText() throws {
    let folder = try TestFolder("ticker-xmobar")
    defer { folder.remove() }
    let (frames, plain) = try windows("xmobar")
    // One line of every frame, in a separator of xmobar's literal text: one update.
    let line = frames.joined(separator: "<raw=3: | />")
    try folder.write("frames", line + "\n")
    let script = try folder.write(
      "reader.sh", "#!/bin/sh\ncat '\(folder.file("frames"))'\nexec sleep 5\n")
    #expect(chmod(script, 0o755) == 0)
    try folder.write(
      "xmobarrc",
      """
      Config { commands = [ Run CommandReader "\(script)" "tick" ], template = "%tick%" }

      """)
    let result = try runProcess(
      program("xmobar"), ["-T", folder.file("xmobarrc")],
      environment: testEnvironment(["LANG": "C.UTF-8", "HOME": folder.path]), timeout: 4)
    let shown = result.stdout.split(separator: "\n").map(String.init).filter { $0 != "Updating..." }
    #expect(shown == [plain.joined(separator: " | ")], "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: "/tmp/ticker-pwned"))
  }

  @Test(
    "conky's execpi shows every hostile frame as its plain text",
    .enabled(if: which("conky") != nil, "needs conky"))
  func conkyShowsThePlainText() throws {
    let folder = try TestFolder("ticker-conky")
    defer { folder.remove() }
    let (frames, plain) = try windows("conky")
    for (frame, expected) in zip(frames, plain) {
      try folder.write("frame", frame + "\n")
      try folder.write(
        "conky.conf",
        """
        conky.config = { out_to_console = true, out_to_x = false, update_interval = 1,
          total_run_times = 1, text_buffer_size = 8192 }
        conky.text = [[${execpi 1 cat '\(folder.file("frame"))'}]]

        """)
      let result = try runProcess(
        program("conky"), ["-c", folder.file("conky.conf")],
        environment: testEnvironment(["LANG": "C.UTF-8", "HOME": folder.path]), timeout: 10)
      #expect(result.stdout == expected + "\n", "\(frame.debugDescription): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: "/tmp/ticker-pwned"))
  }
}
