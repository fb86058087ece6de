/// `--follow -f -`: each line of standard input replaces the items (or, for a
/// followed `--command`, each line of its output: `FollowedCommand`).
///
/// Standard input is read only when `poll(2)` says it is ready, one `read(2)` at a
/// time, so frames never wait for it; its flags are left alone (they are shared with
/// whoever else holds it, so it may block). One turn of the stream's loop reads at most
/// `sliceBytes`; input that comes faster than that (`cat /dev/zero`) is then not looked
/// at again for `pause` seconds, so that it cannot take the stream's whole time. Only
/// the newest line counts; a line is cut at `LineSplitter.maximumLineLength`. At the
/// end of the input the last items stay.
final class FollowedInput: LiveSource {
  /// The most bytes read in one turn of the stream's loop.
  static let sliceBytes = 1 << 20
  /// How long to leave standard input alone after a full slice.
  static let pause = 0.05

  private(set) var lines = TextLines()
  private var reader = LineReader()
  private var isOpen: Bool { !reader.hasEnded }
  /// The monotonic time before which standard input is not read again.
  private var resumeAt = -Double.infinity
  private var isPaused = false
  /// What is read: standard input, or a followed command's output.
  private let descriptor: FileDescriptor

  init(_ descriptor: FileDescriptor = .standardInput) { self.descriptor = descriptor }

  /// Whether the input has not reached its end.
  var isReading: Bool { isOpen }

  var descriptors: [FileDescriptor] { isOpen && !isPaused ? [descriptor] : [] }
  var deadline: Double? { isOpen && isPaused ? resumeAt : nil }
  func stop() {}

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    guard isOpen else { return false }
    if isPaused {
      guard now >= resumeAt else { return false }
      isPaused = false
    }
    guard ready.contains(descriptor) else { return false }
    var newest: TextLines?
    let keep: (UnsafeRawBufferPointer) -> Void = { line in
      var one = TextLines()
      one.append(line)
      newest = one
    }
    let step = reader.read(
      descriptor, budget: FollowedInput.sliceBytes, mayBlock: true, line: keep)
    if step == .budgetSpent {
      isPaused = true
      resumeAt = now + FollowedInput.pause
    }
    guard let newest else { return false }
    lines = newest
    return true
  }
}
