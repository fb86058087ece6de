import TickerCore

/// One item of `--input json`: a line holding one JSON object, read by
/// `JSONObjectScanner` (bounded: the line is at most 64 KiB, nesting at most 64 deep,
/// and each step consumes a byte).
///
/// - `text` (a string) is the item's text, literal whatever it holds: the dialects
///   escape it as any item text.
/// - `symbol` and `price` (and `change`, else `change_percent`), as
///   `ticker-quotes --json` prints them, make the item a quote, drawn as `--quotes`
///   draws one, its price and change at `decimals` where that is given (0 to 12: the
///   source's own digits, such as Kraken's 84036.00000, read as people read them);
///   `time` is read and not drawn.
/// - `market_state` (`pre`, `regular`, `post`, `closed`) tags a quote after its change
///   (` pre`, ` post`, ` closed`, dim; nothing in the regular session); in `pre` and
///   `post` the `extended` trade (`price`, `change`, `percent`), when there is one, is
///   the price and change drawn, tagged so.
/// - `history`, a list of numbers oldest first, is drawn after the price as a
///   sparkline of its last `--sparkline` values (`Sparkline`); what is not a finite
///   number in it is left out.
/// - `style`, in tmux style syntax, styles a text item; one that does not parse is
///   ignored, with one warning a run.
/// - `url` and `tooltip` go to `--on-click` (`TICKER_URL`, `TICKER_TOOLTIP`), and the
///   tooltip to waybar's.
///
/// Other members are ignored. A line that is not one JSON object alone (an array that
/// holds one, an object after commas or before other text), whose `text` is not a
/// string, or that has neither text nor a quote is no item at all (it takes no index),
/// with one warning a run; so is a blank line, without one.
struct JSONItem {
  /// The item as drawn.
  var text: StyledText
  /// The quote, for an object with `symbol` and `price` that read as one.
  var quote: Quote?
  /// `url`, without control characters.
  var url: String?
  /// `tooltip`, without control characters, at most `longestTooltip` characters.
  var tooltip: String?
  /// `market_state`, for a quote.
  var marketState: MarketState?
  /// The item's `text` and `style`, for a text item (not a quote).
  private var literal: StyledRun?

  /// The most characters of a tooltip kept.
  static let longestTooltip = 1024

  /// Whether the run has warned of a line left out, and of a style ignored.
  private nonisolated(unsafe) static var warnedOfLine = false
  private nonisolated(unsafe) static var warnedOfStyle = false

  /// The item of one line; `nil` when the line gives no item (see the type).
  ///
  /// - Complexity: O(length of the line).
  init?<Bytes: Collection<UInt8>>(line: Bytes, styles: QuoteStyles, sparkline: Int = 0) {
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else {
      return nil
    }
    var scanner = JSONObjectScanner(Array(line))
    guard let (members, nested) = scanner.scanOnlyObject(keepingNested: ["extended", "history"])
    else {
      JSONItem.warnOfLine("is not a JSON object")
      return nil
    }
    let given = members["text"]
    if let given, given.string == nil, given != .null {
      JSONItem.warnOfLine("has a 'text' that is not a string")
      return nil
    }
    let state = members["market_state"]?.string.flatMap(MarketState.init(rawValue:))
    quote = JSONItem.quote(JSONItem.shownTrade(members, state: state, nested: nested))
    if let quote {
      marketState = state
      text = JSONItem.drawn(
        quote, styles: styles, state: state,
        sparkline: JSONItem.history(nested["history"], count: sparkline))
    } else if let string = given?.string {
      let run = StyledRun(string, style: JSONItem.style(members["style"]))
      literal = run
      text = StyledText(runs: [run])
    } else {
      JSONItem.warnOfLine("has no 'text' string")
      return nil
    }
    url = members["url"]?.string.map(Sanitizer.clean)
    tooltip = members["tooltip"]?.string.map {
      String(Sanitizer.clean($0).prefix(JSONItem.longestTooltip))
    }
  }

  /// The items this one makes under `--split`: its text cut at `separator` into the
  /// non-empty parts between, each in the item's style; a quote, or text without
  /// `--split`, is one item.
  ///
  /// - Complexity: O(length of the text).
  func parts(at separator: [UInt8]) -> [StyledText] {
    guard !separator.isEmpty, let literal else { return [text] }
    var parts: [StyledText] = []
    var whole = literal.text
    whole.withUTF8 { bytes in
      ItemReader.forEachPart(of: UnsafeRawBufferPointer(bytes), at: separator) { part in
        parts.append(StyledText(String(decoding: part, as: UTF8.self), style: literal.style))
      }
    }
    return parts
  }

