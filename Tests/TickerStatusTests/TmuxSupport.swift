import Foundation
import Testing

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

/// tmux, and a private server of it with a session; `nil` (said) without tmux.
func tmuxServerWithASession() throws -> (String, PrivateTmux)? {
  guard let tmux = which("tmux") else {
    print("skipped: tmux is not installed")
    return nil
  }
  let server = try #require(try PrivateTmux(tmux, start: ["-f", "/dev/null", "new-session", "-d"]))
  return (tmux, server)
}

/// A server on the Unix socket `socket` that accepts every connection and never says a
/// word (a tmux server that hangs), started with `python` and ready when returned.
func silentSocketServer(at socket: String, python: String) throws -> LiveProcess {
  let server = try LiveProcess(
    [
      "-c",
      "import socket,sys\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\ns.listen(8)\n"
        + "print('ready',flush=True)\nkept=[]\nwhile True: kept.append(s.accept())",
      socket,
    ], executable: python)
  #expect(waitUntil(timeout: 10) { server.lines.contains { $0.text == "ready" } })
  return server
}
