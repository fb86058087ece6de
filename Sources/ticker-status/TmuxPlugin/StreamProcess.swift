/// Whether a process is the stream of a ticker for a server: `@ticker-pid` is only a
/// number, and what it named may have ended and the number gone to another process
/// (or be 1, or another user's, or set by hand).
enum StreamProcess {
  /// The words that start a stream's arguments, as the plan writes them.
  static func words(option: String, socket: String) -> [String] {
    ["--stream", "--tmux-option", option, "--tmux-socket", socket]
  }

  /// Whether `pid` is one of this user's processes whose command line holds
  /// `--stream --tmux-option OPTION --tmux-socket SOCKET`, word for word.
  static func isStream(_ pid: Int32, option: String, socket: String) -> Bool {
    guard pid > 1, let line = ProcessCommandLine.words(of: pid) else { return false }
    return contains(line, words(option: option, socket: socket))
  }

  /// Whether `words` holds `wanted` as consecutive words.
  static func contains(_ words: [String], _ wanted: [String]) -> Bool {
    guard words.count >= wanted.count else { return false }
    return (0...(words.count - wanted.count)).contains { start in
      words[start..<(start + wanted.count)].elementsEqual(wanted)
    }
  }
}
