/// When a stream draws its next frame: at the motion's next change, never sooner than
/// `--max-fps` allows after the frame shown last.
struct FrameSchedule {
  /// The least time between two frames shown: 1 / `--max-fps`.
  let minimumInterval: Double
  /// The realtime at which to draw next; `nil`: only when something changes.
  private(set) var due: Double? = -.infinity
  /// When the frame on screen was shown (realtime).
  private(set) var shownAt = -Double.infinity

  init(maxFramesPerSecond: Double) { minimumInterval = 1 / maxFramesPerSecond }

  /// Whether a frame is to be drawn at `now`. A frame due while the cap still holds
  /// is put off until the cap allows it.
  mutating func isDue(at now: Double) -> Bool {
    guard let time = due, now >= time else { return false }
    guard now >= shownAt + minimumInterval else {
      due = shownAt + minimumInterval
      return false
    }
    return true
  }

  /// A frame was drawn at `now` (and shown, when `shown`): the next is due at the
  /// motion's next change (`nextChange`), or when the cap allows it.
  mutating func drawn(at now: Double, shown: Bool, nextChange: Double?) {
    if shown { shownAt = now }
    due = nextChange.map { max($0, shownAt + minimumInterval) }
  }

  /// Draws at once (SIGCONT, a new ticker).
  mutating func drawNow() { due = -.infinity }
}
