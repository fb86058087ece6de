extension Array {
  /// Appends `count` copies of `value`.
  ///
  /// `append(contentsOf: repeatElement(value, count: count))` first asks the
  /// `Repeated` for contiguous storage through an unspecialised generic call, about
  /// 150 instructions a call whatever `count` is: most of appending one or two
  /// specials of a short piece (random bytes cut by control characters, BENCHMARKS.md
  /// section 14). A few values go in one at a time instead.
  ///
  /// - Complexity: O(`count`), amortised.
  @inline(__always)
  mutating func append(repeating value: Element, count: Int) {
    if count <= 16 {
      for _ in 0..<count { append(value) }
    } else {
      append(contentsOf: repeatElement(value, count: count))
    }
  }
}