  /// The members whose price and change are drawn: in `pre` and `post`, those of the
  /// `extended` trade when it has a price; else `members`.
  private static func shownTrade(
    _ members: [String: JSONValue], state: MarketState?, nested: [String: ArraySlice<UInt8>]
  ) -> [String: JSONValue] {
    guard state == .pre || state == .post, let bytes = nested["extended"] else { return members }
    var scanner = JSONObjectScanner(Array(bytes))
    guard let trade = scanner.scanOnlyObject(), let price = trade["price"], price != .null else {
      return members
    }
    var shown = members
    shown["price"] = price
    shown["change"] = trade["change"] ?? .null
    shown["change_percent"] = trade["percent"] ?? .null
    return shown
  }

  /// The finite numbers of a `history` list, the last `count` of them drawn as a
  /// sparkline; empty without one.
  private static func history(_ bytes: ArraySlice<UInt8>?, count: Int) -> String {
    guard count > 0, let bytes else { return "" }
    var scanner = JSONObjectScanner(Array(bytes))
    guard let values = scanner.scanOnlyArray() else { return "" }
    return Sparkline.text(of: values.compactMap(\.number), count: count)
  }

  /// `quote` as `--quotes` draws it, with `sparkline` after the price and the market
  /// state's tag after it all.
  private static func drawn(
    _ quote: Quote, styles: QuoteStyles, state: MarketState?, sparkline: String
  ) -> StyledText {
    var runs = quote.styledText(styles: styles).runs
    if !sparkline.isEmpty {
      // `SYMBOL PRICE ` before a change, `SYMBOL PRICE` without one.
      if runs.count > 1 {
        runs[0].text += sparkline + " "
      } else {
        runs[0].text += " " + sparkline
      }
    }
    if let tag = state?.tag { runs.append(StyledRun(" " + tag, style: Style(attributes: .dim))) }
    return StyledText(runs: runs)
  }

  /// The quote of an object with `symbol` and `price`, read by `Quote(parsing:)`'s
  /// rules (numbers kept as written); `nil` when they are not one.
  private static func quote(_ members: [String: JSONValue]) -> Quote? {
    guard let symbol = members["symbol"]?.string.map(Sanitizer.clean),
      !symbol.isEmpty, var price = members["price"].flatMap(literal)
    else { return nil }
    var change = members["change"].flatMap(literal)
    if let places = members["decimals"]?.number, places >= 0, places <= 12,
      places == places.rounded()
    {
      price = DecimalText.rounded(price, places: Int(places)) ?? price
      change = change.map { DecimalText.rounded($0, places: Int(places)) ?? $0 }
    }
    if change == nil, let percent = members["change_percent"].flatMap(literal) {
      change = percent + "%"
    }
    if let number = change, let first = number.unicodeScalars.first,
      first != "-" && first != "+" && first != "\u{2212}",
      number.contains(where: { $0 != "0" && $0 != "." && $0 != "%" })
    {
      change = "+" + number
    }
    // A placeholder symbol: the symbol itself may hold spaces or commas.
    guard var quote = Quote(parsing: "S " + price + (change.map { " " + $0 } ?? "")),
      quote.price == price
    else { return nil }
    quote.symbol = symbol
    return quote
  }

  /// A number's literal as written, or a string as it is.
  private static func literal(_ value: JSONValue) -> String? {
    switch value {
    case .number(_, let literal): literal
    case .string(let text): text
    default: nil
    }
  }

  /// The style `value` names in tmux style syntax; plain, with one warning a run, when
  /// it is not one.
  private static func style(_ value: JSONValue?) -> Style {
    guard let value, value != .null else { return .plain }
    if let text = value.string, text.utf8.count <= 256, let style = TmuxStyle.parse(text) {
      return style
    }
    if !warnedOfStyle {
      warnedOfStyle = true
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: warning: a JSON item's 'style' is not a tmux style such as "
          + "'fg=green,bold'; drawing such items unstyled\n")
    }
    return .plain
  }

  private static func warnOfLine(_ problem: String) {
    guard !warnedOfLine else { return }
    warnedOfLine = true
    _ = FileDescriptor.standardError.writeAll(
      "ticker-status: warning: a line of --input json \(problem); leaving such lines out "
        + "(each line must be an object with a string 'text', or 'symbol' and 'price')\n")
  }
}
