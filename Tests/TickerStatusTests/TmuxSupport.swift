import Foundation

/// Runs `tmux` with `arguments` to its end, the one way every tmux suite does (the
/// plugin's, the clients', the clicks', the streams'): spawned clean (`spawnClean`), so
/// that a server it starts keeps none of the tests' descriptors and blocks no signal;
/// its output in files of a folder of its own, not pipes, which a server would hold
/// open for as long as it lives.
///
/// - Parameters:
///   - prefix: Words before tmux, such as `setpriv` to run it as another user.
///   - directory: Where it runs (a server's jobs start there); the tests' own folder
///     when `nil`.
///   - timeout: Seconds before it is killed; its status is then 124.
func tmuxCommand(
  _ tmux: String, _ arguments: [String], environment: [String: String]?,
  prefix: [String] = [], directory: String? = nil, timeout: Double = 60
) throws -> ProcessResult {
  let folder = try TestFolder("ticker-tmux-command")
  defer { folder.remove() }
  let inDirectory = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0] } ?? []
  let pid = try spawnClean(
    prefix + inDirectory + [tmux] + arguments, environment: environment,
    stdout: .file(folder.file("out")), stderr: .file(folder.file("err")))
  let status = waitForExit(pid, timeout: timeout) ?? 124
  let out = (try? Data(contentsOf: URL(fileURLWithPath: folder.file("out")))) ?? Data()
  return ProcessResult(
    status: status, stdout: String(decoding: out, as: UTF8.self),
    stderr: folder.read("err") ?? "", stdoutBytes: [UInt8](out))
}
