/// Which program's idea of a cell width to follow.
public enum WidthProfile: String, Sendable, CaseIterable {
  /// Python wcwidth 0.9.4's model of a terminal (`--cells wcwidth`).
  case terminal
  /// tmux on glibc, as the release `CellMeasure.tmux` names measures and draws text
  /// (3.3a by default: the sum of glibc `wcwidth` over the cluster's scalars). xterm,
  /// urxvt, st, VTE, alacritty and foot draw text as 3.3a's rules have it.
  case tmux
  /// konsole, measured in 22.12 (see `TerminalRules.swift`).
  case konsole
  /// kitty, measured in 0.26 (see `TerminalRules.swift`).
  case kitty
  /// alacritty, measured in 0.11: 3.3a's rules but for one block (`TerminalRules.swift`).
  case alacritty
}

/// How wide East Asian Ambiguous characters are drawn.
///
/// East Asian Ambiguous characters (`±`, `é`, `→`, Greek and Cyrillic letters) are one
/// cell in most terminals and two in terminals set up for CJK text.
public enum AmbiguousWidth: String, Sendable, CaseIterable {
  /// One cell, as most terminals draw them.
  case narrow
  /// Two cells, as terminals set up for CJK text draw them.
  case wide
}

/// Measures grapheme clusters in terminal cells under one width profile.
///
/// The `terminal` profile gives a cluster the width that Python's wcwidth 0.9.4
/// `width()` gives the same text: East Asian Wide and Fullwidth scalars
/// are 2, zero-width scalars (marks, format characters, conjoining Hangul vowels and
/// finals) add nothing, VS16 widens a narrow emoji, VS15 narrows a wide one, a ZWJ
/// hides the scalar after it, a regional-indicator pair is one wide flag, a skin tone
/// after a pictograph adds nothing, a spacing mark or a virama conjunct makes its
/// cluster 2. Ambiguous scalars are 1, or 2 with `AmbiguousWidth.wide`.
///
/// The `tmux` profile follows the tmux release `tmux` names (`TmuxRules`). Under
/// `TmuxRules.tmux33`, the default, it gives a cluster the sum of glibc 2.36 `wcwidth`
/// over its scalars, as tmux 3.3a measures it. tmux 3.3a drops a scalar glibc does
/// not know (`wcwidth` -1, anything assigned after Unicode 14), and its `#{w:…}` and
/// `#{=-N:…}` spin forever on one, so the profile shows such a scalar as U+FFFD,
/// which glibc and tmux give one cell. Later releases have widths and rewrites of
/// their own (see `TmuxRules` and `laterTmuxWidth(of:)`); under every release, the
/// text the profile draws is text that release measures and draws in the same cells.
///
/// Controls (C0, DEL, C1) are 0 under both profiles; text is sanitised before it is
/// measured, so they only reach here by mistake.
public struct CellMeasure: Sendable, Hashable {
  /// Whose cell widths to follow.
  public var profile: WidthProfile
  /// How wide East Asian Ambiguous characters are (the `terminal` profile only: glibc
  /// gives them one cell).
  public var ambiguous: AmbiguousWidth
  /// Which tmux release the `tmux` profile follows (the `terminal` profile ignores it).
  public var tmux: TmuxRules

  /// A measure for `profile`, with ambiguous characters `ambiguous`.
  ///
  /// - Parameters:
  ///   - profile: Whose cell widths to follow; modern terminals by default.
  ///   - ambiguous: How wide East Asian Ambiguous characters are; one cell by default.
  ///   - tmux: Which tmux release the `tmux` profile follows; 3.3a's rules by default.
  ///     `TmuxRules(version:)` reads a version as `tmux -V` prints it.
  public init(
    profile: WidthProfile = .terminal, ambiguous: AmbiguousWidth = .narrow,
    tmux: TmuxRules = .tmux33
  ) {
    self.profile = profile
    self.ambiguous = ambiguous
    self.tmux = tmux
  }

  /// The number of cells one grapheme cluster occupies.
  ///
  /// Under `tmux` this is the sum of the widths of the units `forEachUnit(of:_:)`
  /// yields.
  ///
  /// - Parameter cluster: The grapheme cluster to measure.
  /// - Returns: 0 or more cells.
  /// - Complexity: O(1) for printable ASCII; otherwise O(*s* log *t*) for *s* scalars
  ///   in the cluster and *t* entries in the width table.
  public func width(of cluster: Character) -> Int {
    // Most text is ASCII: one UTF-8 byte is one scalar below 0x80, no table needed.
    var bytes = cluster.utf8.makeIterator()
    if let byte = bytes.next(), byte < 0x80, bytes.next() == nil {
      return byte >= 0x20 && byte < 0x7F ? 1 : 0
    }
    switch profile {
    case .terminal:
      return terminalMeasure(of: cluster.unicodeScalars).width
    case .tmux:
      guard tmux == .tmux33 else { return laterTmuxWidth(of: cluster) }
      return tmuxWidth(of: cluster.unicodeScalars)
    case .konsole, .kitty, .alacritty:
      var total = 0
      forEachTerminalUnit(of: cluster) { total += $1 }
      return total
    }
  }

