/// Lines from a descriptor, read as far as it has them now and never waiting: the one
/// read loop of everything that takes lines as they come (a followed input or command,
/// a bar's click events, tmux's control client, a one-off tmux client's answer).
///
/// Lines are split by `LineSplitter` (LF, CR or CRLF; a line longer than
/// `LineSplitter.maximumLineLength` cut); at the descriptor's end the last unended line
/// is handed over too.
struct LineReader {
  private var splitter = LineSplitter()
  /// Whether the descriptor's end was reached, or a read failed.
  private(set) var hasEnded = false
  /// The bytes read so far.
  private(set) var bytesRead = 0

  /// Reads what `descriptor` has now, up to about `budget` bytes (whole `read(2)`s of
  /// at most `Reading.chunkSize`), calling `line` with each line that ends in them.
  ///
  /// - Parameter mayBlock: The descriptor may block (standard input, whose flags are
  ///   shared and so left alone): it is read again only while `poll(2)` says it is
  ///   ready, so that a read never holds up the frames.
  /// - Returns: Why it stopped: the end (or a failed read), nothing more now, or the
  ///   budget spent.
  mutating func read(
    _ descriptor: FileDescriptor, budget: Int = .max, mayBlock: Bool = false,
    line: (UnsafeRawBufferPointer) -> Void
  ) -> ReadStep {
    guard !hasEnded else { return .endOfFile }
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Reading.chunkSize, alignment: 16)
    defer { chunk.deallocate() }
    var taken = 0
    while taken < budget {
      switch descriptor.read(into: chunk) {
      case .success(let count) where count > 0:
        splitter.feed(UnsafeRawBufferPointer(rebasing: chunk[..<count]), line: line)
        taken += count
        bytesRead += count
      case .failure(let error) where error == .wouldBlock:
        return .wouldBlock
      case .success, .failure:
        hasEnded = true
        splitter.finish(line: line)
        return .endOfFile
      }
      if mayBlock {
        var watch = [PollWatch(descriptor)]
        Poll.wait(&watch, timeout: 0)
        if !watch[0].isReadable { return .wouldBlock }
      }
    }
    return .budgetSpent
  }
}
