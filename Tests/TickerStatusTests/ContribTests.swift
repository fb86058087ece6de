import Foundation
import Testing
import TickerCore

@testable import ticker_status

/// The repository's root folder, found from this file's path.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A file under `contrib/` (or anywhere in the repository), as a path.
private func repositoryFile(_ path: String) -> String {
  repositoryRoot.appendingPathComponent(path).path
}

private func contents(_ path: String) throws -> String {
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
private func runTmux(_ arguments: [String]) throws -> ProcessResult {
  let tmux = which("tmux") ?? "/usr/bin/tmux"
  let folder = try temporaryFolder()
  defer { try? FileManager.default.removeItem(at: folder) }
  let outPath = folder.appendingPathComponent("out").path
  let errPath = folder.appendingPathComponent("err").path
  let pid = try spawnClean(
    [tmux] + arguments, environment: clientEnvironment(), stdout: .file(outPath),
    stderr: .file(errPath))
  let status = waitForExit(pid, timeout: 60) ?? 124
  let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
  let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
  return ProcessResult(
    status: status,
    stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
    stdoutBytes: [UInt8](out))
}

/// A tmux server of its own, on a socket no other test uses, killed at the end.
private final class TmuxServer {
  let socket = "ticker-test-\(getpid())-\(UUID().uuidString.prefix(8))"
  let configuration: URL
  private var outerSocket: String?

  init(configuration lines: [String]) throws {
    configuration = try temporaryFolder().appendingPathComponent("tmux.conf")
    try (lines.joined(separator: "\n") + "\n").write(
      to: configuration, atomically: true, encoding: .utf8)
    let started = try runTmux([
      "-L", socket, "-f", configuration.path, "new", "-d", "-x", "200", "-y", "10", "sh",
    ])
    #expect(started.status == 0, "\(started.stderr)")
  }

  deinit {
    if let outerSocket { _ = try? runTmux(["-L", outerSocket, "kill-server"]) }
    _ = try? runTmux(["-L", socket, "kill-server"])
  }

  @discardableResult
  func run(_ arguments: [String]) throws -> ProcessResult {
    try runTmux(["-L", socket] + arguments)
  }

  func globalOption(_ name: String) throws -> String {
    String(try run(["show-option", "-gqv", name]).stdout.dropLast())
  }

  /// The status line as a client draws it: a client attached inside an outer
  /// detached tmux, read with `capture-pane` on the outer pane.
  func statusLine() throws -> String {
    if outerSocket == nil {
      let outer = socket + "-outer"
      let tmux = which("tmux") ?? "/usr/bin/tmux"
      _ = try runTmux([
        "-L", outer, "-f", "/dev/null", "new", "-d", "-x", "220", "-y", "6",
        "env -u TMUX \(tmux) -L \(socket) attach",
      ])
      outerSocket = outer
    }
    let lines = try runTmux(["-L", outerSocket!, "capture-pane", "-p"]).stdout
      .split(separator: "\n", omittingEmptySubsequences: false)
    return lines.last(where: { !$0.isEmpty }).map(String.init) ?? ""
  }

  /// Polls the status line until it contains `text`, for up to `seconds`.
  func waitForStatusLine(containing text: String, seconds: Double = 6) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var line = ""
    while Date() < deadline {
      line = try statusLine()
      if line.contains(text) { return line }
      usleep(100_000)
    }
    return line
  }
}

/// Whether a process runs (a zombie, which no one may reap in a container, does not).
private func isRunning(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let end = stat.lastIndex(of: ")")
  else { return false }
  return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

@Suite(.enabled(if: which("tmux") != nil, "tmux is not installed"))
struct TmuxPluginTests {
  let plugin = repositoryFile("contrib/tmux/ticker.tmux")

  @Test("#{ticker} becomes a #(ticker-status --format tmux …) job whose output tmux draws")
  func jobMode() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let items = folder.appendingPathComponent("items")
    try "AAPL 189.84 +1.25\n#(touch \(marker))\n$(touch \(marker))\n".write(
      to: items, atomically: true, encoding: .utf8)
    let arguments = ["-w", "150", "--at", "1000", "--quotes", "-f", items.path]

    let server = try TmuxServer(configuration: [
      "set -g status-interval 15", "set -g status-right-length 300",
      "set -g status-right 'X #{ticker} Y'",
      "set -g status-left '#{ticker}|'",
    ])
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-args", arguments.joined(separator: " ")])
    let ran = try server.run(["run-shell", plugin])
    #expect(ran.status == 0, "\(ran.stdout) \(ran.stderr)")

    let job = "#('\(tickerBinary)' --format tmux \(arguments.joined(separator: " ")))"
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
      #expect(try server.globalOption("status-right").contains("--format tmux --demo)"))
    }
  }

  @Test("a missing binary is reported in tmux and nothing is replaced")
  func missingBinary() throws {
    let server = try TmuxServer(configuration: ["set -g status-right 'X #{ticker} Y'"])
    try server.run(["set", "-g", "@ticker-bin", "/nonexistent/ticker-status"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("status-right") == "X #{ticker} Y")
  }

  @Test(
    "@ticker-smooth on starts one push-mode stream per server and shows #{@ticker}",
    .enabled(if: hasOption("tmux-option"), "push mode (--tmux-option) is not built yet"))
  func smoothMode() throws {
    let server = try TmuxServer(configuration: ["set -g status-right 'X #{ticker} Y'"])
    try server.run(["set", "-g", "@ticker-bin", tickerBinary])
    try server.run(["set", "-g", "@ticker-args", "-w 20 --demo"])
    try server.run(["set", "-g", "@ticker-smooth", "on"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("status-right") == "X #{@ticker} Y")

    let pid = Int32(try server.globalOption("@ticker-pid")) ?? 0
    #expect(pid > 0 && isRunning(pid), "no stream is running")
    var value = ""
    let deadline = Date().addingTimeInterval(5)
    while value.isEmpty && Date() < deadline {
      value = try server.globalOption("@ticker")
      usleep(50_000)
    }
    // The option holds a tmux-styled frame, '#' written '##'.
    let visible = value.replacing(/#\[[^\]]*\]/, with: "").replacingOccurrences(of: "##", with: "#")
    #expect(visible.count == 20, "@ticker is '\(value)'")

    // Sourcing the plugin again (as re-sourcing tmux.conf does) starts no second stream.
    try server.run(["set", "-g", "status-right", "#{ticker}"])
    try server.run(["run-shell", plugin])
    #expect(try server.globalOption("@ticker-pid") == String(pid))
    #expect(try server.globalOption("status-right") == "#{@ticker}")

    try server.run(["kill-server"])
    let gone = Date().addingTimeInterval(5)
    while isRunning(pid) && Date() < gone { usleep(50_000) }
    #expect(!isRunning(pid), "the stream outlived its tmux server")
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
    "lemonbar's script pipes centred frames into the bar",
    .enabled(if: hasOption("stream"), "stream mode (--stream) is not built yet"))
  func lemonbar() throws {
    let result = try runProcess(
      "/bin/sh", [repositoryFile("contrib/lemonbar/ticker.sh"), "-w", "30", "--demo"],
      environment: clientEnvironment(["LEMONBAR": "head -n 2"]), timeout: 10)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(result.stdout) \(result.stderr)")
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
    // A lemonbar that prints its arguments, one a line, and goes away.
    let fake = folder.appendingPathComponent("lemonbar")
    try "#!/bin/sh\nprintf '%s\\n' \"$@\"\n".write(to: fake, atomically: true, encoding: .utf8)
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
      let arguments = result.stdout.split(separator: "\n").map(String.init)
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
