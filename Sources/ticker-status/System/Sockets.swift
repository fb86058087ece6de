import Glibc

/// Unix-domain sockets.
enum Sockets {
  /// Whether a server listens on the Unix socket at `path`: `socket(2)` and
  /// `connect(2)`, then `close(2)`.
  static func canConnect(unixSocket path: String) -> Result<Void, Errno> {
    let made = valueOrErrno {
      socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }
    guard case .success(let raw) = made else { return made.map { _ in () } }
    let descriptor = FileDescriptor(rawValue: raw)
    defer { descriptor.close() }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      return .failure(.nameTooLong)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        valueOrErrno { connect(raw, pointer, socklen_t(MemoryLayout<sockaddr_un>.size)) }
      }
    }.map { _ in () }
  }
}
