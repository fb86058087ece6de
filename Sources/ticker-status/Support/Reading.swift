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
