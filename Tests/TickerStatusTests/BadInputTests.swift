import Foundation
import Testing

@testable import TickerCore

/// Checks that `output` is one clean frame: a single newline-terminated line of valid
/// UTF-8 with no control characters except the dialect's own colour codes.
func expectCleanFrame(
  _ result: ProcessResult, format: String = "plain",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    result.status == 0, "exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
  let bytes = result.stdoutBytes
  #expect(bytes.last == 0x0A, "frame must end with a newline", sourceLocation: sourceLocation)
  #expect(
    String(validating: bytes, as: UTF8.self) != nil, "frame must be valid UTF-8",
    sourceLocation: sourceLocation)
  var body = Array(bytes.dropLast())
  if ["ansi", "bash", "fish"].contains(format) { body = strippingSGR(body) }
  if format == "bash" { body.removeAll { $0 == 0x01 || $0 == 0x02 } }
  let text = String(decoding: body, as: UTF8.self)
  let bad = text.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  #expect(
    bad.isEmpty, "control characters \(bad.map { $0.value }) in \(format) frame",
    sourceLocation: sourceLocation)
}

/// Removes `ESC [ digits/semicolons m` sequences, which are the dialect's own colours.
func strippingSGR(_ bytes: [UInt8]) -> [UInt8] {
  var result: [UInt8] = []
  var index = 0
  while index < bytes.count {
    if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
      var end = index + 2
      while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end])
      {
        end += 1
      }
      if end < bytes.count, bytes[end] == UInt8(ascii: "m") {
        index = end + 1
        continue
      }
    }
    result.append(bytes[index])
    index += 1
  }
  return result
}

private func temporaryFile(_ contents: [UInt8]) -> String {
  let path = NSTemporaryDirectory() + "ticker-bad-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  _ = FileManager.default.createFile(atPath: path, contents: Data(contents))
  return path
}

@Suite struct BadInputTests {
  @Test func invalidUTF8IsShownAsReplacementCharacters() throws {
    let path = temporaryFile([0x41, 0xFF, 0xFE, 0x42, 0xC3, 0x28, 0x0A, 0xED, 0xA0, 0x80, 0x43])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runTicker(["-f", path, "-w", "20", "--separator", "|", "--format", "plain"])
    expectCleanFrame(result)
    #expect(result.stdout.hasPrefix("A\u{FFFD}\u{FFFD}B\u{FFFD}(|"))
  }

  @Test func controlAndEscapeBytesAreRemoved() throws {
    let hostile = "a\u{1B}[31mred\u{1B}]0;title\u{7}\u{9B}2J\u{0}\u{8}b"
    for format in ["plain", "ansi"] {
      let result = try runTicker([hostile, "-w", "30", "--format", format])
      expectCleanFrame(result, format: format)
      #expect(!result.stdout.contains("\u{1B}]"))
    }
  }

