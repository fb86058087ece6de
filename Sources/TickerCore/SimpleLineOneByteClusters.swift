// The loop `SimpleLine.read` reads most of noise with: printable ASCII, breaks, removed
// controls and (where U+FFFD is one cell) invalid bytes, one byte or none each, from a
// table of 256 kinds, with no branch but the loop's end.

extension SimpleLineReading {
  /// Reads printable ASCII, breaks (a space each; it stops before CR LF, which
  /// `SimpleLine.read` takes as one), removed controls (none) and, with `lone`, bytes above ASCII that are a U+FFFD each (as
  /// `Strip.replacementByte`) from `index` into `text` at `written`, up to the end of
  /// the input or `endsOneByteClusters`: one byte or none each, from a table
  /// (`OneByteKind`), with no branch but the loop's end. Noise mixes these kinds at
  /// random, and a branch for each went the wrong way at most bytes: written with
  /// comparisons, which the compiler made branches of, the one pass guessed wrong
  /// 855 k times in 2 MiB of random bytes (592 k at one `&&`), and 372 k times so
  /// (callgrind `--branch-sim`). The loop keeps no more than fits in registers;
  /// `lastOneByteCluster` finds the rest afterwards.
  ///
  /// - Returns: Where the reading stopped in `input` and in `text`, and whether it
  ///   wrote `Strip.replacementByte`.
  /// - Complexity: O(*n*) in the bytes read.
  @inline(__always)
  static func readOneByteClusters(
    _ input: UnsafeBufferPointer<UInt8>, from index: Int,
    into text: UnsafeMutableBufferPointer<UInt8>, at written: Int, lone: Bool,
    kinds: UnsafeBufferPointer<UInt16>
  ) -> (end: Int, written: Int, lone: Bool) {
    let last = input.count &- 1
    var end = index
    var out = written
    // The kinds of this byte and the next, each looked up once: the next's look-up
    // depends on nothing the loop computes, so that the processor looks ahead (with a
    // table for a byte after CR, indexed by the kind before, the look-ups made a
    // chain, and the loop took as long with a third fewer instructions).
    var kind = UInt32(kinds[Int(input[index])])
    var seen: UInt32 = 0
    // Every byte but the input's last has a next byte: no test for it in the loop.
    while end < last {
      let next = UInt32(kinds[Int(input[end &+ 1])])
      if endsOneByteClusters(kind, before: next, lone: lone) { break }
      take(kind, into: text, at: &out, seen: &seen)
      kind = next
      end &+= 1
    }
    if end == last && !endsOneByteClusters(kind, before: 0, lone: lone) {
      take(kind, into: text, at: &out, seen: &seen)
      end &+= 1
    }
    return (end, out, seen & OneByteKind.high != 0)
  }

  /// Writes the byte of `kind` at `out`, moving `out` past it when it is kept.
  @inline(__always)
  private static func take(
    _ kind: UInt32, into text: UnsafeMutableBufferPointer<UInt8>, at out: inout Int,
    seen: inout UInt32
  ) {
    text[out] = UInt8(truncatingIfNeeded: kind)
    out &+= Int(truncatingIfNeeded: kind >> OneByteKind.keptShift & 1)
    seen |= kind
  }

  /// Whether `readOneByteClusters` stops at the byte at `index`: a byte above ASCII
  /// without `lone`; and a lead byte a continuation byte follows (a sequence that may
  /// be valid, for `decode`) or CR before LF (one break, a cluster, and a byte that
  /// is none). The reading starts only where it does not, so that it reads a byte at
  /// least.
  @inline(__always)
  static func endsOneByteClusters(
    _ input: UnsafeBufferPointer<UInt8>, at index: Int, lone: Bool,
    kinds: UnsafeBufferPointer<UInt16>
  ) -> Bool {
    let next = index &+ 1 < input.count ? UInt32(kinds[Int(input[index &+ 1])]) : 0
    return endsOneByteClusters(UInt32(kinds[Int(input[index])]), before: next, lone: lone)
  }

  /// `endsOneByteClusters(_:at:lone:kinds:)` of a byte of `kind` before one of `next`
  /// (0 at the end of the input).
  @inline(__always)
  static func endsOneByteClusters(_ kind: UInt32, before next: UInt32, lone: Bool) -> Bool {
    let pair = kind & next >> 1 & OneByteKind.lead
    return (lone ? pair : pair | kind & OneByteKind.high) != 0
  }

  /// What `readOneByteClusters` does with each byte, from a table of 256: the byte
  /// it writes (the byte itself when printable ASCII, a space for a break,
  /// `Strip.replacementByte` for a byte above ASCII), and bits above it.
  enum OneByteKind {
    /// Set when the byte is kept as a cluster: printable ASCII, a break (the loop
    /// never reads an LF after CR), a byte above ASCII.
    static let keptShift: UInt32 = 8
    /// Set for a byte above ASCII.
    static let high: UInt32 = 0x200
    /// Set for a lead byte of a sequence, 0xC2 to 0xF4, and for CR.
    static let lead: UInt32 = 0x400
    /// Set for a continuation byte, 0x80 to 0xBF, and for LF: `lead` one bit up, so
    /// that a lead byte (or CR) before one is `kind & next >> 1 & lead`. The loop
    /// stops there: at a sequence that may be valid, and at CR LF, one break, whose
    /// LF is no cluster (a lead byte before LF, or CR before a continuation byte,
    /// stops it too, rarely, and is read the same outside it).
    static let continuation: UInt32 = 0x800

    /// The table, built once.
    static let table: [UInt16] = (0..<256).map { value in
      let byte = UInt8(value)
      var kind: UInt32
      switch byte {
      case 0x20...0x7E: kind = UInt32(byte) | 1 << keptShift
      case 0x09...0x0D: kind = 0x20 | 1 << keptShift
      case 0x80...: kind = UInt32(Strip.replacementByte) | 1 << keptShift | high
      default: kind = 0
      }
      if (0xC2...0xF4).contains(byte) || byte == 0x0D { kind |= lead }
      if (0x80...0xBF).contains(byte) || byte == 0x0A { kind |= continuation }
      return UInt16(kind)
    }
  }

  /// The last cluster `readOneByteClusters` read from `index` to `end` (its start in
  /// the input; `index` when none), whether scalars were removed before it, since the
  /// cluster before (`removed`: before `index`), and whether any were after it.
  ///
  /// - Complexity: O(*n*) in the bytes after the cluster before the last: a few.
  @inline(__always)
  static func lastOneByteCluster(
    _ input: UnsafeBufferPointer<UInt8>, from index: Int, to end: Int, removed: Bool
  ) -> (start: Int, removedBefore: Bool, removedAfter: Bool) {
    // Each byte read is a cluster or removed: the loop never reads an LF after CR.
    func isCluster(_ at: Int) -> Bool {
      let byte = input[at]
      return byte >= 0x20 && byte != 0x7F || byte &- 0x09 < 5
    }
    func isRemoved(_ at: Int) -> Bool {
      let byte = input[at]
      return (byte < 0x20 && byte &- 0x09 >= 5) || byte == 0x7F
    }
    var at = end
    var after = false
    while at > index {
      at &-= 1
      if isCluster(at) {
        var before = false
        var earlier = at
        while earlier > index {
          earlier &-= 1
          if isCluster(earlier) { return (at, before, after) }
          before = before || isRemoved(earlier)
        }
        return (at, before || removed, after)
      }
      after = after || isRemoved(at)
    }
    return (index, false, after || removed)
  }
}
