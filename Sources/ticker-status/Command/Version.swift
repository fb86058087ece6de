/// The version `--version` prints, and the one source of it: the Makefile reads the
/// release tarball's and the Debian package's version from this line.
enum Version {
  static let current = "0.1.0"
}
