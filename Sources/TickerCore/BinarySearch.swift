/// The largest index `i < count` for which `isNotAbove(i)` holds, or 0 when none does.
///
/// The one binary search of the module: width tables, strip checkpoints, style runs,
/// items and motion segments are all sorted lists searched for the last entry at or
/// below a value.
///
/// - Parameters:
///   - count: How many entries there are.
///   - isNotAbove: Whether entry `i` is at or below the value sought. It must hold for
///     a prefix of `0..<count` and not after it. Entry 0 is never asked about: it is
///     the answer when no later entry qualifies.
/// The search halves the entries it may be among, `length` of them from `base`, by
/// moving `base` or not: a choice between two values, which the compiler makes without
/// a branch. A branch at each step went the wrong way half the time when the values
/// sought were not alike (a scalar's width looked up at the first look of each, in
/// random bytes: 1.3 M wrong guesses in 16 MiB).
///
/// - Returns: An index in `0..<max(count, 1)`.
/// - Complexity: O(log `count`) calls of `isNotAbove`.
@inline(__always)
func lastIndex(upTo count: Int, where isNotAbove: (Int) -> Bool) -> Int {
  var base = 0
  var length = count
  while length > 1 {
    // The entry sought is in `base..<base + length`: at or past `base + half` when
    // that entry is not above the value, else before it (and so in the first
    // `length - half` entries, which hold the first `half`).
    let half = length / 2
    base = isNotAbove(base + half) ? base + half : base
    length -= half
  }
  return base
}
