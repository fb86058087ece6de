import Foundation
import Testing
import TickerCore

@testable import ticker_status

/// The repository's root folder, found from this file's path.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file under `contrib/` (or anywhere in the repository), as a path.
func repositoryFile(_ path: String) -> String {
  repositoryRoot.appendingPathComponent(path).path
}

func contents(_ path: String) throws -> String {
  try String(contentsOfFile: repositoryFile(path), encoding: .utf8)
}

/// The folder of the built `ticker-status`, to put first on PATH.
private let binaryFolder = URL(fileURLWithPath: tickerBinary).deletingLastPathComponent().path

/// Whether the option table has `--name` (push mode and stream sources land separately).
private func hasOption(_ name: String) -> Bool {
  OptionTable.specs.contains { $0.long == name }
}

/// The environment for clients: the built binary first on PATH, no tmux or colour
/// settings from outside, plus `extra`.
private func clientEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  for name in ["TMUX", "TMUX_PANE", "NO_COLOR", "TICKER_ARGS", "TICKER_ZSH_COLOR"] {
    environment.removeValue(forKey: name)
  }
  environment["PATH"] = binaryFolder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
  environment["TERM"] = environment["TERM"] ?? "xterm-256color"
  environment.merge(extra) { _, new in new }
  return environment
}