  /// Calls `body` with each unit the profile draws for `cluster`, and its width.
  ///
  /// The `terminal` profile draws a cluster as one unit, without a U+200D ZERO WIDTH
  /// JOINER at its end (it joins nothing, and wcwidth would take it as hiding the
  /// character after it), and with a U+200C ZERO WIDTH NON-JOINER after a virama at
  /// its end (which wcwidth would join with whatever follows into one conjunct of
  /// 2 cells; the non-joiner keeps the virama visible, as Unicode has it). Neither
  /// changes the cluster's width. The `tmux` profile may
  /// split a cluster that tmux measures and draws differently into parts it
  /// measures and draws alike: tmux 3.3a measures a ZWJ sequence as the sum of its
  /// scalars but draws it joined in fewer cells, so a cluster holding U+200D ZERO
  /// WIDTH JOINER becomes the clusters of the same text without its joiners
  /// (`👨‍👩‍👧` becomes `👨`, `👩`, `👧`, each 2 cells). Later releases rewrite more
  /// (see `TmuxRules`): skin tones go, flags may become letters.
  ///
  /// - Parameters:
  ///   - cluster: The grapheme cluster to draw.
  ///   - body: Called once per unit, in order, with the unit and its width in cells.
  /// - Complexity: O(*s* log *t*) for *s* scalars in the cluster.
  public func forEachUnit(of cluster: Character, _ body: (Character, Int) -> Void) {
    if profile == .konsole || profile == .kitty || profile == .alacritty {
      var bytes = cluster.utf8.makeIterator()
      if let byte = bytes.next(), byte < 0x80, bytes.next() == nil {
        body(cluster, width(of: cluster))
      } else {
        forEachTerminalUnit(of: cluster, body)
      }
      return
    }
    guard profile == .tmux else {
      let utf8 = cluster.utf8
      guard utf8.count >= 3 else {
        body(cluster, width(of: cluster))
        return
      }
      let (width, joinsNext) = terminalMeasure(of: cluster.unicodeScalars)
      // U+200D is E2 80 8D in UTF-8.
      guard joinsNext || utf8.last == 0x8D else {
        body(cluster, width)
        return
      }
      body(terminalUnit(cluster), width)
      return
    }
    guard tmux == .tmux33 else {
      forEachLaterTmuxUnit(of: cluster, body)
      return
    }
    guard needsRewriteForTmux(cluster) else {
      body(cluster, width(of: cluster))
      return
    }
    var rewritten = String.UnicodeScalarView()
    for scalar in cluster.unicodeScalars where scalar != Self.zeroWidthJoiner {
      rewritten.append(isUnknownToGlibc(scalar) ? Self.replacementCharacter : scalar)
    }
    forEachUnit(of: String(rewritten), rewriting: cluster, body)
  }
}

extension CellMeasure {
  /// Whether `next` could go into the last cell of the text before it under this
  /// measure, though the two are separate clusters: tmux 3.6 puts a regional
  /// indicator there, konsole a regional indicator, a skin tone or a Hangul vowel or
  /// final. A cheap check before `joinsPreviousCell(_:_:)`.
  func mayJoinPreviousCell(_ next: Character) -> Bool {
    guard let first = next.unicodeScalars.first?.value else { return false }
    switch profile {
    case .tmux:
      return tmux == .tmux36 && ClusterRules.isRegionalIndicator(first)
    case .konsole:
      return ClusterRules.isRegionalIndicator(first) || ClusterRules.isSkinTone(first)
        || ClusterRules.isHangulVowelOrFinal(first)
    case .terminal, .kitty, .alacritty:
      return false
    }
  }

  /// Whether the terminal would draw `next` into the last cell of `previous` (see
  /// `tmuxJoins(_:_:)` and `konsoleJoins(_:_:)`), so that both would lose cells. The
  /// strip keeps them apart.
  ///
  /// - Complexity: O(*s* log *t*) for *s* scalars in `previous`, O(1) when
  ///   `mayJoinPreviousCell(next)` is false.
  func joinsPreviousCell(_ previous: String, _ next: Character) -> Bool {
    guard mayJoinPreviousCell(next) else { return false }
    return profile == .konsole ? konsoleJoins(previous, next) : tmuxJoins(previous, next)
  }
}

extension CellMeasure {
  private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
  private static let zeroWidthNonJoiner: Unicode.Scalar = "\u{200C}"
  private static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"
  /// The `tmuxRunWidths` value of scalars glibc's `wcwidth` rejects.
  private static let unknownToGlibc: UInt8 = 255

