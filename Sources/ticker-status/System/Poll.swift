import Glibc

/// One descriptor that `poll(2)` watches, and what it reported.
struct PollWatch {
  var descriptor: FileDescriptor
  /// Whether to wait for input; `false` watches only for errors and hang-ups.
  var wantsInput: Bool
  /// Input is ready or the other end has closed: one `read(2)` will not block.
  var isReadable = false
  /// The other end has gone or the descriptor failed (`POLLERR`, `POLLHUP`, `POLLNVAL`).
  var isBroken = false

  init(_ descriptor: FileDescriptor, wantsInput: Bool = true) {
    self.descriptor = descriptor
    self.wantsInput = wantsInput
  }
}

/// Waiting for descriptors.
enum Poll {
  /// `poll(2)` on `watches` for up to `timeout` seconds (rounded up to a millisecond;
  /// `nil` waits for ever), filling in what each reported.
  ///
  /// A signal that interrupts the wait (`EINTR`) ends it early with nothing ready:
  /// the caller looks at its wake-up pipe and the clock anyway.
  static func wait(_ watches: inout [PollWatch], timeout: Double?) {
    var milliseconds: Int32 = -1
    if let timeout {
      let rounded = (max(0, timeout) * 1000).rounded(.up)
      milliseconds = rounded < 86_400_000 ? Int32(rounded) : 86_400_000
    }
    withUnsafeTemporaryAllocation(of: pollfd.self, capacity: watches.count) { buffer in
      for index in watches.indices {
        let events = watches[index].wantsInput ? Int16(POLLIN) : 0
        buffer[index] = pollfd(fd: watches[index].descriptor.rawValue, events: events, revents: 0)
      }
      let count = poll(buffer.baseAddress, nfds_t(watches.count), milliseconds)
      for index in watches.indices {
        let events = count > 0 ? Int32(buffer[index].revents) : 0
        watches[index].isReadable = events & Int32(POLLIN | POLLHUP | POLLERR) != 0
        watches[index].isBroken = events & Int32(POLLERR | POLLHUP | POLLNVAL) != 0
      }
    }
  }
}