/// A fresh private folder under the temporary folder.
private func temporaryFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ticker-contrib-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// `text` without SGR sequences (ESC [ … letter).
private func withoutSGR(_ text: String) -> String {
  text.replacing(/\x{1B}\[[0-9;:]*[A-Za-z]/, with: "")
}

/// The plain frame the binary prints for `arguments`.
private func plainFrame(_ arguments: [String]) throws -> String {
  let result = try runTicker(["--format", "plain"] + arguments)
  #expect(result.status == 0, "\(result.stderr)")
  return String(result.stdout.dropLast())  // the newline
}

// MARK: - Completions and the man page

@Suite struct CompletionTests {
  struct Document: CustomTestStringConvertible, Sendable {
    var path: String
    /// How the file spells `--name`.
    var spelling: @Sendable (String) -> String
    /// Every long option the file mentions.
    var mentioned: @Sendable (String) -> Set<String>
    var testDescription: String { path }
  }

  static let documents: [Document] = [
    Document(
      path: "contrib/completions/ticker-status.bash", spelling: { "--" + $0 },
      mentioned: { Set($0.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/completions/_ticker-status", spelling: { "--" + $0 },
      mentioned: { Set($0.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/completions/ticker-status.fish", spelling: { "-l " + $0 + " " },
      mentioned: { Set($0.matches(of: /-l ([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/man/ticker-status.1",
      spelling: { "\\-\\-" + $0.replacingOccurrences(of: "-", with: "\\-") },
      mentioned: {
        Set(
          $0.matches(of: /\\-\\-([a-z](?:[a-z]|\\-)*)/).map {
            String($0.1).replacingOccurrences(of: "\\-", with: "-")
          })
      }),
  ]

  @Test("every option is in the file", arguments: documents)
  func coversEveryOption(document: Document) throws {
    let text = try contents(document.path)
    for spec in OptionTable.specs {
      #expect(text.contains(document.spelling(spec.long)), "--\(spec.long) is missing")
    }
  }

  /// The stream mode's options, documented here while that work lands: allowed
  /// only as long as none of them is in the option table yet.
  static let streamOptions: Set = [
    "stream", "max-fps", "follow", "split", "command", "every", "tmux-option", "tmux-socket",
  ]

  @Test("the file names no option that does not exist", arguments: documents)
  func namesOnlyRealOptions(document: Document) throws {
    let text = try contents(document.path)
    var real = Set(OptionTable.specs.map(\.long))
    if real.isDisjoint(with: Self.streamOptions) {
      print("note: stream mode is not built yet; its options are documented ahead of it")
      real.formUnion(Self.streamOptions)
    }
    for option in document.mentioned(text).subtracting(real).sorted() {
      Issue.record("--\(option) is not an option of ticker-status")
    }
  }

  @Test("every value name is in the file", arguments: documents)
  func coversEveryValue(document: Document) throws {
    let text = try contents(document.path)
    let values =
      OutputFormat.allCases.map(\.rawValue) + Markup.allCases.map(\.rawValue)
      + Motion.allCases.map(\.rawValue) + Fit.allCases.map(\.rawValue)
      + WidthProfile.allCases.map(\.rawValue) + AmbiguousWidth.allCases.map(\.rawValue)
    for value in values {
      #expect(text.contains(value), "'\(value)' is missing")
    }
  }

  @Test(
    "the completion files are valid in their shells",
    arguments: [
      ("bash", ["-n"], "contrib/completions/ticker-status.bash"),
      ("zsh", ["-n"], "contrib/completions/_ticker-status"),
      ("fish", ["-n"], "contrib/completions/ticker-status.fish"),
    ])
  func parses(shell: String, flags: [String], path: String) throws {
    guard let program = which(shell) else {
      print("skipped: \(shell) is not installed")
      return
    }
    let result = try runProcess(program, flags + [repositoryFile(path)])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(
    "bash completes option values", .enabled(if: which("bash") != nil, "bash is not installed"))
  func bashCompletesValues() throws {
    let script = """
      . "$1"
      complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ticker_status; echo "${COMPREPLY[*]}"; }
      complete_words ticker-status --format t
      complete_words ticker-status --format = w
      complete_words ticker-status --fit=c
      complete_words ticker-status --mot
      """
    let result = try runProcess(
      which("bash")!,
      ["--norc", "-c", script, "bash", repositoryFile("contrib/completions/ticker-status.bash")])
    #expect(result.stdout == "tmux\nwaybar\ncenter\n--motion\n", "\(result.stderr)")
  }

  @Test(
    "the man page renders without warnings",
    .enabled(if: which("groff") != nil, "groff is not installed"))
  func manPageRenders() throws {
    let result = try runProcess(
      which("groff")!,
      ["-man", "-Tutf8", "-P-cbou", "-ww", repositoryFile("contrib/man/ticker-status.1")],
      environment: clientEnvironment(["MANWIDTH": "80"]))
    #expect(result.status == 0)
    #expect(result.stderr == "")
    for section in [
      "NAME", "SYNOPSIS", "OPTIONS", "FORMATS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES",
    ] {
      #expect(result.stdout.contains(section), "section \(section) is missing")
    }
    for text in [
      "NO_COLOR", "TMUX", "XDG_RUNTIME_DIR", "64", "66", "i3blocks", "polybar", "waybar",
      "lemonbar",
    ] {
      #expect(result.stdout.contains(text), "'\(text)' is missing")
    }
  }
}

// MARK: - Makefile

@Suite struct MakefileTests {
  static let installed = [
    "bin/ticker-status", "bin/ticker-quotes", "share/man/man1/ticker-status.1",
    "share/man/man1/ticker-quotes.1", "share/bash-completion/completions/ticker-status",
    "share/zsh/site-functions/_ticker-status", "share/fish/vendor_completions.d/ticker-status.fish",
    "share/ticker-status/tmux/ticker.tmux", "share/ticker-status/prompt/ticker.bash",
    "share/ticker-status/prompt/ticker.zsh", "share/ticker-status/prompt/ticker.fish",
    "share/ticker-status/i3/config", "share/ticker-status/i3blocks/ticker.conf",
    "share/ticker-status/polybar/ticker.ini", "share/ticker-status/waybar/config.jsonc",
    "share/ticker-status/waybar/style.css", "share/ticker-status/lemonbar/ticker.sh",
    "share/ticker-status/quotes/open-quote",
  ]

  static func dryRun(_ target: String, _ variables: [String] = []) throws -> String {
    let result = try runProcess(
      which("make")!, ["-n", "-C", repositoryRoot.path, target] + variables)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  @Test(
    "install and uninstall name the same files, under DESTDIR and PREFIX",
    .enabled(if: which("make") != nil, "make is not installed"))
  func installAndUninstallAgree() throws {
    let install = try Self.dryRun("install", ["DESTDIR=/dest", "PREFIX=/prefix"])
    let uninstall = try Self.dryRun("uninstall", ["DESTDIR=/dest", "PREFIX=/prefix"])
    #expect(install.contains("--static-swift-stdlib -Xswiftc -static-executable"))
    for path in Self.installed {
      #expect(install.contains("/dest/prefix/" + path), "install: \(path)")
      #expect(uninstall.contains("/dest/prefix/" + path), "uninstall: \(path)")
    }
    #expect(try Self.dryRun("test").contains("swift test"))
  }

  @Test(
    "install strips the binary it installs",
    .enabled(if: which("make") != nil, "make is not installed"))
  func installStrips() throws {
    let lines = try Self.dryRun("install", ["DESTDIR=/dest", "PREFIX=/prefix"])
      .split(separator: "\n")
    let copy = try #require(lines.firstIndex { $0.hasSuffix(" /dest/prefix/bin/ticker-status") })
    let strip = lines.firstIndex {
      $0.hasPrefix("strip ") && $0.hasSuffix(" /dest/prefix/bin/ticker-status")
    }
    #expect(strip.map { $0 > copy } == true, "\(lines)")
  }

  @Test(
    "dist and deb take the version from Version.swift and the layout from install",
    .enabled(if: which("make") != nil, "make is not installed"))
  func packagesFollowInstall() throws {
    let version = try #require(
      try contents("Sources/ticker-status/Command/Version.swift")
        .firstMatch(of: /static let current = "([^"]+)"/)?.1)
    let dist = try Self.dryRun("dist")
    #expect(
      dist.contains("install-files DESTDIR=.build/packaging/tar/ticker-status-\(version)-linux-"))
    #expect(dist.contains(" PREFIX=\n"))
    let deb = try Self.dryRun("deb")
    #expect(deb.contains("install-files DESTDIR=.build/packaging/deb PREFIX=/usr"))
    #expect(deb.contains("packaging/make-deb.sh .build/packaging/deb \(version) "))
  }
}

extension MakefileTests {
  @Test(
    "the man pages install puts in place render without a warning",
    .enabled(if: which("groff") != nil, "groff is not installed"),
    arguments: ["contrib/man/ticker-status.1", "contrib/man/ticker-quotes.1"])
  func manPageRenders(_ page: String) throws {
    let result = try runProcess(
      which("groff")!, ["-ww", "-z", "-man", "-Tutf8", repositoryFile(page)])
    #expect(result.status == 0)
    #expect(result.stderr == "")
  }
}

// MARK: - Release tarball scripts

extension MakefileTests {
  /// dash, the plainest POSIX sh at hand, else sh.
  var shell: String { which("dash") ?? "/bin/sh" }

  /// An unpacked tarball: the real install.sh and uninstall.sh, and stand-ins for
  /// the payload (`files`, executable when they end in `*`), with their SHA256SUMS.
  func tarball(in folder: URL, _ files: [String]) throws -> URL {
    let root = folder.appendingPathComponent("ticker-status-9.9.9-linux-test")
    for script in ["install.sh", "uninstall.sh"] {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: repositoryFile("packaging/" + script),
        toPath: root.appendingPathComponent(script).path)
    }
    for file in files {
      let executable = file.hasSuffix("*")
      let path = root.appendingPathComponent(String(file.dropLast(executable ? 1 : 0)))
      try FileManager.default.createDirectory(
        at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
      try "stand-in for \(file)\n".write(to: path, atomically: true, encoding: .utf8)
      if executable {
        try FileManager.default.setAttributes(
          [.posixPermissions: 0o755], ofItemAtPath: path.path)
      }
    }
    let sums = try runProcess(
      "/bin/sh",
      ["-c", "cd \"$1\" && find bin share -type f | xargs sha256sum > SHA256SUMS", "sh", root.path])
    #expect(sums.status == 0, "\(sums.stderr)")
    return root
  }

  /// Every path under `folder`, relative, sorted; folders end in /.
  func tree(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
      paths.append(path + (isFolder.boolValue ? "/" : ""))
    }
    return paths.sorted()
  }

  @Test(
    "install.sh puts the files under PREFIX; uninstall.sh takes away exactly them and the folders it made",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func installThenUninstall() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("prefix")
    // A folder and a file of the user's own, which must stay.
    try FileManager.default.createDirectory(
      at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
    try "mine\n".write(
      to: prefix.appendingPathComponent("bin/other"), atomically: true, encoding: .utf8)

    let old = try tarball(
      in: folder.appendingPathComponent("old"),
      ["bin/ticker-status*", "share/man/man1/ticker-status.1", "share/ticker-status/gone/old.txt"])
    let install = try runProcess(
      shell, [old.appendingPathComponent("install.sh").path, "PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
    let runnable = FileManager.default.isExecutableFile(
      atPath: prefix.appendingPathComponent("bin/ticker-status").path)
    #expect(runnable)
    #expect(tree(prefix).contains("share/ticker-status/gone/old.txt"))

    // A new version without old.txt, installed over the old one, from the environment.
    let new = try tarball(
      in: folder.appendingPathComponent("new"),
      ["bin/ticker-status*", "bin/ticker-quotes*", "share/man/man1/ticker-status.1"])
    var environment = ProcessInfo.processInfo.environment
    environment["PREFIX"] = prefix.path
    let upgrade = try runProcess(
      shell, [new.appendingPathComponent("install.sh").path], environment: environment)
    #expect(upgrade.status == 0, "\(upgrade.stdout) \(upgrade.stderr)")
    #expect(
      tree(prefix) == [
        "bin/", "bin/other", "bin/ticker-quotes", "bin/ticker-status", "share/", "share/man/",
        "share/man/man1/", "share/man/man1/ticker-status.1", "share/ticker-status/",
        "share/ticker-status/installed-files", "share/ticker-status/uninstall.sh",
      ])
    #expect(
      try String(contentsOf: prefix.appendingPathComponent("bin/ticker-status"), encoding: .utf8)
        == "stand-in for bin/ticker-status*\n")

    let uninstall = try runProcess(
      shell,
      [
        prefix.appendingPathComponent("share/ticker-status/uninstall.sh").path,
        "PREFIX=\(prefix.path)",
      ])
    #expect(uninstall.status == 0, "\(uninstall.stdout) \(uninstall.stderr)")
    #expect(tree(prefix) == ["bin/", "bin/other"])
  }

  @Test(
    "install.sh installs nothing from files that do not match SHA256SUMS",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func checksums() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = try tarball(in: folder, ["bin/ticker-status*"])
    try "changed\n".write(
      to: root.appendingPathComponent("bin/ticker-status"), atomically: true, encoding: .utf8)
    let prefix = folder.appendingPathComponent("prefix")
    let install = try runProcess(
      shell, [root.appendingPathComponent("install.sh").path, "PREFIX=\(prefix.path)"])
    #expect(install.status == 65)
    #expect(install.stderr.contains("SHA256SUMS"))
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }
}

// MARK: - tmux plugin

/// Runs tmux (started by `spawnClean`, see there why) and waits for it, its output
/// collected in files.
private func runTmux(_ arguments: [String], environment: [String: String]? = nil) throws
  -> ProcessResult
{
  let tmux = which("tmux") ?? "/usr/bin/tmux"
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outPath = folder.appendingPathComponent("out").path
  let errPath = folder.appendingPathComponent("err").path
  let pid = try spawnClean(
    [tmux] + arguments, environment: environment ?? clientEnvironment(),
    stdout: .file(outPath), stderr: .file(errPath))
  let status = waitForExit(pid, timeout: 60) ?? 124
  let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
  let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
  return ProcessResult(
    status: status,
    stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
    stdoutBytes: [UInt8](out))
}

/// The socket file tmux makes for `-L name`: tmux leaves it behind when its server
/// ends, so each test removes it.
private func tmuxSocketPath(_ name: String) -> String {
  let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
  return "\(folder)/tmux-\(getuid())/\(name)"
}

/// A tmux server of its own, on a socket no other test uses, started as `tmux` starts
/// one: its configuration (`lines`) runs before the first session exists. At the end
/// it is killed and its socket file and folder are removed.
private final class TmuxServer {
  let socket = "ticker-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  var socketPath: String { tmuxSocketPath(socket) }
  /// Holds the configuration and, as `XDG_STATE_HOME`, the plugin's logs.
  let folder: URL
  let configuration: URL
  var state: URL { folder.appendingPathComponent("state") }
  let environment: [String: String]
  private var outerSocket: String?

  /// - Parameter session: Start with a session (`new -d`, as `tmux` does); `false`
  ///   starts the server alone (`start-server`, which needs `exit-empty off`).
  init(configuration lines: [String], session: Bool = true) throws {
    folder = try temporaryFolder()
    configuration = folder.appendingPathComponent("tmux.conf")
    environment = clientEnvironment(["XDG_STATE_HOME": folder.appendingPathComponent("state").path])
    try (lines.joined(separator: "\n") + "\n").write(
      to: configuration, atomically: true, encoding: .utf8)
    let command = session ? ["new", "-d", "-x", "200", "-y", "10", "sh"] : ["start-server"]
    let started = try runTmux(
      ["-L", socket, "-f", configuration.path] + command, environment: environment)
    #expect(started.status == 0, "\(started.stderr)")
  }

  deinit {
    for name in [outerSocket, socket].compactMap({ $0 }) {
      _ = try? runTmux(["-L", name, "kill-server"])
      unlink(tmuxSocketPath(name))
    }
    try? FileManager.default.removeItem(at: folder)
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> ProcessResult {
    try runTmux(["-L", socket] + arguments, environment: environment)
  }

  /// What the plugin logged for the ticker `name` (its stream's standard error, and
  /// why it could not start), or "" when it logged nothing.
  func pluginLog(_ name: String = "ticker") -> String {
    let log = state.appendingPathComponent("ticker-status/tmux-\(socket)-\(name).log")
    return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
  }

  func globalOption(_ name: String) throws -> String {
    String(try run(["show-option", "-gqv", name]).stdout.dropLast())
  }

  /// Polls `name` until `condition` holds for its value, for up to `seconds`;
  /// returns the last value seen.
  func waitForOption(_ name: String, seconds: Double = 10, _ condition: (String) -> Bool)
    throws -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var value = try globalOption(name)
    while !condition(value) && Date() < deadline {
      usleep(50_000)
      value = try globalOption(name)
    }
    return value
  }

  /// The status line as a client draws it: a client attached inside an outer
  /// detached tmux, read with `capture-pane` on the outer pane.
  func statusLine() throws -> String {
    if outerSocket == nil {
      let outer = socket + "-outer"
      let tmux = which("tmux") ?? "/usr/bin/tmux"
      _ = try runTmux([
        "-L", outer, "-f", "/dev/null", "new", "-d", "-x", "200", "-y", "6",
        "env -u TMUX \(tmux) -L \(socket) attach",
      ])
      outerSocket = outer
    }
    let lines = try runTmux(["-L", outerSocket!, "capture-pane", "-p"]).stdout
      .split(separator: "\n", omittingEmptySubsequences: false)
    return lines.last(where: { !$0.isEmpty }).map(String.init) ?? ""
  }

  /// Polls the status line until `condition` holds, for up to `seconds`; returns the
  /// last line seen.
  func waitForStatusLine(seconds: Double = 10, _ condition: (String) throws -> Bool) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var line = ""
    while Date() < deadline {
      line = try statusLine()
      if try condition(line) { return line }
      usleep(100_000)
    }
    return line
  }

  func waitForStatusLine(containing text: String, seconds: Double = 10) throws -> String {
    try waitForStatusLine(seconds: seconds) { $0.contains(text) }
  }

  /// The `--stream` processes that push to this server, found by their command lines.
  var streams: [Int32] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return pids.compactMap(Int32.init).filter { pid in
      guard isRunning(pid),
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
      else { return false }
      let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("--stream") && words.contains(socketPath)
        && URL(fileURLWithPath: words.first ?? "").lastPathComponent == "ticker-status"
    }
  }

  /// Kills the server and waits for every stream of it to end; `false` if one did not.
  func killAndWaitForStreams() throws -> Bool {
    try run(["kill-server"])
    return waitUntil(timeout: 10) { streams.isEmpty }
  }
}

/// Whether a process runs (a zombie, which no one may reap in a container, does not).
private func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let end = stat.lastIndex(of: ")")
  else { return false }
  return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

/// What a tmux option value draws: `#[…]` styles gone, `##` read as `#`.
private func drawn(_ value: String) -> String {
  value.replacing(/#\[[^\]]*\]/, with: "").replacingOccurrences(of: "##", with: "#")
}

/// The clock `%H:%M` shows now, or a minute ago (should the minute turn meanwhile).
private func clockNow() -> [String] {
  let format = DateFormatter()
  format.dateFormat = "HH:mm"
  return [format.string(from: Date()), format.string(from: Date().addingTimeInterval(-60))]
}

@Suite(.enabled(if: which("tmux") != nil, "tmux is not installed"))
struct TmuxPluginTests {
  static let plugin = repositoryFile("contrib/tmux/ticker.tmux")
  var plugin: String { Self.plugin }

  /// The README's lines, the binary named, the plugin run from the configuration.
  static func readme(smooth: Bool = true, args: String = "-w 40 --demo", before: [String] = [])
    -> [String]
  {
    ["set -g @ticker-bin '\(tickerBinary)'"] + before + [
      "set -g status-right '#{ticker} %H:%M'", "set -g @ticker-args '\(args)'",
      "set -g @ticker-smooth \(smooth ? "on" : "off")", "run-shell '\(plugin)'",
    ]
  }

  @Test("#{ticker} becomes a #(ticker-status --format tmux …) job whose output tmux draws")
  func jobMode() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let items = folder.appendingPathComponent("items")
    try "AAPL 189.84 +1.25\n#(touch \(marker))\n$(touch \(marker))\n".write(
      to: items, atomically: true, encoding: .utf8)
    // Both sides fit the 200 columns of the status line.
    let arguments = ["-w", "80", "--at", "10", "--quotes", "-f", items.path]

    let server = try TmuxServer(configuration: [
      "set -g status-interval 15", "set -g status-right-length 300",
      "set -g status-right 'X #{ticker} Y'",
      "set -g status-left '#{ticker}|'",
    ])
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-args", arguments.joined(separator: " ")])
    let ran = try server.run(["run-shell", plugin])
    #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")

    let job =
      "#('\(tickerBinary)' --format tmux --tmux-version #{version} \(arguments.joined(separator: " ")))"
    #expect(try server.globalOption("status-right") == "X \(job) Y")
    #expect(try server.globalOption("status-left") == "\(job)|")
    #expect(try server.globalOption("status-interval") == "1")

    // Running it again changes nothing: no #{ticker} is left.
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("status-right") == "X \(job) Y")

    let frame = try plainFrame(["--cells", "tmux"] + arguments)
    #expect(frame.contains("#(touch"))
    let line = try server.waitForStatusLine(containing: "X \(frame) Y")
    #expect(line.contains("X \(frame) Y"), "status line: \(line)")
    #expect(!FileManager.default.fileExists(atPath: marker), "text from an item ran")
  }

  @Test("status-interval 0 and 1 are left alone")
  func keepsSmallIntervals() throws {
    for interval in ["0", "1"] {
      let server = try TmuxServer(configuration: [
        "set -g status-interval \(interval)", "set -g status-right '#{ticker}'",
      ])
      try server.run(["set", "-g", "@ticker-bin", tickerBinary])
      try server.run(["run-shell", plugin])
      #expect(try server.globalOption("status-interval") == interval)
      #expect(
        try server.globalOption("status-right").contains(
          "--format tmux --tmux-version #{version} --demo)"))
    }
  }

  @Test("a missing binary is said in the ticker's place and in the log")
  func missingBinary() throws {
    let server = try TmuxServer(configuration: [
      "set -g status-right 'X #{ticker} Y'", "set -g @ticker-bin /nonexistent/ticker-status",
      "run-shell '\(plugin)'",
    ])
    #expect(try server.globalOption("status-right") == "X #{@ticker} Y")
    let message = try server.globalOption("@ticker")
    #expect(message.hasPrefix("ticker.tmux: '/nonexistent/ticker-status' is not an executable"))
    // In full: the line is made long enough for it.
    let line = try server.waitForStatusLine(containing: "X \(message) Y")
    #expect(line.contains("X \(message) Y"), "status line: \(line)")
    let logged = server.pluginLog()
    #expect(logged.contains("is not an executable ticker-status"), "log: \(logged)")

    // Once the binary is there, running the plugin again puts the job in its place.
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["run-shell", plugin])
    #expect(
      try server.globalOption("status-right").hasPrefix("X #('\(tickerBinary)' --format tmux"))
  }

  @Test(
    "smooth mode from the configuration file: frames in the status line, the clock whole",
    arguments: [true, false])
  func smoothModeAtServerStart(session: Bool) throws {
    // With a session the configuration still runs before it exists (`tmux`, TPM); with
    // `start-server` (a service) the first session comes much later.
    let server = try TmuxServer(
      configuration: Self.readme(before: session ? [] : ["set -g exit-empty off"]),
      session: session)
    #expect(try server.globalOption("status-right") == "#{@ticker} %H:%M")
    // Never an unknown option, even before the first frame.
    #expect(try server.run(["show-option", "-gv", "@ticker"]).status == 0)
    if !session {
      usleep(1_500_000)
      try server.run(["new", "-d", "-x", "200", "-y", "10", "sh"])
    }
    let value = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'")
    #expect(Int(try server.globalOption("status-right-length")) ?? 0 >= 46)

    // The status line shows a frame, then the clock, uncut.
    var (framed, line) = (false, "")
    for _ in 0..<50 where !framed {
      // The frame may change while the line is read: either one will do.
      let before = drawn(try server.globalOption("@ticker"))
      line = try server.statusLine()
      let after = drawn(try server.globalOption("@ticker"))
      framed = [before, after].contains { frame in
        clockNow().contains { line.hasSuffix(frame + " " + $0) }
      }
    }
    #expect(framed, "the status line never showed @ticker and the clock: \(line)")
    #expect(server.streams.count == 1)
    #expect(try server.killAndWaitForStreams(), "the stream outlived its tmux server")
  }

  @Test("smooth mode lives on when the last session goes (exit-empty off) and a new one comes")
  func smoothModeOutlivesTheLastSession() throws {
    let server = try TmuxServer(configuration: Self.readme(before: ["set -g exit-empty off"]))
    _ = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    let streams = server.streams
    #expect(streams.count == 1)
    let serverPID = try server.run(["display-message", "-p", "#{pid}"]).stdout

    try server.run(["kill-session"])
    #expect(try server.run(["list-sessions"]).stdout.isEmpty)
    try server.run(["set", "-g", "@ticker", "stale"])
    usleep(1_500_000)
    try server.run(["new", "-d", "-x", "200", "-y", "10", "sh"])
    let value = try server.waitForOption("@ticker") { $0 != "stale" }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'; log: \(server.pluginLog())")
    #expect(server.streams == streams, "the same stream goes on; log: \(server.pluginLog())")
    #expect(
      try server.run(["display-message", "-p", "#{pid}"]).stdout == serverPID,
      "the same tmux server goes on")
    #expect(try server.killAndWaitForStreams(), "the stream outlived its tmux server")
  }

  @Test("a stream that cannot start says why in the ticker's place and in the log")
  func failingStreamIsVisible() throws {
    let server = try TmuxServer(configuration: Self.readme(args: "-w 40 --bogus"))
    let message = "ticker-status: error: unknown option '--bogus'"
    let value = try server.waitForOption("@ticker") { $0 == message }
    #expect(value == message)
    let line = try server.waitForStatusLine { line in
      clockNow().contains { line.hasSuffix(message + " " + $0) }
    }
    #expect(clockNow().contains { line.hasSuffix(message + " " + $0) }, "status line: \(line)")
    let logged = server.pluginLog()
    #expect(logged.contains(message) && logged.contains("exited with status 64"), "log: \(logged)")

    // Mended and run again, the plugin starts it.
    try server.run(["set", "-g", "@ticker-args", "-w 30 --demo"])
    try server.run(["run-shell", plugin])
    let mended = try server.waitForOption("@ticker") { drawn($0).count == 30 }
    #expect(drawn(mended).count == 30, "@ticker is '\(mended)'")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("re-running the plugin, even several at once, starts no second stream")
  func oneStreamPerServer() throws {
    let server = try TmuxServer(configuration: Self.readme())
    _ = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    let option = try server.globalOption("@ticker-pid")
    let pid = try #require(Int32(option).flatMap { $0 > 1 ? $0 : nil }, "@ticker-pid '\(option)'")
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("@ticker-pid") == option)
    #expect(try server.globalOption("status-right") == "#{@ticker}")
    #expect(server.streams.count == 1)

    // Stopping the process in @ticker-pid stops its stream and lets go of the option;
    // then four plugins at once start one stream.
    kill(pid, SIGTERM)
    #expect(waitUntil(timeout: 10) { server.streams.isEmpty })
    #expect(waitUntil(timeout: 10) { (try? server.globalOption("@ticker-pid")) == "" })
    let serverPid = try server.run(["display-message", "-p", "#{pid}"]).stdout
    var environment = server.environment
    environment["TMUX"] = "\(server.socketPath),\(serverPid.dropLast()),0"
    // A tmux that answers slowly when asked for @ticker-pid: every run reads it empty
    // before any can set it, so only the claim made inside tmux keeps them apart.
    let slow = server.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: slow, withIntermediateDirectories: true)
    try """
    #!/bin/sh
    out=$('\(which("tmux") ?? "/usr/bin/tmux")' "$@") || exit
    case "$*" in *@ticker-pid) sleep 1 ;; esac
    printf '%s\\n' "$out"

    """.write(to: slow.appendingPathComponent("tmux"), atomically: true, encoding: .utf8)
    chmod(slow.appendingPathComponent("tmux").path, 0o755)
    environment["PATH"] = slow.path + ":" + (environment["PATH"] ?? "")
    let runs = try (0..<4).map { _ in try spawnClean([plugin], environment: environment) }
    for run in runs { #expect(waitForExit(run, timeout: 30) == 0) }
    #expect(waitUntil(timeout: 5) { !server.streams.isEmpty })
    usleep(500_000)
    #expect(server.streams.count == 1, "streams: \(server.streams)")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("another user's directory at the old lock path stops nothing")
  func squattedLockPath() throws {
    let server = try TmuxServer(configuration: ["set -g status-right '#{ticker}'"])
    let serverPid = String(try server.run(["display-message", "-p", "#{pid}"]).stdout.dropLast())
    let squat = "/tmp/ticker-status-tmux.\(getuid()).\(serverPid).lock"
    #expect(mkdir(squat, 0o755) == 0)
    defer { rmdir(squat) }
    // As root, make it truly another user's: nobody's.
    if getuid() == 0 { #expect(chown(squat, 65534, 65534) == 0) }
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    let value = try server.waitForOption("@ticker") { drawn($0).count == 40 }
    #expect(drawn(value).count == 40, "@ticker is '\(value)'")
    #expect(try server.killAndWaitForStreams())
  }

  @Test("two named tickers, one on each side, as jobs and as streams", arguments: [false, true])
  func namedTickers(smooth: Bool) throws {
    // Before the plugin runs, tmux draws the placeholders as nothing, and no error.
    let bare = try TmuxServer(configuration: [])
    let shown = try bare.run(["display-message", "-p", "a#{ticker:fx}b#{ticker}c"])
    #expect(shown.status == 0 && shown.stdout == "abc\n", "\(shown)")

    let fx = ["-w", "24", "EUR/USD 1.08", "GBP/USD 1.27"] + (smooth ? [] : ["--at", "1000"])
    let stocks = ["-w", "30", "AAPL 189.84", "MSFT 415.20"] + (smooth ? [] : ["--at", "1000"])
    let server = try TmuxServer(configuration: [
      "set -g @ticker-bin '\(tickerBinary)'",
      "set -g status-left '#{ticker:fx}|'",
      "set -g @ticker-fx-args '\(fx.map { "\"\($0)\"" }.joined(separator: " "))'",
      "set -g status-right '#{ticker} %H:%M'",
      "set -g @ticker-args '\(stocks.map { "\"\($0)\"" }.joined(separator: " "))'",
      "set -g @ticker-smooth \(smooth ? "on" : "off")", "run-shell '\(plugin)'",
    ])
    // Each side is long enough for its ticker and the rest (status-left: 10 before).
    #expect(Int(try server.globalOption("status-left-length")) ?? 0 >= 25)
    #expect(Int(try server.globalOption("status-right-length")) ?? 0 >= 36)
    if smooth {
      #expect(try server.globalOption("status-left") == "#{@ticker-fx}|")
      #expect(try server.globalOption("status-right") == "#{@ticker} %H:%M")
      let left = try server.waitForOption("@ticker-fx") { drawn($0).count == 24 }
      let right = try server.waitForOption("@ticker") { drawn($0).count == 30 }
      #expect(drawn(left).count == 24 && drawn(right).count == 30, "'\(left)', '\(right)'")
      #expect(server.streams.count == 2)
      let pids = [
        try server.globalOption("@ticker-fx-pid"), try server.globalOption("@ticker-pid"),
      ]
      #expect(Set(pids).count == 2 && !pids.contains(""), "\(pids)")
      // Again: no new streams.
      try server.run(["run-shell", plugin])
      #expect(try server.globalOption("@ticker-fx-pid") == pids[0])
      #expect(try server.globalOption("@ticker-pid") == pids[1])
      #expect(server.streams.count == 2)
      // Both on the status line at once, the clock whole.
      var (both, line) = (false, "")
      for _ in 0..<50 where !both {
        let before = (
          drawn(try server.globalOption("@ticker-fx")), drawn(try server.globalOption("@ticker"))
        )
        line = try server.statusLine()
        let after = (
          drawn(try server.globalOption("@ticker-fx")), drawn(try server.globalOption("@ticker"))
        )
        both = [before, after].contains { left, right in
          line.hasPrefix(left + "|") && clockNow().contains { line.hasSuffix(right + " " + $0) }
        }
      }
      #expect(both, "status line: \(line)")
      #expect(try server.killAndWaitForStreams())
    } else {
      let job = { (arguments: [String]) in
        "#('\(tickerBinary)' --format tmux --tmux-version #{version} "
          + "\(arguments.map { "\"\($0)\"" }.joined(separator: " ")))"
      }
      #expect(try server.globalOption("status-left") == job(fx) + "|")
      #expect(try server.globalOption("status-right") == job(stocks) + " %H:%M")
      let left = try plainFrame(["--cells", "tmux"] + fx)
      let right = try plainFrame(["--cells", "tmux"] + stocks)
      let line = try server.waitForStatusLine { line in
        line.hasPrefix(left + "|") && clockNow().contains { line.hasSuffix(right + " " + $0) }
      }
      #expect(line.hasPrefix(left + "|"), "status line: \(line)")
      #expect(clockNow().contains { line.hasSuffix(right + " " + $0) }, "status line: \(line)")
    }
  }

  struct LengthCase: CustomTestStringConvertible, Sendable {
    var args: String
    var length: Int?
    var expected: ClosedRange<Int>
    var testDescription: String {
      "\(args), status-right-length \(length.map(String.init) ?? "unset")"
    }
  }

  @Test(
    "status-right-length is raised to fit the ticker's width and the rest, never lowered",
    arguments: [
      // The rest, ' %H:%M', is 6 cells; 7 measured (display-message adds a newline).
      LengthCase(args: "-w 40 --demo", length: nil, expected: 46...50),
      LengthCase(args: "--demo", length: nil, expected: 46...50),
      LengthCase(args: "--width 50 --demo", length: nil, expected: 56...60),
      LengthCase(args: "--demo --width=50", length: nil, expected: 56...60),
      LengthCase(args: "-w50 --demo -w 20", length: nil, expected: 40...40),
      LengthCase(args: "-w 10 --demo", length: nil, expected: 40...40),
      LengthCase(args: "-w 40 --demo", length: 300, expected: 300...300),
    ])
  func fitsTheLength(_ testCase: LengthCase) throws {
    let server = try TmuxServer(
      configuration: (testCase.length.map { ["set -g status-right-length \($0)"] } ?? [])
        + Self.readme(smooth: false, args: testCase.args))
    let length = Int(try server.globalOption("status-right-length")) ?? 0
    #expect(testCase.expected.contains(length), "status-right-length \(length)")
  }

  @Test("a name tmux options cannot tell apart is refused where it stands")
  func reservedName() throws {
    let server = try TmuxServer(configuration: [
      "set -g @ticker-bin '\(tickerBinary)'", "set -g status-left '<#{ticker:args}>'",
      "run-shell '\(plugin)'",
    ])
    let message = "ticker.tmux: 'args' cannot name a ticker"
    #expect(try server.globalOption("status-left").hasPrefix("<" + message))
    let logged = server.pluginLog()
    #expect(logged.contains(message), "log: \(logged)")
  }
}

