/// Input that could not be read: exit status 66 in a one-shot run; in a stream, a
/// warning, with the last good items kept.
struct InputError: Error, Equatable, CustomStringConvertible {
  /// The path as the user gave it; `-` is standard input.
  var path: String
  var reason: Errno

  var description: String {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    return "cannot read \(shown): \(reason)"
  }
}

/// Reading the files `-f` names, line by line.
enum InputFile {
  /// Reads the file at `path` to its end, handing each line to `line`.
  ///
  /// - Returns: The file's stamp when it was opened, to tell later whether it changed.
  static func read(_ path: String, line: (UnsafeRawBufferPointer) -> Void)
    -> Result<FileStamp, InputError>
  {
    let opened = FileDescriptor.open(path, .readOnly)
    guard case .success(let file) = opened else {
      return .failure(InputError(path: path, reason: opened.failureValue!))
    }
    defer { file.close() }
    let stamp: FileStamp
    switch file.status() {
    case .success(let status): stamp = status.stamp
    case .failure(let error): return .failure(InputError(path: path, reason: error))
    }
    return readLines(file, path: path, line: line).map { stamp }
  }

  /// Reads standard input to its end, handing each line to `line`.
  static func readStandardInput(line: (UnsafeRawBufferPointer) -> Void) -> Result<Void, InputError>
  {
    readLines(.standardInput, path: "-", line: line)
  }

  private static func readLines(
    _ file: FileDescriptor, path: String, line: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Void, InputError> {
    var splitter = LineSplitter()
    let result = Reading.read(file, limit: .max) { splitter.feed($0, line: line) }
    switch result {
    case .success:
      splitter.finish(line: line)
      return .success(())
    case .failure(let error):
      return .failure(InputError(path: path, reason: error))
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
