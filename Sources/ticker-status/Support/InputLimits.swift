/// The bounds on what one read of a source may take.
enum InputLimits {
  /// The most bytes taken from one read of a source (a file, standard input, one run
  /// of a command): 64 MiB, room for a million quote lines.
  static let maximumBytes = 64 << 20
  /// How long a device, FIFO or socket named by `-f` is read, at most: one that has not
  /// ended by then (a writer that holds it open, or `/dev/urandom`) gives what came.
  static let deviceWait = 0.25

  /// `64 MiB`, `64 KiB`: a limit as messages show it.
  static func text(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
  }
}