// MARK: - Prompt snippets

@Suite struct PromptTests {
  /// Items that would run code or become prompt escapes if any shell read them again.
  static func hostileItems(marker: String) -> String {
    [
      "$(touch \(marker)-dollar)", "`touch \(marker)-backquote`", "(touch \(marker)-fish)",
      "%F{red}%n%~ \\u \\w \\$ #{pane_id}", "${HOME} $HOME",
    ].joined(separator: "\n") + "\n"
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var shell: String
    /// The shell's command line, which runs `prelude` (shell code), then sources the
    /// snippet and prints the prompt.
    var arguments: @Sendable (_ prelude: String) -> [String]
    /// Shell code that sets TICKER_ARGS to a list of words (an array, a fish list).
    var setList: @Sendable ([String]) -> String
    var environment: [String: String] = [:]
    /// Text after the frame in the expanded prompt.
    var suffix: String
    var visible: @Sendable (String) -> String
    var testDescription: String { shell + (environment.isEmpty ? "" : " \(environment)") }
  }

  /// `word` as a single-quoted shell word, but a leading `~/` left outside the quotes
  /// so that the shell expands it. (`word` holds no ' or \\, which fish would read.)
  static func quoted(_ word: String) -> String {
    word.hasPrefix("~/") ? "~/'\(word.dropFirst(2))'" : "'\(word)'"
  }

