import Foundation
import Testing

@testable import ticker_status

// The tmux plugin's plan against hostile option values: each command must read, as
// tmux reads it, as one command whose words are what the plan meant to write, and
// real tmux must read the status line back as written. The facts come from
// PluginPlanTests (`planFacts`).

// MARK: - hostile values

/// A token of tmux's command language, as `TmuxLexer` reads it.
private enum TmuxToken: Equatable {
  case word(String)
  case open, close
}

/// tmux's command language, read strictly enough to catch a value that escaped its
/// word: the commands of a line (split at an unquoted `;` or line break), each a list
/// of words and braces. nil for anything a value should never reach unquoted: `$`
/// (tmux expands it), a leading `~`, a `#` comment, `%` directives, an open quote.
private func tmuxCommands(_ text: String) -> [[TmuxToken]]? {
  var commands: [[TmuxToken]] = [[]]
  var word = ""
  var inWord = false
  var quote: Character?
  var characters = Substring(text)
  func endWord() {
    if inWord { commands[commands.count - 1].append(.word(word)) }
    (word, inWord) = ("", false)
  }
  while let character = characters.popFirst() {
    if quote == "'" {
      if character == "'" { quote = nil } else { word.append(character) }
      continue
    }
    if quote == "\"" {
      switch character {
      case "\"": quote = nil
      case "$": return nil
      case "\\":
        guard let next = characters.popFirst() else { return nil }
        word.append(["n": "\n", "t": "\t", "r": "\r"][next] ?? next)
      default: word.append(character)
      }
      continue
    }
    switch character {
    case "'", "\"":
      quote = character
      inWord = true
    case "\\":
      guard let next = characters.popFirst() else { return nil }
      word.append(next)
      inWord = true
    case " ", "\t": endWord()
    case ";", "\n":
      endWord()
      commands.append([])
    case "$",
      "%" where !inWord, "~" where !inWord, "#" where !inWord:
      return nil
    case "{" where !inWord, "}" where !inWord:
      commands[commands.count - 1].append(character == "{" ? .open : .close)
    default:
      word.append(character)
      inWord = true
    }
  }
  guard quote == nil else { return nil }
  endWord()
  return commands.filter { !$0.isEmpty }
}

/// What tmux draws or runs of a `#()`/run-shell text: `##` read as `#`.
private func formatUnescaped(_ text: String) -> String {
  text.replacingOccurrences(of: "##", with: "#")
}

/// Values that would end a word, start a command, a job or an expansion if they were
/// not quoted: each is put in status-right, the arguments, the binary's path, the
/// socket's path and a key's binding.
private let hostileValues = [
  "a;b", "x ; kill-server", "'", "it's", "\"", "#(touch pwned)", "$(touch pwned)", "\\",
  "back\\slash ; run-shell 'touch pwned'", "line\nbreak", "line\n;kill-server", "}",
  "{ kill-server }",
  "'\"';kill-server;'\"'", "~/x", "%if 1", "#{host}", "\r", "''", "\\'",
]

