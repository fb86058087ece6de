import TickerCore

/// One frame, for the time given or now, and exit: what tmux's `#()`, a prompt or a
/// script calls.
enum OneShot {
  static func run(_ pipeline: Pipeline, time: Double?, environment: Environment) -> ExitStatus {
    var builder = pipeline.makeBuilder()
    let commands = pipeline.sources.compactMap { spec -> String? in
      if case .command(let command) = spec { return command }
      return nil
    }
    var outputs: [[UInt8]?] = []
    var nextOutput = 0
    for spec in pipeline.sources {
      let reader = pipeline.reader(for: spec)
      let failure: InputError?
      switch spec {
      case .demo:
        for line in Demo.quoteLines { reader.append(argument: line, to: &builder) }
        failure = nil
      case .arguments(let items):
        for item in items { reader.append(argument: item, to: &builder) }
        failure = nil
      case .file(let path):
        failure = InputFile.read(path) { reader.append(line: $0, to: &builder) }.failureValue
      case .standardInput(let follows):
        // A one-shot `--follow` shows what a stream would at the end of the input.
        var lines = TextLines()
        failure = InputFile.readStandardInput { lines.append($0) }.failureValue
        if follows {
          var last: [UInt8]?
          lines.withEachLine { last = Array($0) }
          last?.withUnsafeBytes { reader.append(line: $0, to: &builder) }
        } else {
          lines.withEachLine { reader.append(line: $0, to: &builder) }
        }
      case .command:
        // The commands run side by side: look them all up at the first one.
        if outputs.isEmpty {
          outputs = CommandCache.outputs(
            of: commands, every: pipeline.every, environment: environment)
        }
        if let output = outputs[nextOutput] {
          TextLines(splitting: output).withEachLine { reader.append(line: $0, to: &builder) }
        } else {
          builder.append(StyledText(CommandCache.placeholder))
        }
        nextOutput += 1
        failure = nil
      }
      if let failure {
        _ = FileDescriptor.standardError.writeAll("ticker-status: error: \(failure)\n")
        return .noInput
      }
    }
    let ticker = pipeline.ticker(builder.build())
    let time = time ?? Clock.now()
    let line = pipeline.encoder.encode(
      ticker.frame(at: time), placement: ticker.placement(at: time), at: time)
    // A reader that has gone away is not an error for a status line.
    _ = FileDescriptor.standardOutput.writeAll(line + "\n")
    return .success
  }
}
