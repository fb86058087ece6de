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
/// - Returns: An index in `0..<max(count, 1)`.
/// - Complexity: O(log `count`) calls of `isNotAbove`.
@inline(__always)
func lastIndex(upTo count: Int, where isNotAbove: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  while high - low > 1 {
    let middle = low + (high - low) / 2
    if isNotAbove(middle) { low = middle } else { high = middle }
  }
  return low
}
