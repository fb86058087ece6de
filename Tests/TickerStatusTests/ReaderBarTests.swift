import Foundation
import Testing

// Issue 34's readers, each started with the project's own snippet from contrib/ (only
// the binary's path changed) on a virtual screen, beside a test copy, a still bar of
// hostile items and its reference drawing (ReaderBarSupport.swift), and where the
// reader has clicks, the snippet's click line clicked item by item. Screenshots of the
// last run stay in .build/bar-screenshots/<reader>/.

private let xPrograms = ["Xvfb", "import", "convert", "xdotool"]

/// Clicks one point of an X display with one button.
private func xClick(_ session: BarSession, display: String) -> (Int, Int, Int) throws -> Void {
  { x, y, button in
    let result = try runProcess(
      program("xdotool"), ["mousemove", "\(x)", "\(y)", "click", "\(button)"],
      environment: session.environment(["DISPLAY": display]))
    #expect(result.status == 0, "xdotool: \(result.stderr)")
  }
}

/// The click copy's box: its background's, found in a shot.
private func clickBox(_ session: BarSession, display: String, background: Pixel) throws -> Box {
  var box: Box?
  waitUntil(timeout: 10) {
    box = (try? xShot(session, display: display))?.boundingBox(
      of: background, in: ReaderRows.box(ReaderRows.clicks))
    return box != nil
  }
  return try #require(box, "\(session.name) drew no click copy; see \(session.shots)")
}

/// `text` as xmobar's literal text, written by the test: `<raw=N:text/>`.
private func xmobarRaw(_ text: String) -> String {
  "<raw=\(text.unicodeScalars.count):\(text)/>"
}

