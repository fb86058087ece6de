import Foundation
import Testing

// Issue 34's readers, each started with the project's own snippet from contrib/ (only
// the binary's path changed) on a virtual screen, beside a test copy, a still bar of
// hostile items and its reference drawing (ReaderBarSupport.swift), and where the
// reader has clicks, the snippet's click line clicked item by item. Screenshots of the
// last run stay in .build/bar-screenshots/<reader>/.

let readerXPrograms = ["Xvfb", "import", "convert", "xdotool"]

/// Clicks one point of an X display with one button.
func readerXClick(_ session: BarSession, display: String) -> (Int, Int, Int) throws -> Void {
  { x, y, button in
    let result = try runProcess(
      program("xdotool"), ["mousemove", "\(x)", "\(y)", "click", "\(button)"],
      environment: session.environment(["DISPLAY": display]))
    #expect(result.status == 0, "xdotool: \(result.stderr)")
  }
}

/// The click copy's box: its background's, found in a shot.
func readerClickBox(_ session: BarSession, display: String, background: Pixel) throws -> Box {
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
      if: missingPrograms(readerXPrograms + ["xmobar"]).isEmpty,
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
    let click = readerXClick(session, display: display)
    try checkReader(session, display: display, cycle: try cycleSeconds(copy), click: click)
    let box = try readerClickBox(session, display: display, background: BarClicks.background)
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
      if: missingPrograms(readerXPrograms + ["dzen2"]).isEmpty,
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
    let click = readerXClick(session, display: display)
    try checkReader(session, display: display, cycle: try cycleSeconds(copy), click: click)
    let box = try readerClickBox(session, display: display, background: BarClicks.background)
    try BarClicks.check(session, box: box, click: click)
    let logs = ["snippet", "copy", "literal", "reference", "clicks"].flatMap {
      session.log($0 + ".log").split(separator: "\n")
    }
    #expect(logs.isEmpty, "dzen2 logged: \(logs.prefix(5))")
  }
}
