import TickerCore

/// A source of items for a stream: fixed, or one that changes while the stream runs.
///
/// The stream waits with `poll(2)` on every source's `descriptors`, until the
/// earliest `deadline` at the latest, then calls `update(ready:now:)` on each.
protocol LiveSource: AnyObject {
  /// The items now.
  var items: [StyledText] { get }
  /// Descriptors to wait on for input.
  var descriptors: [Int32] { get }
  /// The monotonic time at which `update` should run even if nothing is ready.
  var deadline: Double? { get }
  /// Reads what is ready and looks at the clock.
  ///
  /// - Returns: Whether `items` changed.
  func update(ready: [Int32], now: Double) -> Bool
  /// Stops whatever the source runs, before the stream ends.
  func stop()
}

/// Turns the text a source reads into items: lines, `--split`, `--quotes`, `--markup`.
struct ItemParser {
  var reader: Items.ItemReader
  var split: String?

  /// The items of every line of `bytes`.
  func items(of bytes: [UInt8]) -> [StyledText] {
    Items.itemTexts(of: bytes, split: split).map(reader.item)
  }

  /// The items of one line.
  func items(ofLine line: [UInt8]) -> [StyledText] {
    Items.itemTexts(of: line, split: split).map(reader.item)
  }
}

extension Items {
  /// The lines of `bytes` as item texts, each line split at `split` when given.
  ///
  /// - Parameter lastLineOnly: Keep only the last line, as `--follow` shows at the end
  ///   of its input.
  static func itemTexts(of bytes: [UInt8], split: String?, lastLineOnly: Bool = false)
    -> [String]
  {
    var lines = lines(of: bytes)
    if lastLineOnly { lines = lines.last.map { [$0] } ?? [] }
    guard let split else { return lines }
    return lines.flatMap { splitting($0, at: split) }
  }

  /// `line` cut at each `separator` (compared as UTF-8), empty parts dropped.
  static func splitting(_ line: String, at separator: String) -> [String] {
    let bytes = Array(line.utf8)
    let mark = Array(separator.utf8)
    guard !mark.isEmpty, bytes.count >= mark.count else { return [line] }
    var parts: [String] = []
    var start = 0
    var index = 0
    while index + mark.count <= bytes.count {
      if bytes[index..<index + mark.count].elementsEqual(mark) {
        parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
        index += mark.count
        start = index
      } else {
        index += 1
      }
    }
    parts.append(String(decoding: bytes[start...], as: UTF8.self))
    return parts.filter { !$0.isEmpty }
  }
}

/// Items that never change: arguments, the demo, a file read once.
final class FixedItems: LiveSource {
  let items: [StyledText]
  init(_ items: [StyledText]) { self.items = items }
  var descriptors: [Int32] { [] }
  var deadline: Double? { nil }
  func update(ready: [Int32], now: Double) -> Bool { false }
  func stop() {}
}

/// Writes a warning about a source that failed: once for each run of failures.
struct FailureReport {
  private var isReported = false

  /// Reports `message` on standard error unless this failure was reported already.
  mutating func fail(_ message: String) {
    guard !isReported else { return }
    isReported = true
    Platform.write("ticker-status: warning: \(message); showing the last items\n", to: 2)
  }

  /// The source works again: its next failure is reported.
  mutating func recover() { isReported = false }
}

/// `-f FILE` in a stream: read again when it changes.
///
/// Every half second a `stat(2)` compares the device, inode, size and times with
/// those of the last read, which catches both a rewrite in place and a new file
/// renamed over it. A file that is missing, unreadable or empty keeps the last good
/// items on screen; that is reported once, when it is still so at the next look (a
/// writer that truncates and then writes is not a failure).
final class WatchedFile: LiveSource {
  static let checkInterval = 0.5

  let path: String
  private let parser: ItemParser
  private(set) var items: [StyledText]
  private var stamp: FileStamp?
  private var nextCheck: Double
  private var failedChecks = 0
  private var report = FailureReport()

  /// Reads the file for the first time; a file that cannot be read is an error.
  static func open(path: String, parser: ItemParser) -> Result<WatchedFile, ReadError> {
    Platform.readAllStamped(path: path).map { bytes, stamp in
      WatchedFile(path: path, parser: parser, items: parser.items(of: bytes), stamp: stamp)
    }
  }

  private init(path: String, parser: ItemParser, items: [StyledText], stamp: FileStamp) {
    self.path = path
    self.parser = parser
    self.items = items
    self.stamp = stamp
    nextCheck = Platform.monotonicNow() + WatchedFile.checkInterval
  }

