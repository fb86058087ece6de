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

/// Screenshots by `capture` until one shows `color` (a few pixels of it), for 15 s at
/// most; the last shot, with an issue recorded when none showed it.
private func shotShowing(
  _ color: Pixel, session: BarSession, log: String,
  capture: (String) throws -> ProcessResult
) -> Shot? {
  var shot: Shot?
  let shown = waitUntil(timeout: 15) {
    shot = try? session.screenshot(capture)
    return shot.map { shot in shot.count(in: shot.whole) { $0 == color } > 20 } ?? false
  }
  if !shown {
    Issue.record("no \(color) in \(shot?.path ?? "any screenshot"): \(session.log(log))")
  }
  return shot
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
    let shot = shotShowing(urgentBackground, session: session, log: "i3.log") { path in
      try runProcess(program("import"), ["-window", "root", path], environment: environment)
    }
    // Only in the top bar, the alerting one.
    guard let last = shot, let urgent = last.boundingBox(of: urgentBackground) else { return }
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
    let shot = shotShowing(alertClassBackground, session: session, log: "waybar.log") { path in
      try runProcess(program("grim"), [path], environment: client)
    }
    // Only on the left, the alerting module.
    guard let last = shot, let marked = last.boundingBox(of: alertClassBackground) else { return }
    #expect(marked.maxX < last.width / 2, "the calm module has the class: \(last.path)")
    print("waybar alert: checked in \(String(format: "%.1f", session.elapsed)) s")
  }
}
