import TickerCore

/// `--clicked-item`: what a bar's click action runs. Finds the item as a one-shot run
/// would (the same sources, the cached command output), runs `--on-click` for it, and
/// prints nothing. `left` is the item at the left edge of the frame a one-shot draws
/// at the same time (`--at`, else now): the same ticker, moving from when the items
/// last changed (`--on-change restart`), standing while the player does not play
/// (`--player-status`) and while paused (`--pause-toggle`), where the pause left it.
///
/// Standard input is not read (it is the bar's, not the items'): an item that came from
/// `-f -` cannot be found again, and runs nothing.
enum ClickCallback {
  static func run(
    _ pipeline: Pipeline, item: ClickedItem, button: Int, time: Double?,
    environment: Environment
  ) -> ExitStatus {
    guard let action = pipeline.clickAction else { return .success }
    var sources: [SourceLines] = []
    let read = SourceStage.read(pipeline, at: time, for: .click, environment: environment) {
      sources.append($0)
    }
    // The strip is laid out as the frame's was, every item keeping its facts.
    var build = StripBuild(pipeline, sources: sources, keepingFacts: true)
    let strip = build.advance(until: .infinity, clock: Clock.monotonic) ?? build.stripSoFar()
    let index: Int?
    switch item {
    case .index(let number): index = number
    case .leftEdge:
      let time = time ?? Clock.now()
      // Paused, the frame stands where the pause left it (its motion time).
      let pauses = PauseState.locate(key: pipeline.pauseKey, in: environment)?.load() ?? Pauses()
      let framed = pipeline.framedTicker(strip, after: read, at: time, pauses: pauses)
      index = framed.ticker.item(atColumn: 0, at: pauses.motionTime(at: time))
    }
    guard let index, let target = ClickAction.Target(item: index, of: strip) else {
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
}
