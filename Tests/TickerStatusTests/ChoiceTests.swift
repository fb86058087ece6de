import Testing
import TickerCore

@testable import ticker_status

/// A choice option's value is found by `init(choiceName:)`; `OutputFormat` writes its
/// own, which must find exactly what the default (each case's raw value) finds.
@Suite struct ChoiceTests {
  /// Every format's name, and names that are none: near misses, case, spaces, empty.
  static let names: [String] =
    OutputFormat.allCases.map(\.rawValue) + [
      "", "TMUX", "tmux ", " tmux", "tmu", "tmuxx", "i3", "i3blocks2", "dzen", "plain\0",
      "pango\n", "json5", "yambar,",
    ]

  @Test(arguments: names) func outputFormatIsFoundAsByRawValue(name: String) {
    let byEach = OutputFormat.allCases.first { $0.rawValue == name }
    #expect(OutputFormat(choiceName: name) == byEach)
  }

  @Test func everyFormatIsFoundByItsName() {
    for format in OutputFormat.allCases {
      #expect(OutputFormat(choiceName: format.rawValue) == format)
    }
  }

  @Test func theDefaultFindsEachCaseByItsRawValue() {
    for kind in InputKind.allCases {
      #expect(InputKind(choiceName: kind.rawValue) == kind)
    }
    #expect(InputKind(choiceName: "nothing") == nil)
  }

  @Test func theOptionTakesTheFormatsAndRefusesOthers() throws {
    #expect(try ArgumentParser.parse(["--format", "conky", "x"]).format == .conky)
    #expect(throws: UsageError.self) { try ArgumentParser.parse(["--format", "tmuxx", "x"]) }
  }
}
