/// Files written as a whole, never seen half-written.
enum AtomicFile {
  /// Replaces the file at `path` as a whole: a private (0600) temporary file beside
  /// it (`open(2)` with `O_EXCL | O_NOFOLLOW`), `write(2)`, then `rename(2)` over it,
  /// so that readers see the old contents or the new, never a part.
  static func write(_ bytes: [UInt8], to path: String) -> Result<Void, Errno> {
    let temporary = path + ".\(Processes.processID).tmp"
    let opened = FileDescriptor.open(
      temporary, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
    guard case .success(let file) = opened else { return opened.map { _ in () } }
    let written = bytes.withUnsafeBytes { file.writeAll($0) }
    file.close()
    let renamed = written.flatMap { Files.rename(temporary, to: path) }
    if case .failure = renamed { Files.remove(temporary) }
    return renamed
  }
}
