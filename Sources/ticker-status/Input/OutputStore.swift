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
  static func key(_ command: String) -> String {
    var hash = KeyHash()
    hash.add(command.utf8)
    return hash.hex
  }
}

/// FNV-1a over bytes, as 16 lower-case hex digits: the cache's file names
/// (`OutputStore.key`, `PauseState.key`), hashed as the bytes come, with no string
/// built first.
struct KeyHash {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Hashes `bytes` after what came before.
  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
  }

  /// The hash as 16 hex digits (written by hand: `String(_:radix:)` costs a one-shot
  /// thousands of instructions more).
  var hex: String {
    let digits: StaticString = "0123456789abcdef"
    var text = [UInt8](repeating: 0, count: 16)
    var rest = value
    for index in stride(from: 15, through: 0, by: -1) {
      text[index] = digits.utf8Start[Int(rest & 15)]
      rest >>= 4
    }
    return String(decoding: text, as: UTF8.self)
  }
}

/// The private folder the command cache lives in: the first of these that this user
/// owns and no one else may enter, created (0700) where missing:
///
/// 1. `$XDG_RUNTIME_DIR/ticker-status` (a folder only the user has, emptied at logout);
/// 2. `$XDG_CACHE_HOME/ticker-status`, else `$HOME/.cache/ticker-status`;
/// 3. `${TMPDIR:-/tmp}/ticker-status-UID`, when there is no home.
///
/// Another user can create a name in `/tmp` first, but never in the first two; a
/// folder that is not the user's own, private and real (not a symbolic link) is never
/// used, and without a usable folder each call runs its commands itself.
enum CacheFolder {
  /// A folder that cannot hold the cache.
  struct Unusable: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot use the cache folder '\(path)': \(reason)" }
  }

  /// Finds (creating it if needed) and checks the cache folder.
  ///
  /// The candidates are tried one by one, not gathered in an array: an array of a new
  /// element type costs a one-shot's start the type's instantiation by the runtime
  /// (ARCHITECTURE.md), and every one-shot looks for its pauses here.
  static func locate(in environment: Environment) -> Result<String, Unusable> {
    var firstError: Unusable?
    if let path = path(in: environment, firstError: &firstError) { return .success(path) }
    return .failure(firstError ?? Unusable(path: "", reason: "no folder to use"))
  }

  /// The cache folder, found and checked as `locate(in:)` does; `nil` when there is
  /// none, `firstError` then saying why the first candidate was refused.
  ///
  /// Without a `Result`: a one-shot that only looks for its pauses would destroy one,
  /// and the runtime would first build its type from its mangled name (90 k
  /// instructions).
  static func path(in environment: Environment, firstError: inout Unusable?) -> String? {
    func attempt(_ path: String, parent: String?) -> Bool {
      if let parent { _ = Files.makeDirectory(parent, permissions: 0o700) }
      guard let error = check(path) else { return true }
      firstError = firstError ?? error
      return false
    }
    if let runtime = absolute(environment.runtimeDirectory) {
      let path = runtime + "/ticker-status"
      if attempt(path, parent: nil) { return path }
    }
    if let cache = absolute(environment.cacheHome) {
      let path = cache + "/ticker-status"
      if attempt(path, parent: cache) { return path }
    } else if let home = absolute(environment.home), home != "/" {
      let path = home + "/.cache/ticker-status"
      if attempt(path, parent: home + "/.cache") { return path }
    } else {
      let temporary = absolute(environment.temporaryDirectory) ?? "/tmp"
      let path = temporary + "/ticker-status-\(Processes.userID)"
      if attempt(path, parent: nil) { return path }
    }
    return nil
  }

  /// `value` when it is an absolute path, without a final `/`.
  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value.hasSuffix("/") && value.count > 1 ? String(value.dropLast()) : value
  }

  /// Creates `path` (0700) if missing, then checks that it is a folder, not a
  /// symbolic link, owned by this user, and that no one else may enter it; `nil` when
  /// it may hold the cache.
  private static func check(_ path: String) -> Unusable? {
    if case .failure(let error) = Files.makeDirectory(path, permissions: 0o700),
      error != .fileExists
    {
      return Unusable(path: path, reason: error.description)
    }
    switch Files.linkStatus(path) {
    case .failure(let error):
      return Unusable(path: path, reason: error.description)
    case .success(let status):
      if status.kind == .symbolicLink {
        return Unusable(path: path, reason: "it is a symbolic link")
      }
      if status.kind != .directory { return Unusable(path: path, reason: "it is not a folder") }
      if status.owner != Processes.userID {
        return Unusable(path: path, reason: "it belongs to another user")
      }
      if status.permissions & 0o077 != 0 {
        return Unusable(path: path, reason: "others may use it (want mode 0700)")
      }
      return nil
    }
  }
}
