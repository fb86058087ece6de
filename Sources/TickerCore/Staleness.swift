/// Items drawn as stale: those of a source that has given no good output for a while.
///
/// Whether a source is stale is a function of the time and of its last good output
/// alone (`isStale(lastGood:at:after:)`), so every caller that knows both draws the
/// same frame. A stale item is its text after a mark, every run `dim`, and its facts
/// say it is stale (`ItemFacts.isStale`): the dialects draw it faint (`ansi`, the
/// shells), `dim` (tmux), grey (polybar, lemonbar) or at half alpha (pango, i3bar,
/// waybar), and waybar's `class` says `stale` while such an item is on screen.
public enum Staleness {
  /// The default mark: U+26A0 WARNING SIGN with no variation selector, one cell wide
  /// in every width profile (neither wide nor ambiguous in East Asian Width, and text
  /// presentation by default, so no release of tmux and no terminal widens it).
  public static let defaultMark = "⚠"

  /// Whether output last good at `lastGood` is stale at `time`: older than `after`
  /// seconds (all in Unix seconds).
  public static func isStale(lastGood: Double, at time: Double, after: Double) -> Bool {
    time - lastGood > after
  }

  /// `item` drawn stale: `mark` before it, in the item's first style, and every run
  /// `dim`.
  ///
  /// The mark is item text like any other: sanitised when the item is laid out, and
  /// escaped by every dialect.
  ///
  /// - Complexity: O(runs of `item`).
  public static func marked(_ item: StyledText, mark: String) -> StyledText {
    var runs: [StyledRun] = []
    runs.reserveCapacity(item.runs.count + 1)
    if !mark.isEmpty {
      var style = item.runs.first?.style ?? .plain
      style.attributes.insert(.dim)
      runs.append(StyledRun(mark, style: style))
    }
    for var run in item.runs {
      run.style.attributes.insert(.dim)
      runs.append(run)
    }
    return StyledText(runs: runs)
  }

  /// `item` drawn stale (`marked(_:mark:)`), its facts saying so (`ItemFacts.isStale`).
  ///
  /// - Complexity: O(runs of `item`).
  public static func marked(_ item: Item, mark: String) -> Item {
    var facts = item.facts
    facts.isStale = true
    return Item(marked(item.text, mark: mark), facts: facts)
  }

  /// Whether `frame` shows a stale item: one whose facts say so, in a frame that marks
  /// its items (`FrameEncoder.marksItems`, which a dialect that says so keeps).
  ///
  /// - Complexity: O(items of `frame`).
  public static func showsStale(_ frame: Frame) -> Bool {
    frame.items.contains { $0.facts?.isStale == true }
  }

  /// The note about one stale source, as waybar's tooltip starts:
  /// `stale since 14:02 UTC (last error: …)`.
  ///
  /// - Parameters:
  ///   - lastGood: When the source last gave good output, in Unix seconds.
  ///   - lastError: What went wrong since, if known (its first line is shown).
  public static func note(lastGood: Double, lastError: String?) -> String {
    var note = "stale since " + clockTime(lastGood) + " UTC"
    if let line = lastError?.split(separator: "\n", omittingEmptySubsequences: true).first {
      note += " (last error: " + line + ")"
    }
    return note
  }

  /// `HH:MM` of a Unix time, in UTC (the core reads no time zone).
  static func clockTime(_ time: Double) -> String {
    guard time.isFinite, abs(time) < 1e15 else { return "--:--" }
    let day = 86_400
    let seconds = (Int(time.rounded(.down)) % day + day) % day
    func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
    return two(seconds / 3600) + ":" + two(seconds / 60 % 60)
  }
}

extension FrameEncoder {
  /// `encode(_:placement:at:)`, with `staleNote` at the start of waybar's tooltip
  /// while the frame shows stale items.
  ///
  /// - Complexity: O(length of the frame).
  public func encode(
    _ frame: Frame, placement: Placement, at time: Double, staleNote: String?
  ) -> String {
    guard format.hasTooltip, let staleNote else {
      return encode(frame, placement: placement, at: time)
    }
    return WaybarDialect.encode(frame, staleNote: staleNote)
  }
}
