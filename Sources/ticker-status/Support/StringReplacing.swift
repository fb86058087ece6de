extension String {
  /// This text with every `target` (a non-empty string) replaced by `replacement`,
  /// left to right, without Foundation.
  func replacingEvery(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  /// How many times `target` (non-empty) occurs, not overlapping.
  func occurrences(of target: String) -> Int {
    var count = 0
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      count += 1
      rest = rest[range.upperBound...]
    }
    return count
  }
}
