/// The cell konsole 22.12 is filling, as its screen fills it (`Screen::displayCharacter`),
/// a scalar at a time: the model `CellMeasure` draws konsole's text with.
///
/// konsole gives each scalar its own width (glibc 2.36's `wcwidth`, but for regional
/// indicators, 2 cells, and two blocks of symbols, 1) and puts a scalar into the cell
/// before the cursor, not on cells of its own, when it is one of these:
///
/// - a scalar of no width that is a mark, a format character or a letter (one of no
///   width and of another category is dropped): it adds nothing;
/// - a spacing mark: it adds 1 cell if that cell held one scalar, else nothing;
/// - a keycap (U+20E3), after a digit, `#` or `*` alone in its cell that took a VS16
///   (else it is dropped); VS16 itself only marks the cell, which still holds one
///   scalar;
/// - a skin tone, after a cell ending in U+261D–U+270D or U+1EFFF–U+1FAFF;
/// - a regional indicator, after a cell holding one regional indicator alone;
/// - a Hangul vowel or final jamo that continues the syllable the cell holds; one that
///   does not is 2 cells of its own. konsole takes a syllable whose code point is a
///   multiple of 28 for one without a final (a slip: those have one), so a vowel
///   joins it too.
///
/// The general category konsole asks is Qt 5.15's, Unicode 13.0's: a mark assigned
/// later is unassigned to it, dropped when of no width and drawn on cells of its own
/// when of one. A cell keeps 10 scalars at most; the rest go into it unseen.
/// Joiners never reach the model: `CellMeasure` draws konsole's text without them.
struct KonsoleCell {
  /// How many scalars the cell holds (1 to 10).
  private var count = 1
  /// Its first scalar, and its last.
  private var first: UInt32
  private var last: UInt32
  /// Whether a VS16 followed its one scalar (konsole's emoji presentation flag).
  private var presented = false
  /// Where its scalars leave a Hangul syllable, as konsole reckons it.
  private var syllable: Syllable

  /// The cell before a unit: an ASCII letter, as the "L" the fixtures are drawn after,
  /// or the space a separator ends in. What a unit would join in the cell before is
  /// kept apart by `CellMeasure.konsoleJoins(_:_:)`.
  static let neutral = KonsoleCell(starting: 0x4C)

  private init(starting value: UInt32) {
    first = value
    last = value
    syllable = Syllable.none.after(value)
  }

  /// Draws `scalar`, of glibc width `glibc`, and returns the cells the cursor moves.
  ///
  /// - Complexity: O(1).
  mutating func draw(_ scalar: Unicode.Scalar, glibc: Int) -> Int {
    let value = scalar.value
    let width = Self.width(of: value, glibc: glibc)
    let category = Self.category(of: scalar)
    let isSpacingMark = category == .spacingMark
    let isIndicator = ClusterRules.isRegionalIndicator(value)
    let isSkinTone = ClusterRules.isSkinTone(value)
    guard isSpacingMark || width == 0 || isIndicator || isSkinTone || value == 0x20E3 else {
      return start(value, width: width)
    }
    switch category {
    case .spacingMark, .nonspacingMark, .otherLetter, .format: break
    default:
      // An enclosing mark, a keycap, or a scalar konsole does not know, of no width.
      guard isIndicator || isSkinTone || value == 0x20E3 else { return 0 }
    }
    if value == 0x20E3 {
      guard count == 1, presented, first == 0x23 || first == 0x2A || (0x30...0x39).contains(first)
      else { return 0 }
    } else if value == 0xFE0F {
      presented = true
      return 0
    } else if isSkinTone {
      guard (0x261D...0x270D).contains(last) || (0x1EFFF...0x1FAFF).contains(last) else {
        return start(value, width: width)
      }
    } else if isIndicator {
      guard count == 1, ClusterRules.isRegionalIndicator(first) else {
        return start(value, width: width)
      }
    } else if ClusterRules.isHangulVowelOrFinal(value), !continuesSyllable(with: value) {
      return start(value, width: 2)
    }
    defer { join(value) }
    return count == 1 && isSpacingMark ? 1 : 0
  }

