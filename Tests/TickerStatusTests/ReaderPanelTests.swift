import Foundation
import Testing

// Issue 34's readers without clicks of their own (conky; tint2, which reads pango; dwm,
// which reads plain text), as ReaderBarTests has the others.

@Suite(.serialized) struct ReaderPanelTests {
  @Test(
    "conky shows contrib/conky/conky.conf: drawn, scrolling, steady, literal",
    .enabled(
      if: missingPrograms(readerXPrograms + ["conky"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and conky"))
  func conky() throws {
    let session = try BarSession(name: "conky")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let path = "contrib/conky/conky.conf"
    let snippet = replacing(
      "${execpi 1 ticker-status ", with: "${execpi 1 \(session.binary) ",
      in: try repositoryText(path), file: path)
    /// The snippet at `row`, its text `text` and its background `background`.
    func bar(_ name: String, row: Int, text: String? = nil, background: String? = nil) throws {
      var config = replacing("gap_y = 0,", with: "gap_y = \(row),", in: snippet, file: path)
      if let text {
        config = replacingLine(
          starting: /conky.text = .*/, with: "conky.text = [[\(text)]]", in: config, file: path)
      }
      if let background {
        config = replacing(
          "own_window_colour = '202020',", with: "own_window_colour = '\(background)',",
          in: config, file: path)
      }
      let file = try session.write(name + ".conf", config)
      try session.spawn(
        ["conky", "-c", file], environment: session.environment(["DISPLAY": display]),
        log: name + ".log")
    }
    try bar("snippet", row: ReaderRows.snippet)
    let copy = try readerCopyArguments(session)
    try bar(
      "copy", row: ReaderRows.copy,
      text: "${execpi 1 \(session.binary) --format conky \(copy.joined(separator: " "))}",
      background: String(BarColors.test.description.dropFirst()))
    let literal = try readerLiteralArguments(session, first: .conky)
    try bar(
      "literal", row: ReaderRows.literal,
      text: "${execpi 1 \(session.binary) --format conky \(literal.joined(separator: " "))}")
    // The reference: the plain text through ${execi}, which conky shows as it is.
    try session.write("reference", try readerLiteralText(session, first: .conky) + "\n")
    try bar(
      "reference", row: ReaderRows.reference,
      text: "${execi 3600 cat '\(session.folder)/reference'}")
    // conky runs ${execpi 1} in its update loop of a second and waits for it: a frame
    // stays a second and the command's time (seen: shots 1.0 s apart alike under CI's
    // load), so the snippet's ticker must move within two.
    try checkReader(
      session, display: display, cycle: try cycleSeconds(copy), frameGap: 2,
      click: readerXClick(session, display: display))
    // conky says what it draws to; what the output caused would be an unknown variable,
    // a colour it cannot parse, or a warning.
    let logs = ["snippet", "copy", "literal", "reference"].flatMap {
      session.log($0 + ".log").split(separator: "\n").filter { line in
        ["unknown", "can't", "warning", "error"].contains { line.lowercased().contains($0) }
      }
    }
    #expect(logs.isEmpty, "conky logged: \(logs.prefix(5))")
  }

  @Test(
    "tint2 shows contrib/tint2/ticker.tint2rc: drawn, scrolling, steady, literal",
    .enabled(
      if: missingPrograms(readerXPrograms + ["tint2"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and tint2"))
  func tint2() throws {
    let session = try BarSession(name: "tint2")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let path = "contrib/tint2/ticker.tint2rc"
    let snippet = replacing(
      "execp_command = ticker-status ", with: "execp_command = \(session.binary) ",
      in: try repositoryText(path), file: path)
    /// The snippet at `row`, running `command`; `markup` false for the reference, its
    /// executor on `background` (a background of its own) when given.
    func bar(
      _ name: String, row: Int, command: String? = nil, markup: Bool = true,
      background: Pixel? = nil
    ) throws {
      var config = snippet + "\npanel_margin = 0 \(row)\n"
      if let command {
        config = replacingLine(
          starting: /execp_command = .*/, with: "execp_command = \(command)", in: config, file: path
        )
      }
      if !markup {
        config = replacing("execp_markup = 1", with: "execp_markup = 0", in: config, file: path)
      }
      if let background {
        config = replacing(
          "border_color = #202020 0\n",
          with: "border_color = #202020 0\n\nrounded = 0\nborder_width = 0\n"
            + "background_color = \(background) 100\nborder_color = \(background) 0\n",
          in: config, file: path)
        config = replacing(
          "execp_background_id = 0", with: "execp_background_id = 2", in: config, file: path)
      }
      let file = try session.write(name + ".tint2rc", config)
      try session.spawn(
        ["tint2", "-c", file], environment: session.environment(["DISPLAY": display]),
        log: name + ".log")
    }
    try bar("snippet", row: ReaderRows.snippet)
    let copy = try readerCopyArguments(session)
    try bar(
      "copy", row: ReaderRows.copy,
      command: "\(session.binary) --stream --format pango \(copy.joined(separator: " "))",
      background: BarColors.test)
    let literal = try readerLiteralArguments(session, first: .pango)
    try bar(
      "literal", row: ReaderRows.literal,
      command: "\(session.binary) --stream --format pango \(literal.joined(separator: " "))")
    // The reference: the plain text, read without markup.
    try session.write("reference", try readerLiteralText(session, first: .pango) + "\n")
    try bar(
      "reference", row: ReaderRows.reference,
      command: "cat '\(session.folder)/reference'; exec sleep 600", markup: false)
    try checkReader(
      session, display: display, cycle: try cycleSeconds(copy),
      click: readerXClick(session, display: display))
    let logs = ["snippet", "copy", "literal", "reference"].flatMap {
      session.log($0 + ".log").split(separator: "\n").filter { line in
        ["markup", "error", "warning"].contains { line.lowercased().contains($0) }
          // Xvfb has no window manager.
          && !line.contains("WM doesn't respect NETWM specs")
      }
    }
    #expect(logs.isEmpty, "tint2 logged: \(logs.prefix(5))")
  }

  @Test(
    "dwm shows contrib/dwm/ticker.sh: drawn, scrolling, steady, literal",
    .enabled(
      if: missingPrograms(readerXPrograms + ["dwm", "xsetroot"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool, dwm and xsetroot"))
  func dwm() throws {
    let session = try BarSession(name: "dwm")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let environment = session.environment(["DISPLAY": display, "TICKER_STATUS": session.binary])
    try session.spawn(["dwm"], environment: environment, log: "dwm.log")
    let path = "contrib/dwm/ticker.sh"
    let script = try session.write("ticker.sh", try repositoryText(path), executable: true)
    // The snippet with its own demo, marked at both ends so that its width shows.
    let ticker = try session.spawn(
      [script, "-w", "60", "--demo", "--before", "[", "--after", "]"], environment: environment,
      log: "ticker.log")
    // dwm's bar: the top rows; the status at its right, in dwm's grey on its dark grey.
    let bar = Box(minX: 640, minY: 0, maxX: 1279, maxY: 16)
    func textColumns(_ shot: Shot) -> (first: Int, pixels: Int)? {
      guard let background = shot.background(in: bar) else { return nil }
      var first: Int?
      var pixels = 0
      for x in bar.minX...bar.maxX {
        let column = Box(minX: x, minY: bar.minY, maxX: x, maxY: bar.maxY)
        let count = shot.count(in: column) { abs($0.luminance - background.luminance) > 0.35 }
        if count > 0 && first == nil { first = x }
        pixels += count
      }
      return first.map { ($0, pixels) }
    }
    var shots: [Shot] = []
    waitUntil(timeout: 20) {
      guard let shot = try? xShot(session, display: display), let text = textColumns(shot) else {
        return false
      }
      // The ticker, 62 cells wide, not dwm's own "dwm-6.4".
      if text.pixels > 100 && text.first < 1000 { shots.append(shot) }
      return !shots.isEmpty
    }
    try #require(!shots.isEmpty, "dwm drew no status in 20 s; see \(session.shots)")
    while shots.last!.time < shots[0].time + 4 {
      usleep(300_000)
      shots.append(try xShot(session, display: display))
    }
    let starts = Set(shots.compactMap { textColumns($0)?.first })
    #expect(starts.count == 1, "the status's width changed: it starts at \(starts)")
    for shot in shots {
      guard let later = shots.first(where: { $0.time >= shot.time + 1 }) else { break }
      #expect(shot.bytes(in: bar) != later.bytes(in: bar), "stood still: \(shot.path)")
    }
    // The hostile items, still, as the snippet's loop writes them; then the reference,
    // their plain text set by xsetroot itself: stock dwm draws both alike, and no red.
    for process in [ticker] + descendants(of: ticker) { kill(process, SIGTERM) }
    let items = try session.write(
      "literal-items", ["^c#ff0000^RED^d^ ^r0,0,9,9^"].joined(separator: "\n") + "\n")
    let arguments = ["-w", "40", "-s", "0", "-f", items]
    try session.spawn([script] + arguments, environment: environment, log: "literal.log")
    let plain = try runTicker(["--format", "plain"] + arguments)
    // Its first frame set: the frame stands still.
    usleep(2_000_000)
    let shown = try xShot(session, display: display)
    let xsetroot = try runProcess(
      program("xsetroot"), ["-name", String(plain.stdout.dropLast())], environment: environment)
    #expect(xsetroot.status == 0)
    usleep(500_000)
    let reference = try xShot(session, display: display)
    #expect(
      shown.count(in: shown.whole) { $0.isHostileRed } == 0, "red from the items: \(shown.path)")
    #expect(textColumns(shown)?.pixels ?? 0 > 100, "no status drawn: \(shown.path)")
    #expect(shown.bytes(in: bar) == reference.bytes(in: bar), "\(shown.path) and \(reference.path)")
  }

  @Test(
    "yambar shows contrib/yambar/config.yml: drawn, scrolling, steady, literal, clicked",
    .enabled(
      if: missingPrograms(readerXPrograms + ["yambar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and yambar"))
  func yambar() throws {
    let session = try BarSession(name: "yambar")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let path = "contrib/yambar/config.yml"
    let snippet = replacing(
      "path: /usr/bin/ticker-status", with: "path: \(session.binary)",
      in: try repositoryText(path), file: path)
    var placed: [String] = []
    /// The snippet at `row` (yambar's xcb backend, on X), running `script` with
    /// `arguments`, its list on `background` when given.
    func bar(
      _ name: String, row: Int, script: String? = nil, arguments: [String]? = nil,
      background: Pixel? = nil, clicks: Bool = false
    ) throws {
      var config = snippet
      if clicks {
        config = replacing(
          "            # on-click: ", with: "            on-click: ", in: config, file: path)
      }
      if let script {
        config = replacingLine(
          starting: /\s*path: .*/, with: "        path: \(script)", in: config, file: path)
      }
      if let arguments {
        let list = arguments.map { "\"\($0)\"" }.joined(separator: ", ")
        config = replacingLine(
          starting: /\s*args: .*/, with: "        args: [\(list)]", in: config, file: path)
      }
      if let background {
        config = replacing(
          "            spacing: 0\n",
          with: "            spacing: 0\n            deco: {background: {color: "
            + "\(background.description.dropFirst())ff}}\n", in: config, file: path)
      }
      let file = try session.write(name + ".yml", config)
      let environment = session.environment(["DISPLAY": display])
      try session.spawn(
        ["yambar", "-b", "xcb", "-s", "-d", "warning", "-c", file], environment: environment,
        log: name + ".log")
      // yambar's X backend ignores margins: each bar, once its window is there (one
      // more than before), is moved to its row (Xvfb has no window manager to object).
      var windows: [String] = []
      waitUntil(timeout: 10) {
        let found = try? runProcess(
          program("xdotool"), ["search", "--name", "^yambar$"], environment: environment)
        windows = (found?.stdout ?? "").split(separator: "\n").map(String.init)
        return windows.count > placed.count
      }
      let window = try #require(windows.first { !placed.contains($0) }, "\(name): no window")
      placed.append(window)
      let moved = try runProcess(
        program("xdotool"), ["windowmove", window, "0", "\(row)"], environment: environment)
      #expect(moved.status == 0, "\(moved.stderr)")
    }
    try bar("snippet", row: ReaderRows.snippet)
    let copy = try readerCopyArguments(session)
    try bar(
      "copy", row: ReaderRows.copy, arguments: ["--stream", "--format", "yambar"] + copy,
      background: BarColors.test)
    try bar(
      "literal", row: ReaderRows.literal,
      arguments: ["--stream", "--format", "yambar"]
        + (try readerLiteralArguments(session, first: .yambar)))
    // The reference: the plain text as the one run, its tags written by the test.
    let text = try readerLiteralText(session, first: .yambar)
    var tags = "text|string|\(text)\n"
    for slot in 0..<8 { tags += "t\(slot)|string|\(slot == 0 ? text : "")\nf\(slot)|string|\n" }
    try session.write("reference", tags + "\n")
    let reference = try session.write(
      "reference.sh", "#!/bin/sh\ncat '\(session.folder)/reference'\nexec sleep 600\n",
      executable: true)
    try bar("reference", row: ReaderRows.reference, script: reference, arguments: [])
    // The click copy: the snippet's on-click line, its items standing still.
    try bar(
      "clicks", row: ReaderRows.clicks,
      arguments: ["--stream", "--format", "yambar"] + (try BarClicks.arguments(session)),
      background: BarClicks.background, clicks: true)
    let click = readerXClick(session, display: display)
    try checkReader(session, display: display, cycle: try cycleSeconds(copy), click: click)
    // yambar's on-click is the module's: every click is the left item's.
    let box = try readerClickBox(session, display: display, background: BarClicks.background)
    try BarClicks.check(session, box: box, leftEdgeOnly: true, click: click)
    // Before a script's first set, its tags are missing: yambar warns, and that is all.
    let logs = ["snippet", "copy", "literal", "reference", "clicks"].flatMap {
      session.log($0 + ".log").split(separator: "\n").filter {
        // ChangeProperty's BadAtom: without a window manager, an atom of one that yambar
        // sets is unknown to Xvfb (seen now and then, whatever the output). And one
        // "failed to connect to X" of a bar whose drawing was checked above, seen once in
        // CI with every other bar test's Xvfb running at the same time: the X server's
        // business, not the ticker's; a bar that never connects fails the checks above.
        !$0.contains("not found") && !$0.contains("XCB: op 18:0, code 5")
          && !$0.contains("failed to connect to X") && !$0.isEmpty
      }
    }
    #expect(logs.isEmpty, "yambar logged: \(logs.prefix(5))")
  }
}