  static func array(_ words: [String]) -> String {
    "TICKER_ARGS=(\(words.map(quoted).joined(separator: " "))); "
  }

  static let zshScript =
    #"PROMPT='> '; source "$1"; source "$1"; for f in $precmd_functions; do $f; done; print -rnP -- "$PROMPT""#

  static let cases: [Case] = [
    Case(
      shell: "bash",
      arguments: { prelude in
        [
          "--norc", "--noprofile", "-c",
          prelude + #"PS1='> '; . "$1"; . "$1"; printf '%s' "${PS1@P}""#,
          "bash", repositoryFile("contrib/prompt/ticker.bash"),
        ]
      }, setList: array, suffix: " > ",
      // readline's markers \001 … \002 wrap the colour codes, which take no room.
      visible: { $0.replacing(/\x{01}[^\x{02}]*\x{02}/, with: "") }),
    Case(
      shell: "zsh",
      arguments: { prelude in
        ["-f", "-c", prelude + zshScript, "zsh", repositoryFile("contrib/prompt/ticker.zsh")]
      }, setList: array, suffix: " > ", visible: withoutSGR),
    Case(
      shell: "zsh",
      arguments: { prelude in
        // prompt_bang, which some users set, must not change the prompt.
        [
          "-f", "-c", "setopt prompt_bang; " + prelude + zshScript, "zsh",
          repositoryFile("contrib/prompt/ticker.zsh"),
        ]
      }, setList: array, environment: ["TICKER_ZSH_COLOR": "1"], suffix: " > ",
      visible: withoutSGR),
    Case(
      shell: "fish",
      arguments: { prelude in
        [
          "--no-config", "-c", prelude + "source $argv[1]; fish_right_prompt",
          repositoryFile("contrib/prompt/ticker.fish"),
        ]
      }, setList: { "set TICKER_ARGS \($0.map(quoted).joined(separator: " ")); " },
      suffix: "\n", visible: withoutSGR),
  ]

