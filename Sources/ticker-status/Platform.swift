import Glibc

/// Every libc call the executable makes, each named after the function it wraps.
///
/// Reads and writes retry when a signal interrupts them (`EINTR`).
enum Platform {
  /// `clock_gettime(CLOCK_REALTIME)`: the Unix time in seconds.
  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
  }

  /// `getenv(3)`.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// `isatty(3)`.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// `signal(SIGPIPE, SIG_IGN)`: a closed pipe then shows as `EPIPE` from `write`.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// `exit(3)`.
  static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// `strerror(3)`.
  static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }

  /// The whole of a file, by `open(2)` and `read(2)`; `-` is standard input.
  static func readAll(path: String) -> Result<[UInt8], ReadError> {
    let descriptor: Int32
    if path == "-" {
      descriptor = 0
    } else {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor < 0 { return .failure(ReadError(path: path, code: errno)) }
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[0..<count])
        if chunk.count < 1 << 22 && bytes.count >= chunk.count * 4 {
          chunk = [UInt8](repeating: 0, count: chunk.count * 4)
        }
      } else if count == 0 {
        return .success(bytes)
      } else if errno != EINTR {
        return .failure(ReadError(path: path, code: errno))
      }
    }
  }

  /// Writes all of `text` with `write(2)`.
  ///
  /// - Returns: `false` when the reader has gone (`EPIPE`) or the write failed.
  @discardableResult
  static func write(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written >= 0 {
          offset += written
        } else if errno != EINTR {
          return false
        }
      }
      return true
    }
  }
}

/// A file that could not be read.
struct ReadError: Error, Equatable {
  var path: String
  var code: Int32

  var description: String {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    return "cannot read \(shown): \(Platform.describe(errno: code))"
  }
}
