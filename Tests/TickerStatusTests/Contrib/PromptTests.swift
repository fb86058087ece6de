import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - Prompt snippets

@Suite struct PromptTests {
  /// Items that would run code or become prompt escapes if any shell read them again.
  static func hostileItems(marker: String) -> String {
    [
      "$(touch \(marker)-dollar)", "`touch \(marker)-backquote`", "(touch \(marker)-fish)",
      "%F{red}%n%~ \\u \\w \\$ #{pane_id}", "${HOME} $HOME",
    ].joined(separator: "\n") + "\n"
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var shell: String
    /// The shell's command line, which runs `prelude` (shell code), then sources the
    /// snippet and prints the prompt.
    var arguments: @Sendable (_ prelude: String) -> [String]
    /// Shell code that sets TICKER_ARGS to a list of words (an array, a fish list).
    var setList: @Sendable ([String]) -> String
    var environment: [String: String] = [:]
    /// Text after the frame in the expanded prompt.
    var suffix: String
    var visible: @Sendable (String) -> String
    var testDescription: String { shell + (environment.isEmpty ? "" : " \(environment)") }
  }

  /// `word` as a single-quoted shell word, but a leading `~/` left outside the quotes
  /// so that the shell expands it. (`word` holds no ' or \\, which fish would read.)
  static func quoted(_ word: String) -> String {
    word.hasPrefix("~/") ? "~/'\(word.dropFirst(2))'" : "'\(word)'"
  }

  static func array(_ words: [String]) -> String {
    "TICKER_ARGS=(\(words.map(quoted).joined(separator: " "))); "
  }

  static let zshScript =
    #"PROMPT='> '; source "$1"; source "$1"; for f in $precmd_functions; do $f; done; print -rnP -- "$PROMPT""#

  static let cases: [Case] = [
    Case(
      shell: "bash",
      arguments: { prelude in
        [
          "--norc", "--noprofile", "-c",
          prelude + #"PS1='> '; . "$1"; . "$1"; printf '%s' "${PS1@P}""#,
          "bash", repositoryFile("contrib/prompt/ticker.bash"),
        ]
      }, setList: array, suffix: " > ",
      // readline's markers \001 … \002 wrap the colour codes, which take no room.
      visible: { $0.replacing(/\x{01}[^\x{02}]*\x{02}/, with: "") }),
    Case(
      shell: "zsh",
      arguments: { prelude in
        ["-f", "-c", prelude + zshScript, "zsh", repositoryFile("contrib/prompt/ticker.zsh")]
      }, setList: array, suffix: " > ", visible: withoutSGR),
    Case(
      shell: "zsh",
      arguments: { prelude in
        // prompt_bang, which some users set, must not change the prompt.
        [
          "-f", "-c", "setopt prompt_bang; " + prelude + zshScript, "zsh",
          repositoryFile("contrib/prompt/ticker.zsh"),
        ]
      }, setList: array, environment: ["TICKER_ZSH_COLOR": "1"], suffix: " > ",
      visible: withoutSGR),
    Case(
      shell: "fish",
      arguments: { prelude in
        [
          "--no-config", "-c", prelude + "source $argv[1]; fish_right_prompt",
          repositoryFile("contrib/prompt/ticker.fish"),
        ]
      }, setList: { "set TICKER_ARGS \($0.map(quoted).joined(separator: " ")); " },
      suffix: "\n", visible: withoutSGR),
  ]

