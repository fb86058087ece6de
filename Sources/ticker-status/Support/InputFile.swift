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