  /// `cluster` as the terminal profile draws it: without the joiners at its end
  /// (unless it is nothing but joiners), and with a non-joiner after it when wcwidth
  /// would join the next character into it.
  private func terminalUnit(_ cluster: Character) -> Character {
    var scalars = String.UnicodeScalarView(cluster.unicodeScalars)
    while scalars.count > 1 && scalars.last == Self.zeroWidthJoiner { scalars.removeLast() }
    var unit = String(scalars)
    if terminalMeasure(of: unit.first?.unicodeScalars ?? cluster.unicodeScalars).joinsNext {
      unit.unicodeScalars.append(Self.zeroWidthNonJoiner)
    }
    return unit.first ?? cluster
  }

  func isUnknownToGlibc(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80
      && WidthTables.tmuxRunWidths[WidthTables.runIndex(WidthTables.tmuxRunStarts, scalar.value)]
        == Self.unknownToGlibc
  }

  /// Whether tmux would measure and draw `cluster` differently: it holds a joiner or
  /// a scalar glibc does not know.
  private func needsRewriteForTmux(_ cluster: Character) -> Bool {
    var bytes = cluster.utf8.makeIterator()
    if let byte = bytes.next(), byte < 0x80, bytes.next() == nil { return false }
    return cluster.unicodeScalars.contains { $0 == Self.zeroWidthJoiner || isUnknownToGlibc($0) }
  }

  /// The sum of tmux 3.3a's widths (glibc `wcwidth`) over `scalars`, a scalar glibc
  /// does not know counting 1 as the U+FFFD that replaces it.
  private func tmuxWidth(of scalars: Character.UnicodeScalarView) -> Int {
    var total = 0
    for scalar in scalars { total += glibcWidth(of: scalar.value) }
    return total
  }

  /// glibc 2.36 `wcwidth` of one scalar, 1 for one it does not know (drawn as U+FFFD).
  func glibcWidth(of value: UInt32) -> Int {
    let width = WidthTables.tmuxRunWidths[WidthTables.runIndex(WidthTables.tmuxRunStarts, value)]
    return width == Self.unknownToGlibc ? 1 : Int(width)
  }

  /// The cells of one scalar on its own under the terminal profile.
  func terminalWidth(of scalarClass: TerminalClass) -> Int {
    switch scalarClass {
    case .narrow: return 1
    case .wide: return 2
    case .ambiguous: return ambiguous == .wide ? 2 : 1
    case .zero, .spacingMark, .virama: return 0
    }
  }

  /// wcwidth 0.9.4's `width()` for the scalars of one cluster.
  ///
  /// A port of the grapheme loop of `wcwidth/_width.py` (the same as `_wcswidth.py`
  /// without terminal overrides), fed the whole cluster (`WcwidthLoop`).
  ///
  /// - Returns: The width, and whether wcwidth would join the character after the
  ///   cluster into it (a virama still waiting for its consonant at the end).
  private func terminalMeasure(of scalars: Character.UnicodeScalarView) -> (
    width: Int, joinsNext: Bool
  ) {
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return (0, false) }
    var upcoming = iterator.next()
    guard upcoming != nil else {
      let scalarClass = TerminalClass(first.value)
      return (terminalWidth(of: scalarClass), scalarClass == .virama)
    }
    var loop = WcwidthLoop()
    var current: Unicode.Scalar? = first
    while let scalar = current {
      current = upcoming
      upcoming = iterator.next()
      loop.step(scalar.value, isLast: current == nil, measure: self)
    }
    return loop.result
  }
}

/// What one scalar is to the terminal profile, from `WidthTables.terminalRunClasses`.
enum TerminalClass: UInt8 {
  case zero = 0
  case narrow = 1
  case wide = 2
  case ambiguous = 3
  /// General Category Mc: zero width, but widens its cluster to 2.
  case spacingMark = 4
  /// Indic virama or invisible stacker: zero width, joins a conjunct.
  case virama = 5

  init(_ value: UInt32) {
    let run = WidthTables.runIndex(WidthTables.terminalRunStarts, value)
    self = TerminalClass(rawValue: WidthTables.terminalRunClasses[run]) ?? .narrow
  }
}

extension WidthTables {
  /// The index of the run holding `value` in a run table that starts at 0.
  ///
  /// - Complexity: O(log *n*) for *n* runs.
  @inline(__always)
  static func runIndex(_ starts: [UInt32], _ value: UInt32) -> Int {
    starts.withUnsafeBufferPointer { starts in
      lastIndex(upTo: starts.count) { starts[$0] <= value }
    }
  }

  /// Whether a flattened table of inclusive `lo, hi` pairs holds `value`.
  ///
  /// - Complexity: O(log *n*) for *n* pairs.
  static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
    ranges.withUnsafeBufferPointer { ranges in
      guard ranges.count >= 2 else { return false }
      let pair = 2 * lastIndex(upTo: ranges.count / 2) { ranges[2 * $0] <= value }
      return ranges[pair] <= value && value <= ranges[pair + 1]
    }
  }
}
