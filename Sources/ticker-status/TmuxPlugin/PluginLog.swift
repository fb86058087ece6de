/// The plugin's logs: one a ticker and server, in the user's own folder
/// `${XDG_STATE_HOME:-~/.local/state}/ticker-status`, named
/// `tmux-SERVER-CRC-KEY.log` (SERVER the socket's name, CRC 8 hex digits of the
/// socket path's `cksum`, so that `-S /a/default` and `-S /b/default` keep apart).
///
/// The folder is made 0700, group and others lose their permissions on it, and it is
/// refused when it is a symbolic link or another user's; a log is never written
/// through a symbolic link: whatever else is at its name goes, and it is made anew.
struct PluginLog {
  /// The folder, or nil when there is neither `XDG_STATE_HOME` nor `HOME`.
  let folder: String?
  let socket: String

  init(socket: String, stateHome: String?, home: String?) {
    self.socket = socket
    let state =
      stateHome.flatMap { $0.isEmpty ? nil : $0 }
      ?? home.flatMap { $0.isEmpty ? nil : $0 + "/.local/state" }
    folder = state.map { $0 + "/ticker-status" }
  }

  /// The log of ticker `key`, or `/dev/null` when there is no folder.
  func path(_ key: String) -> String {
    guard let folder else { return "/dev/null" }
    let name = socket.split(separator: "/").last.map(String.init) ?? ""
    let safe = String(
      name.unicodeScalars.map { scalar -> Character in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "_.-".unicodeScalars.contains(scalar))
          ? Character(scalar) : "_"
      })
    let crc = Checksum.hex8(Checksum.cksum(Array(socket.utf8)))
    return "\(folder)/tmux-\(safe)-\(crc)-\(key).log"
  }

  /// Makes the folder if missing (each missing parent 0700 too) and checks it; why it
  /// cannot hold the logs, or nil.
  func prepareFolder() -> String? {
    guard let folder else { return nil }
    var made = ""
    var failure: Errno?
    for part in folder.split(separator: "/") {
      made += "/" + part
      if case .failure(let error) = Files.makeDirectory(made, permissions: 0o700),
        error != .fileExists
      {
        failure = error
      }
    }
    switch Files.linkStatus(folder) {
    case .success(let status) where status.kind == .symbolicLink:
      return "\(folder) is a symbolic link"
    case .success(let status) where status.kind == .directory:
      if status.owner != Processes.userID { return "\(folder) belongs to another user" }
      if case .failure(let error) = Files.changePermissions(
        folder, to: status.permissions & 0o7700)
      {
        return "\(folder) cannot be made private: \(error)"
      }
      return nil
    case .success, .failure:
      return "\(folder) cannot be made: \(failure.map { "\($0)" } ?? "it failed")"
    }
  }

  /// Log `path` opened to append, never through a symbolic link: what is at its name
  /// and is not a plain file goes (everything, when `fresh`), and a missing log is
  /// made anew (0600, never over something that appeared meanwhile). Why not, when
  /// it cannot be.
  static func open(_ path: String, fresh: Bool = false) -> Result<FileDescriptor, LogError> {
    let before = Files.linkStatus(path)
    if case .success(let status) = before, fresh || status.kind != .regular {
      if case .failure(let error) = Files.remove(path) { return .failure(LogError(error)) }
    }
    var made: Errno?
    if case .failure = Files.linkStatus(path),
      case .failure(let error) = FileDescriptor.open(
        path, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600
      ).map({ $0.close() })
    {
      made = error
    }
    guard case .success(let status) = Files.linkStatus(path), status.kind == .regular else {
      return .failure(LogError(reason: made.map { "\($0)" } ?? "it is not a plain file"))
    }
    return FileDescriptor.open(path, [.writeOnly, .append, .noFollow]).mapError(LogError.init)
  }

  /// Why a log cannot be written.
  struct LogError: Error {
    var reason: String
    init(reason: String) { self.reason = reason }
    init(_ error: Errno) { reason = "\(error)" }
  }

  /// Appends `line`, dated, to log `path`, when it can be written.
  static func append(_ line: String, to path: String) {
    guard path != "/dev/null", case .success(let file) = open(path) else { return }
    _ = file.writeAll(Clock.localTimestamp() + " " + line + "\n")
    file.close()
  }

  /// The last line of log `path` that says `error:`, if any.
  static func lastError(_ path: String) -> String? {
    guard case .success(let file) = FileDescriptor.open(path, [.readOnly, .noFollow]) else {
      return nil
    }
    defer { file.close() }
    var bytes: [UInt8] = []
    _ = Reading.read(file, limit: 4 << 20) { bytes += $0 }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      .last { $0.contains("error:") }.map(String.init)
  }
}
