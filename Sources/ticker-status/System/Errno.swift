import Glibc

/// The error number a failed system call left in `errno`, as swift-system's `Errno`.
struct Errno: Error, Hashable, CustomStringConvertible {
  let rawValue: Int32

  init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno` now.
  static var current: Errno { Errno(rawValue: errno) }

  /// `strerror(3)`: the system's message, such as "No such file or directory".
  var description: String { String(cString: strerror(rawValue)) }

  static let interrupted = Errno(rawValue: EINTR)
  static let wouldBlock = Errno(rawValue: EAGAIN)
  static let fileExists = Errno(rawValue: EEXIST)
  static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
}

/// Runs a system call until it does not fail with `EINTR` (unless `retryOnInterrupt`
/// is `false`), turning its `-1` into the `errno` it set.
///
/// The one retry loop of the executable, as swift-system's `valueOrErrno`.
@inline(__always)
func valueOrErrno<Value: FixedWidthInteger>(
  retryOnInterrupt: Bool = true, _ body: () -> Value
) -> Result<Value, Errno> {
  while true {
    let value = body()
    if value != -1 { return .success(value) }
    let error = Errno.current
    if retryOnInterrupt && error == .interrupted { continue }
    return .failure(error)
  }
}

/// Like `valueOrErrno`, for calls that return 0 on success and an error number
/// (not `-1` and `errno`) on failure, as `posix_spawn(3)` does.
@inline(__always)
func nothingOrErrno(returned code: Int32) -> Result<Void, Errno> {
  code == 0 ? .success(()) : .failure(Errno(rawValue: code))
}
