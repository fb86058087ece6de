/// The mouse bindings that run a clicked item's action (tmux 3.4 and later).
///
/// tmux sends `MouseDown1Status`, …, `WheelDownStatus` for a click on a user range of
/// the status line. Each key is bound to test, ticker by ticker, whether the range
/// clicked (`#{mouse_status_range}`) is one of that ticker's items (`PREFIX` and
/// digits) and then run `ticker-status --clicked-item N --clicked-button B` with the
/// ticker's arguments; anywhere else the binding the key had before runs. That one is
/// kept in `@ticker-mouse-KEY`, so that a later run (without `--on-click`) gives it
/// back; a key bound with `-r` keeps `-r`.
enum PluginClicks {
  /// The keys, each with its button.
  static let keys = [
    ("MouseDown1Status", 1), ("MouseDown2Status", 2), ("MouseDown3Status", 3),
    ("WheelUpStatus", 4), ("WheelDownStatus", 5),
  ]

  /// A clickable ticker: its range prefix, and what follows `--clicked-button B` in
  /// its click command (its arguments and where errors go), written for `#()`-style
  /// expansion (every `#` doubled).
  struct Clickable: Equatable, Sendable {
    var prefix: String
    var tail: String
  }

  /// A key's binding as `list-keys -T root KEY` prints it: its commands, and whether
  /// it was bound with `-r`; nil when the key is not bound.
  struct Binding: Equatable, Sendable {
    var command: String
    var repeats: Bool
  }

  /// The bindings of the mouse keys in `list-keys -T root` output.
  static func bindings(listKeys output: String) -> [String: Binding] {
    var result: [String: Binding] = [:]
    for line in output.split(separator: "\n") {
      var words = line.split(separator: " ", maxSplits: 1)
      guard words.first == "bind-key", words.count == 2 else { continue }
      var rest = words[1].drop { $0 == " " }
      let repeats = rest.hasPrefix("-r ")
      if repeats { rest = rest.dropFirst(3).drop { $0 == " " } }
      guard rest.hasPrefix("-T root ") else { continue }
      words = rest.dropFirst(8).drop { $0 == " " }.split(separator: " ", maxSplits: 1)
      guard let key = words.first, keys.contains(where: { $0.0 == key }) else { continue }
      let command = words.count == 2 ? String(words[1].drop { $0 == " " }) : ""
      result[String(key)] = Binding(command: command, repeats: repeats)
    }
    return result
  }

  /// The commands that bind every key for `clickable` (or, with none, give each key
  /// its own binding back), given the keys' `current` bindings and the options.
  static func commands(
    _ clickable: [Clickable], binary: String, current: [String: Binding], options: PluginOptions
  ) -> [String] {
    var commands: [String] = []
    for (key, button) in keys {
      let binding = current[key]
      let repeats = binding?.repeats == true ? "-r " : ""
      let now = binding?.command ?? ""
      let ours = now.contains("mouse_status_range") && now.contains("--clicked-button")
      let own = ours ? options.value("@ticker-mouse-\(key)") : now
      if !ours {
        commands.append("set-option -g @ticker-mouse-\(key) \(TmuxQuoting.tmuxWord(own))")
      }
      if clickable.isEmpty {
        guard ours else { continue }
        commands.append(
          own.isEmpty
            ? "unbind-key -T root \(key)" : "bind-key \(repeats)-T root \(key) \(own)")
        continue
      }
      // list-keys separates commands with \; at the top, with ; inside { }.
      var chain = own.replacingEvery(" \\;\\; ", with: " ; ").replacingEvery(" \\; ", with: " ; ")
      for ticker in clickable {
        let test = self.test(ticker, binary: binary, button: button)
        chain = chain.isEmpty ? test : "\(test) { \(chain) }"
      }
      commands.append("bind-key \(repeats)-T root \(key) \(chain)")
    }
    return commands
  }

  /// The test of one ticker's ranges and the click it runs: only the digits after the
  /// prefix reach the shell.
  static func test(_ ticker: Clickable, binary: String, button: Int) -> String {
    let run =
      TmuxQuoting.formatEscaped(ShellWords.quoted(binary))
      + " --clicked-item #{s/^\(ticker.prefix)//:mouse_status_range} --clicked-button \(button) "
      + ticker.tail
    let condition = "#{m/r:^\(ticker.prefix)[0-9]+$,#{mouse_status_range}}"
    return
      "if-shell -F \(TmuxQuoting.tmuxWord(condition)) { run-shell -b \(TmuxQuoting.tmuxWord(run)) }"
  }
}
