import Foundation
import Testing

@testable import TickerCore
@testable import ticker_status

// --on-click through each reader: the action runs once, for the item under the
// pointer, with the item in its environment only; hostile items run nothing else.

/// Items that would run something if their text reached a shell, a bar or tmux.
func clickHostileItems(_ folder: TestFolder) -> [String] {
  let pwned = folder.file("pwned")
  return [
    "AAPL 189.84 +1.25", "$(touch \(pwned)) `touch \(pwned)`; touch \(pwned)",
    "MSFT 415.20 -2.31", "'quoted' \"double\" %{A1:touch \(pwned):}x%{A} #(touch \(pwned))",
  ]
}

/// The action: one line a click, with the variables the action gets.
func recordingAction(_ folder: TestFolder) -> String {
  let log = folder.file("clicks")
  return
    #"printf '%s|%s|%s|%s|%s|%s\n' "$TICKER_INDEX" "$TICKER_ITEM" "${TICKER_SYMBOL-unset}" "${TICKER_PRICE-unset}" "${TICKER_CHANGE-unset}" "$TICKER_BUTTON" >> "#
    + "'\(log)'"
}

/// The command of the first `%{A1:…:}` action in a polybar frame, unescaped as
/// polybar does.
func firstPolybarAction(in frame: String) -> String? {
  guard let start = frame.range(of: "%{A1:") else { return nil }
  var command = ""
  var rest = frame[start.upperBound...]
  while let character = rest.first {
    rest = rest.dropFirst()
    if character == "\\", rest.first == ":" {
      command.append(":")
      rest = rest.dropFirst()
    } else if character == ":" {
      return command
    } else {
      command.append(character)
    }
  }
  return nil
}

/// The lines the action wrote, once `count` are there (or after 10 s).
func recordedClicks(_ folder: TestFolder, count: Int) -> [String] {
  waitUntil(timeout: 10) { folder.lineCount("clicks") >= count }
  return (folder.read("clicks") ?? "").split(separator: "\n").map(String.init)
}

/// The item (index) a still ticker of `items` shows at each column.
func itemOwners(_ arguments: [String]) throws -> [Int?] {
  let options = try ArgumentParser.parse(arguments)
  let pipeline = try Pipeline(options, environment: Environment())
  var builder = pipeline.makeBuilder()
  let reader = pipeline.reader(for: .arguments([]))
  for item in options.items { reader.append(argument: item, to: &builder) }
  let ticker = pipeline.ticker(builder.build())
  return (0..<options.width).map { ticker.item(atColumn: $0, at: 0) }
}

/// What the action should write for item `index` clicked with `button`.
func expectedClick(_ items: [String], _ index: Int, button: Int) -> String {
  let item = items[index]
  if let quote = Quote(parsing: item) {
    let sign = quote.trend == .up ? "+" : quote.trend == .down ? "-" : ""
    return "\(index)|\(quote.styledText().plainText)|\(quote.symbol)|\(quote.price)|"
      + "\(sign)\(quote.change ?? "")|\(button)"
  }
  return "\(index)|\(item)|unset|unset|unset|\(button)"
}

