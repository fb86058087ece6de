import ProcessArguments
import Testing

/// The arguments a static build hands the Swift runtime (ProcessArguments.c), against
/// the runtime's own in this process: the tests link the runtime's shared library, whose
/// `CommandLine.arguments` still comes from its own search of the stack.
@Suite struct ProcessArgumentsTests {
  private static func strings(
    _ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ count: Int32
  )
    -> [String]
  {
    (0..<Int(count)).map { String(cString: vector[$0]!) }
  }

  @Test func theCLibraryHandsTheArgumentsOverAtStart() {
    var count: Int32 = -1
    let vector = ticker_process_arguments(&count)
    #expect(ticker_process_arguments_were_handed_over() == 1)
    #expect(Self.strings(vector, count) == CommandLine.arguments)
    #expect(vector[Int(count)] == nil)
  }

  @Test func procSelfCmdlineGivesTheSameArguments() {
    var count: Int32 = -1
    let vector = ticker_command_line_arguments(&count)
    #expect(Self.strings(vector, count) == CommandLine.arguments)
    #expect(vector[Int(count)] == nil)
  }
}
