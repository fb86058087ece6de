import Foundation
import Testing

// xfce4-genmon-plugin in the real xfce4-panel on Xvfb, each panel in a D-Bus session of
// its own (xfconf, which the panel's layout is read from, starts on the session bus;
// one panel runs a bus), as ReaderBarTests has the other readers. genmon reads its
// settings from ~/.config/xfce4/panel/genmon-N.rc.

/// `text` as pango writes it, by the test: the reference's own escaping.
private func pangoEscaped(_ text: String) -> String {
  var output = ""
  for character in text {
    switch character {
    case "&": output += "&amp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "'": output += "&apos;"
    case "\"": output += "&quot;"
    default: output.append(character)
    }
  }
  return output
}

@Suite(.serialized) struct ReaderGenmonTests {
  @Test(
    "genmon shows contrib/genmon/ticker.sh in xfce4-panel: drawn, scrolling, steady, literal",
    .enabled(
      if: missingPrograms(readerXPrograms + ["xfce4-panel", "xfconf-query", "dbus-run-session"])
        .isEmpty
        && FileManager.default.fileExists(
          atPath: "/usr/lib/x86_64-linux-gnu/xfce4/panel/plugins/libgenmon.so"),
      "needs Xvfb, ImageMagick, xdotool, xfce4-panel, xfce4-genmon-plugin and dbus-run-session"))
  func genmon() throws {
    let session = try BarSession(name: "genmon")
    defer { expectNothingLeft(session) }
    let display = try startXvfb(in: session, size: ReaderRows.screen)
    /// The pointer away from the panels: genmon shows a tooltip (its command) under
    /// it, over the bar below.
    func pointerAway() throws {
      let moved = try runProcess(
        program("xdotool"), ["mousemove", "--sync", "1279", "159"],
        environment: session.environment(["DISPLAY": display]))
      #expect(moved.status == 0, "xdotool: \(moved.stderr)")
    }
    try pointerAway()
    let path = "contrib/genmon/ticker.sh"
    let script = try session.write("ticker.sh", try repositoryText(path), executable: true)
    /// A panel at `row` whose one plugin is genmon running `command` once a second.
    func panel(_ name: String, row: Int, command: String) throws {
      let home = session.folder + "/" + name
      try FileManager.default.createDirectory(
        atPath: home + "/.config/xfce4/panel", withIntermediateDirectories: true)
      try session.write(
        name + "/.config/xfce4/panel/genmon-1.rc",
        "Command=\(command)\nUseLabel=0\nText=\nUpdatePeriod=1000\nFont=DejaVu Sans Mono 10\n")
      let start = try session.write(
        name + "-panel.sh",
        """
        #!/bin/sh
        q() { xfconf-query -c xfce4-panel "$@"; }
        q -p /panels -n -t int -s 1 -a
        q -p /panels/panel-1/position -n -t string -s 'p=0;x=640;y=\(row + 12)'
        q -p /panels/panel-1/length -n -t double -s 100
        q -p /panels/panel-1/size -n -t uint -s 24
        q -p /panels/panel-1/position-locked -n -t bool -s true
        q -p /panels/panel-1/plugin-ids -n -t int -s 1 -a
        q -p /plugins/plugin-1 -n -t string -s genmon
        exec xfce4-panel --disable-wm-check

        """, executable: true)
      try session.spawn(
        ["dbus-run-session", "--", start],
        environment: session.environment([
          "DISPLAY": display, "HOME": home, "XDG_CONFIG_HOME": home + "/.config",
          "TICKER_STATUS": session.binary,
        ]), log: name + ".log")
    }
    // The snippet as written: its default arguments.
    try panel("snippet", row: ReaderRows.snippet, command: script)
    // The copy: its <txt> on a background of its own.
    // genmon shows a frame a second: slower than the other copies (-s 40), so that the
    // frames it samples cover the strip, both quote colours included.
    let copy = try readerCopyArguments(session) + ["-s", "20"]
    let wrapped = try session.write(
      "copy.sh",
      "#!/bin/sh\n'\(script)' \(copy.joined(separator: " ")) | sed 's|<txt>|<txt><span "
        + "background=\"\(BarColors.test)\">|; s|</txt>|</span></txt>|'\n", executable: true)
    try panel("copy", row: ReaderRows.copy, command: wrapped)
    let literal = try readerLiteralArguments(session, first: .pango)
    // The still panel below its reference: something of genmon's (a tooltip's window,
    // black) came up under the still panel once it had drawn, over the bar below it.
    try panel(
      "literal", row: ReaderRows.reference,
      command: "\(script) \(literal.joined(separator: " "))")
    // The reference: the plain text in <txt>, escaped by the test.
    try session.write(
      "reference.txt",
      "<txt>" + pangoEscaped(try readerLiteralText(session, first: .pango)) + "</txt>\n")
    try panel(
      "reference", row: ReaderRows.literal, command: "cat \(session.folder)/reference.txt")
    try pointerAway()
    // xfce4-panel without a window manager leaves the upper still panel's tooltip (its
    // command) drawn over the middle of the lower one, wherever the pointer is: the
    // still panels are compared on their left 440 pixels, which hold the item hostile
    // to genmon (pango markup, </txt>, <txtclick>) whole.
    try checkReader(
      session, display: display, cycle: try cycleSeconds(copy), literalWidth: 440,
      click: readerXClick(session, display: display))
  }
}