@Suite(.serialized) struct ClickTests {
  @Test func i3barClickEventsRunTheActionForTheItemUnderThePointer() throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    let items = clickHostileItems(folder)
    let arguments = ["-w", "120", "-s", "0", "--quotes", "--"] + items
    let owner = try itemOwners(arguments)
    let stream = try LiveProcess(
      ["--stream", "--format", "i3bar", "--on-click", recordingAction(folder)] + arguments,
      feedsInput: true)
    defer { stream.stop() }
    #expect(stream.waitForLines(3).first?.text == "{\"version\":1,\"click_events\":true}")
    // A block 1200 px wide: 10 px a cell. One click in the middle of each item's cells,
    // and one with another button.
    var wanted: [String] = []
    stream.write("[\n")
    for index in items.indices {
      guard let column = owner.firstIndex(of: index) else { continue }
      let button = index == 2 ? 3 : 1
      stream.write(
        "{\"name\":\"t\",\"button\":\(button),\"modifiers\":[\"Shift\"],\"relative_x\":"
          + "\(column * 10 + 5),\"relative_y\":9,\"width\":1200,\"height\":18},\n")
      wanted.append(expectedClick(items, index, button: button))
    }
    // The actions run detached, side by side: in any order, each once.
    let lines = recordedClicks(folder, count: wanted.count)
    #expect(lines.sorted() == wanted.sorted())
    #expect(!folder.exists("pwned"), "an item's text ran")
    // Each action ran once, and the stream left no zombie behind.
    usleep(300_000)
    #expect(recordedClicks(folder, count: wanted.count).count == wanted.count)
    #expect(childZombies(of: stream.pid).isEmpty)
  }

  @Test func i3barGarbageOnStandardInputIsSkippedWithOneWarning() throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    let stream = try LiveProcess(
      [
        "--stream", "--format", "i3bar", "-w", "10", "-s", "0", "--on-click",
        recordingAction(folder), "item",
      ],
      feedsInput: true)
    defer { stream.stop() }
    stream.waitForLines(3)
    stream.write(
      "[\nnot json\n{\"button\":\n{\"button\":9}\n,{\"button\":2,\"relative_x\":1,\"width\":10}\n")
    #expect(recordedClicks(folder, count: 1) == ["0|item|unset|unset|unset|2"])
    #expect(
      stream.standardError
        == "ticker-status: warning: standard input holds a line that is not a click event;"
        + " skipping such lines\n")
  }

  @Test(arguments: [true, false])
  func i3blocks15PersistentBlocksGetClicks(json: Bool) throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    var environment = testEnvironment(["BLOCK_INTERVAL": "persist", "interval": "persist"])
    if json { environment["format"] = "json" }
    let stream = try LiveProcess(
      [
        "--stream", "--format", "i3blocks", "-w", "12", "-s", "0", "--on-click",
        recordingAction(folder), "first", "second",
      ],
      environment: environment, feedsInput: true)
    defer { stream.stop() }
    let line = stream.waitForLines(1).first?.text
    if json {
      #expect(line == #"{"full_text":"first · seco","min_width":"AAAAAAAAAAAA","align":"left"}"#)
      // i3blocks 1.5 writes the block's properties, the click's among them.
      stream.write("{\"name\":\"ticker\",\"button\":1,\"relative_x\":95,\"width\":120}\n")
      #expect(recordedClicks(folder, count: 1) == ["1|second|unset|unset|unset|1"])
    } else {
      #expect(line == "first · seco")
      // Without format=json i3blocks writes the button alone: the item at the left edge.
      stream.write("3\n")
      #expect(recordedClicks(folder, count: 1) == ["0|first|unset|unset|unset|3"])
    }
  }

  /// The command of the `%{A<button>:…:}` tag that wraps `text` in a polybar frame, as
  /// polybar reads it: up to the first `:` not written `\:`, each `\:` read as `:`.
  private func polybarAction(in frame: String, button: Int, before text: String) -> String? {
    guard let textStart = frame.range(of: text)?.lowerBound else { return nil }
    let head = frame[..<textStart]
    guard let tag = head.range(of: "%{A\(button):", options: .backwards) else { return nil }
    var command = ""
    var previous: Character?
    for character in head[tag.upperBound...] {
      if character == ":" {
        if previous == "\\" {
          command.removeLast()
        } else {
          return command
        }
      }
      command.append(character)
      previous = character
    }
    return nil
  }

  @Test func polybarActionsRunTheActionWhenPolybarRunsThem() throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    let items = clickHostileItems(folder)
    // A path with ':' and '}' in it, as polybar's parser must see through.
    let itemsFile = try folder.write("items:{x}", items.joined(separator: "\n") + "\n")
    let result = try runTicker(
      [
        "--format", "polybar", "-w", "200", "--at", "0", "--quotes", "-f", itemsFile,
        "--on-click", recordingAction(folder),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    var wanted: [String] = []
    for (index, button) in [(0, 1), (1, 2), (2, 3), (3, 5)] {
      let shown = index == 0 ? "AAPL" : index == 2 ? "MSFT" : String(items[index].prefix(6))
      let command = try #require(polybarAction(in: result.stdout, button: button, before: shown))
      let run = try runProcess("/bin/sh", ["-c", command], environment: testEnvironment())
      #expect(run.status == 0, "\(run.stderr)")
      wanted.append(expectedClick(items, index, button: button))
    }
    #expect(recordedClicks(folder, count: wanted.count).sorted() == wanted.sorted())
    #expect(!folder.exists("pwned"))
  }

  @Test func polybarRefusesAnArgumentItCannotCarry() throws {
    let result = try runTicker(
      ["--format", "polybar", "--on-click", "true", "-f", "/tmp/a\nb", "x"])
    #expect(result.status == 64)
    #expect(
      result.stderr.contains(
        "cannot be passed back in a one-shot's polybar click action: it holds a line break"))
  }

  @Test func lemonbarActionsHoldOnlyTheItemAndTheButton() throws {
    let result = try runTicker(
      ["--format", "lemonbar", "--at", "0", "-w", "40", "--on-click", "touch /tmp/x:}y", "--demo"])
    #expect(result.status == 0, "\(result.stderr)")
    let actions = result.stdout.matches(of: /%\{A([1-5]):([^:]*):\}/).map {
      (String($0.1), String($0.2))
    }
    #expect(actions.count >= 10)
    for (button, action) in actions {
      #expect(action.wholeMatch(of: /[0-9]+ [1-5]/) != nil, "\(action)")
      #expect(action.hasSuffix(" " + button))
    }
  }

  @Test func waybarClicksTheItemAtTheLeftEdge() throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    let result = try runTicker(
      [
        "--clicked-item", "left", "--clicked-button", "4", "--on-click", recordingAction(folder),
        "-s", "0", "-w", "5", "--quotes", "AAPL 189.84 +1.25", "MSFT 415.20 -2.31",
      ])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      recordedClicks(folder, count: 1) == [expectedClick(["AAPL 189.84 +1.25"], 0, button: 4)])
  }

  @Test func aClickOnAnItemThatHasGoneRunsNothing() throws {
    let folder = try TestFolder("ticker-click")
    defer { folder.remove() }
    let result = try runTicker(
      ["--clicked-item", "7", "--on-click", recordingAction(folder), "only"])
    #expect(result.status == 0)
    #expect(result.stderr == "ticker-status: warning: no item 7 to click: it has gone\n")
    usleep(200_000)
    #expect(!folder.exists("clicks"))
  }

  /// tmux draws user ranges from 3.4; before, the markup would show as text.
  @Test(arguments: [("3.3a", false), ("3.4", true), ("3.5a", true), ("next-3.8", true)])
  func tmuxItemsAreInUserRangesFrom34(version: String, ranged: Bool) throws {
    let result = try runTicker(
      [
        "--format", "tmux", "--tmux-version", version, "--at", "0", "-w", "12",
        "--on-click", "true", "--click-range-prefix", "tfx_", "ab", "c#d",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    // Each range stops before the item's last cell (see TmuxDialect), but not before a
    // '#', whose escaping depends on what follows.
    #expect(
      result.stdout
        == (ranged
          ? "#[range=user|tfx_0]ab ·#[norange] #[range=user|tfx_1]c###[norange]d    #[default]\n"
          : "ab · c####d    #[default]\n"))
  }

  @Test func tmuxRangesWithoutAVersionAreThoseOf33NoneAtAll() throws {
    let result = try runTicker(["--format", "tmux", "--at", "0", "--on-click", "true", "x"])
    #expect(!result.stdout.contains("range"))
  }

  @Test func aRangeNameLongerThanTmuxKeepsIsNotDrawn() {
    let ranges = ClickMechanism.tmuxRanges(prefix: "abcdefghij")
    #expect(ranges.rangeName?(99_999) == "abcdefghij99999")
    #expect(ranges.rangeName?(100_000) == .some(nil))
  }

  @Test(arguments: [
    (["--click-range-prefix", "t-1", "--on-click", "true", "x"], "expected 1 to 10 letters"),
    (["--click-range-prefix", "abcdefghijk", "--on-click", "true", "x"], "expected 1 to 10"),
    (["--click-range-prefix", "", "--on-click", "true", "x"], "expected 1 to 10"),
    (["--click-range-prefix", "ab", "x"], "needs '--on-click <command>'"),
  ])
  func clickRangePrefixIsChecked(arguments: [String], message: String) throws {
    let result = try runTicker(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// contrib/quotes/open-quote with a fake xdg-open that records its arguments: the
  /// URL it opens, in the plainest POSIX sh at hand.
  private func openQuote(_ environment: [String: String], folder: TestFolder) throws
    -> (status: Int32, opened: [String], stderr: String)
  {
    let fake = try folder.write(
      "xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" >> \"$0.log\"\n")
    chmod(fake, 0o755)
    try? FileManager.default.removeItem(atPath: folder.file("xdg-open.log"))
    let result = try runProcess(
      which("dash") ?? "/bin/sh", [repositoryFile("contrib/quotes/open-quote")],
      environment: testEnvironment(
        [
          "PATH": folder.path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        ]
      ).merging(environment) { $1 })
    let opened = (folder.read("xdg-open.log") ?? "").split(separator: "\n").map(String.init)
    return (result.status, opened, result.stderr)
  }

  @Test(
    arguments: [
      ("AAPL", nil, "https://stooq.com/q/?s=aapl.us"),
      ("EUR/USD", nil, "https://stooq.com/q/?s=eurusd"),
      ("SAP.DE", nil, "https://stooq.com/q/?s=sap.de"),
      ("^SPX", nil, "https://stooq.com/q/?s=%5Espx"),
      ("GOOGLE", nil, "https://stooq.com/q/?s=google"),
      (
        "$(touch${IFS}pwned)`touch pwned`;&|<>'\"\\ %41#?=+", nil,
        "https://stooq.com/q/?s=%24%28touch%24%7Bifs%7Dpwned%29%60touch%20pwned%60%3B%26%7C%3C%3E"
          + "%27%22%5C%20%2541%23%3F%3D%2B"
      ),
      ("Ünï-._~", nil, "https://stooq.com/q/?s=%C3%9Cn%C3%AF-._~"),
      (
        "A/B c", "https://q.example/{symbol}/x?s={symbol}",
        "https://q.example/A%2FB%20c/x?s=A%2FB%20c"
      ),
      ("AAPL", "https://q.example/?s=", "https://q.example/?s=AAPL"),
    ] as [(String, String?, String)])
  func openQuoteOpensTheSymbolsPagePercentEncoded(symbol: String, template: String?, url: String)
    throws
  {
    let folder = try TestFolder("ticker-open-quote")
    defer { folder.remove() }
    var environment = ["TICKER_SYMBOL": symbol]
    if let template { environment["TICKER_QUOTE_URL"] = template }
    let run = try openQuote(environment, folder: folder)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.opened == ["1", url])
    #expect(!folder.exists("pwned"))
  }

  @Test func openQuoteWithoutASymbolSaysWhyAndOpensNothing() throws {
    let folder = try TestFolder("ticker-open-quote")
    defer { folder.remove() }
    for environment in [[:], ["TICKER_SYMBOL": ""]] {
      let run = try openQuote(environment, folder: folder)
      #expect(run.status == 0)
      #expect(run.opened.isEmpty)
      #expect(run.stderr.contains("open-quote: no TICKER_SYMBOL"), "\(run.stderr)")
    }
  }

  /// A click through ticker-status: the quote's symbol reaches open-quote only in the
  /// environment.
  @Test func openQuoteAsTheOnClickActionOfAQuote() throws {
    let folder = try TestFolder("ticker-open-quote")
    defer { folder.remove() }
    _ = try openQuote([:], folder: folder)  // writes the fake xdg-open
    let result = try runTicker(
      [
        "--clicked-item", "1", "--on-click", repositoryFile("contrib/quotes/open-quote"),
        "--quotes", "AAPL 1 +1", "$(touch${IFS}pwned);x 2.5 -1",
      ],
      environment: testEnvironment(
        ["PATH": folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/bin")]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      waitUntil(timeout: 10) { folder.lineCount("xdg-open.log") >= 2 },
      "open-quote opened nothing")
    #expect(
      folder.read("xdg-open.log")
        == "1\nhttps://stooq.com/q/?s=%24%28touch%24%7Bifs%7Dpwned%29%3Bx\n")
    #expect(!folder.exists("pwned"))
  }

  /// The click line each bar snippet shows, run as written (with ticker-status on PATH
  /// and open-quote where make install puts it under ~/.local), for a click of its bar:
  /// open-quote opens a quote's page.
  @Test(arguments: ["i3", "i3blocks", "polybar", "waybar", "lemonbar"])
  func theSnippetsClickLinesOpenTheQuoteAsWritten(bar: String) throws {
    let folder = try TestFolder("ticker-snippet-click")
    defer { folder.remove() }
    let bin = folder.file("bin")
    let quotes = folder.file(".local/share/ticker-status/quotes")
    for path in [bin, quotes] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/ticker-status", withDestinationPath: tickerBinary)
    try FileManager.default.createSymbolicLink(
      atPath: quotes + "/open-quote",
      withDestinationPath: repositoryFile("contrib/quotes/open-quote"))
    let fake = try folder.write(
      "bin/xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$HOME/opened\"\n")
    chmod(fake, 0o755)
    var environment = testEnvironment([
      "HOME": folder.path,
      "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
    ])
    /// The commented line of `path` that runs ticker-status with --on-click, uncommented.
    func clickLine(_ path: String, comment: String) throws -> String {
      let lines = try contents(path).split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let line = try #require(
        lines.first {
          $0.hasPrefix(comment) && $0.contains("ticker-status --") && $0.contains("--on-click")
        }, "\(path) shows no click line")
      return String(line.dropFirst(comment.count)).trimmingCharacters(in: .whitespaces)
    }
    let script: String
    var input: [UInt8]?
    switch bar {
    case "i3":
      let line = try clickLine("contrib/i3/config", comment: "#")
      script = String(line.dropFirst("status_command ".count)) + " | head -n 6"
      input = Array("[\n{\"name\":\"t\",\"button\":1,\"relative_x\":3,\"width\":600},\n".utf8)
    case "i3blocks":
      let line = try clickLine("contrib/i3blocks/ticker.conf", comment: "#")
      #expect(try contents("contrib/i3blocks/ticker.conf").contains("\n# format=json\n"))
      environment["BLOCK_INTERVAL"] = "persist"
      environment["format"] = "json"
      script = String(line.dropFirst("command=".count)) + " | head -n 4"
      input = Array("{\"name\":\"ticker\",\"button\":1,\"relative_x\":3,\"width\":400}\n".utf8)
    case "polybar":
      // polybar runs the command of the action clicked: the first item's left button.
      let line = try clickLine("contrib/polybar/ticker.ini", comment: ";")
      let command = String(line.dropFirst("exec = ".count)).replacing(" --stream", with: "")
      script =
        "eval \"$(\(command) | sed -n 's/^%{A1:\\(\\([^:\\\\]\\|\\\\.\\)*\\):}.*/\\1/p' "
        + "| sed 's/\\\\:/:/g')\""
    case "waybar":
      let line = try clickLine("contrib/waybar/config.jsonc", comment: "//")
      let command = try #require(line.firstMatch(of: /"on-click": "([^"]+)"/)?.1)
      script = String(command)
    default:
      // lemonbar prints the action clicked, which the script runs with sh: a bar that
      // prints the first item's left-button action.
      let lemonbar = try folder.write(
        "bin/fake-lemonbar",
        "#!/bin/sh\nhead -n 1 | sed -n 's/^%{c}%{A1:\\(\\([^:\\\\]\\|\\\\.\\)*\\):}.*/\\1/p' "
          + "| sed 's/\\\\:/:/g'\n")
      chmod(lemonbar, 0o755)
      environment["LEMONBAR"] = lemonbar
      script =
        "'\(repositoryFile("contrib/lemonbar/ticker.sh"))' -w 40 --demo "
        + "--on-click ~/.local/share/ticker-status/quotes/open-quote"
    }
    let result = try runProcess(
      "/bin/sh", ["-c", script], stdin: input, environment: environment, timeout: 20)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(
      // Made before it is written: wait for the whole line.
      waitUntil(timeout: 10) { folder.read("opened")?.hasSuffix("\n") == true },
      "\(bar): open-quote opened nothing")
    let opened = folder.read("opened") ?? ""
    #expect(
      opened.wholeMatch(of: /https:\/\/stooq\.com\/q\/\?s=[a-z0-9.%]+\n/) != nil, "\(opened)")
  }

  @Test(arguments: OutputFormat.allCases)
  func withoutOnClickNoOutputChanges(format: OutputFormat) throws {
    let common = ["--format", format.rawValue, "-w", "30", "--at", "5", "--demo"]
    let plain = try runTicker(common)
    let clickable = try runTicker(common + ["--on-click", "true"])
    // Only the formats that carry clicks change, and only with --on-click.
    let actions: [OutputFormat: String] = [
      .polybar: "%{A1:", .lemonbar: "%{A1:", .xmobar: "<action=`", .dzen2: "^ca(1,",
      .genmon: "<txtclick>", .yambar: "click1|string|",
    ]
    if let action = actions[format] {
      #expect(clickable.stdout.contains(action))
      #expect(!plain.stdout.contains(action))
    } else {
      #expect(plain.stdout == clickable.stdout)
    }
  }
}

/// The children of `pid` that are zombies.
private func childZombies(of pid: Int32) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap(Int32.init).filter { child in
    guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == pid
  }
}