  @Test(
    "the prompt shows the frame ticker-status prints, and runs none of its text", arguments: cases)
  func showsTheFrame(_ testCase: Case) throws {
    guard let shell = which(testCase.shell) else {
      print("skipped: \(testCase.shell) is not installed")
      return
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let items = folder.appendingPathComponent("items")
    try Self.hostileItems(marker: marker).write(to: items, atomically: true, encoding: .utf8)

    for arguments in [
      ["--demo", "-w", "30", "--at", "1000"], ["-w", "400", "--at", "7", "-f", items.path],
    ] {
      let environment = clientEnvironment(
        testCase.environment.merging(["TICKER_ARGS": arguments.joined(separator: " ")]) { $1 })
      let result = try runProcess(shell, testCase.arguments(""), environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr == "")
      let frame = try plainFrame(arguments)
      #expect(testCase.visible(result.stdout) == frame + testCase.suffix)
    }
    #expect(try plainFrame(["-f", items.path, "-w", "400"]).contains("$(touch"))
    let ran = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("ran")
    }
    #expect(ran.isEmpty, "text from an item ran: \(ran)")
  }

  @Test(
    "TICKER_ARGS as a list keeps its words whole; in a string, a leading ~/ is the home folder",
    .enabled(if: hasOption("command"), "stream sources (--command) are not built yet"),
    arguments: cases)
  func argumentLists(_ testCase: Case) throws {
    guard let shell = which(testCase.shell) else {
      print("skipped: \(testCase.shell) is not installed")
      return
    }
    let home = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    try "from a file\n".write(
      to: home.appendingPathComponent("items"), atomically: true, encoding: .utf8)
    // HOME for ~; the --command cache in the same folder.
    let environment = clientEnvironment(
      testCase.environment.merging(["HOME": home.path, "XDG_RUNTIME_DIR": home.path]) { $1 })
    let items = home.appendingPathComponent("items").path
    /// The plain frame of ticker-status run directly, once it shows `ready` (the
    /// output of a --command shows once it is cached).
    func expectedFrame(_ arguments: [String], ready: String) throws -> String {
      let deadline = Date().addingTimeInterval(10)
      var result = try runTicker(["--format", "plain"] + arguments, environment: environment)
      while !result.stdout.contains(ready) && Date() < deadline {
        usleep(50_000)
        result = try runTicker(["--format", "plain"] + arguments, environment: environment)
      }
      #expect(result.status == 0, "\(result.stderr)")
      return String(result.stdout.dropLast())
    }

    // A list: a ~ path, an item with spaces, a quoted command with spaces of its own.
    let command = #"echo "from  the  command""#
    let words = ["-w", "400", "--at", "7", "-f", "~/items", "an  item with spaces", "--command"]
    let frame = try expectedFrame(
      ["-w", "400", "--at", "7", "-f", items, "an  item with spaces", "--command", command],
      ready: "from  the  command")
    #expect(
      frame.trimmingCharacters(in: .whitespaces)
        == "from a file · an  item with spaces · from  the  command")
    let listResult = try runProcess(
      shell, testCase.arguments(testCase.setList(words + [command])), environment: environment)
    #expect(listResult.stderr == "")
    #expect(testCase.visible(listResult.stdout) == frame + testCase.suffix)

