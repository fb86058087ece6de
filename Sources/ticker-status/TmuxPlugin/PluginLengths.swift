/// How long status-left and status-right must be for the tickers in them: each
/// ticker's width for each place it stands, and the rest of the text measured
/// generously (its bytes without `#[...]` styles, before and after tmux expands it,
/// whichever is more: a character is never wider than its UTF-8 bytes).
enum PluginLengths {
  /// The two sides the plugin fills.
  static let sides = ["status-left", "status-right"]

  /// `text` without the places where the `keys` stand (`#{ticker}`, `#{@ticker}`,
  /// `#{ticker:NAME}`, …) and how many cells those places need, each key's from
  /// `widths` (40 when not given).
  static func split(_ text: String, keys: [String], widths: [String: Int])
    -> (rest: String, need: Int)
  {
    var rest = text
    var need = 0
    for key in keys {
      for form in [PluginTickers.placeholder(key), PluginTickers.optionForm(key)] {
        let count = rest.occurrences(of: form)
        guard count > 0 else { continue }
        need += count * (widths[key] ?? Options.defaultWidth)
        rest = rest.replacingEvery(form, with: "")
      }
    }
    return (rest, need)
  }

  /// The bytes of `text` without `#[...]` styles.
  static func rawWidth(_ text: String) -> Int {
    var count = 0
    var rest = Substring(text)
    while let start = rest.firstRange(of: "#[") {
      count += rest[..<start.lowerBound].utf8.count
      let after = rest[start.upperBound...]
      guard let close = after.firstIndex(of: "]") else {
        return count + rest[start.lowerBound...].utf8.count
      }
      rest = after[after.index(after: close)...]
    }
    return count + rest.utf8.count
  }

  /// The `set-option` that raises `side`'s length to fit `text` (the side's value),
  /// when it is shorter; nil when it is long enough or no ticker stands in it.
  ///
  /// - Parameters:
  ///   - expanded: The bytes tmux expanded the rest of the side to, as measured.
  static func raise(
    _ side: String, text: String, keys: [String], widths: [String: Int], expanded: Int,
    length: String
  ) -> String? {
    let (rest, tickers) = split(text, keys: keys, widths: widths)
    guard tickers > 0 else { return nil }
    let need = tickers + max(rawWidth(rest), expanded)
    let current = Int(length).flatMap { $0 >= 0 ? $0 : nil } ?? 0
    guard current < need else { return nil }
    return "set-option -g \(side)-length \(need)"
  }
}
