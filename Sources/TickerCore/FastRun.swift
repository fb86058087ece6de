// A run of clusters the fast way gathers before it goes into the strip with one copy
// (`Strip.appendRun`'s second pass), and what it is gathered over.

/// A piece of text after `appendRun`'s first pass: its bytes, each scalar's code and
/// where each starts.
struct CodedPiece {
  let utf8: UnsafeBufferPointer<UInt8>
  let codes: UnsafeBufferPointer<UInt8>
  let starts: UnsafeBufferPointer<Int>

  /// Where scalar `index` ends in `utf8`.
  @inline(__always)
  func end(of index: Int) -> Int {
    let lead = utf8[starts[index]]
    return starts[index] + Strip.scalarLength(lead)
  }

  /// The bytes of scalars `range`.
  @inline(__always)
  func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: utf8[starts[range.lowerBound]..<end(of: range.upperBound - 1)])
  }
}

/// The scalars `start..<end` of a piece, clusters of one ASCII or simple scalar or of
/// a base and its marks each, waiting to go in with one copy; whether they show
/// something, and whether any cluster has marks.
struct FastRun {
  var start = 0
  var end = 0
  var shows = false
  var hasMarks = false
  var isEmpty: Bool { end == start }

  /// Takes into the run, from scalar `index` on, each plain scalar (a space, printable
  /// ASCII or simple) that another plain scalar follows: a cluster of its own that
  /// `layOut` would take into the run, found here in a few instructions. The run
  /// must hold the scalar before `index`.
  ///
  /// - Returns: The first scalar not taken; the last scalar is never taken.
  @inline(__always)
  mutating func extend(over codes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var index = index
    while index + 1 < codes.count && codes[index] >= ScalarCode.space
      && codes[index + 1] >= ScalarCode.space
    {
      if !shows && ScalarCode.shows(codes[index]) { shows = true }
      index += 1
    }
    end = index
    return index
  }

  /// Takes into the run the printable ASCII or simple base at `index` and the marks
  /// after it, when `ScalarTable.clusterInfo` takes them as one cluster and a plain
  /// scalar follows them: what `layOut` would do, without its decisions for a
  /// cluster. The base takes its cluster's code, as in `layOut`. The run must hold
  /// the scalar before `index`.
  ///
  /// - Returns: The scalar after the marks; `nil`, with nothing taken, when `layOut`
  ///   is to decide.
  @inline(never)
  mutating func takeMarked(
    over codes: UnsafeMutableBufferPointer<UInt8>, of piece: CodedPiece, at index: Int,
    lastMarked: inout MarkedCluster, scalars: inout ScalarTable, measure: CellMeasure
  ) -> Int? {
    guard ScalarCode.takesMarks(codes[index]) else { return nil }
    var end = index + 2
    while end < codes.count && codes[end] == ScalarCode.mark { end += 1 }
    guard end < codes.count, codes[end] >= ScalarCode.space else { return nil }
    let info = lastMarked.info(of: index..<end, in: piece, scalars: &scalars, measure: measure)
    guard info != ScalarCode.other else { return nil }
    codes[index] = info
    hasMarks = true
    if !shows && ScalarCode.shows(info) { shows = true }
    self.end = end
    return end
  }
}

/// The last base with marks `FastRun.takeMarked` took, and its cluster's code: text with
/// combining marks repeats its clusters (the same accent on the same letter), and a
/// repeat costs a comparison of its bytes instead of `ScalarTable.clusterInfo`'s hash.
struct MarkedCluster {
  var bytes = 0..<0
  var info = ScalarCode.other

  /// `ScalarTable.clusterInfo` of scalars `range` of `piece`.
  @inline(__always)
  mutating func info(
    of range: Range<Int>, in piece: CodedPiece, scalars: inout ScalarTable, measure: CellMeasure
  ) -> UInt8 {
    let start = piece.starts[range.lowerBound]
    let end = piece.end(of: range.upperBound - 1)
    if end - start == bytes.count && Self.same(piece.utf8, start, bytes.lowerBound, bytes.count) {
      return info
    }
    info = scalars.clusterInfo(
      of: UnsafeBufferPointer(rebasing: piece.utf8[start..<end]), under: measure)
    bytes = start..<end
    return info
  }

  /// Whether the `count` bytes of `utf8` from `first` are those from `second`: as
  /// one word each when a cluster of up to 8 bytes has 8 bytes of the text from its
  /// start, else a byte at a time.
  @inline(__always)
  static func same(
    _ utf8: UnsafeBufferPointer<UInt8>, _ first: Int, _ second: Int, _ count: Int
  ) -> Bool {
    if count <= 8, max(first, second) &+ 8 <= utf8.count, let base = utf8.baseAddress {
      let raw = UnsafeRawPointer(base)
      let one = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: first, as: UInt64.self))
      let other = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: second, as: UInt64.self))
      let mask: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
      return (one ^ other) & mask == 0
    }
    for offset in 0..<count where utf8[first &+ offset] != utf8[second &+ offset] {
      return false
    }
    return true
  }
}
