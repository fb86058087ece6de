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
      if onlyItems || argument == "-" || !argument.hasPrefix("-") {
        options.items.append(argument)
        continue
      }
      if argument == "--" {
        onlyItems = true
        continue
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        // What `body.split(separator: "=", maxSplits: 1).first` gives, without the array.
        let name = String(body.drop { $0 == "=" }.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let spec = table.first(where: { $0.long == name }) else {
          let suggestion = Suggestion.nearest(to: name, among: table.map(\.long))
          throw .unknownOption("--" + name, suggestion: suggestion.map { "--" + $0 })
        }
        if spec.valueName == nil {
          if inline != nil { throw .unexpectedValue(option: spec.label) }
          try spec.apply(&options, "")
        } else {
          try spec.apply(&options, try takeValue(spec, inline: inline))
        }
        continue
      }
      var rest = Substring(argument.dropFirst())
      while let letter = rest.first {
        rest = rest.dropFirst()
        guard let spec = table.first(where: { $0.short == letter }) else {
          throw .unknownOption("-" + String(letter), suggestion: nil)
        }
        if spec.valueName == nil {
          try spec.apply(&options, "")
        } else {
          try spec.apply(&options, try takeValue(spec, inline: rest.isEmpty ? nil : String(rest)))
          break
        }
      }
    }
    return options
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
