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
