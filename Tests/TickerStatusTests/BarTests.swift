import Foundation
import Testing

// The real bars, each started with the project's own snippet from contrib/ (only the
// binary's path changed) on a virtual screen, looked at in screenshots and clicked.
// Beside the snippet's ticker each bar shows a test copy: the same snippet with items
// that are markup, actions and JSON to the bar, scrolling fast on a background of
// its own, and a control whose buttons touch files, to prove that clicks arrive.
// Screenshots of the last run stay in .build/bar-screenshots/<bar>/.
//
// Whatever `monospace` resolves to (checked with DejaVu Sans Mono, Noto Sans Mono and
// Liberation Mono), the tests measure rather than assume: every bar's place is found
// in the shot by its background colour or asked of the window system (xdotool,
// the bars' own geometry), the screens are tall enough for every bar stacked with the
// tallest of those fonts, and a box that does not fit a shot is an issue, not a trap.
// What remains assumed: a monospace font, for the cell arithmetic of the click checks
// (a cell is the click copy's width divided by its cells), and polybar's explicit
// DejaVu Sans Mono and lemonbar's X core font, which the snippets and copies name.

/// What every X bar's test needs.
let xPrograms = ["Xvfb", "import", "convert", "xdotool"]

/// Screenshots and clicks on an X display.
func xProbe(
  _ session: BarSession, display: String, controlMarks: [String],
  snippet: @escaping (Shot, Box) -> Box, logProblems: @escaping () -> [String]
) -> BarProbe {
  let environment = session.environment(["DISPLAY": display])
  return BarProbe(
    screenshot: {
      try session.screenshot { path in
        try runProcess(program("import"), ["-window", "root", path], environment: environment)
      }
    },
    snippet: snippet,
    click: { points in
      var arguments: [String] = []
      for point in points {
        arguments += ["mousemove", "\(point.x)", "\(point.y)"]
        for button in 1...5 { arguments += ["click", "--delay", "0", "\(button)"] }
      }
      let result = try runProcess(program("xdotool"), arguments, environment: environment)
      #expect(result.status == 0, "xdotool: \(result.stderr)")
    },
    controlMarks: controlMarks, logProblems: logProblems)
}

/// Clicks one point of an X display with one button.
private func xClick(_ session: BarSession, display: String) -> (Int, Int, Int) throws -> Void {
  { x, y, button in
    let result = try runProcess(
      program("xdotool"), ["mousemove", "\(x)", "\(y)", "click", "\(button)"],
      environment: session.environment(["DISPLAY": display]))
    #expect(result.status == 0, "xdotool: \(result.stderr)")
  }
}

/// The click copy's box in a new screenshot of `probe`.
private func clickBox(_ probe: BarProbe, _ session: BarSession) throws -> Box {
  var box: Box?
  waitUntil(timeout: 10) {
    box = (try? probe.screenshot())?.boundingBox(of: BarClicks.background)
    return box != nil
  }
  return try #require(box, "\(session.name) drew no click copy; see \(session.shots)")
}

/// The snippet's pause binding on its middle button: `checkPause`, paused by a middle
/// click on the middle of what the snippet's ticker draws in `area` of its box, and
/// resumed by `resume`, or by the same click again.
private func checkMiddleClickPause(
  _ session: BarSession, probe: BarProbe, area: @escaping (Box) -> Box = { $0 },
  click: @escaping (Int, Int, Int) throws -> Void, resume: (() throws -> Void)? = nil,
  flush: () throws -> Void = {}
) throws {
  let box = { (shot: Shot) -> Box? in
    shot.boundingBox(of: BarColors.test).flatMap { shot.clipped(probe.snippet(shot, $0)) }
  }
  let shot = try probe.screenshot()
  let ticker = area(try #require(box(shot), "no snippet's box in \(shot.path)"))
  let middle = try #require(
    drawnMiddle(of: shot, in: ticker), "nothing drawn in \(ticker) of \(shot.path)")
  let clickMiddle = { try click(middle.x, middle.y, 2) }
  try checkPause(
    session, shoot: probe.screenshot, box: box, pause: clickMiddle, resume: resume ?? clickMiddle,
    flush: flush)
}

