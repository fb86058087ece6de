import Glibc

/// An open file descriptor, as swift-system's `FileDescriptor`: each method names the
/// system call it makes, retries `EINTR` where that is safe, and returns the `errno`
/// of a failure instead of discarding it.
struct FileDescriptor: Hashable {
  let rawValue: Int32

  init(rawValue: Int32) { self.rawValue = rawValue }

  static let standardInput = FileDescriptor(rawValue: 0)
  static let standardOutput = FileDescriptor(rawValue: 1)
  static let standardError = FileDescriptor(rawValue: 2)

  /// How `open` opens a file.
  struct Options: OptionSet {
    let rawValue: Int32
    static let readOnly = Options([])
    static let writeOnly = Options(rawValue: O_WRONLY)
    static let readWrite = Options(rawValue: O_RDWR)
    static let create = Options(rawValue: O_CREAT)
    static let exclusive = Options(rawValue: O_EXCL)
    static let noFollow = Options(rawValue: O_NOFOLLOW)
    static let nonBlocking = Options(rawValue: O_NONBLOCK)
    static let append = Options(rawValue: O_APPEND)
  }

  /// `open(2)`, always close-on-exec; the path passed as `Files` passes it.
  static func open(_ path: String, _ options: Options, permissions: mode_t = 0o600)
    -> Result<FileDescriptor, Errno>
  {
    valueOrErrno {
      path.withCString { Glibc.open($0, options.rawValue | O_CLOEXEC, permissions) }
    }
    .map(FileDescriptor.init(rawValue:))
  }

