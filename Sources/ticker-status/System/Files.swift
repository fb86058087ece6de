import Glibc

/// File-system calls by path, each named after the call it makes.
///
/// Each passes its path as the string's own bytes (`withCString`): passing the
/// `String` itself made an array of them, a `malloc` and a `free` at every call, and
/// a stream looks at its files this way every half second.
enum Files {
  /// `stat(2)`, following symbolic links.
  static func status(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    return valueOrErrno { path.withCString { stat($0, &info) } }.map { _ in FileStatus(info) }
  }

  /// `lstat(2)`: the path itself, a symbolic link not followed.
  static func linkStatus(_ path: String) -> Result<FileStatus, Errno> {
    var info = stat()
    return valueOrErrno { path.withCString { lstat($0, &info) } }.map { _ in FileStatus(info) }
  }

  /// `mkdir(2)`.
  static func makeDirectory(_ path: String, permissions: mode_t) -> Result<Void, Errno> {
    valueOrErrno { path.withCString { mkdir($0, permissions) } }.map { _ in () }
  }

  /// `chmod(2)`.
  static func changePermissions(_ path: String, to permissions: UInt32) -> Result<Void, Errno> {
    valueOrErrno { path.withCString { chmod($0, permissions) } }.map { _ in () }
  }

  /// `unlink(2)`.
  @discardableResult
  static func remove(_ path: String) -> Result<Void, Errno> {
    valueOrErrno { path.withCString { unlink($0) } }.map { _ in () }
  }

  /// Whether new files can be written in the folder at `path` now: `statvfs(3)` says
  /// its file system is writable and has room, and `access(2)` allows writing.
  static func canWrite(in path: String) -> Bool {
    path.withCString { path in
      var info = statvfs()
      guard statvfs(path, &info) == 0 else { return false }
      let readOnly = info.f_flag & UInt(ST_RDONLY) != 0
      return !readOnly && info.f_bavail > 0 && info.f_favail > 0 && access(path, W_OK) == 0
    }
  }

  /// `rename(2)`.
  static func rename(_ from: String, to: String) -> Result<Void, Errno> {
    valueOrErrno { from.withCString { from in to.withCString { Glibc.rename(from, $0) } } }.map {
      _ in ()
    }
  }
}
