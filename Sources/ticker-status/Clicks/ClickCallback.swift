import TickerCore

/// `--clicked-item`: what a bar's click action runs. Finds the item as a one-shot run
/// would (the same sources, the cached command output), runs `--on-click` for it, and
/// prints nothing.
///
/// Standard input is not read (it is the bar's, not the items'): an item that came from
/// `-f -` cannot be found again, and runs nothing.
enum ClickCallback {
  static func run(
    _ pipeline: Pipeline, item: ClickedItem, button: Int, environment: Environment
  ) -> ExitStatus {
    guard let action = pipeline.clickAction else { return .success }
    let sources = sourceLines(pipeline, environment: environment)
    let index: Int?
    switch item {
    case .index(let number):
      index = number
    case .leftEdge:
      var build = StripBuild(pipeline, sources: sources)
      let strip = build.advance(until: .infinity, clock: Clock.monotonic)!
      index = pipeline.ticker(strip).item(atColumn: 0, at: Clock.now())
    }
    guard let index, let target = ItemLookup.target(at: index, in: sources) else {
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: warning: no item \(index.map(String.init) ?? "") to click: it has gone\n")
      return .success
    }
    if case .failure(let error) = action.run(for: target, button: button) {
      _ = FileDescriptor.standardError.writeAll(
        "ticker-status: error: cannot run /bin/sh for --on-click: \(error)\n")
      return .unavailable
    }
    return .success
  }

  /// The lines of every source, read as a one-shot run reads them.
  static func sourceLines(_ pipeline: Pipeline, environment: Environment) -> [SourceLines] {
    let commands = pipeline.sources.compactMap { spec -> String? in
      if case .command(let command) = spec { return command }
      return nil
    }
    var outputs = CommandCache.outputs(
      of: commands, every: pipeline.every, reader: pipeline.reader, environment: environment
    )[...]
    return pipeline.sources.map { spec in
      var lines = TextLines()
      var placeholder: String?
      switch spec {
      case .demo: lines = TextLines(Demo.quoteLines)
      case .arguments(let items): lines = TextLines(items)
      case .file(let path): _ = InputFile.read(path) { lines.append($0) }
      case .standardInput: break
      case .command:
        if let output = outputs.popFirst() ?? nil {
          lines = output
        } else {
          placeholder = CommandCache.placeholder
        }
      }
      return SourceLines(lines: lines, reader: pipeline.reader(for: spec), placeholder: placeholder)
    }
  }
}
