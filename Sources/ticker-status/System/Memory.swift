import Glibc

/// Searching bytes with the C library, whose routines compare many bytes at a time.
enum Memory {
  /// `memchr(3)`: the index of the first `byte` in `buffer` at or after `start`, or
  /// `buffer.count` when there is none.
  static func index(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int {
    guard start < buffer.count, let base = buffer.baseAddress else { return buffer.count }
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else {
      return buffer.count
    }
    return UnsafeRawPointer(found) - base
  }
}
