import Foundation
import Testing
import TickerCore

@testable import ticker_status

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file under `contrib/` (or anywhere in the repository), as a path.
func repositoryFile(_ path: String) -> String {
  repositoryRoot.appendingPathComponent(path).path
}

func contents(_ path: String) throws -> String {
  try String(contentsOfFile: repositoryFile(path), encoding: .utf8)
}

/// The folder of the built `ticker-status`, to put first on PATH.
let binaryFolder = URL(fileURLWithPath: tickerBinary).deletingLastPathComponent().path

/// The environment the clients run in: the built binary first on PATH, UTF-8, a known
/// terminal, no outer tmux and no colour or ticker settings from outside, plus `extra`.
func clientEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return scrubbedEnvironment(
    removing: [
      "TMUX", "TMUX_PANE", "NO_COLOR", "LC_ALL", "LC_CTYPE", "TICKER_ARGS", "TICKER_ZSH_COLOR",
    ],
    adding: ["PATH": binaryFolder + ":" + path, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
      .merging(extra) { _, new in new })
}

/// A fresh folder under the temporary folder (a `TestFolder`, 0755: the plugin's tests
/// run tmux as nobody in it), as a URL.
func temporaryFolder() throws -> URL {
  URL(fileURLWithPath: try TestFolder("ticker-contrib", permissions: 0o755).path)
}

/// `text` without SGR sequences (ESC [ … letter).
func withoutSGR(_ text: String) -> String {
  text.replacing(/\x{1B}\[[0-9;:]*[A-Za-z]/, with: "")
}

/// The plain frame the binary prints for `arguments`.
func plainFrame(_ arguments: [String]) throws -> String {
  let result = try runTicker(["--format", "plain"] + arguments)
  #expect(result.status == 0, "\(result.stderr)")
  return String(result.stdout.dropLast())  // the newline
}
