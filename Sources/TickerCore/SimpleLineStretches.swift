// What `SimpleLine.read` writes as it reads: stretches of clusters of one size, and
// pieces for the general way.

/// The stretches of clusters of one size and the pieces for the general way
/// `SimpleLineReading.read` writes: those closed, and the open stretch's clusters and
/// size. A local value, so that it stays in registers.
struct SimpleLineStretches {
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

  /// Takes the last cluster, which is in the open stretch, back out and one of
  /// `size` in its place, in the stretch closed last when that is of `size` and the
  /// open one is left empty: `e` and a mark, again and again, stay one stretch.
  @inline(__always)
  mutating func replaceLast(withOneOfSize size: UInt8) {
    run &-= 1
    if run == 0 && closed > 0 && infos[closed &- 1] == size {
      closed &-= 1
      run = clusters[closed]
      self.size = size
    }
    add(1, ofSize: size)
  }

  /// Takes the last cluster back out.
  @inline(__always)
  mutating func removeLast() { if run > 0 { run &-= 1 } }

  /// Takes a piece of `bytes` for the general way, after the open stretch. It joins
  /// the piece before it when nothing is between them and nothing was removed
  /// (`checks`): the second starts between two simple or ASCII scalars, where a
  /// cluster ends.
  @inline(__always)
  mutating func addGeneral(_ bytes: Int, checks: Bool) {
    _ = finish()
    if !checks && closed > 0 && infos[closed &- 1] == SimpleLine.general {
      clusters[closed &- 1] &+= bytes << 1
      return
    }
    infos[closed] = SimpleLine.general
    clusters[closed] = bytes << 1 | (checks ? 1 : 0)
    closed &+= 1
  }

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