/// The lines of `log` that hold any of `words` (case-insensitive) and none of `allowed`.
func lines(
  of log: String, holding words: [String], except allowed: [String] = []
) -> [String] {
  log.split(separator: "\n").map(String.init).filter { line in
    words.contains { line.lowercased().contains($0.lowercased()) }
      && !allowed.contains { line.contains($0) }
  }
}

/// The programs of the waybar test; setpriv when it must leave root for sway.
let waylandPrograms =
  ["sway", "swaymsg", "waybar", "grim", "wayvnc", "convert"] + (getuid() == 0 ? ["setpriv"] : [])

/// waybar 0.9.17's log lines that are not ours to answer for. "As using a timezone" is
/// its clock's note. jsoncpp's complaints about a line ("* Line 1, Column 1", "in
/// Json::Value::resolveReference(key, end): requires objectValue") are waybar's own
/// race, seen three times under the full suite's load: its custom module
/// (src/modules/custom.cpp) assigns each line read to `output_` on its reading thread
/// while the GTK thread parses `output_` in update(), with no lock, so a stream's next
/// line can tear the one being parsed. What we write is held elsewhere: DialectTests
/// parses every waybar line, for every hostile string, as one JSON object, and the
/// drawing checks catch a frame drawn wrong.
let waybarAllowedLogLines = ["As using a timezone", "* Line ", "in Json::Value::"]

