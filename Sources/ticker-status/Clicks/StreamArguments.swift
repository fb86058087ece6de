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
  /// The arguments (without the program) of stream `pid`, or `nil` when `pid` is not a
  /// stream of this program and user.
  static func read(_ pid: Int32) -> [String]? {
    guard pid > 0,
      let program = Processes.executablePath(of: "\(pid)"),
      program == Processes.executablePath(),
      let words = ProcessCommandLine.words(of: pid)
    else { return nil }
    let arguments = Array(words.dropFirst())
    guard arguments.contains("--stream"), !arguments.contains("--clicked-stream") else {
      return nil
    }
    return arguments
  }
}
