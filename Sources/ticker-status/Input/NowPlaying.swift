import TickerCore

/// `--player-status`: lines that start with a media player's status, as playerctl's
/// `--format '{{status}} …'` prints it.
///
/// The rule is stateless: the items move while a line says `Playing`; a `Paused`
/// line's items stand at their start; a `Stopped` line is no item (a stopped player
/// has no song, and playerctl prints its empty metadata, such as ` - `), so `--empty`
/// shows when nothing else does. A status change is a change of the lines, so with
/// `--on-change restart` playing again starts at the start too.
enum PlayerStatus {
  /// What a status word says of its line.
  enum State { case playing, paused, stopped }

  /// The status words and what each says.
  static let words: [(bytes: [UInt8], state: State)] = [
    (Array("Playing".utf8), .playing), (Array("Paused".utf8), .paused),
    (Array("Stopped".utf8), .stopped),
  ]

  /// `lines` without the status word and the space after it at the start of each line
  /// (a line without one is kept as it is, a `Stopped` line not at all), and whether
  /// any line says `Playing`.
  ///
  /// - Complexity: O(total length of the lines).
  static func split(_ lines: TextLines) -> (lines: TextLines, playing: Bool) {
    var kept = TextLines()
    var playing = false
    lines.withEachLine { line in
      for word in words where line.starts(with: word.bytes) {
        let rest = UnsafeRawBufferPointer(rebasing: line[word.bytes.count...])
        guard rest.isEmpty || rest.first == 0x20 else { continue }
        playing = playing || word.state == .playing
        if word.state != .stopped {
          kept.append(rest.isEmpty ? rest : UnsafeRawBufferPointer(rebasing: rest.dropFirst()))
        }
        return
      }
      kept.append(line)
    }
    return (kept, playing)
  }
}

/// The ticker and the fixed parts around it (`--before`, `--after`): what a one-shot
/// draws once and a stream at every change.
struct FramedTicker {
  /// The moving window, `parts.windowWidth` cells wide.
  let ticker: Ticker
  /// What is drawn before and after it.
  let parts: FixedParts

  /// The frame at `time`, `parts.width` cells wide (`Ticker.frame(at:markingItems:)`).
  ///
  /// - Complexity: O(width + log *n*).
  func frame(at time: Double, markingItems: Bool = false) -> Frame {
    parts.framing(ticker.frame(at: time, markingItems: markingItems))
  }

  /// Draws the text of the frame at `time` (`Ticker.drawText(at:into:)`).
  func drawText(at time: Double, into text: inout FrameText) {
    parts.drawText(of: ticker, at: time, into: &text)
  }

  /// Where the moving window is at `time`.
  func placement(at time: Double) -> Placement { ticker.placement(at: time) }

  /// The first time after `time` at which the frame changes, if it ever does.
  func nextChange(after time: Double) -> Double? { ticker.nextChange(after: time) }

  /// The item drawn at `column` of the whole frame at `time`; the fixed parts belong
  /// to no item.
  func item(atColumn column: Int, at time: Double) -> Int? {
    parts.windowColumn(column).flatMap { ticker.item(atColumn: $0, at: time) }
  }
}

/// `--stream --follow --command CMD`: `/bin/sh -c CMD` started once and kept running
/// (`playerctl --follow`); each line it prints replaces its items.
///
/// The shell runs in a process group of its own, which the stream stops when it
/// ends (the reader gone: here; a signal: `RunningGroups.stopAll`), so nothing it
/// started outlives the ticker. When the command ends by itself its last items stay.
final class FollowedCommand: LiveSource {
  private let input: FollowedInput
  private let pid: Int32
  private var isRunning = true

  /// Starts `command`; `nil`, with the error, when `/bin/sh` cannot be started.
  static func start(_ command: String) -> Result<FollowedCommand, Errno> {
    Processes.spawn(["/bin/sh", "-c", command], output: .pipe, newProcessGroup: true).map {
      child in
      RunningGroups.add(child.pid)
      return FollowedCommand(pid: child.pid, output: child.output ?? .standardInput)
    }
  }

  private init(pid: Int32, output: FileDescriptor) {
    self.pid = pid
    input = FollowedInput(output)
  }

  var lines: TextLines { input.lines }
  var descriptors: [FileDescriptor] { input.descriptors }
  /// Once the output has ended, a look now and then for the shell's end.
  var deadline: Double? {
    input.deadline ?? (isRunning && !input.isReading ? Clock.monotonic() + 0.5 : nil)
  }

  func update(ready: [FileDescriptor], now: Double) -> Bool {
    let changed = input.update(ready: ready, now: now)
    if isRunning && !input.isReading, Processes.reap(pid) != nil {
      isRunning = false
      RunningGroups.remove(pid)
    }
    return changed
  }

  /// SIGTERM to the command's group; SIGKILL to what is left after
  /// `RunningGroups.grace`.
  func stop() {
    guard isRunning else { return }
    isRunning = false
    // The watchdog holds the group until it is gone.
    defer { RunningGroups.remove(pid) }
    Processes.send(.terminate, to: pid, group: true)
    let giveUpAt = Clock.monotonic() + RunningGroups.grace
    while Clock.monotonic() < giveUpAt {
      _ = Processes.reap(pid)
      if !Processes.groupIsAlive(pid) { return }
      var none: [PollWatch] = []
      Poll.wait(&none, timeout: 0.01)
    }
    Processes.send(.kill, to: pid, group: true)
    _ = Processes.reap(pid, blocking: true)
  }
}