  /// `pipe(2)`, then `fcntl(F_SETFD, FD_CLOEXEC)` on both ends (the executable has one
  /// thread, so nothing can fork in between; `pipe2` is not in Swift's Glibc module).
  static func pipe() -> Result<(readEnd: FileDescriptor, writeEnd: FileDescriptor), Errno> {
    var ends: [Int32] = [-1, -1]
    if case .failure(let error) = valueOrErrno(retryOnInterrupt: false, { Glibc.pipe(&ends) }) {
      return .failure(error)
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return .success((FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1])))
  }

  /// `read(2)` of at most `buffer.count` bytes; 0 at the end of the file.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
    valueOrErrno { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// `write(2)` of at most `buffer.count` bytes.
  ///
  /// - Parameter retryOnInterrupt: `false` lets a signal (SIGTERM) end a write that
  ///   blocks on a reader that does not read.
  func write(_ buffer: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true)
    -> Result<Int, Errno>
  {
    valueOrErrno(retryOnInterrupt: retryOnInterrupt) {
      Glibc.write(rawValue, buffer.baseAddress, buffer.count)
    }
  }

  /// `write(2)` until every byte is written.
  func writeAll(_ buffer: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true)
    -> Result<Void, Errno>
  {
    var offset = 0
    while offset < buffer.count {
      let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
      switch write(rest, retryOnInterrupt: retryOnInterrupt) {
      case .success(let written): offset += written
      case .failure(let error): return .failure(error)
      }
    }
    return .success(())
  }

  /// `write(2)` of the UTF-8 of `text`, until every byte is written.
  func writeAll(_ text: String, retryOnInterrupt: Bool = true) -> Result<Void, Errno> {
    var text = text
    return text.withUTF8 {
      writeAll(UnsafeRawBufferPointer($0), retryOnInterrupt: retryOnInterrupt)
    }
  }

  /// `writev(2)` of the UTF-8 of `text` and a newline, until every byte is written:
  /// a line in one system call, without a copy of `text` made to end it (a copy is
  /// an allocation and a free a frame, and the first free of a native string costs a
  /// one-shot 34,000 instructions; see `OneShot`).
  func writeLine(_ text: String, retryOnInterrupt: Bool = true) -> Result<Void, Errno> {
    var text = text
    return text.withUTF8 { bytes in
      var newline: UInt8 = 0x0A
      let written = withUnsafeMutablePointer(to: &newline) { end in
        var vectors = (
          iovec(
            iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count),
          iovec(iov_base: UnsafeMutableRawPointer(end), iov_len: 1)
        )
        return withUnsafePointer(to: &vectors) { pair in
          pair.withMemoryRebound(to: iovec.self, capacity: 2) { vector in
            valueOrErrno(retryOnInterrupt: retryOnInterrupt) { writev(rawValue, vector, 2) }
          }
        }
      }
      // A pipe or terminal may take part of it: the rest goes as write(2) does.
      switch written {
      case .failure(let error): return .failure(error)
      case .success(let count) where count > bytes.count: return .success(())
      case .success(let count):
        if case .failure(let error) = writeAll(
          UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[count...]),
          retryOnInterrupt: retryOnInterrupt)
        {
          return .failure(error)
        }
        return withUnsafeBytes(of: &newline) {
          writeAll($0, retryOnInterrupt: retryOnInterrupt)
        }
      }
    }
  }

  /// `close(2)`; not retried, as Linux releases the descriptor even when interrupted.
  @discardableResult
  func close() -> Result<Void, Errno> {
    valueOrErrno(retryOnInterrupt: false) { Glibc.close(rawValue) }.map { _ in () }
  }

  /// `dup2(2)`: makes `target` a copy of this descriptor.
  func duplicate(as target: FileDescriptor) -> Result<Void, Errno> {
    valueOrErrno { dup2(rawValue, target.rawValue) }.map { _ in () }
  }

  /// `fstat(2)`.
  func status() -> Result<FileStatus, Errno> {
    var info = stat()
    return valueOrErrno { fstat(rawValue, &info) }.map { _ in FileStatus(info) }
  }

  /// `fcntl(F_SETFL)`, adding or removing `O_NONBLOCK`. Only for descriptors this
  /// process alone uses: the flag is shared with every copy of the descriptor.
  func setNonBlocking(_ on: Bool = true) -> Result<Void, Errno> {
    valueOrErrno { fcntl(rawValue, F_GETFL) }.flatMap { flags in
      let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
      if wanted == flags { return .success(()) }
      return valueOrErrno { fcntl(rawValue, F_SETFL, wanted) }.map { _ in () }
    }
  }

  /// `fcntl(F_GETFD)`: whether the descriptor is open.
  var isOpen: Bool { fcntl(rawValue, F_GETFD) != -1 }

  /// `flock(LOCK_EX | LOCK_NB)`: whether this process now holds the lock.
  func tryLock() -> Result<Bool, Errno> {
    switch valueOrErrno({ flock(rawValue, LOCK_EX | LOCK_NB) }) {
    case .success: return .success(true)
    case .failure(let error) where error == .wouldBlock: return .success(false)
    case .failure(let error): return .failure(error)
    }
  }

  /// `ftruncate(2)`: makes the file `length` bytes long.
  func truncate(to length: Int64) -> Result<Void, Errno> {
    valueOrErrno { ftruncate(rawValue, off_t(length)) }.map { _ in () }
  }

  /// `futimens(2)`: sets the file's access and modification times to now.
  func touch() -> Result<Void, Errno> {
    valueOrErrno { futimens(rawValue, nil) }.map { _ in () }
  }

  /// `isatty(3)`.
  var isTerminal: Bool { isatty(rawValue) == 1 }
}

/// What `stat(2)` says about a file.
struct FileStatus: Equatable {
  enum Kind: Equatable {
    case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, other
  }

  var kind: Kind
  var owner: UInt32
  /// The permission bits (`st_mode & 0o7777`).
  var permissions: UInt32
  var stamp: FileStamp

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    case S_IFIFO: kind = .fifo
    case S_IFSOCK: kind = .socket
    case S_IFCHR: kind = .characterDevice
    case S_IFBLK: kind = .blockDevice
    default: kind = .other
    }
    owner = info.st_uid
    permissions = info.st_mode & 0o7777
    stamp = FileStamp(info)
  }
}

/// Enough of `stat(2)` to notice that a file changed: a rewrite in place or a new
/// file renamed over it.
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int
  var changedSeconds: Int
  var changedNanoseconds: Int

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modifiedSeconds = info.st_mtim.tv_sec
    modifiedNanoseconds = info.st_mtim.tv_nsec
    changedSeconds = info.st_ctim.tv_sec
    changedNanoseconds = info.st_ctim.tv_nsec
  }

  /// The modification time in Unix seconds.
  var modified: Double { Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9 }
}
