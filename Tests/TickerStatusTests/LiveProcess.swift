import Foundation

/// A `ticker-status` (or any program) that keeps running while a test talks to it:
/// its output lines are collected as they arrive, with the time each arrived.
///
/// Every wait has a timeout, and `stop()` (also run on deinit) kills what is left, so
/// no test can hang on it.
final class LiveProcess: @unchecked Sendable {
  struct Line: Sendable {
    /// Unix time at which the test read the line.
    var arrived: Double
    var text: String
  }

  let process = Process()
  private let inputPipe = Pipe()
  private let outputPipe = Pipe()
  private let errorPipe = Pipe()
  private let collected = Locked<[Line]>([])
  private let errorBytes = Locked<[UInt8]>([])
  private let outputEnded = Locked(false)

  /// Starts `executable` (the built `ticker-status` by default).
  ///
  /// - Parameter feedsInput: Give it a pipe as standard input (`write`, `closeInput`);
  ///   otherwise `/dev/null`.
  init(
    _ arguments: [String], executable: String = tickerBinary,
    environment: [String: String]? = nil, feedsInput: Bool = false
  ) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = environment ?? ProcessInfo.processInfo.environment
    if environment == nil { env.removeValue(forKey: "NO_COLOR") }
    process.environment = RunWatchdog.marked(env)
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput =
      feedsInput ? inputPipe : FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    let output = outputPipe.fileHandleForReading
    let lines = collected
    let ended = outputEnded
    Thread.detachNewThread {
      var pending: [UInt8] = []
      while true {
        let data = output.availableData
        if data.isEmpty { break }
        let now = Date().timeIntervalSince1970
        pending += data
        var fresh: [Line] = []
        while let end = pending.firstIndex(of: 0x0A) {
          fresh.append(Line(arrived: now, text: String(decoding: pending[..<end], as: UTF8.self)))
          pending.removeSubrange(...end)
        }
        if !fresh.isEmpty { lines.update { $0 += fresh } }
      }
      ended.set(true)
    }
    let errors = errorPipe.fileHandleForReading
    let errorStore = errorBytes
    Thread.detachNewThread {
      while true {
        let data = errors.availableData
        if data.isEmpty { break }
        errorStore.update { $0 += data }
      }
    }
  }

  deinit { stop() }

  var pid: Int32 { process.processIdentifier }

  /// The lines read so far.
  var lines: [Line] { collected.get() }

  /// Standard error so far.
  var standardError: String { String(decoding: errorBytes.get(), as: UTF8.self) }

  /// Whether standard output has reached its end.
  var outputHasEnded: Bool { outputEnded.get() }

  /// Waits until at least `count` lines have arrived; returns all lines so far.
  @discardableResult
  func waitForLines(_ count: Int, timeout: Double = 10) -> [Line] {
    waitUntil(timeout: timeout) { self.lines.count >= count }
    return lines
  }

  /// Waits for the first line at index `from` or later that satisfies `predicate`.
  func waitForLine(
    from start: Int = 0, timeout: Double = 10, where predicate: (String) -> Bool
  ) -> (index: Int, line: Line)? {
    var found: (Int, Line)?
    waitUntil(timeout: timeout) {
      let lines = self.lines
      guard start < lines.count else { return false }
      if let index = lines[start...].firstIndex(where: { predicate($0.text) }) {
        found = (index, lines[index])
        return true
      }
      return false
    }
    return found
  }

  /// Writes to the process's standard input (`writeWithoutPipeSignal`).
  func write(_ text: String) {
    writeWithoutPipeSignal(Data(text.utf8), to: inputPipe.fileHandleForWriting)
  }

  func closeInput() { try? inputPipe.fileHandleForWriting.close() }

  /// Writes `chunk` to the process's standard input `count` times, on a thread of its
  /// own that blocks SIGPIPE, so that a write after the process has gone fails rather
  /// than ending the tests (the signal stays blocked in that thread alone, so nothing
  /// the tests start inherits it).
  func feedInBackground(_ chunk: [UInt8], count: Int) {
    let handle = inputPipe.fileHandleForWriting
    Thread.detachNewThread {
      var blocked = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      let data = Data(chunk)
      for _ in 0..<count {
        guard (try? handle.write(contentsOf: data)) != nil else { return }
      }
    }
  }

  func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

  /// Waits for the process to end; its exit status (or signal), or `nil` if it is
  /// still running after `timeout` seconds.
  func waitForExit(timeout: Double = 10) -> Int32? {
    waitUntil(timeout: timeout) { !self.process.isRunning }
    guard !process.isRunning else { return nil }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Kills the process if it still runs, and waits for it.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGCONT)
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? inputPipe.fileHandleForWriting.close()
  }
}

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass.
@discardableResult
func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if condition() { return true }
    usleep(10_000)
  }
  return condition()
}

extension Locked {
  /// Changes the value in place, under the lock.
  func update(_ change: (inout Value) -> Void) {
    var value = get()
    change(&value)
    set(value)
  }
}

/// Writes `data` to `handle`, a pipe to a process. A process that has gone makes the
/// write fail, never end the tests: SIGPIPE is blocked in this thread for the write,
/// and a SIGPIPE it raised is taken before the mask is restored.
func writeWithoutPipeSignal(_ data: Data, to handle: FileHandle) {
  var pipeSignal = sigset_t()
  sigemptyset(&pipeSignal)
  sigaddset(&pipeSignal, SIGPIPE)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
  defer {
    var none = timespec()
    while sigtimedwait(&pipeSignal, nil, &none) == SIGPIPE {}
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
  try? handle.write(contentsOf: data)
}
