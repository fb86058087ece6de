import Foundation
import Testing

// Sources that never end, never answer or never stop: every read is bounded in bytes,
// lines and time, and the frames keep coming.

/// Peak memory a run may reach on inputs that never end: far above the 64 MiB a read
/// may take, far below what an unbounded read reaches in a second.
private let memoryCeilingKiB = 256 * 1024

@Suite struct HostileOneShotTests {
  @Test func endlessZerosAreReadBrieflyWithAClearError() throws {
    let run = try runMeasuringMemory([tickerBinary, "-f", "/dev/zero", "-w", "10"])
    #expect(run.status == 66)
    // Whichever bound comes first: a build that reads zeros faster than 256 MiB a
    // second (the release build does) stops at the bytes, a slower one at the time.
    #expect(
      [
        "ticker-status: error: cannot read '/dev/zero': it did not end within 0.25 s"
          + " and no item came\n",
        "ticker-status: error: cannot read '/dev/zero': no item in its first 64 MiB\n",
      ].contains(run.stderr), "\(run.stderr)")
    #expect(run.peakKiB < memoryCeilingKiB, "peak \(run.peakKiB) KiB")
  }

  @Test func endlessRandomBytesAreReadBrieflyAndShown() throws {
    let run = try runMeasuringMemory([tickerBinary, "-f", "/dev/urandom", "-w", "10"])
    #expect(run.status == 0)
    #expect(
      run.stderr.contains("'/dev/urandom' did not end within 0.25 s; only what came is read"))
    #expect(run.peakKiB < memoryCeilingKiB, "peak \(run.peakKiB) KiB")
  }

  /// A regular file of `size` bytes (sparse: zeros), starting with `start`.
  private func largeFile(_ folder: TestFolder, start: String, size: Int) throws -> String {
    let path = try folder.write("large", start)
    #expect(truncate(path, off_t(size)) == 0)
    return path
  }

  @Test func aFileLargerThanTheLimitIsCutThere() throws {
    let folder = try TestFolder("ticker-large")
    defer { folder.remove() }
    let path = try largeFile(folder, start: "first\nsecond\n", size: 65 << 20)
    let run = try runMeasuringMemory([tickerBinary, "-f", path, "-w", "6"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("'\(path)' is larger than 64 MiB; only its start is read"))
    #expect(run.peakKiB < memoryCeilingKiB, "peak \(run.peakKiB) KiB")
  }

  @Test func aFileWithNoItemInItsFirst64MiBIsAnError() throws {
    let folder = try TestFolder("ticker-large")
    defer { folder.remove() }
    let path = try largeFile(folder, start: "", size: 65 << 20)
    let result = try runTicker(["-f", path, "-w", "6"])
    #expect(result.status == 66)
    #expect(
      result.stderr == "ticker-status: error: cannot read '\(path)': no item in its first 64 MiB\n")
  }

  @Test func aFIFOWithNoWriterIsAnEmptyFile() throws {
    let folder = try TestFolder("ticker-fifo")
    defer { folder.remove() }
    #expect(mkfifo(folder.file("p"), 0o600) == 0)
    let result = try runTicker(["-f", folder.file("p"), "-w", "4"], timeout: 10)
    #expect(result.status == 0, "no hang: \(result.stderr)")
    #expect(result.stdout == "    \n")
  }

  @Test func aFIFOWhoseWriterNeverEndsIsWaitedForBriefly() throws {
    let folder = try TestFolder("ticker-fifo")
    defer { folder.remove() }
    let fifo = folder.file("p")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A writer that says one line and holds the FIFO open.
    let writer = try spawnClean(["/bin/sh", "-c", "{ echo hello; sleep 30; } > '\(fifo)'"])
    defer {
      kill(writer, SIGKILL)
      _ = waitForExit(writer, timeout: 5)
    }
    usleep(200_000)
    let result = try runTicker(["-f", fifo, "-w", "5"], timeout: 10)
    #expect(result.status == 0)
    #expect(result.stdout == "hello\n")
    #expect(result.stderr.contains("did not end within 0.25 s; only what came is read"))
  }

  @Test(arguments: [
    ("a\rb\rc\n", "a·b·c"), ("one\r\ntwo\rthree", "one·two·three"), ("\r\r\rx", "x"),
  ])
  func aLoneCREndsALine(_ text: String, _ frame: String) throws {
    let result = try runTicker(
      ["-f", "-", "--separator", "·", "-w", "\(frame.count)", "--format", "plain"],
      stdin: Array(text.utf8))
    #expect(result.stdout == frame + "\n")
  }

  @Test func anOverlongLineIsCutAtAClusterAndMarked() throws {
    // 70,002 bytes of "é" written as e and a combining accent (3 bytes a cluster): the
    // 64 KiB cut falls inside a cluster, which must not be split.
    let line = String(repeating: "e\u{301}", count: 23_334)
    let result = try runTicker(
      ["-f", "-", "-w", "21847", "--format", "plain", "--at", "0"],
      stdin: Array((line + "\nnext\n").utf8))
    #expect(result.status == 0)
    #expect(result.stderr.contains("has a line longer than 64 KiB, cut with …"))
    // 65,536 bytes hold 21,845 whole clusters and one byte of the next: that byte goes,
    // and the line ends in "…".
    let expected = String(repeating: "e\u{301}", count: 21_845) + "… \n"
    #expect(result.stdout == expected)
  }

  @Test func aFileOfBlankLinesGivesABlankFrame() throws {
    let blank = " \t\n\u{200B}\u{FEFF}\u{2060}\n\u{1B}\u{7}\n\n   \n"
    let result = try runTicker(["-f", "-", "-w", "6"], stdin: Array(blank.utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "      \n")
  }
}

