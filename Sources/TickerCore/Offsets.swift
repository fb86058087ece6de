/// A non-decreasing list of offsets (bytes, cells, indices) at four bytes each.
///
/// The strip keeps several such lists, as long as its text in the worst case; `Int`s
/// would take twice the memory for values that rarely pass 2^32. Each value is kept
/// as its low 32 bits, and `carries` says where the values pass each multiple of 2^32,
/// so any value still reads back exactly.
struct Offsets: Sendable {
  private var low: [UInt32] = []
  /// For each multiple of 2^32 the values have reached, the index of the first value
  /// at or past it.
  private var carries: [Int] = []

  init() {}

  var count: Int { low.count }
  var isEmpty: Bool { low.isEmpty }

  /// The value at `index`.
  @inline(__always)
  subscript(index: Int) -> Int {
    let value = Int(low[index])
    guard !carries.isEmpty else { return value }
    return value + (carriesUpTo(index) << 32)
  }

  /// The last value.
  var last: Int? { isEmpty ? nil : self[count - 1] }

  /// Appends `value`, which must not be below the last one.
  @inline(__always)
  mutating func append(_ value: Int) {
    while value >> 32 > carries.count { carries.append(low.count) }
    low.append(UInt32(truncatingIfNeeded: value))
  }

  /// Keeps the first `count` values.
  mutating func truncate(to count: Int) {
    low.removeSubrange(count...)
    while let carry = carries.last, carry >= count { carries.removeLast() }
  }

  mutating func reserveCapacity(_ capacity: Int) { low.reserveCapacity(capacity) }

  /// Appends `count` values, which `body` writes in order, as offsets from `base`:
  /// `false`, with nothing appended, unless `base` is at or past the last value and
  /// `base + limit` (no value is past it) is below the next multiple of 2^32 `base`
  /// reaches; then the low 32 bits are all that differ.
  ///
  /// - Complexity: O(`count`), with one growth of the storage.
  mutating func append(
    count: Int, base: Int, limit: Int, _ body: (UnsafeMutablePointer<UInt32>) -> Void
  ) -> Bool {
    guard base >> 32 == (base + limit) >> 32, base >= (last ?? 0) else { return false }
    while base >> 32 > carries.count { carries.append(low.count) }
    let start = low.count
    low.append(repeating: UInt32(truncatingIfNeeded: base), count: count)
    low.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    return true
  }

  /// The largest index whose value is at or below `value`, or 0 when none is.
  ///
  /// - Complexity: O(log `count`).
  @inline(__always)
  func lastIndex(notAbove value: Int) -> Int {
    guard carries.isEmpty else {
      return TickerCore.lastIndex(upTo: count) { self[$0] <= value }
    }
    guard value < 1 << 32 else { return max(0, count - 1) }
    let key = UInt32(truncatingIfNeeded: max(0, value))
    return low.withUnsafeBufferPointer { values in
      TickerCore.lastIndex(upTo: values.count) { values[$0] <= key }
    }
  }

  /// How many multiples of 2^32 the value at `index` has passed.
  private func carriesUpTo(_ index: Int) -> Int {
    var passed = 0
    while passed < carries.count && carries[passed] <= index { passed += 1 }
    return passed
  }
}