    // A string of simple words, from the environment, with a ~/ path.
    var stringEnvironment = environment
    stringEnvironment["TICKER_ARGS"] = "-w 400 --at 7 -f ~/items"
    let stringResult = try runProcess(
      shell, testCase.arguments(""), environment: stringEnvironment)
    #expect(stringResult.stderr == "")
    let stringFrame = try expectedFrame(
      ["-w", "400", "--at", "7", "-f", items], ready: "from a file")
    #expect(stringFrame.trimmingCharacters(in: .whitespaces) == "from a file")
    #expect(testCase.visible(stringResult.stdout) == stringFrame + testCase.suffix)
  }

  @Test(
    "TICKER_ARGS unset gives the demo", .enabled(if: which("bash") != nil, "bash is not installed"))
  func defaultArguments() throws {
    let result = try runProcess(
      which("bash")!,
      [
        "--norc", "-c", #"PS1=''; . "$1"; printf '%s' "${PS1@P}""#, "bash",
        repositoryFile("contrib/prompt/ticker.bash"),
      ],
      environment: clientEnvironment())
    let visible = result.stdout.replacing(/\x{01}[^\x{02}]*\x{02}/, with: "")
    #expect(visible.count == 31, "'\(visible)'")  // 30 cells of demo quotes and a space
  }
}

