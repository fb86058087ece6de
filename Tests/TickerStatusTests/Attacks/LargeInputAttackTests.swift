import Foundation
import Testing

// Large inputs of the slowest text to lay out: the stream still answers SIGTERM at
// once, whatever it is laying out (issue 28, point 8).

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
  /// layout for the first strip even in a release build. SIGTERM in the middle of it
  /// ends the stream as SIGTERM ends any stream, with 143.
  @Test func aStreamAnswersSIGTERMWhileLayingOutItsFirstStrip() throws {
    let folder = try TestFolder("ticker-large")
    defer { folder.remove() }
    let path = try repeatedFile(folder, String(repeating: "e\u{301}", count: 300), size: 64 << 20)
    let stream = try LiveProcess(["--stream", "-f", path, "-w", "10"])
    defer { stream.stop() }
    // Long enough to have read the file and started the layout (the handlers are in
    // place before the layout starts).
    usleep(1_500_000)
    #expect(stream.lines.isEmpty, "still laying out: the test shows nothing otherwise")
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
