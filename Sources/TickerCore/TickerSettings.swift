/// How the strip moves through the window.
public enum Motion: String, Sendable, CaseIterable {
  /// The circular strip moves continuously; after the last item the first comes again.
  case wrap
  /// The items, end to end, move to their end and back, resting at each end.
  case bounce
  /// One whole item at a time, each for the dwell, in order: no scrolling (an item
  /// wider than the window is cut, with an ellipsis).
  case flip
  /// The first items that fit, whole, standing still.
  case still

  /// Whether the motion moves cells across the window (`wrap`, `bounce`), which a
  /// wish for reduced motion turns off.
  public var scrolls: Bool { self == .wrap || self == .bounce }
}

/// What happens when everything fits in the window.
public enum Fit: String, Sendable, CaseIterable {
  /// Stand still, padded on the right.
  case left
  /// Stand still, padded on both sides.
  case center
  /// Stand still, padded on the left.
  case right
  /// Repeat the strip to fill the window and scroll anyway.
  case scroll
}
