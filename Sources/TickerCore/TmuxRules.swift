/// Which tmux release's way of measuring and drawing text the `tmux` width profile
/// follows.
///
/// tmux measures text (to trim and align a status line, for `#{w:…}` and `#{=N:…}`)
/// by adding up a width for each scalar, but draws it cell by cell, putting some
/// scalars into the cell before them; where the two disagree, whatever follows the
/// text lands elsewhere than its measure says. Each group of releases measures and
/// draws differently, and the `tmux` profile rewrites what its release would measure
/// and draw apart into text that release measures and draws alike (see `CellMeasure`).
///
/// The groups, each named by its first release:
///
/// - `tmux33`: tmux 3.3a and older.
/// - `tmux34`: tmux 3.4, 3.5 and 3.5a.
/// - `tmux36`: tmux 3.6, 3.6a and 3.6b.
/// - `tmux37`: tmux 3.7 and later, the development line (`next-3.8`) included.
///
/// Under `tmux33` the profile is the sum of glibc's `wcwidth` over a cluster's scalars,
/// its ZWJ sequences split (see `CellMeasure`). From `tmux34` on, it is as follows.
///
/// tmux measures text as the sum of one width per scalar, `utf8_width`: 2 for the
/// scalars of its own list (`WidthTables.tmuxForceWide`: emoji modifier bases,
/// regional indicators, skin tones; from 3.6 regional indicators are 1), else glibc's
/// `wcwidth`, whose -1 (a scalar glibc does not know) counts 1 and is drawn.
///
/// tmux draws text scalar by scalar (`screen_write_combine`): an ASCII scalar, or one
/// with a width, takes cells of its own; one of no width goes into the cell before
/// the cursor (or nowhere, at the start of a line), and adds nothing. Some scalars
/// change the cell before them instead, which the measure does not see:
///
/// - a scalar after a cell that ends in U+200D ZERO WIDTH JOINER joins that cell, its
///   width lost;
/// - U+FE0F VARIATION SELECTOR-16 makes a 1-cell cell 2 cells wide;
/// - up to 3.5a, a regional indicator or a skin tone after a cell that is not ASCII
///   joins it and makes it 2 cells wide; from 3.6, a regional indicator joins a cell
///   that starts with one (3.7: that holds only one) and makes it 2 cells wide, and a
///   skin tone joins a cell that starts with an emoji of tmux's list;
/// - from 3.6, U+3164 HANGUL FILLER is not drawn at all;
/// - a cell holds 21 bytes up to 3.5a and 32 from 3.6; a scalar that does not fit
///   adds nothing, and from 3.6 a cell of exactly 32 bytes loses its text.
///
/// So the profile draws each cluster rewritten, scalar by scalar, into text that tmux
/// measures and draws alike, and gives it the sum of the per-scalar widths:
///
/// - U+200D ZERO WIDTH JOINER goes (`👩‍💻` becomes `👩` and `💻`).
/// - Skin tones U+1F3FB–U+1F3FF go (`👍🏽` becomes `👍`).
/// - U+FE0F stays only in a cell already 2 cells wide (`😀️` keeps it, `❤️` loses it).
/// - Up to 3.5a, each regional indicator becomes its ASCII letter (`🇯🇵` becomes `JP`).
///   In 3.6, a regional indicator that would be the third in a cell becomes its
///   letter; a flag right after a flag is kept apart by a space (`Strip` adds it).
///   From 3.7 they stay: two make a 2-cell flag, as two 1-cell scalars measure. From
///   3.6, one that would pair with a cell too full to show it becomes its letter.
/// - From 3.6, U+3164 HANGUL FILLER becomes U+3000 IDEOGRAPHIC SPACE (both measure 2).
/// - A scalar of no width that would not fit in its cell goes: past 21 bytes up to
///   3.5a, and at 32 bytes from 3.6 (a cell stays at 31 at most).
public enum TmuxRules: String, Sendable, CaseIterable, Comparable {
  /// tmux 3.3a and older: glibc's `wcwidth` for every scalar; a joiner puts the next
  /// scalar into the cell before it, and so does a scalar of no width.
  case tmux33 = "3.3a"
  /// tmux 3.4 to 3.5a: tmux's own list of emoji drawn 2 cells wide (regional
  /// indicators and skin tones among them), glibc's `wcwidth` for the rest; a
  /// variation selector, a regional indicator or a skin tone can widen the cell
  /// before it.
  case tmux34 = "3.4"
  /// tmux 3.6 to 3.6b: as 3.4, but regional indicators are 1 cell and any number of
  /// them join a cell that starts with one; U+3164 HANGUL FILLER is not drawn; a cell
  /// holds up to 32 bytes.
  case tmux36 = "3.6"
  /// tmux 3.7 and later: as 3.6, but only two regional indicators make one cell.
  case tmux37 = "3.7"

