import Testing

@testable import ticker_status

/// An argument read a byte at a time (`ArgumentShape.bytes`, for ASCII) against a
/// character at a time (`characters`, the way for any argument): the same shape for
/// every ASCII argument, and no byte reading of any other.
@Suite struct ArgumentShapeTests {
  /// Arguments of every shape, and the edges of each: a lone dash, `--`, `=` at each
  /// place, empty values, grouped short options.
  static let ascii = [
    "", "x", "item", "-", "--", "---", "-w", "-w40", "-wf", "-hf", "-=", "--width",
    "--width=40", "--width=", "--=", "--=x", "--==x", "--x=y=z", "--a==b", "--format=tmux",
    "--separator= | ", "- x", "-- x", "x-", "x--y", "--w-i-d-t-h", "-----", "--?", "-?",
  ]

  @Test(arguments: ascii)
  func asciiIsReadTheSameEitherWay(argument: String) {
    #expect(ArgumentShape.bytes(argument) == ArgumentShape.characters(argument))
    #expect(ArgumentShape(argument) == ArgumentShape.characters(argument))
  }

  @Test(arguments: [
    "-é", "--séparateur", "--separator=·", "é", "-\u{301}x", "--\u{301}", "=\u{301}",
  ])
  func otherTextIsReadByCharacters(argument: String) {
    #expect(ArgumentShape.bytes(argument) == nil)
    #expect(ArgumentShape(argument) == ArgumentShape.characters(argument))
  }

  @Test func aDashWithAnAccentIsAnItem() {
    #expect(ArgumentShape("-\u{301}x") == .item)
    #expect(ArgumentShape("--separator=·") == .long(name: "separator", inline: "·"))
  }

  @Test func shortOptionsTakeTheirValueFromTheRestOrTheNextArgument() throws {
    #expect(try ArgumentParser.parse(["-w40", "x"]).width == 40)
    #expect(try ArgumentParser.parse(["-w", "40", "x"]).width == 40)
    #expect(try ArgumentParser.parse(["--width=40", "x"]).width == 40)
    #expect(try ArgumentParser.parse(["--", "-w", "40"]).items == ["-w", "40"])
    #expect(throws: UsageError.unexpectedValue(option: "--demo")) {
      try ArgumentParser.parse(["--demo=yes"])
    }
  }
}
