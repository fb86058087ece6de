import Foundation
import Testing

@testable import ticker_status

// README's news ticker in a real polybar: the README's polybar line as written, with
// ticker-feeds reading a saved feed (--offline) instead of the network and an action
// that records TICKER_INDEX, TICKER_URL and TICKER_BUTTON. A click in the middle of
// each headline drawn must run --on-click once, with that headline's URL.

/// The polybar `exec` line of README's `### A news ticker` section.
private func readmeNewsLine() throws -> String {
  let readme = try repositoryText("README.md")
  let section = try #require(readme.range(of: "### A news ticker"), "README has no news ticker")
  let rest = readme[section.upperBound...]
  let end = rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex
  let line = rest[..<end].split(separator: "\n").first {
    $0.hasPrefix("exec = ticker-status ") && $0.contains("--input json")
  }
  return String(try #require(line, "the news ticker shows no polybar exec line"))
}

@Suite(.serialized) struct NewsBarTests {
  @Test(
    "polybar: a click on a headline of ticker-feeds runs --on-click once with its TICKER_URL",
    .enabled(
      if: missingPrograms(["Xvfb", "import", "convert", "xdotool", "polybar", "python3"]).isEmpty,
      "needs Xvfb, ImageMagick (import, convert), xdotool, polybar and python3"))
  func polybarHeadlineClicks() throws {
    let session = try BarSession(name: "news-polybar")
    let display = try startXvfb(in: session, size: "1280x40")
    // ticker-feeds as it is installed: one zipapp file (`make fetchers`), which the bar
    // runs from the session's folder.
    let feeds = session.folder + "/ticker-feeds"
    let built = try runProcess(
      program("python3"),
      [
        repositoryFile("packaging/make-zipapp.py"), feeds,
        repositoryFile("contrib/feeds/ticker_feeds"),
        repositoryFile("contrib/fetchers/ticker_fetch"),
      ])
    try #require(built.status == 0, "make-zipapp.py: \(built.stderr)")
    chmod(feeds, 0o755)
    let feed = try session.write(
      "feed.xml", try repositoryText("Tests/fetchers/fixtures/feeds/rss2-bbc.xml"))
    let command = "\(feeds) --offline \(feed)"
    // The headlines, as the bar's ticker reads them.
    let printed = try runProcess(program("python3"), [feeds, "--offline", feed])
    #expect(printed.status == 0, "ticker-feeds: \(printed.stderr)")
    let headlines = printed.stdout.split(separator: "\n").map(String.init)
    let fields = try headlines.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return (text: object?["text"] as? String ?? "", url: object?["url"] as? String ?? "")
    }
    try #require(fields.count >= 2, "the fixture gives \(fields.count) headlines")

    let action = try session.write(
      "news-action",
      """
      #!/bin/sh
      printf '%s|%s|%s\\n' "$TICKER_INDEX" "${TICKER_URL-unset}" "$TICKER_BUTTON" >> \(session.marks)/clicks

      """, executable: true)
    // README's line: the session's binary, the saved feed, the recording action, and
    // the headlines standing still (-s 0) so that the test knows where each is.
    var exec = try readmeNewsLine()
    exec = replacing(
      "exec = ticker-status ", with: "exec = \(session.binary) -s 0 ", in: exec, file: "README.md")
    exec = replacing(
      "'ticker-feeds https://news.example/rss.xml'", with: "'\(command)'", in: exec,
      file: "README.md")
    exec = replacing(
      "~/.local/share/ticker-status/actions/open-item", with: action, in: exec, file: "README.md")
    let width = try #require(
      exec.firstMatch(of: /-w (\d+)\b/).flatMap { Int($0.1) }, "no -w in \(exec)")
    let configuration = try session.write(
      "polybar.ini",
      """
      [bar/test]
      width = 100%
      height = 24
      background = #202020
      foreground = #d0d0d0
      font-0 = DejaVu Sans Mono:pixelsize=12;2
      modules-left = news

      [module/news]
      type = custom/script
      \(exec)
      tail = true
      format = <label>
      label = %output%
      format-background = \(BarClicks.background)

      """)
    try session.spawn(
      ["polybar", "-c", configuration, "test"],
      environment: session.environment(["DISPLAY": display]), log: "polybar.log")
    let environment = session.environment(["DISPLAY": display])
    // The headlines drawn: text in the right half of the ticker's box, where
    // '…loading' never reaches.
    var box: Box?
    waitUntil(timeout: 45) {
      let shot = try? session.screenshot { path in
        try runProcess(program("import"), ["-window", "root", path], environment: environment)
      }
      guard let shot, let found = shot.boundingBox(of: BarClicks.background) else { return false }
      let right = Box(
        minX: found.minX + found.width / 2, minY: found.minY, maxX: found.maxX, maxY: found.maxY)
      box = found
      return shot.count(in: right) { $0 != BarClicks.background } > 20
    }
    let drawn = try #require(box, "polybar drew no news ticker; see \(session.shots)")

    // Which headline each cell shows: the same items as arguments, in-process.
    let owner = try itemOwners(["-w", "\(width)", "-s", "0", "--input", "json", "--"] + headlines)
    let cell = Double(drawn.width) / Double(width)
    var wanted: [String] = []
    for index in fields.indices {
      guard let first = owner.firstIndex(of: index), let last = owner.lastIndex(of: index)
      else { continue }
      let column = (first + last) / 2
      let click = try runProcess(
        program("xdotool"),
        [
          "mousemove", "\(drawn.minX + Int((Double(column) + 0.5) * cell))", "\(drawn.midY)",
          "click", "1",
        ], environment: environment)
      #expect(click.status == 0, "xdotool: \(click.stderr)")
      wanted.append("\(index)|\(fields[index].url)|1")
    }
    try #require(wanted.count >= 2, "fewer than two headlines on screen: \(owner)")
    let ran = waitUntil(timeout: 15) {
      session.log("clicks").split(separator: "\n").count >= wanted.count
    }
    // Each once: nothing more comes.
    if ran { usleep(500_000) }
    let lines = session.log("clicks").split(separator: "\n").map(String.init)
    let log = session.log("polybar.log")
    #expect(
      lines.sorted() == wanted.sorted(),
      "clicks ran \(lines), not \(wanted); polybar: \(log); see \(session.shots)")
  }
}