@Suite(.serialized) struct ReaderBarTests {
  @Test(
    "xmobar shows contrib/xmobar/xmobarrc: drawn, scrolling, steady, literal, clicked",
    .enabled(
      if: missingPrograms(xPrograms + ["xmobar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and xmobar"))
  func xmobar() throws {
    let session = try BarSession(name: "xmobar")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let path = "contrib/xmobar/xmobarrc"
    let original = try repositoryText(path)
    let snippet = replacing(
      "\"ticker-status ", with: "\"\(session.binary) ", in: original, file: path)
    /// The snippet at `row`, showing `command` in `template` (`%ticker%` the command's).
    func bar(_ name: String, row: Int, command: String?, template: String? = nil) throws {
      var text = replacing(
        "position = TopH 24",
        with: "position = Static { xpos = 0, ypos = \(row), width = 1280, height = 24 }",
        in: snippet, file: path)
      if let command {
        text = replacingLine(
          starting: /\s*, commands = .*/,
          with: "       , commands = [ Run CommandReader \"\(command)\" \"ticker\" ]", in: text,
          file: path)
      }
      if let template {
        text = replacing(
          "template = \"%ticker% }{ \"", with: "template = \"\(template)\"", in: text, file: path)
      }
      let file = try session.write(name + ".xmobarrc", text)
      // Without a session bus xmobar says so and goes on; with XDG_RUNTIME_DIR set it
      // looks for one there, and ends when there is none: an empty address is invalid.
      try session.spawn(
        ["xmobar", file],
        environment: session.environment(["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": ""]),
        log: name + ".log")
    }
    try bar("snippet", row: ReaderRows.snippet, command: nil)
    let copy = try readerCopyArguments(session)
    try bar(
      "copy", row: ReaderRows.copy,
      command: "\(session.binary) --stream --format xmobar \(copy.joined(separator: " "))",
      template: "<fc=#d0d0d0,\(BarColors.test)>%ticker%</fc>")
    let literal = try readerLiteralArguments(session, first: .xmobar)
    try bar(
      "literal", row: ReaderRows.literal,
      command: "\(session.binary) --stream --format xmobar \(literal.joined(separator: " "))")
    let reference = try session.write(
      "reference.sh", "#!/bin/sh\ncat '\(session.folder)/reference'\nexec sleep 600\n",
      executable: true)
    try session.write("reference", xmobarRaw(try readerLiteralText(session, first: .xmobar)) + "\n")
    try bar("reference", row: ReaderRows.reference, command: reference)
    // The click copy: the snippet's click line, on a background of its own.
    let clickLine = BarClicks.line(
      in: original, comment: "--", file: path, session: session,
      arguments: try BarClicks.arguments(session))
    let clickCommand = try #require(clickLine.firstMatch(of: /CommandReader "([^"]+)"/)?.1)
    try bar(
      "clicks", row: ReaderRows.clicks, command: String(clickCommand),
      template: "<fc=#d0d0d0,\(BarClicks.background)>%ticker%</fc>")
    let click = xClick(session, display: display)
    try checkReader(session, display: display, cycle: try cycleSeconds(copy), click: click)
    let box = try clickBox(session, display: display, background: BarClicks.background)
    try BarClicks.check(session, box: box, click: click)
    let logs = ["snippet", "copy", "literal", "reference", "clicks"].flatMap {
      session.log($0 + ".log").split(separator: "\n").filter {
        !$0.contains("DBUS_SESSION_BUS_ADDRESS is invalid") && !$0.contains("Caught signal")
      }
    }
    #expect(logs.isEmpty, "xmobar logged: \(logs.prefix(5))")
  }

  @Test(
    "dzen2 shows contrib/dzen2/ticker.sh: drawn, scrolling, steady, literal, clicked",
    .enabled(
      if: missingPrograms(xPrograms + ["dzen2"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and dzen2"))
  func dzen2() throws {
    let session = try BarSession(name: "dzen2")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    let path = "contrib/dzen2/ticker.sh"
    let script = try session.write("ticker.sh", try repositoryText(path), executable: true)
    let dzen2 = try #require(
      try repositoryText(path).firstMatch(of: /\$\{DZEN2:-([^}]+)\}/).map { String($0.1) },
      "\(path) names no default dzen2 command")
    /// A dzen2 command as the snippet's, at `row`, each line after `prefix`.
    func bar(_ name: String, row: Int, prefix: String = "") throws -> String {
      try session.write(
        name + "-dzen2.sh",
        "#!/bin/sh\nsed -u 's/^/\(prefix)/' | \(dzen2) -y \(row)\n", executable: true)
    }
    let environment = session.environment([
      "DISPLAY": display, "TICKER_STATUS": session.binary,
    ])
    // The snippet as it is, at the top; the copy and the click copy through it too.
    try session.spawn([script], environment: environment, log: "snippet.log")
    let copy = try readerCopyArguments(session)
    try session.spawn(
      [script] + copy,
      environment: environment.merging([
        "DZEN2": try bar("copy", row: ReaderRows.copy, prefix: "^bg(\(BarColors.test))")
      ]) { $1 }, log: "copy.log")
    try session.spawn(
      [script] + (try readerLiteralArguments(session, first: .dzen2)),
      environment: environment.merging(["DZEN2": try bar("literal", row: ReaderRows.literal)]) {
        $1
      }, log: "literal.log")
    // The reference: the plain text with each ^ doubled by the test.
    let reference = try readerLiteralText(session, first: .dzen2).replacingOccurrences(
      of: "^", with: "^^")
    let feed = try session.write(
      "reference.sh",
      "#!/bin/sh\n{ cat '\(session.folder)/reference'; exec sleep 600; } | "
        + "'\(try bar("reference", row: ReaderRows.reference))'\n", executable: true)
    try session.write("reference", reference + "\n")
    try session.spawn([feed], environment: environment, log: "reference.log")
    try session.spawn(
      [script] + (try BarClicks.arguments(session)),
      environment: environment.merging([
        "DZEN2": try bar("clicks", row: ReaderRows.clicks, prefix: "^bg(\(BarClicks.background))")
      ]) { $1 }, log: "clicks.log")
    let click = xClick(session, display: display)
    try checkReader(session, display: display, cycle: try cycleSeconds(copy), click: click)
    let box = try clickBox(session, display: display, background: BarClicks.background)
    try BarClicks.check(session, box: box, click: click)
    let logs = ["snippet", "copy", "literal", "reference", "clicks"].flatMap {
      session.log($0 + ".log").split(separator: "\n")
    }
    #expect(logs.isEmpty, "dzen2 logged: \(logs.prefix(5))")
  }

  @Test(
    "conky shows contrib/conky/conky.conf: drawn, scrolling, steady, literal",
    .enabled(
      if: missingPrograms(xPrograms + ["conky"]).isEmpty,
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
    try checkReader(
      session, display: display, cycle: try cycleSeconds(copy),
      click: xClick(session, display: display))
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
      if: missingPrograms(xPrograms + ["tint2"]).isEmpty,
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
      click: xClick(session, display: display))
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
      if: missingPrograms(xPrograms + ["dwm", "xsetroot"]).isEmpty,
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
}