  @Test func fileOfControlCharactersOnlyGivesABlankFrame() throws {
    let path = temporaryFile(Array("\u{1}\u{2}\u{1B}\u{7F}\n\u{7}\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runTicker(["-f", path, "-w", "9", "--format", "plain"])
    expectCleanFrame(result)
    #expect(result.stdout == "         \n")
  }

  @Test func tenMegabyteLine() throws {
    var line = [UInt8]()
    line.reserveCapacity(10_000_001)
    let pattern = Array("ticker 日本 👍🏽 ".utf8)
    while line.count < 10_000_000 { line += pattern }
    line.append(0x0A)
    let path = temporaryFile(line)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runTicker(["-f", path, "-w", "50", "--format", "plain"], timeout: 60)
    expectCleanFrame(result)
  }

  /// A usage error ends the run before standard input is read: it exits 64 at once,
  /// and the megabyte the test writes meets a closed pipe (which must not end the
  /// tests, `writeWithoutPipeSignal`).
  @Test func usageErrorDoesNotWaitForStandardInput() throws {
    let input = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    let result = try runTicker(["--no-such-option"], stdin: input)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--no-such-option"), "\(result.stderr)")
  }

  @Test func twentyThousandArguments() throws {
    let items = (0..<20_000).map { "item\($0)" }
    let result = try runTicker(["-w", "60", "--format", "plain"] + items)
    expectCleanFrame(result)
  }

  @Test(arguments: ["0", "1", "100000"])
  func extremeWidths(width: String) throws {
    let result = try runTicker(["--demo", "-w", width, "--format", "ansi"])
    expectCleanFrame(result, format: "ansi")
    let visible = String(
      decoding: strippingSGR(Array(result.stdoutBytes.dropLast())), as: UTF8.self)
    #expect(visible.unicodeScalars.count == Int(width)!)
  }

  @Test(arguments: [
    ["--at", "1e300"], ["--at", "-1e300"], ["--speed", "1000"], ["--speed", "-1000"],
    ["--speed", "1e-300"], ["--dwell", "1000000"], ["--at", "1e300", "--motion", "bounce"],
    ["--at", "1e300", "--speed", "1000", "--dwell", "1000000"],
  ])
  func hugeNumbersGiveCleanFrames(arguments: [String]) throws {
    let result = try runTicker(["--demo", "-w", "30", "--format", "plain"] + arguments)
    expectCleanFrame(result)
    #expect(result.stdout.count == 31)
  }

  @Test func unreadableInputExits66() throws {
    let notADirectory = try runTicker(["-f", "/etc/hostname/inside"])
    #expect(notADirectory.status == 66)
    #expect(
      notADirectory.stderr.hasPrefix("ticker-status: error: cannot read '/etc/hostname/inside': "))
    let path = temporaryFile(Array("secret\n".utf8))
    defer { try? FileManager.default.removeItem(atPath: path) }
    chmod(path, 0)
    if getuid() == 0 {
      print(
        "note: running as root, so a mode-000 file is still readable; ENOTDIR and EISDIR cover 66")
    } else {
      let unreadable = try runTicker(["-f", path])
      #expect(unreadable.status == 66)
      #expect(unreadable.stderr.contains("Permission denied"))
    }
  }

  /// Random bytes (and random bytes dense in ESC, `#`, `%`, `[` and `{`) through every
  /// format and every markup, from a fixed seed so a failure can be replayed.
  @Test func randomBytesThroughEveryFormatAndMarkup() throws {
    var state: UInt64 = 0x5EED
    func nextByte() -> UInt8 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 33)
    }
    let dense: [UInt8] = [0x1B, 0x23, 0x25, 0x5B, 0x7B, 0x5D, 0x3B, 0x6D, 0x0A, 0xC2, 0x9B]
    for markup in Markup.allCases.map(\.rawValue) {
      for format in OutputFormat.allCases.map(\.rawValue) {
        for round in 0..<2 {
          let bytes = (0..<600).map { _ in
            round == 0 ? nextByte() : dense[Int(nextByte()) % dense.count] | (nextByte() & 0x20)
          }
          let path = temporaryFile(bytes)
          defer { try? FileManager.default.removeItem(atPath: path) }
          let result = try runTicker(
            ["-f", path, "-w", "40", "--format", format, "--markup", markup])
          #expect(result.status == 0, "\(format) \(markup): \(result.stderr)")
          #expect(result.stdoutBytes.last == 0x0A)
          // One line; yambar's frame is a set of 17 tag lines and the empty one.
          let lines = format == "yambar" ? 18 : 1
          #expect(result.stdoutBytes.filter { $0 == 0x0A }.count == lines, "\(format): one line")
          #expect(String(validating: result.stdoutBytes, as: UTF8.self) != nil, "\(format)")
          if ["plain", "ansi", "bash", "fish"].contains(format) {
            expectCleanFrame(result, format: format)
          }
        }
      }
    }
  }
}
