/// The rules about grapheme clusters that the sanitiser, the width profiles and the
/// strip share: which scalars join the text after them, which join the text before
/// them, and when two clusters laid side by side would become one.
///
/// A status line is text that the ticker shares with whatever the window edges, the
/// separators and the rest of the line put beside it, so each cluster must stay the
/// cluster it was wherever it lands. The strip uses these rules to drop or keep
/// apart what would not.
enum ClusterRules {
  /// Grapheme_Cluster_Break=Prepend, as Swift 6.3's Unicode data has it (the scalars
  /// that form one cluster with an ASCII letter after them). The sanitiser removes
  /// them: they would join whatever a window or a status line puts after them.
  static func isPrepend(_ value: UInt32) -> Bool {
    switch value {
    case 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0xD4E, 0x110BD, 0x110CD,
      0x111C2...0x111C3, 0x113D1, 0x1193F, 0x11941, 0x11A84...0x11A89, 0x11D46, 0x11F02:
      return true
    default:
      return false
    }
  }

  /// Whether `value` is an emoji modifier (Emoji_Modifier: the five skin tones,
  /// U+1F3FB to U+1F3FF, since Unicode 8; a test holds the standard library to it):
  /// a range, where the property is a search of the standard library's tables, a
  /// costly part of the first look at each scalar of noise.
  @inline(__always)
  static func isEmojiModifier(_ value: UInt32) -> Bool { value &- 0x1F3FB < 5 }

  /// Whether `value` is a regional indicator, half of a flag.
  @inline(__always)
  static func isRegionalIndicator(_ value: UInt32) -> Bool {
    value >= 0x1F1E6 && value <= 0x1F1FF
  }

  /// Whether `value` is in a block of symbols, kana or CJK ideographs, where no scalar
  /// extends or joins the one before it, so no property lookup is needed. (Hangul
  /// syllables are not: one joins a leading jamo before it.)
  @inline(__always)
  static func isCommonBase(_ value: UInt32) -> Bool {
    switch value {
    case 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF, 0x3041...0x3096,
      0x30A1...0x30FA, 0x4E00...0x9FFF, 0xFF01...0xFF9D:
      return true
    default:
      return false
    }
  }

