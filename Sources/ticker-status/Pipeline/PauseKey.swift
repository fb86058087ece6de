extension Pipeline {
  /// The key of the ticker that `arguments` (the command line without the program's
  /// name) draw, or that `name` names.
  ///
  /// What does not change the frames is left out, so that a toggle need not repeat
  /// it: `--pause-toggle`, `--stream`, `--at` and `--pause-button` with their values (a
  /// key binding's toggle reaches the bar's stream that has a pause button).
  static func pauseKey(arguments: [String], name: String?) -> String {
    var hash = KeyHash()
    if let name {
      hash.add("name\0".utf8)
      hash.add(name.utf8)
      return hash.hex
    }
    hash.add("arguments\0".utf8)
    var skipsNext = false
    for argument in arguments {
      if skipsNext {
        skipsNext = false
        continue
      }
      switch argument {
      case "--pause-toggle", "--stream": continue
      case "--at", "--pause-button":
        skipsNext = true
        continue
      default:
        if argument.hasPrefix("--at=") || argument.hasPrefix("--pause-button=") { continue }
        hash.add(argument.utf8)
        hash.add(CollectionOfOne(0))
      }
    }
    return hash.hex
  }
}
