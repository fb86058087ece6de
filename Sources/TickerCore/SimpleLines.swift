// Reading a line whose clusters are each one scalar: printable ASCII, a break made a
// space, or a simple scalar (`ScalarTable.classify`), U+FFFD for each invalid sequence
// among them: Latin-1 text read as UTF-8, binary noise, CJK, text with accents but no
// combining marks. No rule joins two such scalars, so the line is read into its text
// and stretches of clusters of one size in one pass, with no pass to repair it, none
// to code its scalars and none to find its clusters (SimpleLineLayout.swift lays the
// stretches out). Where a scalar needs more (a mark, one laid out the general way),
// the reading stops at the cluster before it.

/// A line read by `SimpleLine.read`: its text as the strip takes it, and its clusters
/// as stretches of one size each (printable ASCII, or one special size and width).
/// The buffers are reused from line to line, and only grow.
struct SimpleLine {
  var text: [UInt8] = []
  /// Each stretch's clusters' packed width and length as `Strip.specialInfo` has it;
  /// 0 for one-byte clusters.
  var stretchInfo: [UInt8] = []
  var stretchClusters: [Int] = []
  /// How many of `text` and of the stretches the last line read took.
  var bytes = 0
  var stretches = 0
  /// Whether any cluster read shows something.
  var shows = false
  /// Whether scalars were removed after the last cluster read.
  var removedAtEnd = false
  /// Where the rest of the line starts in the input, for the usual fast way: the
  /// input's end when the whole line was read.
  var rest = 0

  /// Reads `input` (UTF-8, invalid sequences too) up to the first scalar that is not
  /// printable ASCII, a break, a scalar the sanitiser removes or a simple scalar, and
  /// then gives back the cluster before that one (which it may join): sanitised and
  /// repaired as `Sanitizer.repairUTF8` and `Strip.appendRun`'s first pass do it.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  mutating func read(
    _ input: UnsafeBufferPointer<UInt8>, scalars: inout ScalarTable, measure: CellMeasure
  ) {
    let count = input.count
    if text.count < 3 * count { text = Array(repeating: 0, count: 3 * count) }
    if stretchInfo.count < count {
      stretchInfo = Array(repeating: 0, count: count)
      stretchClusters = Array(repeating: 0, count: count)
    }
    let replacement = scalars.info(of: 0xFFFD, under: measure)
    var reading = Reading()
    text.withUnsafeMutableBufferPointer { text in
      stretchInfo.withUnsafeMutableBufferPointer { infos in
        stretchClusters.withUnsafeMutableBufferPointer { clusters in
          reading = Reading.read(
            input, into: text, infos: infos, clusters: clusters, replacement: replacement,
            scalars: &scalars, measure: measure)
        }
      }
    }
    bytes = reading.written
    stretches = reading.stretches
    shows = reading.shows
    removedAtEnd = reading.removed
    rest = reading.index
  }
}

/// What `SimpleLine.read` found.
private struct Reading {
  var index = 0
  var written = 0
  var stretches = 0
  var shows = false
  var removed = false