@Suite(.serialized) struct BarTests {
  @Test(
    "polybar shows contrib/polybar/ticker.ini: drawn, coloured, steady, literal, inert",
    .enabled(
      if: missingPrograms(xPrograms + ["polybar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and polybar"))
  func polybar() throws {
    let session = try BarSession(name: "polybar")
    let display = try startXvfb(in: session, size: "1280x40")
    let path = "contrib/polybar/ticker.ini"
    let snippet = replacing(
      "exec = exec ticker-status ", with: "exec = exec \(session.binary) ",
      in: try repositoryText(path),
      file: path)
    let arguments = try hostileArguments(session)
    var copy = replacing("[module/ticker]", with: "[module/hostile]", in: snippet, file: path)
    copy = replacingLine(
      starting: /exec = .*/,
      with:
        "exec = exec \(session.binary) --stream --format polybar \(arguments.joined(separator: " "))",
      in: copy, file: path)
    // No pause binding: checkBar's sweeps click every button across the copy, which
    // must keep scrolling through its cycle.
    copy = replacingLine(
      starting: /click-middle = .*/, with: "; click-middle left out", in: copy, file: path)
    // The click copy: the snippet's click line.
    let clickLine = BarClicks.line(
      in: try repositoryText(path), comment: ";", file: path, session: session,
      arguments: try BarClicks.arguments(session))
    let clicks = replacingLine(
      starting: /exec = .*/, with: clickLine,
      in: replacing("[module/ticker]", with: "[module/clicks]", in: snippet, file: path),
      file: path)
    // font-1 is for %{T2}; neither font has U+200B, so polybar warns of one it is sent.
    let configuration = try session.write(
      "polybar.ini",
      """
      [bar/test]
      width = 100%
      height = 24
      background = #202020
      foreground = #d0d0d0
      font-0 = DejaVu Sans Mono:pixelsize=12;2
      font-1 = DejaVu Sans Mono:pixelsize=20;3
      modules-left = ticker
      modules-center = hostile
      modules-right = clicks control

      [module/control]
      type = custom/text
      content = CONTROL
      content-background = #654321
      click-left = touch c1
      click-middle = touch c2
      click-right = touch c3
      scroll-up = touch c4
      scroll-down = touch c5

      \(snippet)

      \(copy)
      format-background = #123456

      \(clicks)
      format-background = \(BarClicks.background)

      """)
    try session.spawn(
      ["polybar", "-c", configuration, "test"],
      environment: session.environment(["DISPLAY": display]), log: "polybar.log")
    let probe = xProbe(
      session, display: display, controlMarks: ["c1", "c2", "c3", "c4", "c5"],
      snippet: { _, test in Box(minX: 0, minY: test.minY, maxX: test.minX - 1, maxY: test.maxY) },
      logProblems: {
        lines(
          of: session.log("polybar.log"), holding: ["warn", "error", "Dropping"],
          except: ["No monitor specified"])
      })
    // The click copy drawn first: the modules around it stay where they are.
    _ = try clickBox(probe, session)
    try checkBar(session, probe: probe, cycle: try cycleSeconds(arguments))
    // The snippet's click-middle, kill -USR1 %pid%: its stream pauses, and resumes.
    // polybar 3.6 can hold the last event it read until another comes (see
    // checkBar): a wheel turn on the control, which touches c4 again, hands it over.
    let control = try #require(try probe.screenshot().boundingBox(of: BarColors.control))
    try checkMiddleClickPause(
      session, probe: probe, click: xClick(session, display: display),
      flush: { try xClick(session, display: display)(control.minX + 4, control.midY, 4) })
    // The label is the frame alone: its background is as wide as its cells.
    let box = try clickBox(probe, session)
    try BarClicks.check(session, box: box, click: xClick(session, display: display))
    print("polybar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }

  @Test(
    "i3bar shows contrib/i3/config: drawn, coloured, steady, literal, inert",
    .enabled(
      if: missingPrograms(xPrograms + ["i3", "i3bar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool, i3 and i3bar"))
  func i3bar() throws {
    let session = try BarSession(name: "i3bar")
    let display = try startXvfb(in: session, size: "1280x400")
    let path = "contrib/i3/config"
    let snippet = replacing(
      "status_command ticker-status ", with: "status_command \(session.binary) ",
      in: try repositoryText(path), file: path)
    let arguments = try hostileArguments(session)
    // The test copy gives its block a background: sed adds it to each frame's block.
    let hostile = try session.write(
      "hostile.sh",
      """
      #!/bin/sh
      \(session.binary) --stream --format i3bar \(arguments.joined(separator: " ")) |
          sed -u 's/}],$/,"background":"#123456"}],/'

      """, executable: true)
    var copy = replacingLine(
      starting: /\s*status_command .*/, with: "    status_command \(hostile)", in: snippet,
      file: path)
    copy = replacing(
      "bar {", with: "bar {\n    id hostile\n    workspace_buttons no", in: copy, file: path)
    let control = try session.write(
      "control.sh",
      """
      #!/bin/sh
      printf '{"version":1}\\n[\\n[{"full_text":"CONTROL","background":"#654321"}],\\n'
      exec sleep 600

      """, executable: true)
    // The click copy: the snippet's click line, its block on a background of its own
    // (i3bar's click events reach ticker-status, the first in the pipe).
    let clickLine = BarClicks.line(
      in: try repositoryText(path), comment: "#", file: path, session: session,
      arguments: try BarClicks.arguments(session))
    let clickCommand = clickLine.trimmingCharacters(in: .whitespaces)
      .replacing("status_command ", with: "", maxReplacements: 1)
    let clicks = try session.write(
      "clicks.sh",
      """
      #!/bin/sh
      \(clickCommand) |
          sed -u 's/}],$/,"background":"\(BarClicks.background)"}],/'

      """, executable: true)
    // The snippet's pause key, its line uncommented.
    let pauseKey = try #require(
      snippet.split(separator: "\n").first {
        $0.hasPrefix("# bindsym ") && $0.contains("--pause-toggle")
      },
      "\(path) binds no key to --pause-toggle")
    // i3 reads a file without this first line as version 3 and converts it.
    let configuration = try session.write(
      "i3.conf",
      """
      # i3 config file (v4)
      font pango:monospace 10
      \(pauseKey.dropFirst(2).replacing(" ticker-status ", with: " \(session.binary) "))
      \(snippet)
      \(copy)
      bar {
          id control
          workspace_buttons no
          status_command \(control)
          bindsym button1 exec touch c1
          bindsym button2 exec touch c2
          bindsym button3 exec touch c3
          bindsym button4 exec touch c4
          bindsym button5 exec touch c5
      }
      bar {
          id clicks
          workspace_buttons no
          status_command \(clicks)
      }

      """)
    let environment = session.environment(["DISPLAY": display])
    try session.spawn(["i3", "-c", configuration], environment: environment, log: "i3.log")
    // The snippet's bar has i3's first default id; its window is found by that name.
    var snippetBar: Box?
    waitUntil(timeout: 10) {
      let found = try? runProcess(
        program("xdotool"),
        ["search", "--sync", "--classname", "^bar-0$", "getwindowgeometry", "--shell"],
        environment: environment, timeout: 2)
      let values = Dictionary(
        (found?.stdout ?? "").split(separator: "\n").compactMap { line -> (String, Int)? in
          let parts = line.split(separator: "=")
          guard parts.count == 2, let value = Int(parts[1]) else { return nil }
          return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
      guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"],
        let height = values["HEIGHT"], width > 0
      else { return false }
      snippetBar = Box(minX: x, minY: y, maxX: x + width - 1, maxY: y + height - 1)
      return true
    }
    let bar = try #require(snippetBar, "no window for the snippet's bar: \(session.log("i3.log"))")
    let probe = xProbe(
      session, display: display, controlMarks: ["c1", "c2", "c3", "c4", "c5"],
      snippet: { _, _ in bar },
      logProblems: {
        lines(of: session.log("i3.log"), holding: ["error", "warning", "could not"])
      })
    // The click copy drawn first: the modules around it stay where they are.
    _ = try clickBox(probe, session)
    try checkBar(session, probe: probe, cycle: try cycleSeconds(arguments))
    // The snippet's --pause-button 2: a middle click on the status (on the right of the
    // bar, the workspace buttons on its left) pauses it; its Mod4+Shift+p resumes it.
    try checkMiddleClickPause(
      session, probe: probe,
      area: { Box(minX: $0.minX + $0.width / 2, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) },
      click: xClick(session, display: display),
      resume: {
        let result = try runProcess(
          program("xdotool"), ["key", "super+shift+p"], environment: environment)
        #expect(result.status == 0, "xdotool: \(result.stderr)")
      })
    // i3bar gives the click's place in the block, which ticker-status divides among
    // the cells: the block's background stands for the block. The middle button is
    // the pause's (--pause-button 2), not --on-click's.
    let box = try clickBox(probe, session)
    try BarClicks.check(
      session, box: box, buttons: [1, 3, 1, 3], click: xClick(session, display: display))
    print("i3bar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }

  @Test(
    "lemonbar shows contrib/lemonbar/ticker.sh: drawn, coloured, steady, literal, inert",
    .enabled(
      if: missingPrograms(xPrograms + ["lemonbar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool and lemonbar"))
  func lemonbar() throws {
    let session = try BarSession(name: "lemonbar")
    let display = try startXvfb(in: session, size: "1280x90")
    let path = "contrib/lemonbar/ticker.sh"
    let snippet = replacing(
      "ticker_status=${TICKER_STATUS:-ticker-status}",
      with: "ticker_status=${TICKER_STATUS:-\(session.binary)}",
      in: try repositoryText(path), file: path)
    // The test copy: at the bottom, the frame on a background of its own, and the
    // control at the right.
    let buttons = (1...5).map { "%%{A\($0):touch c\($0):}" }.joined()
    var copy = replacing(
      "printf '%%{c}%s\\n' \"$frame\"",
      with: "printf '%%{c}%%{B#123456}%s%%{B-}%%{r}%%{B#654321}\(buttons)CONTROL"
        + "%%{A}%%{A}%%{A}%%{A}%%{A}%%{B-}\\n' \"$frame\"",
      in: snippet, file: path)
    copy = replacing("lemonbar -p ", with: "lemonbar -b -p ", in: copy, file: path)
    // The control's actions are commands of the test's own, which the script would not
    // run (it runs only clicked items): the copy runs them itself.
    copy = replacing(
      "    bar |\n",
      with: "    bar | while IFS= read -r line; do case $line in \"touch c\"[1-5]) $line ;;"
        + " *) printf '%s\\n' \"$line\" ;; esac; done |\n",
      in: copy, file: path)
    let scripts = [
      try session.write("ticker.sh", snippet, executable: true),
      try session.write("copy.sh", copy, executable: true),
    ]
    let arguments = try hostileArguments(session)
    // Actions are what lemonbar prints when clicked: the script reads an item and a
    // button from them.
    for (script, extra) in zip(scripts, [[], arguments]) {
      try session.spawn(
        [script] + extra, environment: session.environment(["DISPLAY": display]),
        log: URL(fileURLWithPath: script).deletingPathExtension().lastPathComponent + ".log")
    }
    // The click copy: the script as written, in a bar as wide as the frame (7 pixels a
    // cell in the script's font) on a background of its own, between the others.
    let font = try #require(
      snippet.firstMatch(of: /LEMONBAR_FONT:-([^}]+)}/).map { String($0.1) },
      "\(path) names no default font")
    // lemonbar 1.4 reads at most 4 KiB of a line: three items fit, each with its
    // five actions.
    let width = 40
    try session.spawn(
      [scripts[0]] + (try BarClicks.arguments(session, width: width)),
      environment: session.environment([
        "DISPLAY": display,
        "LEMONBAR": "lemonbar -p -g \(7 * width)x24+0+33 -B \(BarClicks.background) -f \(font)",
      ]), log: "clicks.log")
    let probe = xProbe(
      session, display: display, controlMarks: ["c1", "c2", "c3", "c4", "c5"],
      snippet: { shot, _ in Box(minX: 0, minY: 0, maxX: shot.width - 1, maxY: 23) },
      logProblems: {
        (session.log("ticker.log") + session.log("copy.log") + session.log("clicks.log"))
          .split(separator: "\n").map(String.init)
      })
    // The click copy drawn first: the modules around it stay where they are.
    _ = try clickBox(probe, session)
    try checkBar(session, probe: probe, cycle: try cycleSeconds(arguments))
    let box = try clickBox(probe, session)
    // lemonbar 1.4 places the clickable areas of centred text up to two cells off
    // (half a pixel a character with this 7-pixel font): no clicks at item edges.
    try BarClicks.check(
      session, box: box, width: width, edges: false, click: xClick(session, display: display))
    print("lemonbar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }

  @Test(
    "waybar shows contrib/waybar/config.jsonc and style.css: drawn, coloured, steady, literal, inert",
    .enabled(
      if: missingPrograms(waylandPrograms).isEmpty,
      "needs sway, waybar, grim, wayvnc, ImageMagick (convert) and, as root, setpriv"))
  func waybar() throws {
    let session = try BarSession(name: "waybar")
    let (wayland, ipc) = try startSway(in: session, size: "1280x240")
    let client = session.environment(["WAYLAND_DISPLAY": wayland, "SWAYSOCK": ipc])
    // The headless output has no pointer; wayvnc adds a virtual one, which sway's seat
    // commands then move and click.
    try session.spawn(
      asUnprivileged(["wayvnc", "-u", session.marks + "/vnc"]), environment: client,
      log: "wayvnc.log")
    let swaymsg = program("swaymsg")
    let pointer = waitUntil(timeout: 10) {
      let seats = try? runProcess(swaymsg, ["-s", ipc, "-t", "get_seats"], environment: client)
      return seats?.stdout.contains("\"pointer\"") ?? false
    }
    try #require(pointer, "no pointer in sway's seat: \(session.log("wayvnc.log"))")

    let path = "contrib/waybar/config.jsonc"
    var snippet = replacing(
      "\"exec\": \"ticker-status ", with: "\"exec\": \"\(session.binary) ",
      in: try repositoryText(path), file: path)
    snippet = replacing(
      "\"on-click-middle\": \"ticker-status ", with: "\"on-click-middle\": \"\(session.binary) ",
      in: snippet, file: path)
    let arguments = try hostileArguments(session)
    // The test copy: at the bottom, named custom/ticker#hostile (class hostile, for a
    // background of its own), the control where the clock was.
    let exec = "\(session.binary) --stream --format waybar \(arguments.joined(separator: " "))"
    var copy = replacingLine(
      starting: /\s*"exec": "[^"]*"/, with: "    \"exec\": \"\(exec)\"", in: snippet, file: path)
    // No pause binding: checkBar's sweeps click every button across the copy, which
    // must keep scrolling through its cycle.
    copy = replacingLine(
      starting: /\s*"on-click-middle": "[^"]*"/, with: "    \"on-click-middle\": \"true\"",
      in: copy, file: path)
    copy = replacing(
      "\"position\": \"top\"", with: "\"position\": \"bottom\"", in: copy, file: path)
    copy = replacing("\"custom/ticker\"", with: "\"custom/ticker#hostile\"", in: copy, file: path)
    let control = (1...5).map {
      ["on-click", "on-click-middle", "on-click-right", "on-scroll-up", "on-scroll-down"][$0 - 1]
        + "\": \"touch c\($0)"
    }
    copy = replacing(
      "\"modules-right\": [\"clock\"],",
      with:
        "\"modules-right\": [\"custom/control\"],\n  \"custom/control\": {\"format\": \"CONTROL\", \""
        + control.joined(separator: "\", \"") + "\"},",
      in: copy, file: path)
    // The click copy, in the middle of the test copy's bar: the snippet's "on-click"
    // lines (waybar says no position: the item at the left edge is the one clicked).
    let clickArguments = try BarClicks.arguments(session).joined(separator: " ")
    let clickLines = try repositoryText(path).split(separator: "\n")
      .filter { $0.contains("// \"on-click") && $0.contains("ticker-status --") }
      .map {
        BarClicks.line(
          in: String($0), comment: "//", file: path, session: session,
          arguments: try BarClicks.arguments(session))
      }
    #expect(clickLines.count == 1, "\(path) shows no on-click line")
    copy = replacing(
      "\"modules-right\": [\"custom/control\"],",
      with: """
        "modules-right": ["custom/control"],
          "modules-center": ["custom/ticker#click"],
          "custom/ticker#click": {
            "exec": "\(session.binary) --stream --format waybar \(clickArguments)",
            "return-type": "json",
        \(clickLines.joined(separator: "\n"))
            "tooltip": false
          },
        """, in: copy, file: path)
    let configuration = try session.write("config.jsonc", "[\n\(snippet),\n\(copy)\n]\n")
    let style = try session.write(
      "style.css",
      try repositoryText("contrib/waybar/style.css") + """
        #custom-ticker.hostile { background-color: #123456; color: #ffffff; }
        #custom-ticker.click { background-color: \(BarClicks.background); color: #ffffff; }
        #custom-control { background-color: #654321; color: #ffffff; }

        """)
    try session.spawn(
      asUnprivileged(["waybar", "-c", configuration, "-s", style]), environment: client,
      log: "waybar.log")

    let grim = program("grim")
    let probe = BarProbe(
      screenshot: {
        try session.screenshot { path in try runProcess(grim, [path], environment: client) }
      },
      snippet: { shot, test in Box(minX: 0, minY: 0, maxX: shot.width / 2, maxY: test.height - 1) },
      click: { points in
        var commands: [String] = []
        for point in points {
          commands.append("seat - cursor set \(point.x) \(point.y)")
          for button in 1...5 {
            commands += [
              "seat - cursor press button\(button)", "seat - cursor release button\(button)",
            ]
          }
        }
        // Away from the bars, so that the cursor is not in the screenshots.
        commands.append("seat - cursor set 640 120")
        let result = try runProcess(
          swaymsg, ["-s", ipc, commands.joined(separator: ", ")], environment: client)
        #expect(result.status == 0, "swaymsg: \(result.stdout) \(result.stderr)")
      },
      controlMarks: ["c1", "c2", "c3", "c4", "c5"],
      logProblems: {
        lines(
          of: session.log("waybar.log"),
          holding: ["Gtk-", "Pango-", "GLib-", "[error]", "[critical]", "[warning]"],
          except: waybarAllowedLogLines)
      })
    // The click copy drawn first: the modules around it stay where they are.
    _ = try clickBox(probe, session)
    try checkBar(session, probe: probe, cycle: try cycleSeconds(arguments))
    /// One click of one button, the cursor away from the bars after it.
    let click = { (x: Int, y: Int, button: Int) throws in
      let result = try runProcess(
        swaymsg,
        [
          "-s", ipc,
          "seat - cursor set \(x) \(y), seat - cursor press button\(button), "
            + "seat - cursor release button\(button), seat - cursor set 640 120",
        ], environment: client)
      #expect(result.status == 0, "swaymsg: \(result.stdout) \(result.stderr)")
    }
    // The snippet's on-click-middle, --pause-toggle: a middle click pauses it, and the
    // next resumes it.
    try checkMiddleClickPause(session, probe: probe, click: click)
    let box = try clickBox(probe, session)
    try BarClicks.check(session, box: box, buttons: [1], leftEdgeOnly: true, click: click)
    print("waybar: checked in \(String(format: "%.1f", session.elapsed)) s")
  }
}
