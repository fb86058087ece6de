/// How konsole, kitty and alacritty draw text: each its own rules, measured in the terminals
/// (`scripts/terminal-width-oracle.py`, the fixtures in
/// `Tests/TickerCoreTests/Fixtures/terminal-widths/`).
///
/// Each starts from glibc 2.36's `wcwidth`, a scalar at a time, as xterm, urxvt, st,
/// VTE, alacritty and foot draw (the `tmux` profile's 3.3a rules), and a scalar glibc
/// does not know is drawn as U+FFFD. Then:
///
/// - **konsole 22.12** puts some scalars into the cell before them by rules of its
///   own (`KonsoleCell`): it joins a ZWJ sequence into one emoji, a skin tone into some
///   emoji, the second regional indicator of a cell into the first, a Hangul vowel or
///   final into the syllable it continues, and gives a spacing mark a cell only when
///   the cell it joins holds nothing else. A cluster is drawn without its joiners (its
///   parts, each measured) and without skin tones after something (a skin tone alone
///   is two cells); what konsole would join across two clusters is kept apart
///   (`konsoleJoins(_:_:)`).
/// - **kitty 0.26** joins nothing: a ZWJ sequence is the sum of its parts. VS16 right
///   after an emoji that has a text form makes it two cells; VS15 makes the last wide
///   character before it narrow, whatever it is; skin tones, spacing marks, U+00AD and
///   the Hangul fillers take no cell; a vowel or final jamo takes one; a lone regional
///   indicator two; the emoji of text form that glibc draws wide take one.
/// - **alacritty 0.11** draws the glibc sum but gives Hangul Jamo Extended-B
///   (U+D7B0–U+D7FF) one cell each, where glibc gives none; joiners go as for tmux.
extension CellMeasure {
  /// Calls `body` with the units konsole, kitty or alacritty draws `cluster` in, and
  /// their widths.
  func forEachTerminalUnit(of cluster: Character, _ body: (Character, Int) -> Void) {
    /// Whether the terminal is not given `scalar`, at `index` in the cluster, as it is.
    func isRewritten(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
      isUnknownToGlibc(scalar) || (profile != .kitty && scalar.value == 0x200D)
        || (profile == .konsole && index > 0 && ClusterRules.isSkinTone(scalar.value))
    }
    // Most clusters go as they are: the rewritten text is made only for the others.
    guard cluster.unicodeScalars.enumerated().contains(where: { isRewritten($1, at: $0) })
    else {
      body(cluster, unitWidth(of: cluster.unicodeScalars))
      return
    }
    var rewritten = String.UnicodeScalarView()
    for (index, scalar) in cluster.unicodeScalars.enumerated() {
      if isUnknownToGlibc(scalar) {
        rewritten.append("\u{FFFD}")
      } else if !isRewritten(scalar, at: index) {
        rewritten.append(scalar)
      }
    }
    let text = String(rewritten)
    guard !text.isEmpty else {
      body(cluster, 0)
      return
    }
    for unit in text { body(unit, unitWidth(of: unit.unicodeScalars)) }
  }

  /// The width of a unit (a cluster as `forEachTerminalUnit` leaves it) to konsole,
  /// kitty or alacritty.
  private func unitWidth(of scalars: Character.UnicodeScalarView) -> Int {
    profile == .konsole ? konsoleWidth(of: scalars) : terminalRulesWidth(of: scalars)
  }

  /// The width of a unit (a cluster as `forEachTerminalUnit` leaves it) to kitty or
  /// alacritty.
  ///
  /// - Complexity: O(*s* log *t*) for *s* scalars and *t* entries in the width tables.
  func terminalRulesWidth(of scalars: Character.UnicodeScalarView) -> Int {
    var total = 0
    var previous: UInt32?
    // The last scalar that took cells, and how many (for VS15 and VS16 in kitty).
    var lastShown: UInt32?
    var lastShownWidth = 0
    var indicators = 0
    for scalar in scalars {
      let value = scalar.value
      defer { previous = value }
      var width = glibcWidth(of: value)
      if profile == .alacritty {
        // Hangul Jamo Extended-B, which glibc 2.36 gives no cell.
        if (0xD7B0...0xD7FF).contains(value) { width = 1 }
      } else if ClusterRules.isRegionalIndicator(value) {
        indicators += 1
        // A pair is one flag of two cells; a lone one is two cells too.
        width = indicators % 2 == 1 ? 2 : 0
      } else if value == 0xFE0F || value == 0xFE0E {
        Self.kittySelector(
          value, previous: previous, lastShown: lastShown, lastShownWidth: &lastShownWidth,
          total: &total)
        continue
      } else {
        width = Self.kittyWidth(scalar, glibc: width)
      }
      total += width
      if width > 0 {
        lastShown = value
        lastShownWidth = width
      }
    }
    return max(total, 0)
  }

  /// kitty 0.26's width of `scalar` other than a variation selector (glibc's `glibc`).
  private static func kittyWidth(_ scalar: Unicode.Scalar, glibc: Int) -> Int {
    switch scalar.value {
    case 0x1F3FB...0x1F3FF, 0x00AD, 0x115F, 0x1160, 0x3164, 0xFFA0: return 0
    default:
      if ClusterRules.isHangulVowelOrFinal(scalar.value) || isKittyTextEmoji(scalar.value) {
        return 1
      }
      return scalar.properties.generalCategory == .spacingMark ? 0 : glibc
    }
  }

  /// kitty 0.26's VS16 (`0xFE0F`), which widens a narrow emoji base right before it,
  /// and VS15 (`0xFE0E`), which narrows the wide scalar shown last.
  private static func kittySelector(
    _ value: UInt32, previous: UInt32?, lastShown: UInt32?, lastShownWidth: inout Int,
    total: inout Int
  ) {
    if value == 0xFE0F {
      if lastShownWidth == 1, previous == lastShown, let base = lastShown,
        WidthTables.contains(WidthTables.vs16NarrowToWide, base) || isKittyTextEmoji(base)
      {
        total += 1
        lastShownWidth = 2
      }
    } else if lastShownWidth == 2 {
      total -= 1
      lastShownWidth = 1
    }
  }

  /// The emoji of text form (a basic emoji whose emoji form takes a VS16) that glibc
  /// draws two cells wide and kitty 0.26's table one: `〰`, `〽`, `㊗`, `㊙`, `🈂`, `🈷`.
  private static func isKittyTextEmoji(_ value: UInt32) -> Bool {
    switch value {
    case 0x3030, 0x303D, 0x3297, 0x3299, 0x1F202, 0x1F237: return true
    default: return false
    }
  }
}