  /// Whether `text` surely begins a new grapheme cluster whatever comes before it.
  ///
  /// A cluster can only span two runs when the later one starts with a scalar that
  /// extends or joins the one before it: a mark, a format character (ZWJ among them),
  /// an emoji modifier, a regional indicator or a Hangul jamo.
  static func startsCluster(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return true }
    if first.value < 0x80 || isCommonBase(first.value) { return true }
    switch first.value {
    case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF, 0x1F1E6...0x1F1FF: return false
    default: break
    }
    let properties = first.properties
    if isEmojiModifier(first.value) || properties.isGraphemeExtend { return false }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return false
    default: return true
    }
  }

  /// Whether a cluster that starts with `scalar` has no base: `scalar` extends
  /// whatever comes before it, a space too (Grapheme_Cluster_Break Extend or
  /// SpacingMark, or an emoji modifier), so nothing can keep it apart.
  static func hasNoBase(_ scalar: Unicode.Scalar) -> Bool {
    // THAI SARA AM and LAO VOWEL SIGN AM are letters that break as spacing marks.
    if scalar.value == 0xE33 || scalar.value == 0xEB3 { return true }
    let properties = scalar.properties
    return properties.isGraphemeExtend || isEmojiModifier(scalar.value)
      || properties.generalCategory == .spacingMark
  }

  /// Whether `cluster` has no base (see `hasNoBase(_:)`): the strip drops it, as it
  /// would join whatever the window or the status line puts before it.
  @inline(__always)
  static func isBaseless(_ cluster: Character) -> Bool {
    guard let first = cluster.unicodeScalars.first, first.value >= 0x80,
      !isCommonBase(first.value)
    else { return false }
    return hasNoBase(first)
  }

  /// Whether `next` would not stay a cluster of its own after `previous`: it would
  /// pair with it (regional indicators), follow a dangling ZWJ into an emoji sequence,
  /// or continue a Hangul syllable or an Indic conjunct. Text is broken into clusters
  /// piece by piece (items, separators, the text between removals), so where one
  /// piece meets the next this is checked.
  static func wouldJoin(_ previous: String, _ next: Character) -> Bool {
    guard let last = previous.unicodeScalars.last else { return false }
    guard last.value >= 0x80 || !startsCluster(String(next)) else { return false }
    return Array(previous + String(next)) != Array(previous) + [next]
  }

  /// Whether `scalar` is a Hangul vowel or final jamo (Grapheme_Cluster_Break V or
  /// T), which joins a syllable or a leading jamo before it.
  static func isHangulVowelOrFinal(_ value: UInt32) -> Bool {
    isHangulVowel(value) || isHangulFinal(value)
  }

  /// A Hangul leading consonant jamo (Grapheme_Cluster_Break L).
  static func isHangulLeading(_ value: UInt32) -> Bool {
    (0x1100...0x115F).contains(value) || (0xA960...0xA97C).contains(value)
  }

  /// A Hangul vowel jamo (Grapheme_Cluster_Break V).
  static func isHangulVowel(_ value: UInt32) -> Bool {
    (0x1160...0x11A7).contains(value) || (0xD7B0...0xD7C6).contains(value)
  }

  /// A Hangul final consonant jamo (Grapheme_Cluster_Break T).
  static func isHangulFinal(_ value: UInt32) -> Bool {
    (0x11A8...0x11FF).contains(value) || (0xD7CB...0xD7FB).contains(value)
  }

  /// A precomposed Hangul syllable (Grapheme_Cluster_Break LV or LVT).
  static func isHangulSyllable(_ value: UInt32) -> Bool { (0xAC00...0xD7A3).contains(value) }

  /// An emoji skin tone (Emoji_Modifier), U+1F3FB–U+1F3FF.
  static func isSkinTone(_ value: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(value) }

  /// Whether a cluster that starts with `scalar` could join whatever comes before it
  /// on a status line, so a frame must not start with it.
  ///
  /// Such a cluster starts with a scalar that has no width of its own under `measure`
  /// (tmux 3.3a draws a zero-width scalar in the cell before it; a terminal puts it
  /// on the character before), with a Hangul vowel or final (which joins a syllable
  /// before it), or with a scalar that has no base (see `hasNoBase(_:)`).
  static func joinsWhatPrecedes(_ scalar: Unicode.Scalar, _ measure: CellMeasure) -> Bool {
    guard scalar.value >= 0x80, !isCommonBase(scalar.value) else { return false }
    return isHangulVowelOrFinal(scalar.value) || hasNoBase(scalar)
      || measure.width(of: Character(scalar)) == 0
  }

  /// Whether `scalar` shows as nothing but space: white space, or a default-ignorable
  /// character of no width (U+200B ZERO WIDTH SPACE, U+FEFF, U+2060, a joiner).
  static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isWhitespace { return true }
    return properties.isDefaultIgnorableCodePoint
      && CellMeasure(profile: .terminal).width(of: Character(scalar)) == 0
  }

  /// Whether `cluster` shows something other than space under every width profile.
  ///
  /// It must have a base, a width under both profiles, and a scalar that is not blank
  /// (see `isBlank(_:)`). An item without such a cluster is blank and not shown, under
  /// any measure alike. `hasBase`: known to have a base (`isBaseless` is false).
  static func isVisible(_ cluster: Character, hasBase: Bool = false) -> Bool {
    guard hasBase || !isBaseless(cluster),
      cluster.unicodeScalars.contains(where: { !isBlank($0) })
    else {
      return false
    }
    return CellMeasure(profile: .terminal).width(of: cluster) > 0
      && CellMeasure(profile: .tmux).width(of: cluster) > 0
  }
}
