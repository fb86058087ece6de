import Testing

@testable import TickerCore

/// A tmux release measured for the fixtures in `Fixtures/tmux-widths`.
enum TmuxRelease: String, CaseIterable, Sendable, Comparable, CustomTestStringConvertible {
  case v33a = "3.3a"
  case v34 = "3.4"
  case v35a = "3.5a"
  case v36a = "3.6a"
  case v37c = "3.7c"
  case next38 = "next-3.8"

  /// The rules the profile has for this release, read from its version as a user
  /// would give it.
  var rules: TmuxRules { TmuxRules(version: rawValue)! }

  var testDescription: String { "tmux \(rawValue)" }

  static func < (lhs: TmuxRelease, rhs: TmuxRelease) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// How one tmux release measures text and places it in a status line, cell by cell:
/// a model of `utf8_width`, `format_width`, `screen_write_cell` and
/// `screen_write_combine` as the release has them, written from tmux's behaviour
/// (see scripts/tmux-width-oracle.py) rather than from the profile's rewrites.
///
/// The tests check it against real tmux through the fixtures (it must give every
/// sample's `w` and `cells`), then check the profiles against it: whatever a profile
/// draws must take, in the model, as many cells as the profile says.
struct TmuxModel {
  /// One cell of the line being drawn.
  struct Cell {
    var scalars: [Unicode.Scalar] = [" "]
    var size = 1
    var width = 1
    var isPadding = false

    static let padding = Cell(scalars: [], size: 0, width: 0, isPadding: true)

    var endsWithJoiner: Bool { scalars.last == "\u{200D}" }
    var regionalIndicators: Int { scalars.filter { isRegionalIndicator($0) }.count }
  }

  let release: TmuxRelease
  private(set) var cells: [Cell]
  /// The cursor: where the next cell goes.
  private(set) var cursor = 0
  /// tmux 3.3a: a U+200D was read; the next scalar joins the cell before it.
  private var joinerPending = false

  init(_ release: TmuxRelease, columns: Int = 512) {
    self.release = release
    cells = Array(repeating: Cell(), count: columns)
  }

  /// How far the cursor moves when `text` is drawn after `prefix` (an ASCII `L` in
  /// the fixtures), from a fresh line.
  static func cells(_ text: String, after prefix: String = "L", _ release: TmuxRelease) -> Int {
    var model = TmuxModel(release)
    model.draw(prefix)
    let start = model.cursor
    model.draw(text)
    return model.cursor - start
  }

  /// `#{w:…}`, tmux's measure of `text`: the sum of its scalars' widths, or nil where
  /// tmux 3.3a cannot measure it (it spins on a scalar glibc does not know).
  static func measure(_ text: String, _ release: TmuxRelease) -> Int? {
    var total = 0
    for scalar in text.unicodeScalars {
      guard let width = width(of: scalar, release) else { return nil }
      total += width
    }
    return total
  }

  /// `utf8_width`: glibc's `wcwidth`, or tmux's force-wide list from 3.4. Nil where
  /// 3.3a fails (glibc's -1); from 3.4 that is 1, and 0 for C1 controls.
  static func width(of scalar: Unicode.Scalar, _ release: TmuxRelease) -> Int? {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if release >= .v34 && WidthTables.contains(WidthTables.tmuxForceWide, value) {
      return release >= .v36a && isRegionalIndicator(scalar) ? 1 : 2
    }
    let glibc = WidthTables.tmuxRunWidths[WidthTables.runIndex(WidthTables.tmuxRunStarts, value)]
    if glibc == 255 { return release == .v33a ? nil : 1 }
    return Int(glibc)
  }

  mutating func draw(_ text: String) {
    for scalar in text.unicodeScalars { put(scalar) }
  }

  /// The bytes a cell holds (`UTF8_SIZE`).
  private var capacity: Int { release >= .v36a ? 32 : 21 }

  private mutating func put(_ scalar: Unicode.Scalar) {
    // format_draw skips a scalar tmux cannot measure (3.3a only).
    guard let width = Self.width(of: scalar, release) else { return }
    if release == .v33a {
      put33(scalar, width: width)
    } else {
      putLater(scalar, width: width)
    }
  }

  /// tmux 3.3a: a joiner makes the next scalar join the cell before the cursor, and
  /// so does a scalar of no width; nothing else joins.
  private mutating func put33(_ scalar: Unicode.Scalar, width: Int) {
    if scalar == "\u{200D}" {
      joinerPending = true
      return
    }
    if joinerPending { combine33("\u{200D}") }
    if width == 0 || joinerPending {
      joinerPending = false
      combine33(scalar)
      return
    }
    write(scalar, width: width)
  }

  private mutating func combine33(_ scalar: Unicode.Scalar) {
    guard cursor > 0,
      let index = (0..<cursor).reversed().first(where: { !cells[$0].isPadding })
    else { return }
    let size = UTF8.width(scalar)
    guard cells[index].size + size <= capacity else { return }
    cells[index].scalars.append(scalar)
    cells[index].size += size
  }

