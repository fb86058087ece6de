import Glibc

/// The signals the executable sends and handles, by name.
enum ProcessSignal: Equatable {
  case terminate, kill, continued

  var number: Int32 {
    switch self {
    case .terminate: return SIGTERM
    case .kill: return SIGKILL
    case .continued: return SIGCONT
    }
  }
}

/// What the handlers write to; set by `Signals.installStreamHandlers()` before any
/// handler can run, and read by the handlers only.
private nonisolated(unsafe) var wakeUpDescriptor: Int32 = -1
/// The termination signal received (SIGTERM, SIGINT, SIGHUP), or 0.
private nonisolated(unsafe) var terminationSignal: sig_atomic_t = 0

/// Every handler: note a termination signal, then write the signal's number as one
/// byte to the wake-up pipe so that `poll(2)` wakes. Only async-signal-safe calls.
private func wakeUpHandler(_ signal: Int32) {
  let saved = errno
  if signal == SIGTERM || signal == SIGINT || signal == SIGHUP { terminationSignal = signal }
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(wakeUpDescriptor, &byte, 1)
  errno = saved
}

/// Signal handling for streams: the self-pipe trick, so that one `poll(2)` loop sees
/// signals, input and timeouts alike.
enum Signals {
  /// `signal(SIGPIPE, SIG_IGN)`: a closed pipe then shows as `EPIPE` from `write(2)`.
  static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// Installs the stream's handlers with `sigaction(2)` and returns the read end of
  /// the wake-up pipe (`pipe(2)`, both ends made non-blocking and close-on-exec with
  /// `fcntl(2)`).
  ///
  /// Every handled signal writes its number as one byte to the pipe. SIGTERM, SIGINT
  /// and SIGHUP also set `terminationRequested`; they are installed without
  /// `SA_RESTART`, so that a `write(2)` blocked on a reader that does not read returns
  /// `EINTR` and the stream can stop its children and end. SIGCHLD and SIGCONT restart
  /// what they interrupt, and so does SIGUSR1 (`--pause-toggle`'s signal). All six are
  /// unblocked (`sigprocmask(2)`): the parent may
  /// have started this process with them blocked.
  static func installStreamHandlers() -> Result<FileDescriptor, Errno> {
    let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    switch FileDescriptor.pipe() {
    case .success(let pair): ends = pair
    case .failure(let error): return .failure(error)
    }
    for end in [ends.readEnd, ends.writeEnd] {
      if case .failure(let error) = end.setNonBlocking() { return .failure(error) }
    }
    wakeUpDescriptor = ends.writeEnd.rawValue
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.__sigaction_handler.sa_handler = wakeUpHandler
    for (signals, flags) in [
      ([SIGTERM, SIGINT, SIGHUP], 0), ([SIGCHLD, SIGCONT, SIGUSR1], SA_RESTART),
    ] {
      action.sa_flags = Int32(flags) | (signals.contains(SIGCHLD) ? SA_NOCLDSTOP : 0)
      for signal in signals {
        if case .failure(let error) = valueOrErrno({ sigaction(signal, &action, nil) }) {
          return .failure(error)
        }
      }
    }
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGCONT, SIGUSR1] {
      sigaddset(&handled, signal)
    }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    return .success(ends.readEnd)
  }

  /// The termination signal received, if any: SIGTERM, SIGINT or SIGHUP.
  static var terminationRequested: Int32? {
    terminationSignal == 0 ? nil : terminationSignal
  }

  /// Empties the wake-up pipe.
  ///
  /// - Returns: Whether SIGCONT and SIGCHLD were among the signals since the last
  /// call, and how many SIGUSR1 came (each toggles a pause).
  static func drain(_ wakeUp: FileDescriptor) -> (
    continued: Bool, childExited: Bool, pauseToggles: Int
  ) {
    var continued = false
    var childExited = false
    var pauseToggles = 0
    var bytes = (
      UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0)
    )
    withUnsafeMutableBytes(of: &bytes) { buffer in
      while case .success(let count) = wakeUp.read(into: buffer), count > 0 {
        for byte in buffer[..<count] {
          if Int32(byte) == SIGCONT { continued = true }
          if Int32(byte) == SIGCHLD { childExited = true }
          if Int32(byte) == SIGUSR1 { pauseToggles += 1 }
        }
      }
    }
    return (continued, childExited, pauseToggles)
  }
}