  /// Whether `value`, first in the unit after this cell, would go into this cell: a
  /// regional indicator or a skin tone it takes, or a Hangul vowel or final that
  /// continues its syllable.
  func takes(_ value: UInt32) -> Bool {
    if ClusterRules.isRegionalIndicator(value) {
      return count == 1 && ClusterRules.isRegionalIndicator(first)
    }
    if ClusterRules.isSkinTone(value) {
      return (0x261D...0x270D).contains(last) || (0x1EFFF...0x1FAFF).contains(last)
    }
    return ClusterRules.isHangulVowelOrFinal(value) && continuesSyllable(with: value)
  }

  /// Starts a cell of `width` with `value`.
  private mutating func start(_ value: UInt32, width: Int) -> Int {
    self = KonsoleCell(starting: value)
    return width
  }

  private mutating func join(_ value: UInt32) {
    guard count < 10 else { return }
    count += 1
    last = value
    syllable = syllable.after(value)
  }

  private func continuesSyllable(with value: UInt32) -> Bool {
    switch syllable {
    case .none: return false
    case .leading: return ClusterRules.isHangulVowel(value)
    case .vowel: return true
    case .final: return ClusterRules.isHangulFinal(value)
    }
  }

  /// konsole's width of `value`, whose glibc 2.36 width is `glibc`.
  private static func width(of value: UInt32, glibc: Int) -> Int {
    switch value {
    case 0x1F1E6...0x1F1FF: return 2
    // Circled numbers on black squares and the Yijing hexagrams, which glibc draws wide.
    case 0x3248...0x324F, 0x4DC0...0x4DFF: return 1
    default: return glibc
    }
  }

  /// The general category of `scalar` as Qt 5.15 has it: unassigned past Unicode 13.0.
  private static func category(of scalar: Unicode.Scalar) -> Unicode.GeneralCategory {
    guard let age = scalar.properties.age, age <= (13, 0) else { return .unassigned }
    return scalar.properties.generalCategory
  }

  /// Where konsole's Hangul syllable stands after a cell's scalars (`Hangul.cpp`).
  private enum Syllable {
    case none, leading, vowel, final

    /// The position after `value` is added to the cell.
    func after(_ value: UInt32) -> Syllable {
      if ClusterRules.isHangulLeading(value) { return .leading }
      if ClusterRules.isHangulSyllable(value) { return value % 28 == 0 ? .vowel : .final }
      if ClusterRules.isHangulVowel(value) {
        return self == .leading || self == .vowel ? .vowel : .none
      }
      if ClusterRules.isHangulFinal(value) {
        return self == .vowel || self == .final ? .final : .none
      }
      return .none
    }
  }
}

extension CellMeasure {
  /// konsole's width of a unit (a cluster as `forEachTerminalUnit` leaves it): the
  /// cells its scalars move the cursor, drawn after an ASCII letter.
  ///
  /// - Complexity: O(*s* log *t*) for *s* scalars and *t* entries in the width tables.
  func konsoleWidth(of scalars: Character.UnicodeScalarView) -> Int {
    var cell = KonsoleCell.neutral
    var total = 0
    for scalar in scalars { total += cell.draw(scalar, glibc: glibcWidth(of: scalar.value)) }
    return total
  }

  /// Whether konsole would put the first scalar of `next` into the last cell of
  /// `previous` (a unit it draws), though the two are separate clusters: a regional
  /// indicator after one alone in its cell (`🇯️` and `🇵`), a Hangul vowel after a
  /// syllable konsole takes for one without a final (`갌` and `ᅡ`).
  ///
  /// - Complexity: O(*s* log *t*) for *s* scalars in `previous`.
  func konsoleJoins(_ previous: String, _ next: Character) -> Bool {
    guard let first = next.unicodeScalars.first else { return false }
    var cell = KonsoleCell.neutral
    for scalar in previous.unicodeScalars {
      _ = cell.draw(scalar, glibc: glibcWidth(of: scalar.value))
    }
    return cell.takes(first.value)
  }
}
