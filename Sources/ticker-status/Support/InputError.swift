/// Input that could not be read: exit status 66 in a one-shot run; in a stream, a
/// warning, with the last good items kept.
struct InputError: Error, Equatable, CustomStringConvertible {
  enum Reason: Equatable {
    /// A system call failed.
    case system(Errno)
    /// The read stopped at its byte limit with no item in what it took.
    case tooLarge
    /// A device or FIFO gave nothing usable before the wait ended.
    case tooSlow
  }

  /// The path as the user gave it; `-` is standard input.
  var path: String
  var reason: Reason

  var description: String {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    switch reason {
    case .system(let error):
      return "cannot read \(shown): \(error)"
    case .tooLarge:
      return "cannot read \(shown): no item in its first "
        + InputLimits.text(InputLimits.maximumBytes)
    case .tooSlow:
      return "cannot read \(shown): it did not end within \(Seconds.text(InputLimits.deviceWait)) s"
        + " and no item came"
    }
  }
}
