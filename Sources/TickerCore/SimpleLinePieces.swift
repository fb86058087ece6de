// The pieces `SimpleLine.read` reads for the general way: from the cluster before a
// mark or a scalar for the general way, up to where two ASCII or simple scalars meet
// again (a cluster always ends between them, whatever came before), as sanitised
// text the usual fast way lays out.

extension SimpleLineReading {
  /// The most scalars `readForTheGeneralWay` reads: past them, or at a second mark,
  /// the line is taken to be text of marks (a letter and its accent, again and again),
  /// which the usual fast way reads without this way's pass first.
  private static let longestGeneralStretch = 32

  /// Reads scalars from `index` for the general way, sanitised as `Strip.appendRun`
  /// lays them out (breaks made spaces, removed scalars left out, U+FFFD for each
  /// invalid sequence) into pieces of text at `written`, a piece for each stretch
  /// between removed scalars (`checks`: scalars were removed before the first), up to
  /// the end of the line or the second of two simple or ASCII scalars in a row, which
  /// no rule joins whatever came before them: `index` is left there.
  ///
  /// - Returns: `false`, with what it wrote left to be taken back, at a second mark
  ///   or when `longestGeneralStretch` scalars go by without two such scalars in a
  ///   row: text of many marks.
  /// - Complexity: O(*n*) in the bytes read.
  @inline(__always)
  static func readForTheGeneralWay(
    _ input: UnsafeBufferPointer<UInt8>, from index: inout Int,
    into text: UnsafeMutableBufferPointer<UInt8>, at written: inout Int, checks: Bool,
    stretches: inout SimpleLineStretches, replacement: UInt8, scalars: inout ScalarTable,
    measure: CellMeasure
  ) -> Bool {
    let count = input.count
    var checks = checks
    var pieceStart = written
    var previousIsFast = false
    var afterCR = false
    var scalarsRead = 0
    var marks = 0
    while index < count {
      scalarsRead &+= 1
      if scalarsRead > longestGeneralStretch { return false }
      let lead = input[index]
      let start = index
      var isFast = true
      var value = UInt32(lead)
      if lead < 0x80 {
        index &+= 1
        if lead &- 0x20 < 0x5F {
          // Printable ASCII.
        } else if lead == 0x0A && afterCR {
          afterCR = false
          continue
        } else if lead &- 0x09 < 5 {
          value = 0x20
        } else {
          isFast = false
          value = UInt32.max
        }
        afterCR = lead == 0x0D
      } else {
        afterCR = false
        value = decode(input, at: &index)
        let info = Self.info(
          of: value, replacement: replacement, scalars: &scalars, measure: measure)
        if info == ScalarCode.becomesSpace {
          value = 0x20
        } else if info == ScalarTable.removed {
          isFast = false
          value = UInt32.max
        } else {
          isFast = info & ScalarTable.simple != 0
          if info == ScalarTable.mark {
            marks &+= 1
            if marks > 1 { return false }
          }
        }
      }
      if isFast && previousIsFast {
        index = start
        break
      }
      previousIsFast = isFast
      if value == UInt32.max {
        // Removed: what follows is checked against what came before.
        if written > pieceStart { stretches.addGeneral(written &- pieceStart, checks: checks) }
        checks = true
        pieceStart = written
        continue
      }
      if value < 0x80 {
        text[written] = UInt8(truncatingIfNeeded: value)
        written &+= 1
      } else {
        written &+= write(value, from: input[start..<index], into: text, at: written)
      }
    }
    if written > pieceStart { stretches.addGeneral(written &- pieceStart, checks: checks) }
    return true
  }
}
