/// Where the window is at one moment.
public struct Placement: Hashable, Sendable {
  /// The strip cell at the window's left edge.
  public var offset: Int
  /// Seconds after which the motion repeats; 0 when the window stands still.
  public var cycle: Double
  /// The index (among the items given) of the item at the left edge, if any.
  public var item: Int?
}