  /// The newest rules known: those of releases newer than any known.
  public static let newest = TmuxRules.tmux37

  /// The rules of the tmux release `version`, as `tmux -V` and `#{version}` print it.
  ///
  /// Accepts `3.3a`, `3.4`, `3.5a`, `3.6a`, `3.7c`, `3.8` and later, with a leading
  /// `tmux ` (as `tmux -V` prints it), a development version (`next-3.8`, taken as
  /// that release; `master`, taken as the newest), a suffix after a hyphen (`3.4-rc`,
  /// `3.6-rc2`), and OpenBSD's own tmux (`openbsd-7.6`, which follows the development
  /// line: the newest rules). A release older than 3.3a gets 3.3a's rules; one newer
  /// than any known gets `newest`.
  ///
  /// - Parameter version: The version text; spaces around it are ignored.
  /// - Returns: The rules, or nil when `version` is not a tmux version.
  public init?(version: String) {
    var text = Self.trimmed(Substring(version))
    if text.hasPrefix("tmux ") { text = Self.trimmed(text.dropFirst(5)) }
    if text == "master" || text.hasPrefix("openbsd-") && Self.release(text.dropFirst(8)) != nil {
      self = .newest
      return
    }
    if text.hasPrefix("next-") { text = text.dropFirst(5) }
    var release = text
    if let hyphen = text.firstIndex(of: "-") {
      let suffix = text[text.index(after: hyphen)...]
      guard !suffix.isEmpty,
        suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") })
      else { return nil }
      release = text[..<hyphen]
    }
    guard let number = Self.release(release) else { return nil }
    if number < (3, 4) {
      self = .tmux33
    } else if number < (3, 6) {
      self = .tmux34
    } else if number < (3, 7) {
      self = .tmux36
    } else {
      self = .tmux37
    }
  }

  public static func < (lhs: TmuxRules, rhs: TmuxRules) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// `MAJOR.MINOR` with an optional lower-case letter after it (`3.5a`).
  private static func release(_ text: Substring) -> (major: Int, minor: Int)? {
    var rest = text
    if let last = rest.last, last.isASCII, last.isLowercase { rest = rest.dropLast() }
    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard (1...4).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    return (numbers[0], numbers[1])
  }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while text.first == " " || text.first == "\t" || text.first == "\n" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" || text.last == "\n" { text = text.dropLast() }
    return text
  }
}

// MARK: - tmux 3.4 and later

/// The `tmux` profile of tmux 3.4 and later: the per-scalar widths and the rewrites
/// `TmuxRules` describes.
extension CellMeasure {
  /// The width of one scalar to tmux 3.4 and later (`utf8_width`).
  func laterTmuxWidth(of value: UInt32) -> Int {
    if value < 0xA0 { return value >= 0x20 && value < 0x7F ? 1 : 0 }
    if value >= 0x261D && WidthTables.contains(WidthTables.tmuxForceWide, value) {
      return tmux >= .tmux36 && ClusterRules.isRegionalIndicator(value) ? 1 : 2
    }
    let width = WidthTables.tmuxRunWidths[
      WidthTables.runIndex(WidthTables.tmuxRunStarts, value)]
    // glibc's -1 (255 here): tmux 3.4 and later count it 1 and draw the scalar.
    return width == 255 ? 1 : Int(width)
  }

  /// The most bytes a cell may hold and still show its text.
  private var tmuxCellCapacity: Int { tmux >= .tmux36 ? 31 : 21 }

  /// Whether `cluster` may hold something the rewrite changes; when not, its width is
  /// the plain sum of its scalars' widths.
  private func mayNeedLaterTmuxRewrite(_ cluster: Character) -> Bool {
    if cluster.utf8.count > tmuxCellCapacity { return true }
    for scalar in cluster.unicodeScalars {
      switch scalar.value {
      case 0x200D, 0xFE0F, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return true
      case 0x3164 where tmux >= .tmux36: return true
      default: continue
      }
    }
    return false
  }

  /// `scalars` rewritten for tmux 3.4 and later (see the extension's comment), its
  /// width, and whether anything changed.
  private func laterTmuxRewrite(_ scalars: Character.UnicodeScalarView) -> (
    text: String.UnicodeScalarView, width: Int, changed: Bool
  ) {
    var rewrite = TmuxCellRewrite(tmux: tmux, capacity: tmuxCellCapacity)
    for scalar in scalars { rewrite.add(scalar, measure: self) }
    return (rewrite.text, rewrite.total, rewrite.changed)
  }

  /// The width of `cluster` to tmux 3.4 and later, rewritten.
  func laterTmuxWidth(of cluster: Character) -> Int {
    guard mayNeedLaterTmuxRewrite(cluster) else {
      var total = 0
      for scalar in cluster.unicodeScalars { total += laterTmuxWidth(of: scalar.value) }
      return total
    }
    return laterTmuxRewrite(cluster.unicodeScalars).width
  }

