import Foundation

/// The result of running a program to its end.
struct ProcessResult: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutBytes: [UInt8]
}

/// Where the built `ticker-status` lives: beside the test bundle in the build folder,
/// unless `TICKER_BINARY` names another (to show that a test fails on an older build).
let tickerBinary: String = {
  if let chosen = ProcessInfo.processInfo.environment["TICKER_BINARY"], !chosen.isEmpty {
    return chosen
  }
  var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  // On Linux the test runner is `<build>/ticker-statusPackageTests.xctest`.
  for _ in 0..<3 {
    let candidate = folder.appendingPathComponent("ticker-status").path
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    folder = folder.deletingLastPathComponent()
  }
  return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../.build/debug/ticker-status").standardized.path
}()

/// Runs `executable` with `arguments`, feeding `stdin` (or nothing: /dev/null), and
/// waits up to `timeout` seconds before killing it.
func runProcess(
  _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil,
  environment: [String: String]? = nil, timeout: Double = 30
) throws -> ProcessResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  var env = environment ?? ProcessInfo.processInfo.environment
  if environment == nil { env.removeValue(forKey: "NO_COLOR") }
  process.environment = RunWatchdog.marked(env)
  let outPipe = Pipe()
  let errPipe = Pipe()
  process.standardOutput = outPipe
  process.standardError = errPipe
  let inPipe = Pipe()
  if stdin != nil {
    process.standardInput = inPipe
  } else {
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
  }
  try process.run()
  if let stdin {
    // A process that exits before it has read all of it (a usage error, a limit)
    // must not end the tests with SIGPIPE.
    writeWithoutPipeSignal(Data(stdin), to: inPipe.fileHandleForWriting)
    try? inPipe.fileHandleForWriting.close()
  }
  let outData = Locked(Data())
  let errData = Locked(Data())
  let group = DispatchGroup()
  group.enter()
  DispatchQueue.global().async {
    outData.set(outPipe.fileHandleForReading.readDataToEndOfFile())
    group.leave()
  }
  group.enter()
  DispatchQueue.global().async {
    errData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
    group.leave()
  }
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(2_000) }
  if process.isRunning {
    process.terminate()
    usleep(100_000)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
  process.waitUntilExit()
  group.wait()
  let out = outData.get()
  let err = errData.get()
  return ProcessResult(
    status: process.terminationStatus,
    stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self),
    stdoutBytes: [UInt8](out))
}

/// Runs the built `ticker-status`.
func runTicker(
  _ arguments: [String], stdin: [UInt8]? = nil, environment: [String: String]? = nil,
  timeout: Double = 30
) throws -> ProcessResult {
  try runProcess(
    tickerBinary, arguments, stdin: stdin, environment: environment, timeout: timeout)
}

/// Finds a program on PATH.
func which(_ program: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(program)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func get() -> Value { lock.withLock { value } }
  func set(_ newValue: Value) { lock.withLock { value = newValue } }
}
