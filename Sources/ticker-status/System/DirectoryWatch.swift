import Glibc

/// `inotify(7)` on one folder: a descriptor that becomes readable when a file in it is
/// written, created, renamed into or out of it, or removed. A stream watches the cache
/// folder this way instead of looking at its pause file on a timer.
struct DirectoryWatch {
  /// The inotify descriptor, for `poll(2)`; non-blocking and close-on-exec.
  let descriptor: FileDescriptor

  /// `inotify_init1(2)` and `inotify_add_watch(2)` on `folder`: the changes that can
  /// replace a file's content (`AtomicFile` writes a temporary file and renames it)
  /// or remove it.
  static func watch(_ folder: String) -> Result<DirectoryWatch, Errno> {
    let descriptor: FileDescriptor
    switch valueOrErrno({ inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }) {
    case .failure(let error): return .failure(error)
    case .success(let raw): descriptor = FileDescriptor(rawValue: raw)
    }
    let events = UInt32(
      IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF)
    if case .failure(let error) = valueOrErrno({
      inotify_add_watch(descriptor.rawValue, folder, events)
    }) {
      descriptor.close()
      return .failure(error)
    }
    return .success(DirectoryWatch(descriptor: descriptor))
  }

  /// What the events read say.
  enum Change: Comparable {
    /// Nothing about the file.
    case none
    /// The file, or maybe the file: the queue overflowed.
    case file
    /// The watch has ended: the folder was removed or moved away.
    case watchEnded
  }

  /// Reads every event waiting, without blocking.
  ///
  /// - Returns: The most that the events say about the file `name` (see `Change`).
  func drain(naming name: String) -> Change {
    let wanted = Array(name.utf8)
    var change = Change.none
    // Room for many events; one is 16 bytes and a name of at most NAME_MAX + 1.
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let read = buffer.withUnsafeMutableBytes { descriptor.read(into: $0) }
      guard case .success(let count) = read, count > 0 else { return change }
      var offset = 0
      while offset + 16 <= count {
        let mask = field(buffer, offset + 4)
        let length = Int(field(buffer, offset + 12))
        let end = min(offset + 16 + length, count)
        let named = buffer[(offset + 16)..<end].prefix { $0 != 0 }
        if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
          change = .watchEnded
        } else if mask & UInt32(IN_Q_OVERFLOW) != 0 || named.elementsEqual(wanted) {
          change = max(change, .file)
        }
        offset = end
      }
    }
  }

  /// The native-endian `UInt32` at `offset` of `bytes`.
  private func field(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
  }

  /// `close(2)`.
  func close() { descriptor.close() }
}