  @Test(
    "the prompt shows the frame ticker-status prints, and runs none of its text", arguments: cases)
  func showsTheFrame(_ testCase: Case) throws {
    guard let shell = which(testCase.shell) else {
      print("skipped: \(testCase.shell) is not installed")
      return
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let marker = folder.appendingPathComponent("ran").path
    let items = folder.appendingPathComponent("items")
    try Self.hostileItems(marker: marker).write(to: items, atomically: true, encoding: .utf8)

    for arguments in [
      ["--demo", "-w", "30", "--at", "1000"], ["-w", "400", "--at", "7", "-f", items.path],
    ] {
      let environment = clientEnvironment(
        testCase.environment.merging(["TICKER_ARGS": arguments.joined(separator: " ")]) { $1 })
      let result = try runProcess(shell, testCase.arguments(""), environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr == "")
      let frame = try plainFrame(arguments)
      #expect(testCase.visible(result.stdout) == frame + testCase.suffix)
    }
    #expect(try plainFrame(["-f", items.path, "-w", "400"]).contains("$(touch"))
    let ran = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("ran")
    }
    #expect(ran.isEmpty, "text from an item ran: \(ran)")
  }

  @Test(
    "TICKER_ARGS as a list keeps its words whole; in a string, a leading ~/ is the home folder",
    arguments: cases)
  func argumentLists(_ testCase: Case) throws {
    guard let shell = which(testCase.shell) else {
      print("skipped: \(testCase.shell) is not installed")
      return
    }
    let home = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: home) }
    try "from a file\n".write(
      to: home.appendingPathComponent("items"), atomically: true, encoding: .utf8)
    // HOME for ~; the --command cache in the same folder.
    let environment = clientEnvironment(
      testCase.environment.merging(["HOME": home.path, "XDG_RUNTIME_DIR": home.path]) { $1 })
    let items = home.appendingPathComponent("items").path
    /// The plain frame of ticker-status run directly, once it shows `ready` (the
    /// output of a --command shows once it is cached).
    func expectedFrame(_ arguments: [String], ready: String) throws -> String {
      let deadline = Date().addingTimeInterval(10)
      var result = try runTicker(["--format", "plain"] + arguments, environment: environment)
      while !result.stdout.contains(ready) && Date() < deadline {
        usleep(50_000)
        result = try runTicker(["--format", "plain"] + arguments, environment: environment)
      }
      #expect(result.status == 0, "\(result.stderr)")
      return String(result.stdout.dropLast())
    }

    // A list: a ~ path, an item with spaces, a quoted command with spaces of its own.
    let command = #"echo "from  the  command""#
    let words = ["-w", "400", "--at", "7", "-f", "~/items", "an  item with spaces", "--command"]
    let frame = try expectedFrame(
      ["-w", "400", "--at", "7", "-f", items, "an  item with spaces", "--command", command],
      ready: "from  the  command")
    #expect(
      frame.trimmingCharacters(in: .whitespaces)
        == "from a file · an  item with spaces · from  the  command")
    let listResult = try runProcess(
      shell, testCase.arguments(testCase.setList(words + [command])), environment: environment)
    #expect(listResult.stderr == "")
    #expect(testCase.visible(listResult.stdout) == frame + testCase.suffix)

    // A string of simple words, from the environment, with a ~/ path.
    var stringEnvironment = environment
    stringEnvironment["TICKER_ARGS"] = "-w 400 --at 7 -f ~/items"
    let stringResult = try runProcess(
      shell, testCase.arguments(""), environment: stringEnvironment)
    #expect(stringResult.stderr == "")
    let stringFrame = try expectedFrame(
      ["-w", "400", "--at", "7", "-f", items], ready: "from a file")
    #expect(stringFrame.trimmingCharacters(in: .whitespaces) == "from a file")
    #expect(testCase.visible(stringResult.stdout) == stringFrame + testCase.suffix)
  }

  @Test(
    "TICKER_ARGS unset gives the demo", .enabled(if: which("bash") != nil, "bash is not installed"))
  func defaultArguments() throws {
    let result = try runProcess(
      which("bash")!,
      [
        "--norc", "-c", #"PS1=''; . "$1"; printf '%s' "${PS1@P}""#, "bash",
        repositoryFile("contrib/prompt/ticker.bash"),
      ],
      environment: clientEnvironment())
    let visible = result.stdout.replacing(/\x{01}[^\x{02}]*\x{02}/, with: "")
    #expect(visible.count == 31, "'\(visible)'")  // 30 cells of demo quotes and a space
  }
}
