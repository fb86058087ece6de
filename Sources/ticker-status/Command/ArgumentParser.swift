/// Reads the command line against `OptionTable`.
///
/// Long options take their value as `--width 40` or `--width=40`; short ones as
/// `-w 40` or `-w40`, and flags may be grouped. `--` ends the options; `-` and every
/// word not starting with `-` is an item.
enum ArgumentParser {
  /// Reads the arguments (without the program name).
  static func parse(_ arguments: [String], table: [OptionSpec] = OptionTable.specs)
    throws(UsageError) -> Options
  {
    var options = Options()
    var index = 0
    var onlyItems = false
    func takeValue(_ spec: OptionSpec, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(option: spec.label) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      let shape = onlyItems ? .item : ArgumentShape(argument)
      switch shape {
      case .item:
        options.items.append(argument)
      case .endOfOptions:
        onlyItems = true
      case .long(let name, let inline):
        // By index, not `first(where:)`: that copies the option out of the table.
        guard let found = table.firstIndex(where: { $0.long == name }) else {
          let suggestion = Suggestion.nearest(to: name, among: table.map(\.long))
          throw .unknownOption("--" + name, suggestion: suggestion.map { "--" + $0 })
        }
        if table[found].valueName == nil {
          if inline != nil { throw .unexpectedValue(option: table[found].label) }
          try table[found].apply(&options, "")
        } else {
          try table[found].apply(&options, try takeValue(table[found], inline: inline))
        }
      case .short(var rest):
        while let letter = rest.first {
          rest = rest.dropFirst()
          guard let found = table.firstIndex(where: { $0.short == letter }) else {
            throw .unknownOption("-" + String(letter), suggestion: nil)
          }
          if table[found].valueName == nil {
            try table[found].apply(&options, "")
          } else {
            try table[found].apply(
              &options, try takeValue(table[found], inline: rest.isEmpty ? nil : String(rest)))
            break
          }
        }
      }
    }
    return options
  }
}

/// What one argument is to the parser: an item, `--`, a long option with its name and
/// any value after `=`, or short options and what follows them.
enum ArgumentShape: Equatable {
  case item
  case endOfOptions
  case long(name: String, inline: String?)
  case short(Substring)

  /// An ASCII argument (every option as the table spells it) is read a byte at a time;
  /// any other a character at a time, as grapheme clusters (`-` with an accent on it is
  /// not an option). The two read ASCII the same (`ArgumentShapeTests`); bytes cost a
  /// one-shot 15,000 instructions less.
  init(_ argument: String) {
    self = Self.bytes(argument) ?? Self.characters(argument)
  }

  /// The argument read a character at a time.
  static func characters(_ argument: String) -> ArgumentShape {
    if argument == "-" || !argument.hasPrefix("-") { return .item }
    if argument == "--" { return .endOfOptions }
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      // What `body.split(separator: "=", maxSplits: 1).first` gives, without the array.
      let name = String(body.drop { $0 == "=" }.prefix { $0 != "=" })
      let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      return .long(name: name, inline: inline)
    }
    return .short(argument.dropFirst())
  }

  /// The argument read a byte at a time; `nil` when it is not ASCII.
  static func bytes(_ argument: String) -> ArgumentShape? {
    let shape = argument.utf8.withContiguousStorageIfAvailable { utf8 -> ArgumentShape? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      let dash = UInt8(ascii: "-")
      let equals = UInt8(ascii: "=")
      guard utf8.count > 1, utf8[0] == dash else { return .item }
      guard utf8[1] == dash else {
        return .short(argument[argument.utf8.index(after: argument.utf8.startIndex)...])
      }
      guard utf8.count > 2 else { return .endOfOptions }
      func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: utf8[range]), as: UTF8.self)
      }
      var start = 2
      while start < utf8.count && utf8[start] == equals { start += 1 }
      var end = start
      while end < utf8.count && utf8[end] != equals { end += 1 }
      let firstEquals = utf8[2...].firstIndex(of: equals)
      return .long(name: text(start..<end), inline: firstEquals.map { text(($0 + 1)..<utf8.count) })
    }
    return shape ?? nil
  }
}

/// The nearest of a list of names to a mistyped one.
enum Suggestion {
  /// The name closest to `typed`, if one is close enough to be a typo: within a third
  /// of its length in edits (at least one), or else the first that `typed` begins.
  static func nearest(to typed: String, among names: [String]) -> String? {
    var best: (name: String, distance: Int)?
    let typedCharacters = Array(typed)
    for name in names {
      let distance = editDistance(typedCharacters, Array(name))
      if distance <= max(1, name.count / 3), distance < (best?.distance ?? .max) {
        best = (name, distance)
      }
    }
    if best == nil, typed.count >= 2, let match = names.first(where: { $0.hasPrefix(typed) }) {
      return match
    }
    return best?.name
  }

  /// Levenshtein distance, with a swap of neighbours counting as one edit.
  ///
  /// - Complexity: O(*m* × *n*).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
