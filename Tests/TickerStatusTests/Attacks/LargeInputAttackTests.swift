import Foundation
import Testing

// Large inputs of the slowest text to lay out: the stream's first frame comes at once,
// and it answers SIGTERM at once, whatever it is laying out (issue 28, point 8).

/// A file of `size` bytes of lines of `line`, repeated.
private func repeatedFile(_ folder: TestFolder, _ line: String, size: Int) throws -> String {
  let bytes = Data((line + "\n").utf8)
  var data = Data(capacity: size)
  while data.count + bytes.count <= size { data.append(bytes) }
  let path = folder.file("large")
  try data.write(to: URL(fileURLWithPath: path))
  return path
}

@Suite struct LargeInputAttackTests {
  /// 64 MB of `e` and a combining accent, the general way's slowest text: seconds of
  /// layout for the first strip even in a release build. A frame comes first, and
  /// SIGTERM in the middle of the layout ends the stream as it ends any, with 143.
  @Test func aStreamShowsAFrameAndAnswersSIGTERMWhileLayingOutItsFirstStrip() throws {
    let folder = try TestFolder("ticker-large")
    defer { folder.remove() }
    let path = try repeatedFile(folder, String(repeating: "e\u{301}", count: 300), size: 64 << 20)
    let stream = try LiveProcess(["--stream", "-f", path, "-w", "10"])
    defer { stream.stop() }
    // The first frame comes while the rest is still being laid out (it came only once
    // all 64 MB were: a minute in a debug build).
    let first = stream.waitForLines(1, timeout: 3)
    #expect(!first.isEmpty, "no frame in 3 s while the large input is laid out")
    stream.send(SIGTERM)
    // The grace the README promises is 1 s; 3 s leaves room for a loaded machine.
    let status = stream.waitForExit(timeout: 3)
    #expect(status == 143, "exit status \(status.map(String.init) ?? "none: still running")")
  }

  /// The same for 64 MB of random bytes (invalid UTF-8, controls, marks).
  @Test func aStreamAnswersSIGTERMWhileLayingOutRandomBytes() throws {
    let folder = try TestFolder("ticker-large")
    defer { folder.remove() }
    var rng = SystemRandomNumberGenerator()
    var data = Data(count: 64 << 20)
    data.withUnsafeMutableBytes { buffer in
      let words = buffer.bindMemory(to: UInt64.self)
      for index in words.indices { words[index] = rng.next() }
    }
    let path = folder.file("random")
    try data.write(to: URL(fileURLWithPath: path))
    let stream = try LiveProcess(["--stream", "-f", path, "-w", "10"])
    defer { stream.stop() }
    usleep(1_500_000)
    stream.send(SIGTERM)
    let status = stream.waitForExit(timeout: 3)
    #expect(status == 143, "exit status \(status.map(String.init) ?? "none: still running")")
  }
}