@Suite struct PluginPlanHostileTests {
  @Test(arguments: hostileValues)
  func statusLineTextStaysOneWord(_ hostile: String) throws {
    let text = "X \(hostile) #{ticker} Y"
    let plan = PluginPlan.make(planFacts(["status-right": text]))
    let command = try #require(plan.commands.first { $0.hasPrefix("set-option -g status-right ") })
    let job = PluginPlan.job(
      PluginPlan.Ticker(key: "ticker", arguments: "--demo", width: 40), binary: planBinary)
    let expected = text.replacingOccurrences(of: "#{ticker}", with: job)
    #expect(
      tmuxCommands(command)
        == [[.word("set-option"), .word("-g"), .word("status-right"), .word(expected)]],
      "\(command)")
  }

  @Test(arguments: hostileValues)
  func failureMessagesStayOneWord(_ hostile: String) throws {
    // A name that is not one goes into the message, the status line and display-message.
    let plan = PluginPlan.make(planFacts(["status-left": "#{ticker:\(hostile)}"]))
    guard plan.failed else { return }  // whitespace: not a ticker at all
    for command in plan.commands {
      let commands = try #require(tmuxCommands(command), "\(command)")
      #expect(commands.count == 1 && commands[0].count <= 4, "\(command)")
    }
  }

  @Test(arguments: hostileValues)
  func streamCommandKeepsThePathsWhole(_ hostile: String) throws {
    let strange = "/opt/\(hostile)/ticker-status"
    let sock = "/tmp/\(hostile)/default"
    let plan = PluginPlan.make(
      planFacts(
        ["status-right": "#{ticker}", "@ticker-smooth": "on", "@ticker-args": "--demo"],
        binary: strange, socket: sock))
    let command = try #require(plan.commands.first { $0.hasPrefix("run-shell ") })
    let tokens = try #require(tmuxCommands(command), "\(command)")
    guard tokens.count == 1, tokens[0].count == 2, case .word(let shell) = tokens[0][1] else {
      Issue.record("not one run-shell with one word: \(command)")
      return
    }
    let words = try #require(ShellWords.split(formatUnescaped(shell)), "\(shell)")
    #expect(words.first == "{")
    #expect(words.dropFirst().first == strange)
    let socketAt = try #require(words.firstIndex(of: "--tmux-socket"))
    #expect(words[socketAt + 1] == sock)
  }

  @Test(arguments: hostileValues)
  func clickBindingsKeepTheirParts(_ hostile: String) throws {
    let strange = "/opt/\(hostile)/ticker-status"
    let own = "display-message \(TmuxQuoting.tmuxWord(hostile))"
    let plan = PluginPlan.make(
      planFacts(
        ["status-right": "#{ticker}", "@ticker-args": "--demo --on-click /bin/true"],
        ranges: true,
        bindings: ["MouseDown1Status": PluginClicks.Binding(command: own, repeats: false)],
        binary: strange))
    let kept = try #require(
      plan.commands.first { $0.hasPrefix("set-option -g @ticker-mouse-MouseDown1Status") })
    #expect(tmuxCommands(kept)?.first?.last == .word(own), "\(kept)")
    let bind = try #require(
      plan.commands.first { $0.hasPrefix("bind-key -T root MouseDown1Status ") })
    let tokens = try #require(tmuxCommands(bind), "\(bind)")
    #expect(tokens.count == 1, "\(bind)")
    let parts = tokens.first ?? []
    guard parts.count == 16, case .word(let run) = parts[10] else {
      Issue.record("not the binding's shape: \(parts)")
      return
    }
    #expect(
      Array(parts[0...9]) == [
        .word("bind-key"), .word("-T"), .word("root"), .word("MouseDown1Status"),
        .word("if-shell"), .word("-F"), .word("#{m/r:^t_[0-9]+$,#{mouse_status_range}}"), .open,
        .word("run-shell"), .word("-b"),
      ])
    #expect(
      Array(parts[11...]) == [.close, .open, .word("display-message"), .word(hostile), .close])
    let words = try #require(ShellWords.split(formatUnescaped(run)), "\(run)")
    #expect(words.first == strange)
    #expect(
      Array(words.dropFirst().prefix(4)) == [
        "--clicked-item", "#{s/^t_//:mouse_status_range}", "--clicked-button", "1",
      ])
  }

  /// The lexer above is only a model: tmux itself reads each hostile status-right back
  /// as the plan wrote it (`source-file`, then `show-option`).
  @Test(.enabled(if: which("tmux") != nil, "tmux is not installed"))
  func tmuxReadsTheStatusLineAsWritten() throws {
    let tmux = which("tmux") ?? "/usr/bin/tmux"
    let name = "ticker-plan-\(getpid())-\(UUID().uuidString.prefix(8))"
    let folder = try TestFolder("ticker-plan")
    defer {
      _ = try? tmuxCommand(tmux, ["-L", name, "kill-server"], environment: clientEnvironment())
      let sockets = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      unlink("\(sockets)/tmux-\(getuid())/\(name)")
      folder.remove()
    }
    let started = try tmuxCommand(
      tmux, ["-L", name, "-f", "/dev/null", "new", "-d", "sh"], environment: clientEnvironment())
    try #require(started.status == 0, "\(started.stderr)")
    for hostile in hostileValues {
      let text = "X \(hostile) #{ticker} Y"
      let plan = PluginPlan.make(planFacts(["status-right": text]))
      let file = try folder.write("plan", plan.commands.joined(separator: "\n") + "\n")
      let sourced = try tmuxCommand(
        tmux, ["-L", name, "source-file", file], environment: clientEnvironment())
      #expect(sourced.status == 0, "\(hostile): \(sourced.stderr)")
      let shown = try tmuxCommand(
        tmux, ["-L", name, "show-option", "-gv", "status-right"], environment: clientEnvironment())
      let job = PluginPlan.job(
        PluginPlan.Ticker(key: "ticker", arguments: "--demo", width: 40), binary: planBinary)
      #expect(
        shown.stdout == text.replacingOccurrences(of: "#{ticker}", with: job) + "\n",
        "\(hostile)")
      let sessions = try tmuxCommand(
        tmux, ["-L", name, "list-sessions"], environment: clientEnvironment())
      #expect(sessions.status == 0, "the server went: \(hostile)")
    }
  }
}