  /// `SimpleLine.read`'s loop, its state in local variables, which stay in registers:
  /// as a struct's fields, each was loaded and stored at every byte (91 instructions a
  /// U+FFFD against 56, before the loop for a stretch of them).
  static func read(
    _ input: UnsafeBufferPointer<UInt8>, into text: UnsafeMutableBufferPointer<UInt8>,
    infos: UnsafeMutableBufferPointer<UInt8>, clusters: UnsafeMutableBufferPointer<Int>,
    replacement: UInt8, scalars: inout ScalarTable, measure: CellMeasure
  ) -> Reading {
    let count = input.count
    var index = 0
    var written = 0
    var stretches = Stretches(infos: infos, clusters: clusters)
    var shows = false
    var removed = false
    var afterCR = false
    // The last cluster's start in the input and its bytes, and what was so before
    // it: given back when the scalar after it needs more than this way.
    var last = (start: 0, bytes: 0, shows: false, removed: false)
    let replacementSize =
      replacement & ScalarTable.simple != 0 ? (replacement & ScalarTable.widthMask) << 4 | 3 : 0
    let replacementShows = replacement & ScalarTable.visible != 0
    while index < count {
      let lead = input[index]
      let start = index
      // A stretch of printable ASCII, or of bytes that start no sequence (a U+FFFD
      // each, the commonest invalid bytes), in a loop that does nothing else: 15
      // instructions a U+FFFD against 56 a scalar at a time.
      let isShown = lead &- 0x20 < 0x5F
      if isShown || (lead &- 0x80 < 0x42 || lead > 0xF4) && replacementSize != 0 {
        var end = index
        var showsBefore = shows
        var stretchShows = shows
        if isShown {
          repeat {
            let byte = input[end]
            text[written &+ (end &- index)] = byte
            showsBefore = stretchShows
            if byte != 0x20 { stretchShows = true }
            end &+= 1
          } while end < count && input[end] &- 0x20 < 0x5F
        } else {
          repeat {
            let at = written &+ 3 &* (end &- index)
            (text[at], text[at &+ 1], text[at &+ 2]) = (0xEF, 0xBF, 0xBD)
            end &+= 1
          } while end < count && (input[end] &- 0x80 < 0x42 || input[end] > 0xF4)
          showsBefore = shows || (end &- index > 1 && replacementShows)
          stretchShows = shows || replacementShows
        }
        let length = isShown ? 1 : 3
        stretches.add(end &- index, ofSize: isShown ? 0 : replacementSize)
        last = (end &- 1, length, showsBefore, end &- index > 1 ? false : removed)
        shows = stretchShows
        removed = false
        afterCR = false
        written &+= length &* (end &- index)
        index = end
        continue
      }
      var clusterSize: UInt8 = 0
      var length = 1
      var visible = false
      if lead < 0x80 {
        // A control character (printable ASCII went above).
        index &+= 1
        if lead == 0x0A && afterCR {
          afterCR = false
          continue
        } else if lead &- 0x09 < 5 {
          // A break or tab: a space.
          text[written] = 0x20
        } else {
          removed = true
          afterCR = false
          continue
        }
        afterCR = lead == 0x0D
      } else {
        afterCR = false
        // A valid sequence, or the maximal subpart of an ill-formed one: U+FFFD.
        var value: UInt32 = 0xFFFD
        index &+= 1
        if let (needed, low, high) = Sanitizer.sequence(lead) {
          var (low, high) = (low, high)
          var decoded = UInt32(lead) & (0x3F >> UInt32(needed))
          var valid = true
          for _ in 0..<needed {
            guard index < count, input[index] >= low, input[index] <= high else {
              valid = false
              break
            }
            decoded = decoded << 6 | UInt32(input[index] & 0x3F)
            index &+= 1
            (low, high) = (0x80, 0xBF)
          }
          if valid { value = decoded }
        }
        // `ScalarTable`'s information, or `becomesSpace` (a value it never gives).
        let info: UInt8
        switch value {
        case 0xFFFD: info = replacement
        case 0x85, 0x2028, 0x2029: info = ScalarCode.becomesSpace
        case 0x80...0x9F: info = ScalarTable.removed
        default: info = scalars.info(of: value, under: measure)
        }
        if info == ScalarCode.becomesSpace {
          text[written] = 0x20
        } else if info & ScalarTable.simple != 0 {
          if value == 0xFFFD {
            length = 3
            (text[written], text[written &+ 1], text[written &+ 2]) = (0xEF, 0xBF, 0xBD)
          } else {
            length = index &- start
            for offset in 0..<length { text[written &+ offset] = input[start &+ offset] }
          }
          clusterSize = (info & ScalarTable.widthMask) << 4 | UInt8(truncatingIfNeeded: length)
          visible = info & ScalarTable.visible != 0
        } else if info == ScalarTable.removed {
          removed = true
          continue
        } else {
          // A mark or a scalar for the general way: the rest of the line, from the
          // cluster before it, is not this way's. The last cluster is given back.
          stretches.removeLast()
          // With nothing left, the whole line goes the usual way.
          let count = stretches.finish()
          guard count > 0 else { return Reading() }
          return Reading(
            index: last.start, written: written &- last.bytes, stretches: count,
            shows: last.shows, removed: last.removed)
        }
      }
      // One cluster more, `length` bytes of text at `written`.
      stretches.add(1, ofSize: clusterSize)
      last = (start, length, shows, removed)
      if visible { shows = true }
      removed = false
      written &+= length
    }
    return Reading(
      index: count, written: written, stretches: stretches.finish(), shows: shows,
      removed: removed)
  }
}

/// The stretches of clusters of one size `Reading.read` writes: those closed, and the
/// open one's clusters and size. A local value, so that it stays in registers.
private struct Stretches {
  let infos: UnsafeMutableBufferPointer<UInt8>
  let clusters: UnsafeMutableBufferPointer<Int>
  var closed = 0
  var run = 0
  var size: UInt8 = 0

  /// Takes `count` clusters of `size` (0 for one-byte clusters), closing the open
  /// stretch if its clusters are of another size.
  @inline(__always)
  mutating func add(_ count: Int, ofSize size: UInt8) {
    if size != self.size && run > 0 {
      infos[closed] = self.size
      clusters[closed] = run
      closed &+= 1
      run = 0
    }
    self.size = size
    run &+= count
  }

  /// Takes the last cluster back out.
  @inline(__always)
  mutating func removeLast() { if run > 0 { run &-= 1 } }

  /// Closes the open stretch.
  ///
  /// - Returns: How many stretches there are.
  @inline(__always)
  mutating func finish() -> Int {
    guard run > 0 else { return closed }
    infos[closed] = size
    clusters[closed] = run
    closed &+= 1
    run = 0
    return closed
  }
}
