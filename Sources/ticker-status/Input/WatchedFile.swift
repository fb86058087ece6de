/// `-f FILE` in a stream: read again when it changes.
///
/// Every half second a `stat(2)` compares the device, inode, size and times with
/// those of the last read, which catches both a rewrite in place and a new file
/// renamed over it. A file that is missing, unreadable or gives no items keeps the
/// last good items on screen; that is reported once, when it is still so at the next
/// look (a writer that truncates and then writes is not a failure).
final class WatchedFile: LiveSource {
  static let checkInterval = 0.5

  let path: String
  private let reader: ItemReader
  private(set) var lines: TextLines
  private var stamp: FileStamp?
  private var nextCheck: Double
  private var failedChecks = 0
  private var report = FailureReport()

  /// Reads the file for the first time; a file that cannot be read is an error.
  static func open(_ path: String, reader: ItemReader) -> Result<WatchedFile, InputError> {
    var lines = TextLines()
    return InputFile.read(path) { lines.append($0) }.map { stamp in
      WatchedFile(path: path, reader: reader, lines: lines, stamp: stamp)
    }
  }

  private init(path: String, reader: ItemReader, lines: TextLines, stamp: FileStamp) {
    self.path = path
    self.reader = reader
    self.lines = lines
    self.stamp = stamp
    nextCheck = Clock.monotonic() + WatchedFile.checkInterval
  }

  var descriptors: [FileDescriptor] { [] }
  var deadline: Double? { nextCheck }
  func stop() {}

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    guard now >= nextCheck else { return false }
    nextCheck = now + WatchedFile.checkInterval
    switch Files.status(path) {
    case .failure(let error):
      stamp = nil
      failed("cannot read '\(path)': \(error)")
      return false
    case .success(let current) where current.stamp == stamp:
      if failedChecks > 0 { failed("'\(path)' is empty") }
      return false
    case .success:
      break
    }
    var fresh = TextLines()
    switch InputFile.read(path, line: { fresh.append($0) }) {
    case .failure(let error):
      stamp = nil
      failed(error.description)
      return false
    case .success(let current):
      stamp = current
      guard reader.hasItems(fresh) else {
        failed("'\(path)' is empty")
        return false
      }
      failedChecks = 0
      report.recover()
      lines = fresh
      return true
    }
  }

  private func failed(_ message: String) {
    failedChecks += 1
    if failedChecks >= 2 { report.fail(message) }
  }
}
