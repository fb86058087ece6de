import Glibc

/// File-system calls by path, each named after the call it makes.
enum Files {
  /// `stat(2)`, following symbolic links.
  static func status(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    return valueOrErrno { stat(path, &info) }.map { _ in FileStatus(info) }
  }

  /// `lstat(2)`: the path itself, a symbolic link not followed.
  static func linkStatus(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    return valueOrErrno { lstat(path, &info) }.map { _ in FileStatus(info) }
  }

  /// `mkdir(2)`.
  static func makeDirectory(_ path: String, permissions: mode_t) -> Result<Void, Errno> {
    valueOrErrno { mkdir(path, permissions) }.map { _ in () }
  }

  /// `unlink(2)`.
  @discardableResult
  static func remove(_ path: String) -> Result<Void, Errno> {
    valueOrErrno { unlink(path) }.map { _ in () }
  }

  /// `rename(2)`.
  static func rename(_ from: String, to: String) -> Result<Void, Errno> {
    valueOrErrno { Glibc.rename(from, to) }.map { _ in () }
  }

  /// Replaces the file at `path` as a whole: a private (0600) temporary file beside
  /// it (`open(2)` with `O_EXCL | O_NOFOLLOW`), `write(2)`, then `rename(2)` over it,
  /// so that readers see the old contents or the new, never a part.
  static func writeAtomically(_ bytes: [UInt8], to path: String) -> Result<Void, Errno> {
    let temporary = path + ".\(getpid()).tmp"
    let opened = FileDescriptor.open(
      temporary, [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600)
    guard case .success(let file) = opened else { return opened.map { _ in () } }
    let written = bytes.withUnsafeBytes { file.writeAll($0) }
    file.close()
    let renamed = written.flatMap { rename(temporary, to: path) }
    if case .failure = renamed { remove(temporary) }
    return renamed
  }
}

/// How a bounded read ended.
enum ReadEnding: Equatable {
  /// The whole file was read.
  case endOfFile
  /// The read stopped at its byte limit, before the end of the file.
  case limit
  /// The read stopped at its deadline, before the end of the file (only devices,
  /// FIFOs and sockets are that slow).
  case deadline
}

/// Reading a file to its end in bounded chunks, never holding more than one chunk and
/// never waiting past a deadline.
enum Reading {
  /// The size of one `read(2)`.
  static let chunkSize = 1 << 16

  /// Reads `descriptor` to its end and hands each chunk to `consume`.
  ///
  /// A descriptor opened with `O_NONBLOCK` (a FIFO, a device, a socket) is waited for
  /// with `poll(2)` until `deadline` (monotonic seconds) at the latest.
  ///
  /// - Parameters:
  ///   - limit: The most bytes to hand over; what comes after is not read.
  ///   - deadline: The monotonic time at which to stop waiting for more.
  /// - Returns: How the read ended, or the error of a failed `read(2)`.
  static func read(
    _ descriptor: FileDescriptor, limit: Int, deadline: Double = .infinity,
    consume: (UnsafeRawBufferPointer) -> Void
  ) -> Result<ReadEnding, Errno> {
    // An uninitialised chunk: zeroing costs, and a status line's file is small.
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var total = 0
    while true {
      switch descriptor.read(into: chunk) {
      case .success(0):
        return .success(.endOfFile)
      case .success(let count):
        let taken = min(count, limit - total)
        consume(UnsafeRawBufferPointer(rebasing: chunk[..<taken]))
        total += taken
        if taken < count { return .success(.limit) }
      case .failure(let error) where error == .wouldBlock:
        let left = deadline - Clock.monotonic()
        if left <= 0 { return .success(.deadline) }
        var watches = [PollWatch(descriptor)]
        Poll.wait(&watches, timeout: left)
      case .failure(let error):
        return .failure(error)
      }
    }
  }
}
