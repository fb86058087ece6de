import Glibc
import Testing

@testable import ticker_status

/// `FileDescriptor.writeLine`, the one system call a frame's line goes out in: the
/// bytes a reader gets, against the naive line (`text + "\n"`).
struct FileDescriptorTests {
  /// Reads what is in the pipe now, without waiting for more.
  private func drain(_ end: FileDescriptor) -> [UInt8] {
    _ = fcntl(end.rawValue, F_SETFL, fcntl(end.rawValue, F_GETFL) | O_NONBLOCK)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case .success(let count) = buffer.withUnsafeMutableBytes({ end.read(into: $0) }),
      count > 0
    {
      bytes += buffer[..<count]
    }
    return bytes
  }

  // Lengths around nothing, one byte, a page and a pipe's whole 64 KiB (with the
  // newline), in ASCII and in multi-byte UTF-8: `unit` repeated `count` times.
  @Test(
    "a line reaches the reader as its text and one newline",
    arguments: [
      (0, "x"), (1, "a"), (4095, "x"), (65535, "y"), (1, "€ 東京 👍🏽"), (21845, "東"),
    ])
  func aLineIsItsTextAndANewline(count: Int, unit: String) throws {
    let text = String(repeating: unit, count: count)
    let (readEnd, writeEnd) = try FileDescriptor.pipe().get()
    defer {
      readEnd.close()
      writeEnd.close()
    }
    let written = writeEnd.writeLine(text)
    #expect((try? written.get()) != nil, "writeLine failed: \(written)")
    let got = drain(readEnd)
    let same = got == Array((text + "\n").utf8)
    #expect(same, "\(got.count) bytes read, ending \(got.suffix(4)), for \(text.utf8.count) + 1")
  }

  @Test("a line the pipe takes only part of fails with the reason, its start sent in order")
  func aPartlyTakenLineFailsWithTheReason() throws {
    let (readEnd, writeEnd) = try FileDescriptor.pipe().get()
    defer {
      readEnd.close()
      writeEnd.close()
    }
    // A one-page pipe that does not wait: writev takes what fits of a line longer than
    // PIPE_BUF, and the rest finds the pipe full.
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, not in Swift's Glibc module
    #expect(fcntl(writeEnd.rawValue, setPipeSize, 4096) >= 0)
    _ = fcntl(writeEnd.rawValue, F_SETFL, fcntl(writeEnd.rawValue, F_GETFL) | O_NONBLOCK)
    let text = String((0..<5000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    let result = writeEnd.writeLine(text)
    guard case .failure(let error) = result else {
      Issue.record("a 5,001-byte line fit in a one-page pipe: \(result)")
      return
    }
    #expect(error == .wouldBlock)
    let sent = drain(readEnd)
    #expect(!sent.isEmpty && sent.count < 5000, "\(sent.count) bytes sent")
    let inOrder = sent == Array(text.utf8.prefix(sent.count))
    #expect(inOrder, "the \(sent.count) bytes sent are not the line's start")
  }
}
