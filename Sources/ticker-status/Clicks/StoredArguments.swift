/// A one-shot's arguments kept in the cache folder for its polybar click actions,
/// when they are too long to carry in each action.
///
/// A one-shot's polybar action is a command that runs this program again with the
/// arguments it was started with (`BarActions`), written into the frame once for each
/// button of each item on screen: 1,000 arguments of 100 bytes made 5.5 MB frames.
/// Arguments longer than `longestCarried` are kept once instead, as `KEY.args` in the
/// private cache folder (`CacheFolder`: this user's alone), each argument ended by a
/// NUL, written whole (`AtomicFile`) and only when missing; KEY is the FNV-1a hash of
/// that content (`KeyHash.key(of:)`), so the same arguments always have the same name.
/// The action names the key (`--clicked-arguments KEY`), and the click reads the
/// arguments back, refusing a file whose content is not what its name says.
enum StoredArguments {
  /// The most bytes of arguments, quoted and escaped, that an action carries itself.
  static let longestCarried = 1024
  /// The most bytes read back: the kernel's own limit on a command line (`ARG_MAX`).
  static let longestStored = 2 << 20

  /// Keeps `arguments` in the cache folder of `environment`; their key, or `nil` when
  /// there is no usable folder or the file cannot be written.
  static func store(_ arguments: [String], environment: Environment) -> String? {
    guard case .success(let folder) = CacheFolder.locate(in: environment) else { return nil }
    let content = joined(arguments)
    let key = KeyHash.key(of: content)
    let path = folder + "/" + key + ".args"
    if case .success = Files.status(path) { return key }
    guard case .success = AtomicFile.write(Array(content.utf8), to: path) else { return nil }
    return key
  }

  /// The arguments kept under `key`; `nil` when `key` is not one (16 hexadecimal
  /// digits), or there is no such file, or its content does not have that key.
  static func load(_ key: String, environment: Environment) -> [String]? {
    guard isKey(key), case .success(let folder) = CacheFolder.locate(in: environment),
      case .success(let file) = FileDescriptor.open(
        folder + "/" + key + ".args", [.readOnly, .noFollow])
    else { return nil }
    defer { file.close() }
    var bytes: [UInt8] = []
    guard
      case .success(.endOfFile) = Reading.read(
        file, limit: longestStored,
        consume: {
          bytes.append(contentsOf: $0)
        })
    else { return nil }
    let content = String(decoding: bytes, as: UTF8.self)
    guard KeyHash.key(of: content) == key, content.utf8.last == 0 else { return nil }
    let arguments = content.split(separator: "\0", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
    // A click's arguments never name another click to read back.
    guard !arguments.contains("--clicked-arguments"), !arguments.contains("--clicked-stream")
    else { return nil }
    return arguments
  }

  /// Whether `text` is a key: 16 lowercase hexadecimal digits, nothing that could name
  /// another path.
  static func isKey(_ text: String) -> Bool {
    text.utf8.count == 16
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// Each argument ended by a NUL (which no argument can hold).
  private static func joined(_ arguments: [String]) -> String {
    arguments.reduce(into: "") { $0 += $1 + "\0" }
  }
}
