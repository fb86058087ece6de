/// What is known about an item beyond how it looks: the facts that clicks, tooltips and
/// a bar's per-item signals (waybar's `class`, i3bar's `urgent`) read.
///
/// A strip keeps them sparsely, by item (`Strip.facts(ofItem:)`): nothing at all for a
/// strip whose items have none, the usual feed. A frame that marks its items carries
/// each one's facts (`FrameItem.facts`), so an encoder or a click reads them where the
/// frame was cut, and nothing reads a source again. A new fact is a member here, where
/// it is set (the executable's item reader) and where it is read (an encoder or a
/// click); the strip, the window and the frames carry it untouched.
public struct ItemFacts: Hashable, Sendable {
  /// The item's text as given, without the looks it is drawn with (a stale mark,
  /// styles), for a click's `TICKER_TEXT`; `nil` where nothing clicks.
  public var text: String?
  /// The quote the item shows, for a quote item.
  public var quote: Quote?
  /// Where the item points (`url` of a JSON item).
  public var url: String?
  /// The item's tooltip (`tooltip` of a JSON item), shown by waybar.
  public var tooltip: String?
  /// Whether the item is drawn stale: its source has given no good output for a while
  /// (`Staleness`).
  public var isStale = false
  /// Whether the item only holds a source's place until it has lines (`…loading`):
  /// nothing to click.
  public var isPlaceholder = false
  /// Whether the item's quote meets an alert rule (`AlertRule`): i3bar's `urgent`,
  /// waybar's `alert` class.
  public var isAlerting = false
  /// The state of the quote's market, when its source said (`--input json`).
  public var marketState: MarketState?

  /// No facts.
  public init() {}

  /// Facts with the given members.
  public init(
    text: String? = nil, quote: Quote? = nil, url: String? = nil, tooltip: String? = nil,
    isStale: Bool = false, isPlaceholder: Bool = false, isAlerting: Bool = false,
    marketState: MarketState? = nil
  ) {
    self.text = text
    self.quote = quote
    self.url = url
    self.tooltip = tooltip
    self.isStale = isStale
    self.isPlaceholder = isPlaceholder
    self.isAlerting = isAlerting
    self.marketState = marketState
  }

  /// Whether nothing is known: what a strip keeps nothing for.
  public var isEmpty: Bool { self == ItemFacts() }
}

/// The state of a quote's market (`market_state` of `ticker-quotes --json`).
public enum MarketState: String, Hashable, Sendable, CaseIterable {
  /// Before the regular session: extended-hours trading.
  case pre
  /// The regular session.
  case regular
  /// After the regular session: extended-hours trading.
  case post
  /// No trading.
  case closed

  /// The tag drawn after a quote in this state (`MarketState.tagged`); `nil` in the
  /// regular session, which needs none.
  public var tag: String? {
    switch self {
    case .pre: "pre"
    case .regular: nil
    case .post: "post"
    case .closed: "closed"
    }
  }
}

/// One item: its text as drawn, and its facts.
public struct Item: Sendable {
  /// The item as drawn.
  public var text: StyledText
  /// What is known about it.
  public var facts: ItemFacts

  /// An item of `text` with `facts`.
  public init(_ text: StyledText, facts: ItemFacts = ItemFacts()) {
    self.text = text
    self.facts = facts
  }
}

/// The facts of a strip's items, kept only for the items that have some, by their
/// index among the items given, ascending.
struct FactsTable: Sendable {
  private var items: [Int] = []
  private var facts: [ItemFacts] = []
  /// Whether any item has a tooltip.
  private(set) var hasTooltips = false

  /// Every item with facts, and its facts, in order.
  var entries: Zip2Sequence<[Int], [ItemFacts]> { zip(items, facts) }

  /// Whether no item has facts.
  var isEmpty: Bool { items.isEmpty }

  /// Item `item`, given after every item recorded so far, has `facts`.
  mutating func record(_ facts: ItemFacts, ofItem item: Int) {
    items.append(item)
    self.facts.append(facts)
    if let tooltip = facts.tooltip, !tooltip.isEmpty { hasTooltips = true }
  }

  /// The facts of item `item`; empty when it has none.
  ///
  /// - Complexity: O(log *f*) in the items with facts; O(1) without any.
  func facts(ofItem item: Int) -> ItemFacts {
    guard !items.isEmpty else { return ItemFacts() }
    let entry = lastIndex(upTo: items.count) { items[$0] <= item }
    return items[entry] == item ? facts[entry] : ItemFacts()
  }
}
