/// How one read of a source went, besides its lines.
struct ReadSummary: Equatable {
  /// The file's stamp when it was opened (`nil` for standard input).
  var stamp: FileStamp?
  var ending = ReadEnding.endOfFile
  /// How many lines were longer than `LineSplitter.maximumLineLength` and cut.
  var cutLines = 0

  /// What to warn about a read that was cut short or had lines cut; `nil` when whole.
  func warning(for path: String) -> String? {
    let shown = path == "-" ? "standard input" : "'\(path)'"
    var parts: [String] = []
    switch ending {
    case .endOfFile: break
    case .limit:
      parts.append(
        "is larger than \(InputLimits.text(InputLimits.maximumBytes)); only its start is read")
    case .deadline:
      parts.append(
        "did not end within \(Seconds.text(InputLimits.deviceWait)) s; only what came is read")
    }
    if cutLines > 0 {
      let lines = cutLines == 1 ? "a line" : "\(cutLines) lines"
      parts.append(
        "has \(lines) longer than \(InputLimits.text(LineSplitter.maximumLineLength)), cut with …")
    }
    return parts.isEmpty ? nil : shown + " " + parts.joined(separator: " and ")
  }

  /// The error to give when the read gave no item: only when it was cut short (an
  /// empty file is not an error).
  func failure(for path: String) -> InputError? {
    switch ending {
    case .endOfFile: return nil
    case .limit: return InputError(path: path, reason: .tooLarge)
    case .deadline: return InputError(path: path, reason: .tooSlow)
    }
  }
}