@Suite struct HostileStreamTests {
  /// Frames that arrive in the `seconds` after `start` (an index into the lines).
  private func frames(_ stream: LiveProcess, after start: Int, for seconds: Double) -> Int {
    usleep(UInt32(seconds * 1_000_000))
    return stream.lines.count - start
  }

  /// The most resident memory `stream` has, looked at every 0.2 s for `seconds`.
  private func peakResidentKiB(_ stream: LiveProcess, for seconds: Double) -> Int {
    var peak = 0
    for _ in 0..<Int((seconds / 0.2).rounded()) {
      usleep(200_000)
      peak = max(peak, residentKiB(stream.pid) ?? 0)
    }
    return peak
  }

  @Test func aWatchedFileReplacedByAFIFOKeepsTheFramesAndTheItems() throws {
    let folder = try TestFolder("ticker-swap")
    defer { folder.remove() }
    let items = try folder.write("items", "first item, scrolling along\n")
    let stream = try LiveProcess(["--stream", "-f", items, "-w", "8", "-s", "10"])
    defer { stream.stop() }
    stream.waitForLines(3)
    try FileManager.default.removeItem(atPath: items)
    #expect(mkfifo(items, 0o600) == 0)
    let start = stream.lines.count
    #expect(frames(stream, after: start, for: 2) >= 8, "frames go on")
    #expect(
      stream.lines.suffix(5).allSatisfy { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty })
    #expect(
      waitUntil(timeout: 3) { stream.standardError.contains("is empty; showing the last items") })
  }

  @Test func aWatchedFileReplacedByEndlessZerosKeepsTheFramesAndTheMemory() throws {
    let folder = try TestFolder("ticker-swap")
    defer { folder.remove() }
    let items = try folder.write("items", "first item, scrolling along\n")
    let stream = try LiveProcess(["--stream", "-f", items, "-w", "8", "-s", "10"])
    defer { stream.stop() }
    stream.waitForLines(3)
    #expect(symlink("/dev/zero", folder.file("items.tmp")) == 0)
    #expect(rename(folder.file("items.tmp"), items) == 0)
    let start = stream.lines.count
    #expect(frames(stream, after: start, for: 3) >= 12, "frames go on")
    #expect((residentKiB(stream.pid) ?? 0) < memoryCeilingKiB)
    #expect(
      stream.lines.last.map { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty } ?? false)
    // Whichever bound comes first (see endlessZerosAreReadBrieflyWithAClearError).
    #expect(
      waitUntil(timeout: 3) {
        stream.standardError.contains(
          "cannot read '\(items)': it did not end within 0.25 s and no item came")
          || stream.standardError.contains(
            "cannot read '\(items)': no item in its first 64 MiB")
      })
  }

  @Test func aCommandPrintingEndlesslyIsStoppedAndTheFramesGoOn() throws {
    let folder = try TestFolder("ticker-zeros")
    defer { folder.remove() }
    let stream = try LiveProcess(
      [
        "--stream", "--command", "cat /dev/zero", "--every", "1", "-w", "8", "-s", "10",
        "scrolling text here",
      ],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    stream.waitForLines(3)
    let start = stream.lines.count
    let peak = peakResidentKiB(stream, for: 3)
    #expect(stream.lines.count - start >= 12, "frames go on")
    #expect(peak < memoryCeilingKiB, "peak \(peak) KiB")
    #expect(stream.standardError.contains("printed more than 64 MiB and was stopped"))
  }

  @Test func endlessFollowedInputKeepsTheFramesAndTheMemory() throws {
    let stream = try LiveProcess(
      ["--stream", "--follow", "-f", "-", "-w", "10", "-s", "10", "x y z, and more to scroll"],
      feedsInput: true)
    defer { stream.stop() }
    stream.feedInBackground([UInt8](repeating: 0, count: 1 << 16), count: 2000)
    stream.waitForLines(2)
    let start = stream.lines.count
    let peak = peakResidentKiB(stream, for: 2)
    #expect(stream.lines.count - start >= 12, "frames go on")
    #expect(peak < 64 * 1024, "peak \(peak) KiB")
  }

  @Test func progressLinesEndedByCRAreFollowed() throws {
    let stream = try LiveProcess(
      ["--stream", "--follow", "-f", "-", "-w", "4", "--format", "plain"], feedsInput: true)
    defer { stream.stop() }
    stream.write("10%\r20%\r30%\r")
    #expect(stream.waitForLine(where: { $0 == "30% " }) != nil)
  }

  @Test func aFileThatBecomesBlankKeepsTheLastItems() throws {
    let folder = try TestFolder("ticker-blank")
    defer { folder.remove() }
    let items = try folder.write("items", "good\n")
    let stream = try LiveProcess(["--stream", "-f", items, "-w", "6", "--format", "plain"])
    defer { stream.stop() }
    #expect(stream.waitForLine(where: { $0 == "good  " }) != nil)
    try folder.write("items", " \t\n\u{200B}\n\n")
    #expect(
      waitUntil(timeout: 5) {
        stream.standardError.contains("has only blank lines; showing the last items")
      })
    #expect(stream.lines.last?.text == "good  ")
  }

  @Test func aCommandPrintingOnlyBlankLinesKeepsTheLastItemsAndTheCache() throws {
    let folder = try TestFolder("ticker-blank")
    defer { folder.remove() }
    try folder.write("value", "good\n")
    let command = "cat '\(folder.file("value"))'"
    let env = testEnvironment(["XDG_RUNTIME_DIR": folder.path])
    let stream = try LiveProcess(
      ["--stream", "--command", command, "--every", "0.3", "-w", "6", "--format", "plain"],
      environment: env)
    defer { stream.stop() }
    #expect(stream.waitForLine(where: { $0 == "good  " }) != nil)
    try folder.write("value", "  \n\u{200B}\n")
    #expect(waitUntil(timeout: 5) { stream.standardError.contains("printed nothing") })
    #expect(stream.lines.last?.text == "good  ")
    stream.stop()
    let oneShot = try runTicker(
      ["--command", command, "-w", "6", "--every", "600"], environment: env)
    #expect(oneShot.stdout == "good  \n", "the cache still holds the last good lines")
  }

  @Test func aCommandThatHasNotAnsweredShowsLoading() throws {
    let folder = try TestFolder("ticker-loading")
    defer { folder.remove() }
    let stream = try LiveProcess(
      ["--stream", "--command", "sleep 2; echo done", "-w", "9", "--format", "plain"],
      environment: testEnvironment(["XDG_RUNTIME_DIR": folder.path]))
    defer { stream.stop() }
    let first = stream.waitForLines(1).first?.text
    #expect(first == "…loading ")
    #expect(stream.waitForLine(timeout: 10, where: { $0 == "done     " }) != nil)
  }
}