  /// tmux 3.4 and later (screen_write_combine).
  private mutating func putLater(_ scalar: Unicode.Scalar, width: Int) {
    if release >= .v36a && scalar == "\u{3164}" { return }
    let size = UTF8.width(scalar)
    let zeroWidth = scalar == "\u{200D}" || scalar == "\u{FE0F}" || width == 0
    var forceWide = scalar == "\u{FE0F}"
    guard size >= 2 && cursor > 0 else {
      if !zeroWidth { write(scalar, width: width) }
      return
    }
    var back = 1
    var last = cells[cursor - 1]
    if cursor != 1 && last.isPadding {
      back = 2
      last = cells[cursor - 2]
    }
    guard back == last.width && !last.isPadding else {
      if !zeroWidth { write(scalar, width: width) }
      return
    }
    if !zeroWidth {
      if release <= .v35a {
        if isRegionalIndicator(scalar) || isSkinTone(scalar) {
          guard last.size >= 2 else { return write(scalar, width: width) }
          forceWide = true
        } else if !last.endsWithJoiner {
          return write(scalar, width: width)
        }
      } else {
        switch hangulState(last, scalar) {
        case .choseong: return write(scalar, width: width)
        case .notComposable: return
        case .composable: break
        case .notJamo:
          if shouldCombine(with: last, add: scalar) {
            forceWide = true
          } else if !last.endsWithJoiner {
            return write(scalar, width: width)
          }
        }
      }
    }
    if last.size + size > capacity {
      // next-3.8 drops a scalar of no width that does not fit; earlier releases write
      // it as a cell of its own, of its own width.
      if release == .next38 && zeroWidth { return }
      return write(scalar, width: width)
    }
    last.scalars.append(scalar)
    last.size += size
    if last.width == 1 && forceWide {
      last.width = 2
      back = 2
      cursor += 1
    } else {
      forceWide = false
    }
    if release >= .v36a && last.size == 32 {
      // UTF8_GET_SIZE keeps 5 bits: the text is lost (the cell is empty, and may take
      // more), and the cell claims 2 cells without moving the cursor.
      last.scalars = []
      last.size = 0
      last.width = 2
    }
    cells[cursor - back] = last
    // tmux 3.4 puts the padding at the cursor, not in the cell it widened.
    if forceWide { cells[release == .v34 ? cursor : cursor - 1] = .padding }
  }

  /// utf8_should_combine both ways, from tmux 3.6a.
  private func shouldCombine(with last: Cell, add scalar: Unicode.Scalar) -> Bool {
    guard let first = last.scalars.first else { return false }
    if isRegionalIndicator(scalar) && isRegionalIndicator(first) {
      return release < .v37c || last.regionalIndicators == 1
    }
    return (isToneBase(scalar) && isSkinTone(first)) || (isToneBase(first) && isSkinTone(scalar))
  }

  private enum HangulState { case notJamo, choseong, composable, notComposable }

  /// hanguljamo_check_state, from tmux 3.6.
  private func hangulState(_ last: Cell, _ scalar: Unicode.Scalar) -> HangulState {
    enum JamoClass { case none, choseong, jungseong, jongseong }
    func jamoClass(_ scalar: Unicode.Scalar?) -> JamoClass {
      switch scalar?.value ?? 0 {
      case 0x1100...0x115F, 0xA960...0xA97C: return .choseong
      case 0x1160...0x11A7, 0xD7B0...0xD7C6: return .jungseong
      case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return .jongseong
      default: return .none
      }
    }
    // tmux reads the last three bytes of the cell: its last scalar when that is
    // three bytes long.
    let previous = last.scalars.last.flatMap { UTF8.width($0) == 3 ? $0 : nil }
    switch jamoClass(scalar) {
    case .none: return .notJamo
    case .choseong: return .choseong
    case .jungseong: return jamoClass(previous) == .choseong ? .composable : .notComposable
    case .jongseong: return jamoClass(previous) == .jungseong ? .composable : .notComposable
    }
  }

  /// screen_write_cell for a scalar that takes cells of its own: clears any wide
  /// character it overwrites, fills the padding, and moves the cursor.
  private mutating func write(_ scalar: Unicode.Scalar, width: Int) {
    if cells[cursor].isPadding {
      var index = cursor
      while index > 0 && cells[index].isPadding {
        cells[index] = Cell()
        index -= 1
      }
      cells[index] = Cell()
    }
    var after = cursor + max(width, 1)
    while after < cells.count && cells[after].isPadding {
      cells[after] = Cell()
      after += 1
    }
    cells[cursor] = Cell(
      scalars: [scalar], size: UTF8.width(scalar), width: width, isPadding: false)
    for index in (cursor + 1)..<(cursor + max(width, 1)) { cells[index] = .padding }
    cursor += width
  }
}

private func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
  (0x1F1E6...0x1F1FF).contains(scalar.value)
}

private func isSkinTone(_ scalar: Unicode.Scalar) -> Bool {
  (0x1F3FB...0x1F3FF).contains(scalar.value)
}

/// The emoji a skin tone joins in tmux 3.6a and later (utf8_should_combine).
private func isToneBase(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x1F44B...0x1F450, 0x1F466...0x1F469, 0x1F46E, 0x1F470...0x1F478, 0x1F47C,
    0x1F481...0x1F483, 0x1F485...0x1F487, 0x1F4AA, 0x1F575, 0x1F57A, 0x1F590,
    0x1F595...0x1F596, 0x1F645...0x1F647, 0x1F64B...0x1F64F, 0x1F6B4...0x1F6B6, 0x1F926,
    0x1F937...0x1F939, 0x1F93D...0x1F93E, 0x1F9B5...0x1F9B6, 0x1F9B8...0x1F9B9,
    0x1F9CD...0x1F9CF, 0x1F9D1...0x1F9DF:
    return true
  default:
    return false
  }
}