// MARK: - Bars

@Suite struct BarSnippetTests {
  struct Snippet: CustomTestStringConvertible, Sendable {
    var path: String
    /// Finds the command in the snippet.
    var command: @Sendable (String) -> String?
    /// Checks the first lines the command prints.
    var check: @Sendable ([String]) -> Void
    var testDescription: String { path }
  }

  static func firstMatch(_ text: String, _ pattern: Regex<(Substring, Substring)>) -> String? {
    text.firstMatch(of: pattern).map { String($0.1) }
  }

  static func json(_ line: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
  }

  static let snippets: [Snippet] = [
    Snippet(
      path: "contrib/i3/config", command: { firstMatch($0, /\n\s*status_command (.+)/) },
      check: { lines in
        #expect(json(lines[0])?["version"] as? Int == 1, "header: \(lines[0])")
        #expect(lines[1] == "[")
        // Each frame is an element of the endless array: "[…],".
        #expect(lines[2].hasSuffix("],"))
        let blocks =
          (try? JSONSerialization.jsonObject(with: Data(lines[2].dropLast().utf8)))
          as? [[String: Any]]
        #expect(blocks?.first?["full_text"] is String, "\(lines[2])")
      }),
    Snippet(
      path: "contrib/i3blocks/ticker.conf", command: { firstMatch($0, /\ncommand=(.+)/) },
      check: { lines in
        #expect(lines.allSatisfy { $0.count == 40 }, "\(lines)")
      }),
    Snippet(
      path: "contrib/polybar/ticker.ini", command: { firstMatch($0, /\nexec = (.+)/) },
      check: { lines in
        for line in lines {
          // Every colour it opens, it closes.
          let opened = line.matches(of: /%\{F#[0-9a-f]{6}\}/).count
          #expect(opened == line.matches(of: /%\{F-\}/).count, "\(line)")
          #expect(line.replacing(/%\{[^}]*\}/, with: "").count == 40, "\(line)")
        }
      }),
    Snippet(
      path: "contrib/waybar/config.jsonc", command: { firstMatch($0, /"exec": "([^"]+)"/) },
      check: { lines in
        for line in lines {
          let object = json(line)
          #expect(object?["class"] as? String == "ticker", "\(line)")
          #expect((object?["tooltip"] as? String)?.count == 40, "\(line)")
          #expect(object?["text"] is String, "\(line)")
        }
      }),
  ]

  @Test(
    "the bar's command, as written, prints its format",
    .enabled(if: hasOption("stream"), "stream mode (--stream) is not built yet"),
    arguments: snippets)
  func runsAsWritten(_ snippet: Snippet) throws {
    let text = try contents(snippet.path)
    let command = try #require(snippet.command(text), "no command in \(snippet.path)")
    #expect(command.hasPrefix("ticker-status --stream --format "))
    // head stands for the bar: it reads three lines and goes away, which ends the stream.
    let result = try runProcess(
      "/bin/sh", ["-c", command + " | head -n 3"], environment: clientEnvironment(), timeout: 10)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "output: \(result.stdout) \(result.stderr)")
    snippet.check(lines)
  }

  @Test(
    "lemonbar's script pipes centred frames into the bar, and reads back the clicks it prints",
    .enabled(if: hasOption("stream"), "stream mode (--stream) is not built yet"))
  func lemonbar() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A bar that keeps two frames and prints, as lemonbar does for a click, the action
    // of item 0's left button; then a command, which must not run.
    let bar = folder.appendingPathComponent("bar")
    try """
    #!/bin/sh
    head -n 2 > "$0.frames"
    echo '0 1'
    echo "touch '$0.ran'"

    """.write(to: bar, atomically: true, encoding: .utf8)
    chmod(bar.path, 0o755)
    let result = try runProcess(
      "/bin/sh",
      [
        repositoryFile("contrib/lemonbar/ticker.sh"), "-w", "30", "--demo", "--on-click",
        "echo \"$TICKER_INDEX $TICKER_BUTTON $TICKER_SYMBOL\" > '\(bar.path).clicked'",
      ],
      environment: clientEnvironment(["LEMONBAR": bar.path]), timeout: 10)
    #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout) \(result.stderr)")
    #expect(waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: bar.path + ".clicked") })
    #expect((try? String(contentsOfFile: bar.path + ".clicked", encoding: .utf8)) == "0 1 AAPL\n")
    #expect(!FileManager.default.fileExists(atPath: bar.path + ".ran"), "the bar's output ran")
    let frames = try String(contentsOfFile: bar.path + ".frames", encoding: .utf8)
    let lines = frames.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(frames)")
    for line in lines {
      #expect(line.hasPrefix("%{c}"))
      // lemonbar reads %% as one %.
      let visible = line.dropFirst(4).replacing(/%\{[^}]*\}/, with: "")
      #expect(visible.replacingOccurrences(of: "%%", with: "%").count == 30, "\(line)")
    }
  }

  @Test(
    "lemonbar's script gives lemonbar a Unicode core font, or LEMONBAR_FONT",
    .enabled(if: hasOption("stream"), "stream mode (--stream) is not built yet"))
  func lemonbarFont() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A lemonbar that writes its arguments, one a line, beside itself and goes away
    // (what it printed, sh would run).
    let fake = folder.appendingPathComponent("lemonbar")
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.arguments\"\n".write(
      to: fake, atomically: true, encoding: .utf8)
    chmod(fake.path, 0o755)
    let path = folder.path + ":" + clientEnvironment()["PATH"]!
    for (font, expected) in [
      (nil, "-misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1"), ("6x13", "6x13"),
    ] {
      var extra = ["PATH": path]
      extra["LEMONBAR_FONT"] = font
      let result = try runProcess(
        "/bin/sh", [repositoryFile("contrib/lemonbar/ticker.sh"), "-w", "10", "--demo"],
        environment: clientEnvironment(extra), timeout: 10)
      #expect(result.status == 0, "\(result.stderr)")
      let written = try String(contentsOfFile: fake.path + ".arguments", encoding: .utf8)
      let arguments = written.split(separator: "\n").map(String.init)
      #expect(arguments.firstIndex(of: "-f").map { arguments[$0 + 1] } == expected, "\(arguments)")
    }
  }

  @Test("waybar's style sets no colour, so that the theme's stay")
  func waybarStyleKeepsTheTheme() throws {
    let rules = try contents("contrib/waybar/style.css").replacing(/\/\*(.|\n)*?\*\//, with: "")
    #expect(!rules.contains("color"), "\(rules)")
    #expect(rules.contains("font-family: monospace"))
  }

  @Test(
    "i3blocks runs the block and sends i3bar a frame per line",
    .enabled(if: which("i3blocks") != nil, "i3blocks is not installed"),
    .enabled(if: hasOption("stream"), "stream mode (--stream) is not built yet"))
  func i3blocks() throws {
    // i3blocks runs until its bar goes away; the timeout stands for that.
    let result = try runProcess(
      which("i3blocks")!, ["-c", repositoryFile("contrib/i3blocks/ticker.conf")],
      environment: clientEnvironment(), timeout: 2.5)
    // i3blocks 1.4 also sends an empty block of its own before ours.
    let texts = result.stdout.matches(of: /"full_text":"([^"]*)"/).map { String($0.1) }
      .filter { !$0.isEmpty }
    #expect(texts.count >= 2, "output: \(result.stdout) \(result.stderr)")
    #expect(Set(texts).count >= 2, "the ticker did not move: \(texts)")
    for text in texts {
      #expect(text.count == 40, "'\(text)'")
    }
  }
}

