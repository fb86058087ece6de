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
