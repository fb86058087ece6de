// A mark `SimpleLine.read` joins to the cluster before it in its one pass: a base and
// one mark is the commonest cluster in noise, and read as a piece for the general way
// it cost about 2,300 instructions besides its first look.

extension SimpleLineReading {
  /// The fewest bytes from the end of a mark joined here to the next mark joined: a
  /// mark nearer is text of marks (a letter and its accent, again and again), which
  /// the general way hands on to the usual fast way at its second mark, and which
  /// that way reads at a third of the cost of joining each here (e + U+0301: 120 M
  /// instructions a MiB against 194 M).
  static let joinGap = 8

  /// The longest cluster a stretch's information holds (`SimpleLine.simpleSize`:
  /// three bits of length).
  static let longestJoined = 7

  /// Joins `mark` (a scalar `ScalarTable` takes as a mark: grapheme breaking joins it
  /// to what is before it, GB9) to the last cluster written, `last.bytes` of `text`
  /// before `written` (a `Strip.replacementByte` read as U+FFFD's UTF-8), read from
  /// `input` at `last.start`, writing the two as one over the last cluster's text,
  /// when `ScalarTable.clusterInfo` takes them as a simple cluster of at most
  /// `longestJoined` bytes.
  ///
  /// The caller joins only where no scalar was removed before the last cluster or
  /// between it and the mark, and this only a cluster whose text is what the general
  /// way reads there (not a scalar drawn as U+FFFD, whose text is not itself): the
  /// general way would read the same two scalars as one cluster, and nothing before
  /// the base joins it, since a base here is printable ASCII, a space made of a break,
  /// U+FFFD or a simple scalar.
  ///
  /// - Returns: The joined cluster's stretch information and length, or `nil` (its
  ///   text past `written - last.bytes` left to be written again) when it is not
  ///   simple or longer.
  @inline(never)
  static func joinMark(
    _ mark: Slice<UnsafeBufferPointer<UInt8>>, to last: (start: Int, bytes: Int),
    of input: UnsafeBufferPointer<UInt8>, in text: UnsafeMutableBufferPointer<UInt8>,
    at written: Int, scalars: inout ScalarTable, measure: CellMeasure
  ) -> (size: UInt8, length: Int)? {
    let bytes = last.bytes
    let start = written &- bytes
    guard bytes > 0 else { return nil }
    let replaced = bytes == 1 && text[start] == Strip.replacementByte
    if replaced
      || bytes == 3 && text[start] == 0xEF && text[start &+ 1] == 0xBF
        && text[start &+ 2] == 0xBD
    {
      // U+FFFD for an invalid sequence or for itself, not for a scalar it is drawn as.
      var at = last.start
      if input[at] >= 0x80 && decode(input, at: &at) != 0xFFFD { return nil }
    }
    let base = replaced ? 3 : bytes
    let length = base &+ mark.count
    guard length <= longestJoined else { return nil }
    if replaced {
      (text[start], text[start &+ 1], text[start &+ 2]) = (0xEF, 0xBF, 0xBD)
    }
    var at = start &+ base
    for byte in mark {
      text[at] = byte
      at &+= 1
    }
    let info = scalars.clusterInfo(
      of: UnsafeBufferPointer(rebasing: text[start..<at]), under: measure)
    guard info & ScalarTable.simple != 0 else { return nil }
    return (SimpleLine.simpleSize(of: info, length: length), length)
  }
}
