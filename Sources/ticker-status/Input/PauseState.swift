import TickerCore

/// A ticker's pauses (`Pauses`), kept in the private cache folder (`CacheFolder`) as
/// `KEY.pause`, so that a one-shot, a stream and `--pause-toggle` with the same key
/// share them, and a pause outlives a restart of the bar.
///
/// KEY is the FNV-1a hash (`OutputStore.key`) of `--name`'s value, or else of the
/// arguments less `--pause-toggle`, `--stream` and `--at` with its value: the same
/// ticker's one-shot, stream and toggle find the same file. The file is written whole
/// (`AtomicFile`); it is read only when it is a regular file of this user's, not a
/// link, and at most `Pauses.longestRecord` bytes; anything else, or a record that
/// does not read (`Pauses(record:)`), is no pause: the frame is drawn as if running.
struct PauseState {
  /// The folder the state file is in: the cache folder.
  let folder: String
  /// The state file's name in `folder`, `KEY.pause`.
  let fileName: String
  /// The path of the state file.
  let path: String

  /// The key of the ticker that `arguments` (the command line without the program's
  /// name) draw, or that `name` names (`Pipeline.pauseKey(arguments:name:)`).
  static func key(arguments: [String], name: String?) -> String {
    Pipeline.pauseKey(arguments: arguments, name: name)
  }

  /// The state file of `key` in the cache folder of `environment`; `nil` when there is
  /// no usable folder.
  static func locate(key: String, in environment: Environment) -> PauseState? {
    var refused: CacheFolder.Unusable?
    guard let folder = CacheFolder.path(in: environment, firstError: &refused) else { return nil }
    let fileName = key + ".pause"
    return PauseState(folder: folder, fileName: fileName, path: folder + "/" + fileName)
  }

  /// The pauses kept; none when there is no file or it is not a good record.
  func load() -> Pauses {
    guard case .success(let status) = Files.linkStatus(path), status.kind == .regular,
      status.owner == Processes.userID,
      case .success(let file) = FileDescriptor.open(path, [.readOnly, .noFollow, .nonBlocking])
    else { return Pauses() }
    defer { file.close() }
    var bytes: [UInt8] = []
    guard
      case .success(.endOfFile) = Reading.read(
        file, limit: Pauses.longestRecord, consume: { bytes.append(contentsOf: $0) })
    else { return Pauses() }
    return Pauses(record: String(decoding: bytes, as: UTF8.self)) ?? Pauses()
  }

  /// Keeps `pauses`, replacing the file whole.
  @discardableResult
  func save(_ pauses: Pauses) -> Result<Void, Errno> {
    AtomicFile.write(Array(pauses.record.utf8), to: path)
  }

  /// How long `--pause-toggle` waits for another process's turn, in seconds.
  static let lockWait = 2.0

  /// Runs `body` holding `KEY.pause.lock` (`flock`), so that toggles at once take
  /// turns instead of one replacing the file another has just written; waits for the
  /// lock at most `seconds`.
  ///
  /// - Returns: `body`'s result, or `nil` when the lock was not had in time.
  func locked<Value>(waitingAtMost seconds: Double, _ body: () -> Value) -> Value? {
    guard
      case .success(let lock) = FileDescriptor.open(
        path + ".lock", [.create, .readWrite, .noFollow])
    else { return nil }
    defer { lock.close() }
    let giveUpAt = Clock.monotonic() + seconds
    while true {
      switch lock.tryLock() {
      case .success(true): return body()
      case .success(false) where Clock.monotonic() < giveUpAt:
        var nothing: [PollWatch] = []
        Poll.wait(&nothing, timeout: 0.002)
      default: return nil
      }
    }
  }

  /// `--pause-toggle`: toggles the pause of the ticker of `arguments` (or `name`) now.
  static func runToggle(arguments: [String], name: String?, in environment: Environment)
    -> ExitStatus
  {
    guard let state = locate(key: key(arguments: arguments, name: name), in: environment) else {
      return failed("no cache folder to keep the pause in")
    }
    let saved = state.locked(waitingAtMost: lockWait) {
      var pauses = state.load()
      pauses.toggle(at: Clock.now())
      return state.save(pauses)
    }
    switch saved {
    case .none: return failed("cannot lock '\(state.path).lock' within \(Int(lockWait)) s")
    case .failure(let error): return failed("cannot keep the pause in '\(state.path)': \(error)")
    case .success: return .success
    }
  }

  private static func failed(_ problem: String) -> ExitStatus {
    _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(problem)\n")
    return .unavailable
  }

  /// The file's stamp, to notice that another process changed it; `nil` without one.
  var stamp: FileStamp? {
    guard case .success(let status) = Files.linkStatus(path) else { return nil }
    return status.stamp
  }
}