// MARK: - Quotes

@Suite(.enabled(if: which("python3") != nil, "python3 is not installed"))
struct QuoteFetcherTests {
  let fetcher = repositoryFile("contrib/quotes/ticker-quotes")

  func quotes(_ arguments: [String], stdin: [UInt8]? = nil) throws -> ProcessResult {
    try runProcess(which("python3")!, [fetcher] + arguments, stdin: stdin)
  }

  @Test("Stooq's CSV becomes SYMBOL PRICE CHANGE lines, the change against the previous close")
  func stooq() throws {
    let sample = repositoryFile("contrib/quotes/sample-response.csv")
    let result = try quotes([
      "--offline", sample, "aapl.us", "msft.us", "eurusd", "usdjpy", "nosuch.us",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "AAPL 196.45 -2.75\nMSFT 474.96 -3.91\nEUR/USD 1.1550 -0.0034\nUSD/JPY 144.07 +0.51\n")
    #expect(result.stderr == "ticker-quotes: no quote for 'nosuch.us'\n")

    let percent = try quotes(
      ["--percent", "--offline", "-", "usdjpy", "aapl.us"],
      stdin: Array(try contents("contrib/quotes/sample-response.csv").utf8))
    #expect(percent.stdout == "USD/JPY 144.07 +0.36%\nAAPL 196.45 -1.38%\n")
  }

  @Test("the ECB's reference rates become pairs, the change against the day before")
  func ecb() throws {
    let result = try quotes([
      "--source", "ecb", "--offline", repositoryFile("contrib/quotes/sample-ecb.xml"),
      "usd", "eurjpy", "gbp", "gbpusd",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "EUR/USD 1.1512 -0.0064\nEUR/JPY 165.98 +0.09\nEUR/GBP 0.85050 0\nGBP/USD 1.3536 -0.0075\n"
    )
  }

  @Test(
    "--help names the symbols of each source, the default source and the default timeout",
    arguments: ["--help", "-h"])
  func help(_ option: String) throws {
    // argparse wraps to COLUMNS; 80 is what it assumes without a terminal.
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    let result = try runProcess(which("python3")!, [fetcher, option], environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let text = result.stdout
    #expect(text.hasPrefix("usage: ticker-quotes "))
    for expected in [
      "SYMBOL", "aapl.us", "sap.de", "eurusd", "usd", "jpy", "--source", "(default: stooq)",
      "ecb", "--timeout SECONDS", "(default: 10)", "--percent", "--offline FILE",
      "ticker-status --quotes",
    ] {
      #expect(text.contains(expected), "'\(expected)' is missing from:\n\(text)")
    }
    // The help is for a terminal: no line is wider than 80 columns.
    let wide = text.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  @Test("no quote at all exits 1 with a message")
  func nothing() throws {
    let result = try quotes(
      ["--offline", "-", "aapl.us"], stdin: Array("<html>busy</html>\n".utf8))
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("aapl.us"))
  }

  @Test("ticker-status --quotes reads what the fetcher prints")
  func intoTheTicker() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try quotes([
      "--offline", repositoryFile("contrib/quotes/sample-response.csv"), "aapl.us", "usdjpy",
    ])
    let file = folder.appendingPathComponent("quotes")
    try lines.stdout.write(to: file, atomically: true, encoding: .utf8)
    let frame = try plainFrame(["--quotes", "-f", file.path, "-w", "60", "--at", "0"])
    #expect(frame.hasPrefix("AAPL 196.45 ▼2.75 · USD/JPY 144.07 ▲0.51 "))
  }

  @Test(
    "--command runs the fetcher",
    .enabled(if: hasOption("command"), "stream sources (--command) are not built yet"))
  func asCommand() throws {
    let sample = repositoryFile("contrib/quotes/sample-response.csv")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try runTicker(
      [
        "--stream", "--quotes", "--format", "plain", "-w", "60", "--every", "300", "--command",
        "'\(fetcher)' --offline '\(sample)' aapl.us",
      ],
      environment: clientEnvironment(["XDG_RUNTIME_DIR": folder.path]), timeout: 2)
    #expect(result.stdout.contains("AAPL 196.45 ▼2.75"), "\(result.stdout) \(result.stderr)")
  }
}
