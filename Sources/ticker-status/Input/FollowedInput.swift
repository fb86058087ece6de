/// `--follow -f -`: each line of standard input replaces the items.
///
/// Standard input is read only when `poll(2)` says it is ready, one `read(2)` at a
/// time, so frames never wait for it; its flags are left alone (they are shared with
/// whoever else holds it). At its end the last items stay.
final class FollowedInput: LiveSource {
  private(set) var lines = TextLines()
  private var splitter = LineSplitter()
  private var isOpen = true

  init() {}

  var descriptors: [FileDescriptor] { isOpen ? [.standardInput] : [] }
  var deadline: Double? { nil }
  func stop() {}

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    guard isOpen, ready.contains(.standardInput) else { return false }
    var newest: TextLines?
    // Only the newest complete line counts; the ones before it are already old.
    let keep: (UnsafeRawBufferPointer) -> Void = { line in
      var one = TextLines()
      one.append(line)
      newest = one
    }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Reading.chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    switch FileDescriptor.standardInput.read(into: chunk) {
    case .success(let count) where count > 0:
      splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: keep)
    case .failure(let error) where error == .wouldBlock:
      return false
    case .success, .failure:
      isOpen = false
      splitter.finish(line: keep)
    }
    guard let newest else { return false }
    lines = newest
    return true
  }
}
