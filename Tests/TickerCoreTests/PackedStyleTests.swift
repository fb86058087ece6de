import Testing

@testable import TickerCore

/// A style packed in a word (`PackedStyle`, how `StyleTable` keeps styles): every style
/// comes back as it went in, and two words are equal exactly when their styles are.
@Suite struct PackedStyleTests {
  /// Colours of each kind at the ends of their values and between, and none.
  static let colors: [TerminalColor?] = [
    nil, .named(0), .named(7), .named(15), .named(255), .palette(0), .palette(16),
    .palette(255), .rgb(0, 0, 0), .rgb(255, 255, 255), .rgb(1, 2, 3), .rgb(255, 0, 128),
    .rgb(0, 255, 0),
  ]

  static var styles: [Style] {
    var styles: [Style] = []
    for foreground in colors {
      for background in colors {
        for attributes in [0, 1, 2, 4, 8, 16, 31, 0xFF] as [UInt8] {
          styles.append(
            Style(
              foreground: foreground, background: background,
              attributes: TextAttributes(rawValue: attributes)))
        }
      }
    }
    return styles
  }

  @Test func everyStyleComesBackAsItWentIn() {
    for style in Self.styles {
      #expect(PackedStyle.style(PackedStyle.word(style)) == style, "\(style)")
    }
  }

  @Test func wordsAreEqualExactlyWhenStylesAre() {
    let styles = Self.styles
    let words = styles.map(PackedStyle.word)
    #expect(Set(words).count == Set(styles).count)
    #expect(Set(words).count == styles.count)
  }

  @Test func theTableFindsEachStyleAgain() {
    var table = StyleTable()
    let styles = Self.styles
    let indices = styles.map { table.index(of: $0) }
    #expect(indices == (0..<styles.count).map { UInt32($0) })
    for (index, style) in styles.enumerated() {
      #expect(table.index(of: style) == UInt32(index))
      #expect(table[UInt32(index)] == style)
    }
    #expect(table.plainIndex == 0)
  }
}