  var descriptors: [Int32] { [] }
  var deadline: Double? { nextCheck }
  func stop() {}

  func update(ready: [Int32], now: Double) -> Bool {
    guard now >= nextCheck else { return false }
    nextCheck = now + WatchedFile.checkInterval
    switch Platform.stamp(path: path) {
    case .failure(let error):
      stamp = nil
      failed("cannot read '\(path)': \(error.description)")
      return false
    case .success(let current) where current == stamp:
      if failedChecks > 0 { failed("'\(path)' is empty") }
      return false
    case .success:
      break
    }
    switch Platform.readAllStamped(path: path) {
    case .failure(let error):
      stamp = nil
      failed(error.description)
      return false
    case .success((let bytes, let current)):
      stamp = current
      let fresh = parser.items(of: bytes)
      if fresh.allSatisfy({ $0.runs.allSatisfy(\.text.isEmpty) }) {
        failed("'\(path)' is empty")
        return false
      }
      failedChecks = 0
      report.recover()
      items = fresh
      return true
    }
  }

  private func failed(_ message: String) {
    failedChecks += 1
    if failedChecks >= 2 { report.fail(message) }
  }
}

/// `--follow -f -`: each line of standard input replaces the items.
///
/// Standard input is read only when `poll(2)` says it is ready, one `read(2)` at a
/// time, so frames never wait for it; its flags are left alone (they are shared with
/// whoever else holds it). At its end the last items stay.
final class FollowedInput: LiveSource {
  private let parser: ItemParser
  private(set) var items: [StyledText] = []
  private var pending: [UInt8] = []
  private var isOpen = true

  init(parser: ItemParser) { self.parser = parser }

  var descriptors: [Int32] { isOpen ? [0] : [] }
  var deadline: Double? { nil }
  func stop() {}

  func update(ready: [Int32], now: Double) -> Bool {
    guard isOpen, ready.contains(0) else { return false }
    switch Platform.readSome(0) {
    case .bytes(let chunk):
      pending += chunk
      guard let end = pending.lastIndex(of: 0x0A) else { return false }
      // Only the newest complete line counts; the ones before it are already old.
      let start = pending[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      items = parser.items(ofLine: Array(pending[start..<end]))
      pending.removeSubrange(...end)
      return true
    case .wouldBlock:
      return false
    case .endOfFile, .failed:
      isOpen = false
      guard !pending.isEmpty else { return false }
      items = parser.items(ofLine: pending)
      pending = []
      return true
    }
  }
}

/// `--command CMD` in a stream: run every `--every` seconds in the background.
///
/// The frames never wait for it: its output is read as it comes, in the stream's
/// `poll(2)` loop. A run that fails, prints nothing or takes longer than
/// `CommandRun.timeout(every:)` keeps the last good items, and says so once. Good
/// output is also written to the one-shot cache, which seeds the next stream.
final class CommandSource: LiveSource {
  let command: String
  let every: Double
  private let parser: ItemParser
  private(set) var items: [StyledText]
  private var run: CommandRun?
  private var nextStart: Double
  private var report = FailureReport()

  init(command: String, every: Double, parser: ItemParser) {
    self.command = command
    self.every = every
    self.parser = parser
    items = CommandCache.cachedOutput(of: command).map(parser.items(of:)) ?? []
    nextStart = Platform.monotonicNow()
  }

  var descriptors: [Int32] { run?.descriptors ?? [] }
  var deadline: Double? { run?.deadline ?? nextStart }

  func stop() { run?.stop() }

  func update(ready: [Int32], now: Double) -> Bool {
    var changed = false
    if let run, run.update(ready: ready, now: now) {
      self.run = nil
      changed = finish(run)
    }
    if run == nil && now >= nextStart {
      nextStart = now + every
      switch CommandRun.start(command, timeout: CommandRun.timeout(every: every)) {
      case .success(let started): run = started
      case .failure(let error): report.fail("cannot run /bin/sh: \(error.description)")
      }
    }
    return changed
  }

  private func finish(_ run: CommandRun) -> Bool {
    if let failure = run.failure {
      report.fail(failure)
      return false
    }
    let fresh = parser.items(of: run.output)
    guard !fresh.isEmpty else {
      report.fail("command '\(command)' printed nothing")
      return false
    }
    report.recover()
    CommandCache.store(run.output, for: command)
    items = fresh
    return true
  }
}
