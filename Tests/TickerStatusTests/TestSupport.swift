import Foundation

/// A fresh private folder (0700) for one test, removed by `remove()`.
struct TestFolder {
  let path: String

  /// - Parameter permissions: 0700, or 0755 for a folder another user (a bar or a
  ///   tmux run as nobody) must get into.
  init(_ prefix: String = "ticker-test", permissions: Int = 0o700) throws {
    path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true,
      attributes: [.posixPermissions: permissions])
  }

  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` in place.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file(name)))
    return file(name)
  }

  /// Replaces `name` by renaming a new file over it.
  func replace(_ name: String, _ text: String) throws {
    try write(name + ".new", text)
    guard rename(file(name + ".new"), file(name)) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  func read(_ name: String) -> String? { try? String(contentsOfFile: file(name), encoding: .utf8) }

  /// How many lines `name` has (0 when it is missing).
  func lineCount(_ name: String) -> Int { (read(name) ?? "").split(separator: "\n").count }

  func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: file(name)) }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// The test process's environment without the variables `removed`, plus `extra`: the
/// one way the tests scrub what they inherit.
func scrubbedEnvironment(removing removed: [String], adding extra: [String: String] = [:])
  -> [String: String]
{
  var environment = ProcessInfo.processInfo.environment
  for name in removed { environment.removeValue(forKey: name) }
  // A stream asks the desktop whether to reduce motion (DesktopMotion): not the
  // session of whoever runs the tests. A test that wants a bus adds its own.
  environment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
  environment["GSETTINGS_BACKEND"] = "memory"
  environment.merge(extra) { $1 }
  return environment
}

/// The variables that choose the command cache's folder.
let cacheFolderVariables = ["XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "HOME", "TMPDIR"]

/// The test's environment without `NO_COLOR`, `TMUX` and the variables that choose the
/// command cache's folder, plus `extra`.
func testEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  scrubbedEnvironment(removing: ["NO_COLOR", "TMUX"] + cacheFolderVariables, adding: extra)
}

/// Whether process `pid` has ended: gone, or a zombie nobody has reaped yet.
func processHasEnded(_ pid: Int32) -> Bool {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return true }
  return stat[stat.index(close, offsetBy: 2)] == "Z"
}

/// The live processes whose command line starts with `text`.
func livePrograms(startingWith text: String) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap(Int32.init).filter { pid in
    guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
      return false
    }
    let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
    return line.hasPrefix(text) && !processHasEnded(pid)
  }
}

/// Runs `arguments` under `/bin/sh -c`, so that a test can close descriptors with
/// `2>&-` and `<&-`, and returns its status and standard output.
func runShell(_ script: String, environment: [String: String]) throws -> ProcessResult {
  try runProcess("/bin/sh", ["-c", script], environment: environment, timeout: 60)
}

/// Runs `program` to its end and returns its exit status and peak resident memory in
/// KiB (`wait4(2)`'s `ru_maxrss`), its output discarded.
func runMeasuringMemory(_ arguments: [String], environment: [String: String]? = nil)
  throws -> (status: Int32, peakKiB: Int, stderr: String)
{
  let folder = try TestFolder("ticker-rss")
  defer { folder.remove() }
  let pid = try spawnClean(arguments, environment: environment, stderr: .file(folder.file("err")))
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
  let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return (exit, usage.ru_maxrss, folder.read("err") ?? "")
}

/// The resident memory of a running process in KiB (`VmRSS`), or `nil` if it has gone.
func residentKiB(_ pid: Int32) -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
    return nil
  }
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
  return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
}

/// Whether this process may mount file systems (as root, outside a restricted
/// container): the cache tests that need a full or read-only folder mount a tmpfs.
let canMount: Bool = {
  guard getuid() == 0, let folder = try? TestFolder("ticker-mount") else { return false }
  defer { folder.remove() }
  let mounted =
    (try? runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]))?.status
    == 0
  if mounted { _ = try? runProcess("/bin/umount", [folder.path]) }
  return mounted
}()

/// The built `ticker-status` copied where another user (a bar or tmux run as nobody)
/// can run it: the repository (and the toolchain) may live under a home only its owner
/// can enter, as a CI checkout under /root does.
struct SharedBinary {
  /// The copy, mode 0755.
  let path: String
  /// Where the copy finds the Swift runtime: `LD_LIBRARY_PATH` for its user.
  let libraries: String

  /// Copies the binary and the Swift libraries it links from outside the system's
  /// folders into `folder`, which must already be open to that user.
  init(in folder: String) throws {
    path = folder + "/ticker-status"
    libraries = folder + "/lib"
    try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: false)
    chmod(libraries, 0o755)
    try FileManager.default.copyItem(atPath: tickerBinary, toPath: path)
    chmod(path, 0o755)
    let ldd = try which("ldd").map { try runProcess($0, [tickerBinary]).stdout } ?? ""
    for match in ldd.matches(of: /=> (\/\S+)/) {
      let library = String(match.1)
      if library.hasPrefix("/lib") || library.hasPrefix("/usr/lib") { continue }
      let copy = libraries + "/" + URL(fileURLWithPath: library).lastPathComponent
      try? FileManager.default.copyItem(atPath: library, toPath: copy)
      chmod(copy, 0o644)
    }
  }
}

/// The raw text of a JSON number field of a `--format json` line: `"at":123.45`.
func field(_ name: String, of line: String) -> String? {
  guard let start = line.range(of: "\"\(name)\":") else { return nil }
  let rest = line[start.upperBound...]
  return String(rest.prefix { $0 != "," && $0 != "}" })
}

/// The `text` of a `--format json` line.
func frameText(_ line: String) -> String? {
  guard let data = line.data(using: .utf8),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  else { return nil }
  return object["text"] as? String
}
