import Testing

@testable import ticker_status

@Suite struct OptionsTests {
  @Test func binaryIsBuilt() throws {
    let result = try runTicker(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("ticker-status "))
  }
}
