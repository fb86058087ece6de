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

  /// `chmod(2)`.
  static func changePermissions(_ path: String, to permissions: UInt32) -> Result<Void, Errno> {
    valueOrErrno { chmod(path, permissions) }.map { _ in () }
  }

  /// `unlink(2)`.
  @discardableResult
  static func remove(_ path: String) -> Result<Void, Errno> {
    valueOrErrno { unlink(path) }.map { _ in () }
  }

  /// Whether new files can be written in the folder at `path` now: `statvfs(3)` says
  /// its file system is writable and has room, and `access(2)` allows writing.
  static func canWrite(in path: String) -> Bool {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return false }
    let readOnly = info.f_flag & UInt(ST_RDONLY) != 0
    return !readOnly && info.f_bavail > 0 && info.f_favail > 0 && access(path, W_OK) == 0
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

/// What one `Reading.readSome` call did.
enum ReadStep: Equatable {
  /// The end of the file.
  case endOfFile
  /// Nothing more now (`EAGAIN` on a non-blocking descriptor).
  case wouldBlock
  /// The byte budget of the call is spent; there may be more.
  case budgetSpent
}

/// Reading a file in bounded chunks, never holding more than one chunk and never
/// waiting past a deadline.
enum Reading {
  /// The size of one `read(2)`.
  static let chunkSize = 1 << 16

  /// Reads what `descriptor` has now, up to `budget` bytes, handing each chunk to
  /// `consume`; never waits.
  ///
  /// - Returns: Why it stopped, or the error of a failed `read(2)`.
  static func readSome(
    _ descriptor: FileDescriptor, budget: Int, consume: (UnsafeRawBufferPointer) -> Void
  ) -> Result<ReadStep, Errno> {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var left = budget
    while left > 0 {
      let wanted = UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunkSize, left)])
      switch descriptor.read(into: wanted) {
      case .success(0): return .success(.endOfFile)
      case .success(let count):
        consume(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        left -= count
      case .failure(let error) where error == .wouldBlock: return .success(.wouldBlock)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(.budgetSpent)
  }

  /// Reads `descriptor` to its end and hands each chunk to `consume`.
  ///
  /// A descriptor opened with `O_NONBLOCK` (a FIFO, a device, a socket) is waited for
  /// with `poll(2)`; at `deadline` (monotonic seconds) the read stops, whether it was
  /// waiting or not.
  ///
  /// - Parameters:
  ///   - limit: The most bytes to hand over; what comes after is not read.
  ///   - deadline: The monotonic time at which to stop reading.
  /// - Returns: How the read ended, or the error of a failed `read(2)`.
  static func read(
    _ descriptor: FileDescriptor, limit: Int, deadline: Double = .infinity,
    consume: (UnsafeRawBufferPointer) -> Void
  ) -> Result<ReadEnding, Errno> {
    var total = 0
    while true {
      // One byte past the limit tells a file of exactly `limit` bytes from a longer one.
      // With a deadline, one chunk at a time, so that the clock is looked at between.
      let budget = limit + 1 - total
      let step = readSome(
        descriptor, budget: deadline < .infinity ? min(chunkSize, budget) : budget
      ) { chunk in
        let taken = min(chunk.count, limit - total)
        if taken > 0 { consume(UnsafeRawBufferPointer(rebasing: chunk[..<taken])) }
        total += chunk.count
      }
      switch step {
      case .failure(let error): return .failure(error)
      case .success(.endOfFile): return .success(total > limit ? .limit : .endOfFile)
      case .success(.budgetSpent):
        if total > limit { return .success(.limit) }
      case .success(.wouldBlock):
        if total > limit { return .success(.limit) }
        let left = deadline - Clock.monotonic()
        if left <= 0 { return .success(.deadline) }
        var watches = [PollWatch(descriptor)]
        Poll.wait(&watches, timeout: left)
      }
      if deadline < .infinity && Clock.monotonic() >= deadline { return .success(.deadline) }
    }
  }
}
