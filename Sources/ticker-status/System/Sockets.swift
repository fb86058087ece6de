import Glibc

/// Unix-domain sockets.
enum Sockets {
  /// Whether a server listens on the Unix socket at `path`: `socket(2)` and
  /// `connect(2)`, then `close(2)`.
  static func canConnect(unixSocket path: String) -> Result<Void, Errno> {
    connect(unixSocket: Array(path.utf8), abstract: false, blocking: true).map { $0.close() }
  }

  /// `socket(2)` and `connect(2)` to the Unix socket named `name`: a path, or a name
  /// in Linux's abstract namespace when `abstract`. The descriptor is close-on-exec,
  /// and non-blocking unless `blocking`; a non-blocking connect that would wait (the
  /// server's backlog is full) fails with `EAGAIN`.
  static func connect(unixSocket name: [UInt8], abstract: Bool, blocking: Bool = false)
    -> Result<FileDescriptor, Errno>
  {
    var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    if !blocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
    let made = valueOrErrno { socket(AF_UNIX, type, 0) }
    guard case .success(let raw) = made else { return made.map(FileDescriptor.init(rawValue:)) }
    let descriptor = FileDescriptor(rawValue: raw)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    // An abstract name starts with a NUL and is as long as the length says; a path
    // ends with one.
    let bytes = abstract ? [0] + name : name
    guard !name.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      descriptor.close()
      return .failure(.nameTooLong)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \.sun_path) ?? 2
    let length = abstract ? pathOffset + bytes.count : MemoryLayout<sockaddr_un>.size
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        valueOrErrno { Glibc.connect(raw, pointer, socklen_t(length)) }
      }
    }
    if case .failure(let error) = connected {
      descriptor.close()
      return .failure(error)
    }
    return .success(descriptor)
  }

  /// `send(2)` of at most `buffer.count` bytes with `MSG_NOSIGNAL`: a peer that has
  /// gone is `EPIPE`, never SIGPIPE.
  static func send(_ descriptor: FileDescriptor, _ buffer: UnsafeRawBufferPointer)
    -> Result<Int, Errno>
  {
    valueOrErrno {
      Glibc.send(descriptor.rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
    }
  }
}
