import Foundation
import Testing

// An alerting quote in the real bars that mark it themselves: i3bar draws an urgent
// block in its urgent colours, waybar gives the module the class `alert` for the
// stylesheet. Each bar shows two blocks of the same quote, one with a rule it meets
// and one with a rule it does not: only the first is marked.

/// i3bar's default urgent background (`urgent_workspace`'s), which only an urgent block
/// is drawn on.
private let urgentBackground = Pixel("#900000")
/// The background the test's waybar stylesheet gives a module of class `alert`.
private let alertClassBackground = Pixel("#ff00ff")

/// The arguments of a stream of one quote, alerting when `rule` is met.
private func quoteStream(_ session: BarSession, format: String, rule: String) -> String {
  "\(session.binary) --stream --format \(format) --quotes --alert-style bold "
    + "--alert '\(rule)' -w 24 'AAPL 189.84 +1.25'"
}

@Suite(.serialized) struct AlertBarTests {
  @Test(
    "i3bar draws the block of an alerting quote urgent",
    .enabled(
      if: missingPrograms(["Xvfb", "import", "convert", "xdotool", "i3", "i3bar"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool, i3 and i3bar"))
  func i3barUrgent() throws {
    let session = try BarSession(name: "i3bar-alert")
    let display = try startXvfb(in: session, size: "800x300")
    let configuration = try session.write(
      "i3.conf",
      """
      # i3 config file (v4)
      font pango:monospace 10
      bar {
          id alerting
          position top
          workspace_buttons no
          status_command \(quoteStream(session, format: "i3bar", rule: "AAPL>100"))
      }
      bar {
          id calm
          position bottom
          workspace_buttons no
          status_command \(quoteStream(session, format: "i3bar", rule: "AAPL>200"))
      }

      """)
    let environment = session.environment(["DISPLAY": display])
    try session.spawn(["i3", "-c", configuration], environment: environment, log: "i3.log")
    var shot: Shot?
    let drawn = waitUntil(timeout: 15) {
      shot = try? session.screenshot { path in
        try runProcess(program("import"), ["-window", "root", path], environment: environment)
      }
      guard let shot else { return false }
      return shot.count(in: shot.whole) { $0 == urgentBackground } > 20
    }
    guard let last = shot else {
      Issue.record("no screenshot: \(session.log("i3.log"))")
      return
    }
    #expect(drawn, "no urgent block in \(last.path): \(session.log("i3.log"))")
    // Only in the top bar, the alerting one.
    guard let urgent = last.boundingBox(of: urgentBackground) else { return }
    #expect(urgent.maxY < last.height / 2, "urgent pixels in the calm bar: \(last.path)")
    print("i3bar alert: checked in \(String(format: "%.1f", session.elapsed)) s")
  }

  @Test(
    "waybar gives the module of an alerting quote the class alert",
    .enabled(
      if: missingPrograms(
        ["sway", "swaymsg", "waybar", "grim", "convert"] + (getuid() == 0 ? ["setpriv"] : [])
      ).isEmpty,
      "needs sway, waybar, grim, ImageMagick (convert) and, as root, setpriv"))
  func waybarClass() throws {
    let session = try BarSession(name: "waybar-alert")
    let (wayland, ipc) = try startSway(in: session, size: "800x200")
    let client = session.environment(["WAYLAND_DISPLAY": wayland, "SWAYSOCK": ipc])
    let configuration = try session.write(
      "config.jsonc",
      """
      {
        "layer": "top", "position": "top", "height": 24,
        "modules-left": ["custom/alerting"], "modules-right": ["custom/calm"],
        "custom/alerting": {
          "exec": "\(quoteStream(session, format: "waybar", rule: "AAPL>100"))",
          "return-type": "json", "tooltip": false
        },
        "custom/calm": {
          "exec": "\(quoteStream(session, format: "waybar", rule: "AAPL>200"))",
          "return-type": "json", "tooltip": false
        }
      }

      """)
    let style = try session.write(
      "style.css",
      try repositoryText("contrib/waybar/style.css") + """
        #custom-alerting.alert, #custom-calm.alert { background-color: #ff00ff; }

        """)
    try session.spawn(
      asUnprivileged(["waybar", "-c", configuration, "-s", style]), environment: client,
      log: "waybar.log")
    var shot: Shot?
    let drawn = waitUntil(timeout: 15) {
      shot = try? session.screenshot { path in
        try runProcess(program("grim"), [path], environment: client)
      }
      guard let shot else { return false }
      return shot.count(in: shot.whole) { $0 == alertClassBackground } > 20
    }
    guard let last = shot else {
      Issue.record("no screenshot: \(session.log("waybar.log"))")
      return
    }
    #expect(drawn, "no module of class alert in \(last.path): \(session.log("waybar.log"))")
    // Only on the left, the alerting module.
    guard let marked = last.boundingBox(of: alertClassBackground) else { return }
    #expect(marked.maxX < last.width / 2, "the calm module has the class: \(last.path)")
    print("waybar alert: checked in \(String(format: "%.1f", session.elapsed)) s")
  }
}
