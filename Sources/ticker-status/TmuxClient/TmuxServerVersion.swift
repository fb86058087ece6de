/// The version of the tmux server that draws the frames, found as cheaply as it can
/// be: a prompt's one-shot in a pane must not start a tmux client every time it is
/// drawn (that doubled its cost), nor wait long for a server that does not answer.
///
/// 1. The pane says: tmux 3.2 and later set `TERM_PROGRAM=tmux` and
///    `TERM_PROGRAM_VERSION` in every pane, and a pane is drawn by the server whose
///    socket `$TMUX` names. Used only when the server asked about is that one.
/// 2. Asked before: the answer is kept in the private cache folder as
///    `tmux-KEY.version`, KEY the hash of the socket and the server's process ID
///    (`$TMUX`'s first two fields), so that one run of one server is asked once.
/// 3. Else the server is asked (`TmuxQuery.serverVersion`), waiting at most `wait`.
enum TmuxServerVersion {
  /// The longest version kept or believed (`3.3a`, `next-3.6`, `master`).
  static let longestVersion = 32

  /// The version of the server at `socket`; `nil` when it cannot be learnt.
  static func find(socket: String, environment: Environment, wait: Double) -> String? {
    let ownServer = socket == environment.tmuxSocket
    if ownServer, let version = environment.tmuxPaneVersion, isVersion(version) {
      return version
    }
    let kept =
      ownServer ? environment.tmuxServerProcess.flatMap { keptPath(socket, $0, environment) } : nil
    if let kept, let version = read(kept) { return version }
    guard let version = TmuxQuery.serverVersion(socket: socket, timeout: wait) else { return nil }
    if let kept, isVersion(version) { _ = AtomicFile.write(Array(version.utf8), to: kept) }
    return version
  }

  /// Whether `text` can be a tmux version: letters, digits, `.` and `-`, not empty.
  static func isVersion(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= longestVersion
      && text.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte)
          || (0x41...0x5A).contains(byte) || byte == 0x2E || byte == 0x2D
      }
  }

  /// Where the version of the server at `socket` with process `pid` is kept; `nil`
  /// without a usable cache folder.
  private static func keptPath(_ socket: String, _ pid: String, _ environment: Environment)
    -> String?
  {
    guard case .success(let folder) = CacheFolder.locate(in: environment) else { return nil }
    return folder + "/tmux-" + KeyHash.key(of: socket + "," + pid) + ".version"
  }

  /// The version kept at `path`, if it is one.
  private static func read(_ path: String) -> String? {
    var lines: [String] = []
    guard
      case .success = InputFile.read(
        path, line: { lines.append(String(decoding: $0, as: UTF8.self)) }),
      let version = lines.first, isVersion(version)
    else { return nil }
    return version
  }
}
