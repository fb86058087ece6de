import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - Bars

@Suite struct BarSnippetTests {
  struct Snippet: CustomTestStringConvertible, Sendable {
    var path: String
    /// Finds the command in the snippet.
    var command: @Sendable (String) -> String?
    /// Checks the first lines the command prints.
    var check: @Sendable ([String]) -> Void
    var testDescription: String { path }
  }

  static func firstMatch(_ text: String, _ pattern: Regex<(Substring, Substring)>) -> String? {
    text.firstMatch(of: pattern).map { String($0.1) }
  }

  static func json(_ line: String) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
  }

  static let snippets: [Snippet] = [
    Snippet(
      path: "contrib/i3/config", command: { firstMatch($0, /\n\s*status_command (.+)/) },
      check: { lines in
        #expect(json(lines[0])?["version"] as? Int == 1, "header: \(lines[0])")
        #expect(lines[1] == "[")
        // Each frame is an element of the endless array: "[…],".
        #expect(lines[2].hasSuffix("],"))
        let blocks =
          (try? JSONSerialization.jsonObject(with: Data(lines[2].dropLast().utf8)))
          as? [[String: Any]]
        #expect(blocks?.first?["full_text"] is String, "\(lines[2])")
      }),
    Snippet(
      path: "contrib/i3blocks/ticker.conf", command: { firstMatch($0, /\ncommand=(.+)/) },
      check: { lines in
        #expect(lines.allSatisfy { $0.count == 40 }, "\(lines)")
      }),
    Snippet(
      path: "contrib/polybar/ticker.ini", command: { firstMatch($0, /\nexec = exec (.+)/) },
      check: { lines in
        for line in lines {
          // Every colour it opens, it closes.
          let opened = line.matches(of: /%\{F#[0-9a-f]{6}\}/).count
          #expect(opened == line.matches(of: /%\{F-\}/).count, "\(line)")
          #expect(line.replacing(/%\{[^}]*\}/, with: "").count == 40, "\(line)")
        }
      }),
    Snippet(
      path: "contrib/waybar/config.jsonc", command: { firstMatch($0, /"exec": "([^"]+)"/) },
      check: { lines in
        for line in lines {
          let object = json(line)
          #expect(object?["class"] as? String == "ticker", "\(line)")
          #expect((object?["tooltip"] as? String)?.count == 40, "\(line)")
          #expect(object?["text"] is String, "\(line)")
        }
      }),
  ]

  @Test(
    "the bar's command, as written, prints its format",
    arguments: snippets)
  func runsAsWritten(_ snippet: Snippet) throws {
    let text = try contents(snippet.path)
    let command = try #require(snippet.command(text), "no command in \(snippet.path)")
    #expect(command.hasPrefix("ticker-status --stream --format "))
    // head stands for the bar: it reads three lines and goes away, which ends the stream.
    let result = try runProcess(
      "/bin/sh", ["-c", command + " | head -n 3"], environment: clientEnvironment(), timeout: 10)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 3, "output: \(result.stdout) \(result.stderr)")
    snippet.check(lines)
  }

  @Test(
    "lemonbar's script pipes centred frames into the bar, and reads back the clicks it prints", )
  func lemonbar() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A bar that keeps two frames and prints, as lemonbar does for a click, the action
    // of item 0's left button; then a command, which must not run.
    let bar = folder.appendingPathComponent("bar")
    try """
    #!/bin/sh
    head -n 2 > "$0.frames"
    echo '0 1'
    echo "touch '$0.ran'"

    """.write(to: bar, atomically: true, encoding: .utf8)
    chmod(bar.path, 0o755)
    let result = try runProcess(
      "/bin/sh",
      [
        repositoryFile("contrib/lemonbar/ticker.sh"), "-w", "30", "--demo", "--on-click",
        "echo \"$TICKER_INDEX $TICKER_BUTTON $TICKER_SYMBOL\" > '\(bar.path).clicked'",
      ],
      environment: clientEnvironment(["LEMONBAR": bar.path]), timeout: 10)
    #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout) \(result.stderr)")
    #expect(waitUntil(timeout: 5) { FileManager.default.fileExists(atPath: bar.path + ".clicked") })
    #expect((try? String(contentsOfFile: bar.path + ".clicked", encoding: .utf8)) == "0 1 AAPL\n")
    #expect(!FileManager.default.fileExists(atPath: bar.path + ".ran"), "the bar's output ran")
    let frames = try String(contentsOfFile: bar.path + ".frames", encoding: .utf8)
    let lines = frames.split(separator: "\n").map(String.init)
    #expect(lines.count == 2, "\(frames)")
    for line in lines {
      #expect(line.hasPrefix("%{c}"))
      // lemonbar reads %% as one %.
      let visible = line.dropFirst(4).replacing(/%\{[^}]*\}/, with: "")
      #expect(visible.replacingOccurrences(of: "%%", with: "%").count == 30, "\(line)")
    }
  }

  @Test(
    "lemonbar's script gives lemonbar a Unicode core font, or LEMONBAR_FONT", )
  func lemonbarFont() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // A lemonbar that writes its arguments, one a line, beside itself and goes away
    // (what it printed, sh would run).
    let fake = folder.appendingPathComponent("lemonbar")
    try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$0.arguments\"\n".write(
      to: fake, atomically: true, encoding: .utf8)
    chmod(fake.path, 0o755)
    let path = folder.path + ":" + clientEnvironment()["PATH"]!
    for (font, expected) in [
      (nil, "-misc-fixed-medium-r-normal--13-120-75-75-c-70-iso10646-1"), ("6x13", "6x13"),
    ] {
      var extra = ["PATH": path]
      extra["LEMONBAR_FONT"] = font
      let result = try runProcess(
        "/bin/sh", [repositoryFile("contrib/lemonbar/ticker.sh"), "-w", "10", "--demo"],
        environment: clientEnvironment(extra), timeout: 10)
      #expect(result.status == 0, "\(result.stderr)")
      let written = try String(contentsOfFile: fake.path + ".arguments", encoding: .utf8)
      let arguments = written.split(separator: "\n").map(String.init)
      #expect(arguments.firstIndex(of: "-f").map { arguments[$0 + 1] } == expected, "\(arguments)")
    }
  }

  @Test("waybar's style sets no colour, so that the theme's stay")
  func waybarStyleKeepsTheTheme() throws {
    let rules = try contents("contrib/waybar/style.css").replacing(/\/\*(.|\n)*?\*\//, with: "")
    #expect(!rules.contains("color"), "\(rules)")
    #expect(rules.contains("font-family: monospace"))
  }

  @Test(
    "i3blocks runs the block and sends i3bar a frame per line",
    .enabled(if: which("i3blocks") != nil, "i3blocks is not installed"), )
  func i3blocks() throws {
    // i3blocks runs until its bar goes away; the timeout stands for that.
    let result = try runProcess(
      which("i3blocks")!, ["-c", repositoryFile("contrib/i3blocks/ticker.conf")],
      environment: clientEnvironment(), timeout: 2.5)
    // i3blocks 1.4 also sends an empty block of its own before ours.
    let texts = result.stdout.matches(of: /"full_text":"([^"]*)"/).map { String($0.1) }
      .filter { !$0.isEmpty }
    #expect(texts.count >= 2, "output: \(result.stdout) \(result.stderr)")
    #expect(Set(texts).count >= 2, "the ticker did not move: \(texts)")
    for text in texts {
      #expect(text.count == 40, "'\(text)'")
    }
  }
}
