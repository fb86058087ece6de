/// The command line of one of this user's processes, read from `/proc/PID/cmdline`:
/// how a stream is told from a process that took its number over.
enum ProcessCommandLine {
  /// The most bytes of a command line read (Linux allows 2 MiB of arguments).
  static let limit = 4 << 20

  /// The words of `pid`'s command line, the program's first; `nil` when `pid` is no
  /// live process of this user's, or its command line cannot be read whole.
  static func words(of pid: Int32) -> [String]? {
    guard pid > 0,
      case .success(let status) = Files.status("/proc/\(pid)"),
      status.owner == Processes.userID,
      case .success(let file) = FileDescriptor.open("/proc/\(pid)/cmdline", .readOnly)
    else { return nil }
    defer { file.close() }
    var bytes: [UInt8] = []
    guard case .success(.endOfFile) = Reading.read(file, limit: limit, consume: { bytes += $0 })
    else { return nil }
    var words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    // The last word ends with a NUL too.
    if words.last == "" { words.removeLast() }
    return words
  }
}
