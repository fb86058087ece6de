/// The last good output of each command, kept in the private cache folder, so that a
/// one-shot call can show it at once and a new stream can start from it.
///
/// Each command has `HASH.out` (its last good lines, 0600, replaced whole by a rename;
/// its time is that of the last good run, which `--stale-after` measures from),
/// `HASH.changed` (empty; its time is when a good run last printed other lines than the
/// one before, which `--on-change restart` starts the items from), `HASH.lock`, and
/// while its runs fail `HASH.err` (why the last one failed, one line), where HASH is the
/// FNV-1a hash of the command string.
struct OutputStore {
  /// The private folder, found and checked by `CacheFolder`.
  let folder: String

  /// The store in the cache folder, or why there is none.
  static func locate(in environment: Environment) -> Result<OutputStore, CacheFolder.Unusable> {
    CacheFolder.locate(in: environment).map(OutputStore.init(folder:))
  }

  /// Whether the folder takes new files now (see `Files.canWrite(in:)`).
  var isWritable: Bool { Files.canWrite(in: folder) }

  /// The path of `command`'s output.
  func entry(for command: String) -> String { folder + "/" + Self.key(command) + ".out" }

  /// The path of `command`'s lock, held by a refresh while it runs.
  func lock(for command: String) -> String { folder + "/" + Self.key(command) + ".lock" }

  /// The stored lines of `command` (of any age) and their stamp.
  func load(_ command: String) -> (lines: TextLines, stamp: FileStamp)? {
    var lines = TextLines()
    guard
      case .success(let summary) = InputFile.read(entry(for: command), line: { lines.append($0) }),
      let stamp = summary.stamp
    else { return nil }
    return (lines, stamp)
  }

  /// The path of why `command`'s last run failed, there while its runs fail.
  func errorEntry(for command: String) -> String {
    folder + "/" + Self.key(command) + ".err"
  }

  /// The path whose time is when `command`'s lines last changed.
  func changedEntry(for command: String) -> String {
    folder + "/" + Self.key(command) + ".changed"
  }

  /// Stores good lines of `command`, replacing the old whole; its last error goes.
  /// Lines other than those stored (or the first) are marked changed now, before they
  /// are stored: a call in between starts the old lines again rather than showing the
  /// new ones partway.
  @discardableResult
  func save(_ lines: TextLines, for command: String) -> Result<Void, Errno> {
    _ = Files.remove(errorEntry(for: command))
    if load(command)?.lines != lines {
      _ = AtomicFile.write([], to: changedEntry(for: command))
    }
    return AtomicFile.write(lines.joined, to: entry(for: command))
  }

  /// When `command`'s stored lines last changed, in Unix seconds; nil when not known
  /// (an entry a version without `HASH.changed` stored).
  func lastChanged(_ command: String) -> Double? {
    guard case .success(let status) = Files.status(changedEntry(for: command)) else { return nil }
    return status.stamp.modified
  }

  /// When `command`'s stored lines were last good (the entry's time), in Unix seconds.
  func lastGood(_ command: String) -> Double? {
    guard case .success(let status) = Files.status(entry(for: command)) else { return nil }
    return status.stamp.modified
  }

  /// Stores why `command`'s last run failed (its first line).
  func saveError(_ message: String, for command: String) {
    let line = message.split(separator: "\n", omittingEmptySubsequences: true).first ?? ""
    _ = AtomicFile.write(Array(line.utf8), to: errorEntry(for: command))
  }

  /// Why `command`'s last run failed, if it did since its last good one.
  func lastError(_ command: String) -> String? {
    var lines = TextLines()
    guard case .success = InputFile.read(errorEntry(for: command), line: { lines.append($0) }),
      !lines.isEmpty
    else { return nil }
    var first = ""
    lines.withLines(in: 0..<1) { first = String(decoding: $0, as: UTF8.self) }
    return first
  }

  /// The entry's name: the 64-bit FNV-1a hash of the command's UTF-8, in hex.
  static func key(_ command: String) -> String { KeyHash.key(of: command) }
}
