import Glibc

/// The two clocks: the realtime clock frames are computed for, and the monotonic clock
/// timeouts are measured on.
enum Clock {
  /// `clock_gettime(CLOCK_REALTIME)`: the Unix time in seconds.
  static func now() -> Double { read(CLOCK_REALTIME) }

  /// `clock_gettime(CLOCK_MONOTONIC)`: seconds from an arbitrary start; never jumps.
  static func monotonic() -> Double { read(CLOCK_MONOTONIC) }

  private static func read(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
  }

  /// The local time now as `YYYY-MM-DD HH:MM:SS` (`localtime_r(3)`, `strftime(3)`),
  /// as the tmux plugin dates its log lines.
  static func localTimestamp() -> String {
    var seconds = time(nil)
    var parts = tm()
    localtime_r(&seconds, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
