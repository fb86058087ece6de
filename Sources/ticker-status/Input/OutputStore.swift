/// The last good output of each command, kept in the private cache folder, so that a
/// one-shot call can show it at once and a new stream can start from it.
///
/// Each command has `HASH.out` (its last good output, 0600, replaced whole by a
/// rename) and `HASH.lock`, where HASH is the FNV-1a hash of the command string.
struct OutputStore {
  /// The private folder, found and checked by `CacheFolder`.
  let folder: String

  /// The store in the cache folder, or why there is none.
  static func locate(in environment: Environment) -> Result<OutputStore, CacheFolder.UnsafeFolder> {
    CacheFolder.locate(in: environment).map(OutputStore.init(folder:))
  }

  /// The path of `command`'s output.
  func entry(for command: String) -> String { folder + "/" + Self.key(command) + ".out" }

  /// The path of `command`'s lock, held by a refresh while it runs.
  func lock(for command: String) -> String { folder + "/" + Self.key(command) + ".lock" }

  /// The stored output of `command` (of any age) and its stamp.
  func load(_ command: String) -> (output: [UInt8], stamp: FileStamp)? {
    var bytes: [UInt8] = []
    guard case .success(let file) = FileDescriptor.open(entry(for: command), .readOnly) else {
      return nil
    }
    defer { file.close() }
    guard case .success(let status) = file.status(),
      case .success = Reading.read(file, limit: .max, consume: { bytes += $0 })
    else { return nil }
    return (bytes, status.stamp)
  }

  /// Stores good output of `command`, replacing the old whole.
  @discardableResult
  func save(_ output: [UInt8], for command: String) -> Result<Void, Errno> {
    Files.writeAtomically(output, to: entry(for: command))
  }

  /// The entry's name: the 64-bit FNV-1a hash of the command's UTF-8, in hex.
  static func key(_ command: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in command.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// The private folder the command cache lives in.
enum CacheFolder {
  /// A folder that is not safe to keep the cache in.
  struct UnsafeFolder: Error, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "cannot use the cache folder '\(path)': \(reason)" }
  }

  /// Finds (creating it if needed) and checks the cache folder.
  static func locate(in environment: Environment) -> Result<String, UnsafeFolder> {
    var firstError: UnsafeFolder?
    for path in candidates(in: environment) {
      switch check(path) {
      case .success: return .success(path)
      case .failure(let error): firstError = firstError ?? error
      }
    }
    return .failure(firstError ?? UnsafeFolder(path: "", reason: "no folder to use"))
  }

  /// `$XDG_RUNTIME_DIR/ticker-status`, then `${TMPDIR:-/tmp}/ticker-status-UID`.
  static func candidates(in environment: Environment) -> [String] {
    var paths: [String] = []
    if let runtime = environment.runtimeDirectory, runtime.hasPrefix("/") {
      paths.append(runtime + "/ticker-status")
    }
    var temporary = environment.temporaryDirectory ?? ""
    if !temporary.hasPrefix("/") { temporary = "/tmp" }
    paths.append(temporary + "/ticker-status-\(Processes.userID)")
    return paths
  }

  /// Creates `path` (0700) if missing, then checks that it is a folder, not a
  /// symbolic link, owned by this user, and that no one else may enter it.
  private static func check(_ path: String) -> Result<Void, UnsafeFolder> {
    if case .failure(let error) = Files.makeDirectory(path, permissions: 0o700),
      error != .fileExists
    {
      return .failure(UnsafeFolder(path: path, reason: error.description))
    }
    switch Files.linkStatus(path) {
    case .failure(let error):
      return .failure(UnsafeFolder(path: path, reason: error.description))
    case .success(let status):
      if status.kind == .symbolicLink {
        return .failure(UnsafeFolder(path: path, reason: "it is a symbolic link"))
      }
      if status.kind != .directory {
        return .failure(UnsafeFolder(path: path, reason: "it is not a folder"))
      }
      if status.owner != Processes.userID {
        return .failure(UnsafeFolder(path: path, reason: "it belongs to another user"))
      }
      if status.permissions & 0o077 != 0 {
        return .failure(UnsafeFolder(path: path, reason: "others may use it (want mode 0700)"))
      }
      return .success(())
    }
  }
}
