import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - Makefile

@Suite struct MakefileTests {
  static let installed = [
    "bin/ticker-status", "bin/ticker-quotes", "bin/ticker-feeds", "share/man/man1/ticker-status.1",
    "share/man/man1/ticker-quotes.1", "share/man/man1/ticker-feeds.1",
    "share/bash-completion/completions/ticker-status",
    "share/zsh/site-functions/_ticker-status", "share/fish/vendor_completions.d/ticker-status.fish",
    "share/ticker-status/tmux/ticker.tmux", "share/ticker-status/prompt/ticker.bash",
    "share/ticker-status/prompt/ticker.zsh", "share/ticker-status/prompt/ticker.fish",
    "share/ticker-status/i3/config", "share/ticker-status/i3blocks/ticker.conf",
    "share/ticker-status/polybar/ticker.ini", "share/ticker-status/waybar/config.jsonc",
    "share/ticker-status/waybar/style.css", "share/ticker-status/lemonbar/ticker.sh",
    "share/ticker-status/quotes/open-quote", "share/ticker-status/actions/open-item",
    "share/ticker-status/xmobar/xmobarrc", "share/ticker-status/yambar/config.yml",
    "share/ticker-status/dzen2/ticker.sh", "share/ticker-status/genmon/ticker.sh",
    "share/ticker-status/conky/conky.conf", "share/ticker-status/tint2/ticker.tint2rc",
    "share/ticker-status/dwm/ticker.sh",
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
    "install writes the completion scripts the installed binary prints",
    .enabled(if: which("make") != nil, "make is not installed"))
  func installGeneratesCompletions() throws {
    let lines = try Self.dryRun("install", ["DESTDIR=/dest", "PREFIX=/prefix"])
      .split(separator: "\n")
    let binary = "/dest/prefix/bin/ticker-status"
    let copy = try #require(lines.firstIndex { $0.hasSuffix(" " + binary) })
    for (shell, path) in [
      ("bash", "bash-completion/completions/ticker-status"),
      ("zsh", "zsh/site-functions/_ticker-status"),
      ("fish", "fish/vendor_completions.d/ticker-status.fish"),
    ] {
      let file = "/dest/prefix/share/" + path
      let write = lines.firstIndex(of: "\(binary) --generate-completion-script \(shell) >\(file)")
      #expect(write.map { $0 > copy } == true, "\(shell): \(lines)")
      #expect(lines.contains("chmod 644 \(file)"), "\(shell)")
    }
    #expect(!lines.contains { $0.contains("contrib/completions") }, "\(lines)")
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
    arguments: [
      "contrib/man/ticker-status.1", "contrib/man/ticker-quotes.1", "contrib/man/ticker-feeds.1",
    ])
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
    // As make-tarball.sh writes it: every file but SHA256SUMS, sorted.
    let sums = try runProcess(
      "/bin/sh",
      [
        "-c",
        "cd \"$1\" && find . -type f ! -name SHA256SUMS | sed 's|^\\./||' | LC_ALL=C sort"
          + " | xargs sha256sum > SHA256SUMS",
        "sh", root.path,
      ])
    #expect(sums.status == 0, "\(sums.stderr)")
    return root
  }

  /// Runs a script with `shell`, without `PREFIX` in its environment and with `path` as
  /// its `PATH` when given.
  func runScript(_ script: URL, _ arguments: [String], path: String? = nil) throws
    -> ProcessResult
  {
    var environment = ProcessInfo.processInfo.environment
    environment.removeValue(forKey: "PREFIX")
    if let path { environment["PATH"] = path }
    return try runProcess(shell, [script.path] + arguments, environment: environment)
  }

  /// A folder of links to every program on PATH but the SHA-256 checkers, plus
  /// `checker` (sha256sum, shasum or openssl), if any: a PATH without them.
  func pathWithout(checkersBut checker: String?, in folder: URL) throws -> String {
    let bin = folder.appendingPathComponent("path-bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let checkers: Set = ["sha256sum", "shasum", "openssl"]
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      where !checkers.contains(name) || name == checker {
        let link = bin.appendingPathComponent(name).path
        guard !FileManager.default.fileExists(atPath: link),
          FileManager.default.isExecutableFile(atPath: folder + "/" + name)
        else { continue }
        try FileManager.default.createSymbolicLink(
          atPath: link, withDestinationPath: folder + "/" + name)
      }
    }
    return bin.path
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

  /// The entries of a tampered list of installed files that name places outside
  /// PREFIX, made there (the victims), each with the path it names.
  func plantOutside(_ folder: URL, prefix: URL) throws -> [(entry: String, victim: String)] {
    let outside = folder.appendingPathComponent("outside")
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("dir"), withIntermediateDirectories: true)
    for name in ["victim1.txt", "outside/victim2.txt", "victim3.txt"] {
      try "precious\n".write(
        to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
    // A folder in PREFIX that is a symbolic link out of it.
    try FileManager.default.createSymbolicLink(
      atPath: prefix.appendingPathComponent("share/link").path, withDestinationPath: outside.path)
    return [
      ("../victim1.txt", folder.appendingPathComponent("victim1.txt").path),
      ("../dir/", folder.appendingPathComponent("dir").path),
      ("share/link/victim2.txt", outside.appendingPathComponent("victim2.txt").path),
      ("share/link/dir/", outside.appendingPathComponent("dir").path),
      ("bin/../../victim3.txt", folder.appendingPathComponent("victim3.txt").path),
      ("..", folder.path),
    ]
  }

  @Test(
    "uninstall.sh removes nothing outside PREFIX, whatever the list of installed files says",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func uninstallStaysInsidePrefix() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("prefix")
    let root = try tarball(
      in: folder.appendingPathComponent("tar"),
      ["bin/ticker-status*", "share/man/man1/ticker-status.1"])
    let install = try runScript(
      root.appendingPathComponent("install.sh"), ["PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
    let planted = try plantOutside(folder, prefix: prefix)
    let manifest = prefix.appendingPathComponent("share/ticker-status/installed-files")
    let listed = try String(contentsOf: manifest, encoding: .utf8)
    try (listed + planted.map(\.entry).joined(separator: "\n") + "\n").write(
      to: manifest, atomically: true, encoding: .utf8)

    let uninstall = try runScript(
      prefix.appendingPathComponent("share/ticker-status/uninstall.sh"), ["PREFIX=\(prefix.path)"])
    for (entry, victim) in planted {
      #expect(FileManager.default.fileExists(atPath: victim), "\(entry) removed \(victim)")
      #expect(uninstall.stderr.contains("'\(entry)'"), "no word of \(entry): \(uninstall.stderr)")
    }
    #expect(uninstall.status == 1, "\(uninstall.stdout) \(uninstall.stderr)")
    // What it installed is gone all the same.
    #expect(tree(prefix) == ["share/", "share/link/"], "\(tree(prefix))")
  }

  @Test(
    "install.sh over a list of installed files naming places outside PREFIX removes none of them",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func installStaysInsidePrefix() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let prefix = folder.appendingPathComponent("prefix")
    let root = try tarball(
      in: folder.appendingPathComponent("tar"),
      ["bin/ticker-status*", "share/man/man1/ticker-status.1"])
    let script = root.appendingPathComponent("install.sh")
    #expect(try runScript(script, ["PREFIX=\(prefix.path)"]).status == 0)
    let planted = try plantOutside(folder, prefix: prefix)
    let manifest = prefix.appendingPathComponent("share/ticker-status/installed-files")
    let listed = try String(contentsOf: manifest, encoding: .utf8)
    try (listed + planted.map(\.entry).joined(separator: "\n") + "\n").write(
      to: manifest, atomically: true, encoding: .utf8)

    let again = try runScript(script, ["PREFIX=\(prefix.path)"])
    #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
    for (entry, victim) in planted {
      #expect(FileManager.default.fileExists(atPath: victim), "\(entry) removed \(victim)")
      #expect(again.stderr.contains("'\(entry)'"), "no word of \(entry): \(again.stderr)")
    }
    // The new list names only what is inside.
    let relisted = try String(contentsOf: manifest, encoding: .utf8)
    #expect(!relisted.contains(".."), "\(relisted)")
    #expect(!relisted.contains("link"), "\(relisted)")
    #expect(relisted.contains("bin/ticker-status\n"), "\(relisted)")
  }

  @Test(
    "install.sh installs only the files SHA256SUMS lists",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func installsOnlyWhatTheSumsList() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = try tarball(in: folder, ["bin/ticker-status*", "share/man/man1/ticker-status.1"])
    // Added after the sums were made.
    for added in ["bin/extra", "share/ticker-status/extra.txt"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(added).deletingLastPathComponent(),
        withIntermediateDirectories: true)
      try "added\n".write(
        to: root.appendingPathComponent(added), atomically: true, encoding: .utf8)
      chmod(root.appendingPathComponent(added).path, 0o755)
    }
    let prefix = folder.appendingPathComponent("prefix")
    let install = try runScript(
      root.appendingPathComponent("install.sh"), ["PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
    #expect(
      tree(prefix) == [
        "bin/", "bin/ticker-status", "share/", "share/man/", "share/man/man1/",
        "share/man/man1/ticker-status.1", "share/ticker-status/",
        "share/ticker-status/installed-files", "share/ticker-status/uninstall.sh",
      ], "\(tree(prefix))")
    #expect(install.stderr.contains("bin/extra"), "\(install.stderr)")
  }

  @Test(
    "without sha256sum, install.sh checks with shasum or openssl, and with neither installs nothing",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"),
    arguments: ["shasum", "openssl", nil] as [String?])
  func checksWithoutSha256sum(_ checker: String?) throws {
    if let checker, which(checker) == nil {
      print("MakefileTests: skipping the \(checker) check: \(checker) is not installed")
      return
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try pathWithout(checkersBut: checker, in: folder)
    let root = try tarball(in: folder, ["bin/ticker-status*", "share/man/man1/ticker-status.1"])
    let script = root.appendingPathComponent("install.sh")
    let prefix = folder.appendingPathComponent("prefix")

    let install = try runScript(script, ["PREFIX=\(prefix.path)"], path: path)
    if checker == nil {
      #expect(install.status == 69, "\(install.stdout) \(install.stderr)")
      #expect(install.stderr.contains("sha256sum"), "\(install.stderr)")
      #expect(!FileManager.default.fileExists(atPath: prefix.path))
      return
    }
    #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
    #expect(tree(prefix).contains("bin/ticker-status"))

    // A changed file is found as sha256sum would find it.
    try FileManager.default.removeItem(at: prefix)
    try "changed\n".write(
      to: root.appendingPathComponent("share/man/man1/ticker-status.1"), atomically: true,
      encoding: .utf8)
    let changed = try runScript(script, ["PREFIX=\(prefix.path)"], path: path)
    #expect(changed.status == 65, "\(changed.stdout) \(changed.stderr)")
    #expect(changed.stderr.contains("SHA256SUMS"), "\(changed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }

  @Test(
    "install.sh's uninstall hint runs as printed, with ', a space and $ in PREFIX",
    .enabled(if: which("sha256sum") != nil, "sha256sum is not installed"))
  func uninstallHintIsQuoted() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let root = try tarball(in: folder, ["bin/ticker-status*"])
    let prefix = folder.appendingPathComponent("it's my $HOME dir")
    let install = try runScript(
      root.appendingPathComponent("install.sh"), ["PREFIX=\(prefix.path)"])
    #expect(install.status == 0, "\(install.stdout) \(install.stderr)")
    let hint = try #require(
      install.stdout.split(separator: "\n").first { $0.hasPrefix("Uninstall with: ") }
    ).dropFirst("Uninstall with: ".count)
    let uninstall = try runProcess(shell, ["-c", String(hint)])
    #expect(uninstall.status == 0, "\(hint): \(uninstall.stdout) \(uninstall.stderr)")
    #expect(uninstall.stdout.contains("uninstalled from \(prefix.path)."), "\(uninstall.stdout)")
    #expect(tree(prefix) == [], "\(tree(prefix))")
  }
}
