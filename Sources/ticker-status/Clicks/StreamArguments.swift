/// The arguments of a running stream, for the click actions it gives polybar.
///
/// A polybar action is a shell command the bar runs for a click. It once carried the
/// stream's whole command line, five times for every item on screen, so a frame grew
/// with the arguments (1,000 items as arguments made 5.6 MB frames). Now it names the
/// stream instead: `--clicked-stream PID`, and the click reads the stream's arguments
/// from `/proc/PID/cmdline`: constant in size, whatever the arguments hold (a tab, a
/// line break), and never written into the bar's line.
///
/// The process must be this same program, run by this same user, and a stream: a PID
/// that has been reused by anything else gives nothing.
enum StreamArguments {
  /// The most bytes of a command line read (Linux allows 2 MiB of arguments).
  static let limit = 4 << 20

  /// The arguments (without the program) of stream `pid`, or `nil` when `pid` is not a
  /// stream of this program and user.
  static func read(_ pid: Int32) -> [String]? {
    guard pid > 0,
      let program = Processes.executablePath(of: "\(pid)"),
      program == Processes.executablePath(),
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
    // The last argument ends with a NUL too.
    if words.last == "" { words.removeLast() }
    let arguments = Array(words.dropFirst())
    guard arguments.contains("--stream"), !arguments.contains("--clicked-stream") else {
      return nil
    }
    return arguments
  }
}
