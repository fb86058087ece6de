import TickerCore

/// `-f FILE` in a stream: read again when it changes, a slice at a time.
///
/// A `stat(2)` compares the device, inode, size and times with those of the last read,
/// which catches both a rewrite in place and a new file renamed over it. It is made at
/// the first turn of the stream's loop at least `checkInterval` after the last one:
/// while the frames move, that is a wake-up the loop makes anyway for a frame, so the
/// file costs no wake-up of its own; under a still frame the loop wakes for it after
/// `longestInterval`. A changed file is read without blocking, at most `sliceBytes`
/// per turn of the stream's loop, so that frames keep their rate however large or slow
/// it is; a device, FIFO or socket is waited for `InputLimits.deviceWait` at most. One
/// read takes `InputLimits.maximumBytes` at most.
///
/// A file that is missing, unreadable or gives no items keeps the last good items on
/// screen; that is reported once, when it is still so at the next look (a writer that
/// truncates and then writes is not a failure). A read cut short by a limit, or lines
/// cut, are reported once too, and what was read is shown. With `--stale-after`, the
/// lines turn stale that long after the modification time of the file they were read
/// from.
final class WatchedFile: LiveSource {
  /// The soonest the file is looked at again after a look.
  static let checkInterval = 0.5
  /// The latest: the loop wakes for a look when nothing else has woken it by then.
  static let longestInterval = 1.0
  /// The most bytes read in one turn of the stream's loop.
  static let sliceBytes = 1 << 20

  /// A read under way: an object, so that the stream's loop looks at whether there is
  /// one without copying it, and each slice adds to its lines in place.
  private final class Read {
    let file: FileDescriptor
    let status: FileStatus
    var splitter = LineSplitter()
    var lines = TextLines()
    var byteCount = 0
    /// The monotonic time after which a device or FIFO is not waited for.
    let waitUntil: Double
    var isRegular: Bool { status.kind == .regular }

    init(file: FileDescriptor, status: FileStatus, waitUntil: Double) {
      self.file = file
      self.status = status
      self.waitUntil = waitUntil
    }
  }

  let path: String
  private let reader: ItemReader
  private(set) var lines = TextLines()
  private var stamp: FileStamp?
  /// When the file was last looked at (monotonic).
  private var lastCheck: Double
  private var read: Read?
  private var failedChecks = 0
  /// Why the last look failed, said again when the next look finds it unchanged.
  private var problem = ""
  private var report = FailureReport()
  private var truncation = FailureReport()
  private var stale: StaleWatch

  /// Reads the file for the first time, whole (the stream has nothing to show before
  /// it); a file that cannot be read is an error.
  ///
  /// - Parameters:
  ///   - staleAfter: `--stale-after`; `nil` for never stale.
  ///   - mark: `--stale-mark`.
  static func open(
    _ path: String, reader: ItemReader, staleAfter: Double? = nil,
    mark: String = Staleness.defaultMark
  ) -> Result<WatchedFile, InputError> {
    var lines = TextLines()
    return InputFile.read(path) { lines.append($0) }.map { summary in
      let watch = StaleWatch(after: staleAfter, mark: mark, lastGood: summary.stamp?.modified)
      let file = WatchedFile(
        path: path, reader: reader, lines: lines, stamp: summary.stamp, stale: watch)
      if let warning = summary.warning(for: path) { file.truncation.warn(warning) }
      return file
    }
  }

  private init(
    path: String, reader: ItemReader, lines: TextLines, stamp: FileStamp?, stale: StaleWatch
  ) {
    self.stale = stale
    self.path = path
    self.reader = reader
    self.lines = lines
    self.stamp = stamp
    lastCheck = Clock.monotonic()
  }

  var descriptors: [FileDescriptor] {
    guard let read, !read.isRegular else { return [] }
    return [read.file]
  }

  /// The mark while the lines are stale.
  var staleMark: String? { stale.staleMark(lines: lines) }
  var staleNote: String? { stale.note }

  var deadline: Double? {
    guard let read else {
      let look = lastCheck + WatchedFile.longestInterval
      return stale.lookAt.map { min($0, look) } ?? look
    }
    // A regular file goes on at once; a device or FIFO when it has more, or at the end
    // of its wait.
    return read.isRegular ? 0 : read.waitUntil
  }

  func stop() {
    read?.file.close()
    read = nil
  }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    let staleChanged = stale.update(now: now)
    return updateLines(now: now) || staleChanged
  }

  private func updateLines(now: Double) -> Bool {
    if read != nil { return continueReading(now: now) }
    guard now >= lastCheck + WatchedFile.checkInterval else { return false }
    lastCheck = now
    switch Files.status(path) {
    case .failure(let error):
      stamp = nil
      failed("cannot read '\(path)': \(error)")
      return false
    case .success(let current) where current.stamp == stamp:
      if failedChecks > 0 { failed(problem) }
      return false
    case .success:
      break
    }
    let opened = FileDescriptor.open(path, [.readOnly, .nonBlocking])
    guard case .success(let file) = opened, case .success(let status) = file.status() else {
      if case .success(let file) = opened { file.close() }
      stamp = nil
      failed("cannot read '\(path)': \(opened.failureValue ?? Errno.current)")
      return false
    }
    read = Read(file: file, status: status, waitUntil: now + InputLimits.deviceWait)
    return continueReading(now: now)
  }

  /// Reads one slice; at the end of the read, takes its lines if they give items.
  private func continueReading(now: Double) -> Bool {
    guard let current = read else { return false }
    let budget = min(WatchedFile.sliceBytes, InputLimits.maximumBytes + 1 - current.byteCount)
    let step = Reading.readSome(current.file, budget: budget) { chunk in
      let taken = min(chunk.count, InputLimits.maximumBytes - current.byteCount)
      current.byteCount += chunk.count
      let part = UnsafeRawBufferPointer(rebasing: chunk[..<taken])
      current.splitter.feed(part) { current.lines.append($0) }
    }
    var ending: ReadEnding?
    switch step {
    case .failure(let error):
      read = nil
      current.file.close()
      stamp = nil
      failed("cannot read '\(path)': \(error)")
      return false
    case .success(.endOfFile): ending = .endOfFile
    case .success(.wouldBlock): ending = now >= current.waitUntil ? .deadline : nil
    case .success(.budgetSpent): break
    }
    if current.byteCount > InputLimits.maximumBytes { ending = .limit }
    // A device or FIFO that goes on giving (`/dev/urandom`) is read for so long only.
    if ending == nil && !current.isRegular && Clock.monotonic() >= current.waitUntil {
      ending = .deadline
    }
    guard let ending else { return false }
    read = nil
    current.file.close()
    current.splitter.finish { current.lines.append($0) }
    stamp = current.status.stamp
    let summary = ReadSummary(
      stamp: current.status.stamp, ending: ending, cutLines: current.splitter.cutLines)
    guard reader.hasItems(current.lines) else {
      let empty = current.byteCount == 0 ? "'\(path)' is empty" : "'\(path)' has only blank lines"
      failed(summary.failure(for: path)?.description ?? empty)
      return false
    }
    if let warning = summary.warning(for: path) {
      truncation.warn(warning)
    } else {
      truncation.recover()
    }
    failedChecks = 0
    report.recover()
    lines = current.lines
    _ = stale.good(at: current.status.stamp.modified)
    return true
  }

  private func failed(_ message: String) {
    problem = message
    stale.lastError = message
    failedChecks += 1
    if failedChecks >= 2 { report.fail(message) }
  }
}
