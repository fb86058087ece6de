/// The plan when the plugin cannot run: why, in tmux (seen when a client is
/// attached), in the log, and in each ticker's place in the status line, which is
/// made long enough for it.
extension PluginPlan {
  /// The plan that says `reason` where each of `found` (or `#{ticker}`) stands.
  static func failure(_ reason: String, facts: PluginFacts, found: [PluginTickers.Found])
    -> PluginPlan
  {
    let message = "ticker.tmux: " + reason
    let escaped = TmuxQuoting.formatEscaped(message)
    var plan = PluginPlan(
      commands: ["display-message " + TmuxQuoting.tmuxWord(escaped)], failed: true)
    var texts = PluginLengths.sides.map { facts.options.value($0) }
    var keys: [String] = []
    for found in found.isEmpty ? [.key("ticker")] : found {
      let log: String
      let target: String
      let value: String
      switch found {
      case .invalid(let name):
        // A name that is not one: the message goes where it stands.
        (log, target, value) = (facts.log("ticker"), "#{ticker:\(name)}", escaped)
      case .key(let key):
        (log, target, value) =
          (facts.log(key), PluginTickers.placeholder(key), PluginTickers.optionForm(key))
        plan.commands.append("set-option -g @\(key) " + TmuxQuoting.tmuxWord(escaped))
        keys.append(key)
      }
      plan.logLines.append(LogLine(log: log, line: message))
      texts = texts.map { $0.replacingEvery(target, with: value) }
    }
    let widths = Dictionary(uniqueKeysWithValues: keys.map { ($0, message.utf8.count) })
    for (index, side) in PluginLengths.sides.enumerated() {
      if texts[index] != facts.options.value(side) {
        plan.commands.append("set-option -g \(side) \(TmuxQuoting.tmuxWord(texts[index]))")
      }
      if let raise = PluginLengths.raise(
        side, text: texts[index], keys: keys, widths: widths,
        expanded: facts.expanded[side] ?? 0, length: facts.options.value(side + "-length"))
      {
        plan.commands.append(raise)
      }
    }
    return plan
  }
}
