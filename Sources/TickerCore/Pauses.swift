/// When a ticker was paused, so that its motion can run on a clock that stands while it
/// is paused: the motion's time is the time less every pause before it
/// (`motionTime(at:)`), so a resumed ticker goes on from where it stood, and every
/// process that reads the same record draws the same frame at the same time.
///
/// The record is bounded: the last `keptPauses` pauses are kept whole, and older ones
/// only as their total, taken to lie before any time asked about. Its text form
/// (`record`, `init(record:)`) is what a state file holds; text that is not exactly
/// such a record, or holds times out of range, is no record at all.
public struct Pauses: Hashable, Sendable {
  /// What a paused frame shows before the window: U+01C1 LATIN LETTER LATERAL CLICK,
  /// two bars as a pause button has, one cell wide in every width profile (neither
  /// wide nor ambiguous in East Asian Width, unlike U+2016 and U+2225, and no emoji,
  /// unlike U+23F8, which some tmux releases and terminals draw two cells wide).
  public static let mark = "\u{01C1}"

  /// How many ended pauses are kept whole.
  public static let keptPauses = 16
  /// The longest record's text, in bytes.
  public static let longestRecord = 2048
  /// Times and totals beyond this many seconds (year 33658) are not believed.
  static let latestTime = 1e12

  /// One ended pause, in Unix seconds.
  public struct Pause: Hashable, Sendable {
    public var start: Double
    public var end: Double
  }

  /// Seconds paused in pauses older than `ended`.
  public private(set) var earlier = 0.0
  /// The last ended pauses, oldest first, none overlapping.
  public private(set) var ended: [Pause] = []
  /// When the pause now in force began; `nil` while running.
  public private(set) var since: Double?

  public init() {}

  /// Whether the ticker is paused now.
  public var isPaused: Bool { since != nil }

  /// Pauses if running, resumes if paused, at `time`. A time before the last event
  /// (the clock set back) counts as that event's time.
  ///
  /// - Complexity: O(`keptPauses`).
  public mutating func toggle(at time: Double) {
    let latest = since ?? ended.last?.end ?? -.infinity
    let now = time.isFinite ? max(time, latest) : latest
    guard now.isFinite else { return }
    if let start = since {
      ended.append(Pause(start: start, end: now))
      if ended.count > Pauses.keptPauses {
        earlier += ended[0].end - ended[0].start
        ended.removeFirst()
      }
      since = nil
    } else {
      since = now
    }
  }

  /// Seconds paused up to `time`.
  ///
  /// - Complexity: O(`keptPauses`).
  public func pausedTime(before time: Double) -> Double {
    var total = earlier
    for pause in ended where pause.start < time { total += min(pause.end, time) - pause.start }
    if let since, since < time { total += time - since }
    return total
  }

  /// The motion's time at `time`: `time` less the pauses before it. It stands still
  /// while paused.
  public func motionTime(at time: Double) -> Double { time - pausedTime(before: time) }

  /// The first time after `time` whose motion time is at least `motion`; `nil` while
  /// paused (the motion's clock stands), or when a pause in force from a later time
  /// comes first. An ended pause after `time` puts it off by its length.
  ///
  /// - Complexity: O(`keptPauses`).
  public func time(ofMotionTime motion: Double, after time: Double) -> Double? {
    guard since.map({ $0 > time }) ?? true else { return nil }
    var candidate = motion + pausedTime(before: time)
    // A pause that ends after `time` holds the motion too: when the motion would reach
    // `motion` only after the pause starts, it does so after the pause ends.
    for pause in ended where pause.end > time && candidate >= pause.start {
      candidate = motion + pausedTime(before: pause.end)
    }
    // One begun after `time` and still in force holds it for ever.
    if let since, candidate >= since { return nil }
    if !(candidate > time) { candidate = time.nextUp }
    // Rounding may leave the sum a step or two short: at most 64 steps up, stopping at
    // the first that is enough (a `for … where` went on asking all 64 times, a
    // thousand instructions in every frame of a stream).
    for _ in 0..<64 {
      guard motionTime(at: candidate) < motion else { break }
      candidate = candidate.nextUp
    }
    return candidate.isFinite ? candidate : nil
  }

  // MARK: The record's text

  /// The record as text: a first line naming it, then `since` (a time, or `-`),
  /// `earlier` and one `pause START END` line for each ended pause.
  public var record: String {
    var text = "ticker-status pauses 1\nsince " + (since.map { "\($0)" } ?? "-") + "\n"
    text += "earlier \(earlier)\n"
    for pause in ended { text += "pause \(pause.start) \(pause.end)\n" }
    return text
  }

  /// The record in `text`, or `nil` when the text is not one: too long, another
  /// first line, a line of another kind, a number that is not finite or not within
  /// 0...`latestTime`, pauses out of order or overlapping, or too many of them.
  ///
  /// - Complexity: O(length of `text`).
  public init?(record text: String) {
    guard text.utf8.count <= Pauses.longestRecord else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 4, lines[0] == "ticker-status pauses 1", lines.last == "" else {
      return nil
    }
    func number(_ word: Substring) -> Double? {
      guard let value = Double(word), value.isFinite, value >= 0, value <= Pauses.latestTime
      else { return nil }
      return value
    }
    let sinceWords = lines[1].split(separator: " ", omittingEmptySubsequences: false)
    let earlierWords = lines[2].split(separator: " ", omittingEmptySubsequences: false)
    guard sinceWords.count == 2, sinceWords[0] == "since", earlierWords.count == 2,
      earlierWords[0] == "earlier", let earlier = number(earlierWords[1])
    else { return nil }
    if sinceWords[1] != "-" {
      guard let since = number(sinceWords[1]) else { return nil }
      self.since = since
    }
    self.earlier = earlier
    for line in lines[3..<(lines.count - 1)] {
      let words = line.split(separator: " ", omittingEmptySubsequences: false)
      guard words.count == 3, words[0] == "pause", let start = number(words[1]),
        let end = number(words[2]), start <= end, start >= (ended.last?.end ?? 0),
        ended.count < Pauses.keptPauses
      else { return nil }
      ended.append(Pause(start: start, end: end))
    }
    if let since, since < (ended.last?.end ?? 0) { return nil }
  }
}
