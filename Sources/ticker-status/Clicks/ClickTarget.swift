import TickerCore

extension ClickAction.Target {
  /// The item at `index` among the items given to `strip`, as a click target, from
  /// the facts the strip keeps of it (laid out keeping every fact:
  /// `StripBuild(_:sources:keepingFacts:)`); `nil` when there is no such item, or it
  /// is a placeholder.
  ///
  /// A click reads nothing again: the strip the frame was cut from has what it needs.
  ///
  /// - Complexity: O(log *n*).
  init?(item index: Int, of strip: Strip) {
    let facts = strip.facts(ofItem: index)
    guard let text = facts.text, !facts.isPlaceholder else { return nil }
    self.init(
      index: index, text: text, quote: facts.quote, url: facts.url, tooltip: facts.tooltip)
  }
}
