import TickerCore

/// Where a stream's frames go.
protocol FrameSink: AnyObject {
  /// Descriptors to watch for the reader going away.
  var watches: [PollWatch] { get }
  /// Writes what comes before the first frame; `false` if the reader has gone.
  func start() -> Bool
  /// Writes one frame; `false` if the reader has gone.
  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool
  /// When the sink wants `service` called even if none of its watches is ready, in
  /// monotonic seconds (`Clock.monotonic`); `nil`: only when one is.
  var deadline: Double? { get }
  /// Handles what `poll(2)` reported on `watches`, at monotonic time `now`; `false`
  /// if the reader has gone. Called after every wait, whether or not anything was
  /// reported.
  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool
  /// Lets go of the reader before the process ends.
  func stop()
}

extension FrameSink {
  var deadline: Double? { nil }
}

/// A sink that can write a frame's text as it is, for the encoders whose line is the
/// text (`FrameEncoder.writesFrameText`): the stream then draws no `Frame`.
protocol FrameTextSink: FrameSink {
  /// Writes one frame's text as a line; `false` if the reader has gone.
  func show(text: FrameText) -> Bool
}

/// A sink that cannot go on: exit status 69.
struct SinkError: Error, Equatable, CustomStringConvertible {
  var description: String
}

/// Frames as lines on standard output: one `write(2)` per line, no buffering.
final class StandardOutputSink: FrameTextSink {
  let encoder: FrameEncoder
  /// The bytes of the frame being written.
  private var buffer: [UInt8] = []

  init(encoder: FrameEncoder) { self.encoder = encoder }

  /// Standard output is watched for nothing but errors: a pipe whose reader has gone
  /// reports `POLLERR`, even while the frame stands still and nothing is written.
  /// Made once: the loop asks for it at every frame.
  let watches = [PollWatch(.standardOutput, wantsInput: false)]

  func start() -> Bool {
    guard let header = encoder.streamHeader else { return true }
    return write(header + "\n")
  }

  func show(_ frame: Frame, placement: Placement, at time: Double) -> Bool {
    let line = encoder.encodeStreamLine(frame, placement: placement, at: time)
    // The line and its newline in one buffer, kept from frame to frame: adding the
    // newline to the line would copy it (its text is often the frame's own).
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: line.utf8)
    return writeBuffer()
  }

  func show(text: FrameText) -> Bool {
    buffer.removeAll(keepingCapacity: true)
    buffer.append(contentsOf: text.bytes)
    return writeBuffer()
  }

  /// Writes `buffer` and a newline with one `write(2)`.
  private func writeBuffer() -> Bool {
    buffer.append(0x0A)
    let written = buffer.withUnsafeBytes {
      FileDescriptor.standardOutput.writeAll($0, retryOnInterrupt: false)
    }
    if case .success = written { return true }
    return false
  }

  func service(_ watches: ArraySlice<PollWatch>, now: Double) throws(SinkError) -> Bool {
    !(watches.first?.isBroken ?? false)
  }

  func stop() {}

  /// `false` when the reader has gone (`EPIPE`), or a termination signal interrupted a
  /// write that the reader was not taking.
  private func write(_ line: String) -> Bool {
    if case .success = FileDescriptor.standardOutput.writeAll(line, retryOnInterrupt: false) {
      return true
    }
    return false
  }
}
