import TickerCore

/// `--stale-after` for one live source: when its lines were last good, what went
/// wrong since, and whether they are stale now (`Staleness.isStale`).
///
/// The stream asks `update(now:)` at each turn of its loop; it looks at the realtime
/// clock only once `lookAt` (monotonic) has come, which is when the lines turn stale,
/// so a source that stays fresh costs no clock read and no wake-up of its own.
struct StaleWatch {
  /// `--stale-after`; `nil`: never stale.
  let after: Double?
  /// `--stale-mark`.
  let mark: String
  /// When the lines were last good, in Unix seconds; `nil` while there are none.
  private(set) var lastGood: Double?
  /// Why the source has given no good lines since `lastGood`, if it said.
  var lastError: String?
  /// Whether the lines are stale now.
  private(set) var isStale = false
  /// The monotonic time at which `isStale` may change; `nil`: not before `good(at:)`.
  private(set) var lookAt: Double?

  init(after: Double?, mark: String, lastGood: Double?, lastError: String? = nil) {
    self.after = after
    self.mark = mark
    self.lastGood = lastGood
    self.lastError = lastError
    _ = look()
  }

  /// The lines were good at `time` (Unix seconds).
  ///
  /// - Returns: Whether `isStale` changed.
  mutating func good(at time: Double) -> Bool {
    lastGood = time
    lastError = nil
    return look()
  }

  /// Looks again if `lookAt` has come by `now` (monotonic).
  ///
  /// - Returns: Whether `isStale` changed.
  mutating func update(now: Double) -> Bool {
    guard let lookAt, now >= lookAt else { return false }
    return look()
  }

  /// The note for waybar's tooltip while stale; `nil` while fresh.
  var note: String? {
    guard isStale, let lastGood else { return nil }
    return Staleness.note(lastGood: lastGood, lastError: lastError)
  }

  private mutating func look() -> Bool {
    let was = isStale
    guard let after, let lastGood else {
      isStale = false
      lookAt = nil
      return was
    }
    let now = Clock.now()
    isStale = Staleness.isStale(lastGood: lastGood, at: now, after: after)
    // Just past the moment, so that the next look finds it stale (`isStale` is strict).
    lookAt = isStale ? nil : Clock.monotonic() + (lastGood + after - now) + 0.001
    return isStale != was
  }
}

extension StaleWatch {
  /// The stale mark of a source with this watch (see `LiveSource.staleMark`): the mark
  /// while it has `lines` and they are stale.
  func staleMark(lines: TextLines) -> String? {
    lines.isEmpty || !isStale ? nil : mark
  }
}

extension ItemReader {
  /// Appends the items of `line` drawn stale (`Staleness.marked`): the same items, at
  /// the same indices, as `append(line:to:keepingFacts:)`.
  ///
  /// - Complexity: O(length of the line); slower than `append(line:to:)`, which lays
  ///   plain lines out without a `String`, but only stale sources take this way.
  func appendStale(
    line: UnsafeRawBufferPointer, to builder: inout StripBuilder, mark: String,
    keepingFacts: Bool = false
  ) {
    for item in items(of: line, keepingText: keepingFacts) {
      // A blank item stays blank (it is skipped, but counted as `append` counts it).
      builder.append(item.text.isBlank ? item : Staleness.marked(item, mark: mark))
    }
  }
}
