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

/// How one read of a source went, besides its lines.
struct ReadSummary: Equatable {
  /// The file's stamp when it was opened (`nil` for standard input).
  var stamp: FileStamp?
  var ending = ReadEnding.endOfFile
  /// How many lines were longer than `LineSplitter.maximumLineLength` and cut.
  var cutLines = 0

  /// What to warn about a read that was cut short or had lines cut; `nil` when whole.
  func warning(for path: String) -> String? {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    var parts: [String] = []
    switch ending {
    case .endOfFile: break
    case .limit:
      parts.append(
        "is larger than \(InputLimits.text(InputLimits.maximumBytes)); only its start is read")
    case .deadline:
      parts.append(
        "did not end within \(Seconds.text(InputLimits.deviceWait)) s; only what came is read")
    }
    if cutLines > 0 {
      let lines = cutLines == 1 ? "a line" : "\(cutLines) lines"
      parts.append(
        "has \(lines) longer than \(InputLimits.text(LineSplitter.maximumLineLength)), cut with …")
    }
    return parts.isEmpty ? nil : shown + " " + parts.joined(separator: " and ")
  }

  /// The error to give when the read gave no item: only when it was cut short (an
  /// empty file is not an error).
  func failure(for path: String) -> InputError? {
    switch ending {
    case .endOfFile: return nil
    case .limit: return InputError(path: path, reason: .tooLarge)
    case .deadline: return InputError(path: path, reason: .tooSlow)
    }
  }
}

/// Reading the files `-f` names, line by line, within `InputLimits`.
enum InputFile {
  /// Reads the file at `path` to its end or its byte limit, handing each line to `line`.
  ///
  /// The file is opened without blocking, so a FIFO with no writer is an empty file
  /// rather than a hang; a device, FIFO or socket is read until `deadline` (monotonic)
  /// at most.
  static func read(
    _ path: String, deadline: Double = Clock.monotonic() + InputLimits.deviceWait,
    line: (UnsafeRawBufferPointer) -> Void
  ) -> Result<ReadSummary, InputError> {
    let opened = FileDescriptor.open(path, [.readOnly, .nonBlocking])
    guard case .success(let file) = opened else {
      return .failure(InputError(path: path, reason: .system(opened.failureValue!)))
    }
    defer { file.close() }
    let status: FileStatus
    switch file.status() {
    case .success(let found): status = found
    case .failure(let error): return .failure(InputError(path: path, reason: .system(error)))
    }
    // A regular file ends; only a device, FIFO or socket can go on for ever.
    let wait = status.kind == .regular ? .infinity : deadline
    return readLines(file, path: path, deadline: wait, line: line).map { summary in
      var summary = summary
      summary.stamp = status.stamp
      return summary
    }
  }

  /// Reads standard input to its end or its byte limit, handing each line to `line`.
  ///
  /// Standard input is read only when `-f -` names it: the user asked for it, and its
  /// flags, shared with whoever else holds it, are left alone (so it may block).
  static func readStandardInput(line: (UnsafeRawBufferPointer) -> Void)
    -> Result<ReadSummary, InputError>
  {
    readLines(.standardInput, path: "-", deadline: .infinity, line: line)
  }

  private static func readLines(
    _ file: FileDescriptor, path: String, deadline: Double,
    line: (UnsafeRawBufferPointer) -> Void
  ) -> Result<ReadSummary, InputError> {
    var splitter = LineSplitter()
    let result = Reading.read(file, limit: InputLimits.maximumBytes, deadline: deadline) {
      splitter.feed($0, line: line)
    }
    switch result {
    case .success(let ending):
      splitter.finish(line: line)
      return .success(ReadSummary(ending: ending, cutLines: splitter.cutLines))
    case .failure(let error):
      return .failure(InputError(path: path, reason: .system(error)))
    }
  }
}

extension Result {
  /// The error of a failure; `nil` for a success.
  var failureValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
