import Testing

@testable import TickerCore

/// `Offsets` against a plain `[Int]`: values below and past multiples of 2^32, one at
/// a time and in blocks.
@Suite struct OffsetsTests {
  /// The values of `offsets`, read one by one.
  private func values(_ offsets: Offsets) -> [Int] { (0..<offsets.count).map { offsets[$0] } }

  /// Lists of non-decreasing values, some passing one or two multiples of 2^32.
  static let lists: [[Int]] = [
    [], [0], [0, 0, 1, 5, 5, 1 << 20],
    [(1 << 32) - 2, (1 << 32) - 1, 1 << 32, (1 << 32) + 7],
    [3, 1 << 32, 1 << 33, (1 << 33) + 1], [1 << 34],
  ]

  @Test(arguments: lists)
  func valuesReadBackAndAreFound(_ list: [Int]) {
    var offsets = Offsets()
    for value in list { offsets.append(value) }
    #expect(values(offsets) == list)
    #expect(offsets.last == list.last)
    for probe in Set(list.flatMap { [$0 - 1, $0, $0 + 1] }) where probe >= 0 {
      let expected = list.lastIndex { $0 <= probe } ?? 0
      #expect(offsets.lastIndex(notAbove: probe) == expected, "\(probe)")
    }
    for count in 0...list.count {
      var cut = offsets
      cut.truncate(to: count)
      #expect(values(cut) == Array(list.prefix(count)))
    }
  }

  /// A block goes in when its values share the multiple of 2^32 of `base`, and reads
  /// back as those values; else nothing goes in.
  @Test(
    arguments: [
      (before: [Int](), base: 0, steps: [0, 1, 9], limit: 10, accepted: true),
      (before: [5], base: 5, steps: [0, 2], limit: 3, accepted: true),
      (before: [5], base: 4, steps: [0], limit: 1, accepted: false),
      (before: [], base: (1 << 32) - 4, steps: [0, 1], limit: 3, accepted: true),
      (before: [], base: (1 << 32) - 4, steps: [0, 3], limit: 4, accepted: false),
      (before: [7], base: (1 << 32) + 5, steps: [0, 100], limit: 101, accepted: true),
      (before: [1 << 32], base: (1 << 33) + 1, steps: [1, 2], limit: 3, accepted: true),
    ])
  func blocksGoInWhenTheyFitOneMultiple(
    _ testCase: (before: [Int], base: Int, steps: [Int], limit: Int, accepted: Bool)
  ) {
    var offsets = Offsets()
    for value in testCase.before { offsets.append(value) }
    let accepted = offsets.append(
      count: testCase.steps.count, base: testCase.base, limit: testCase.limit
    ) { lows in
      for (index, step) in testCase.steps.enumerated() {
        lows[index] = UInt32(truncatingIfNeeded: testCase.base + step)
      }
    }
    #expect(accepted == testCase.accepted)
    let expected = testCase.before + (accepted ? testCase.steps.map { testCase.base + $0 } : [])
    #expect(values(offsets) == expected)
    // What follows the block still reads back.
    offsets.append(expected.last.map { $0 + (1 << 32) } ?? 0)
    #expect(values(offsets).dropLast() == expected[...])
    #expect(offsets.last == (expected.last.map { $0 + (1 << 32) } ?? 0))
  }
}