  /// Calls `body` with each cluster of `text`, what `cluster` was rewritten into for tmux, and
  /// its width; with `cluster` itself and 0 when nothing is left to draw (nothing but
  /// joiners, say), so that the text is kept.
  func forEachUnit(
    of text: String, rewriting cluster: Character, _ body: (Character, Int) -> Void
  ) {
    guard !text.isEmpty else {
      body(cluster, 0)
      return
    }
    for unit in text {
      body(unit, width(of: unit))
    }
  }

  /// Calls `body` with the units of `cluster` rewritten for tmux 3.4 and later.
  func forEachLaterTmuxUnit(of cluster: Character, _ body: (Character, Int) -> Void) {
    guard mayNeedLaterTmuxRewrite(cluster) else {
      body(cluster, laterTmuxWidth(of: cluster))
      return
    }
    let (rewritten, width, changed) = laterTmuxRewrite(cluster.unicodeScalars)
    guard changed else {
      body(cluster, width)
      return
    }
    forEachUnit(of: String(rewritten), rewriting: cluster, body)
  }

  /// Whether tmux would draw `next` into the last cell of `previous`: tmux 3.6 puts a
  /// regional indicator into a cell that starts with one however many it holds, so a
  /// flag right after a flag would lose a cell. The strip keeps them apart.
  func tmuxJoins(_ previous: String, _ next: Character) -> Bool {
    guard profile == .tmux, tmux == .tmux36, let first = next.unicodeScalars.first,
      ClusterRules.isRegionalIndicator(first.value)
    else { return false }
    for scalar in previous.unicodeScalars.reversed() {
      if scalar.value < 0x80 { return false }
      if laterTmuxWidth(of: scalar.value) > 0 {
        // The last scalar with a width: the last cell's, which starts with a regional
        // indicator if and only if this is one (the second of a pair joins the first).
        return ClusterRules.isRegionalIndicator(scalar.value)
      }
    }
    return false
  }
}

/// tmux 3.4 and later's cells, one scalar at a time (`laterTmuxRewrite`): what tmux
/// drops or writes instead, and what no longer fits the cell a scalar of no width
/// would go into.
private struct TmuxCellRewrite {
  let tmux: TmuxRules
  /// The most bytes a cell holds.
  let capacity: Int
  private(set) var text = String.UnicodeScalarView()
  private(set) var changed = false
  private(set) var total = 0
  // The cell the next scalar of no width would go into: its width (0 while the text
  // has none yet), its bytes, and how many regional indicators it holds when it
  // starts with one.
  private var cellWidth = 0
  private var cellBytes = 0
  private var cellIndicators = 0

  init(tmux: TmuxRules, capacity: Int) {
    self.tmux = tmux
    self.capacity = capacity
  }

  /// Adds `original`, as tmux would store it.
  mutating func add(_ original: Unicode.Scalar, measure: CellMeasure) {
    guard let scalar = substitute(original) else { return }
    let size = UTF8.width(scalar)
    if scalar.value == 0xFE0F {
      if cellWidth == 2 && cellBytes + size <= capacity {
        text.append(scalar)
        cellBytes += size
      } else {
        changed = true
      }
      return
    }
    let width = measure.laterTmuxWidth(of: scalar.value)
    if width == 0 {
      if cellWidth > 0 {
        guard cellBytes + size <= capacity else {
          changed = true
          return
        }
        cellBytes += size
      }
      text.append(scalar)
      return
    }
    total += width
    text.append(scalar)
    if ClusterRules.isRegionalIndicator(scalar.value) && cellIndicators == 1 {
      // The second of a pair joins the first's cell and makes it 2 cells wide.
      cellIndicators = 2
      cellWidth = 2
      cellBytes += size
      return
    }
    cellWidth = width
    cellBytes = size
    cellIndicators = ClusterRules.isRegionalIndicator(scalar.value) ? 1 : 0
  }

  /// What tmux keeps of `scalar`: nothing of a ZWJ or a skin tone; 3.6's space for a
  /// Hangul filler; a regional indicator's letter where tmux writes it.
  private mutating func substitute(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let value = scalar.value
    if value == 0x200D || (0x1F3FB...0x1F3FF).contains(value) {
      changed = true
      return nil
    }
    if value == 0x3164 && tmux >= .tmux36 {
      changed = true
      return "\u{3000}"
    }
    if ClusterRules.isRegionalIndicator(value)
      && (tmux == .tmux34 || (tmux == .tmux36 && cellIndicators >= 2)
        || (cellIndicators == 1 && cellBytes + 4 > capacity))
    {
      // Its letter, A to Z: up to 3.5a always; in 3.6 where it would be the third in
      // a cell; from 3.6 where it would pair with a cell too full to show it.
      changed = true
      return Unicode.Scalar(value - 0x1F1E6 + 0x41) ?? scalar
    }
    return scalar
  }
}
