import Foundation
import Testing

// `--stale-after` end to end through the built binary: a command that succeeds once
// and then fails turns stale; a one-shot and a stream agree at the same time; an old
// `-f` file is stale.

/// A test's folder as the stale tests use it: the cache (`XDG_RUNTIME_DIR`), the
/// counter, files.
extension TestFolder {
  /// A command that prints ALPHA on its first run and fails (status 3, `feed down` on
  /// standard error) on every later one, counting its runs in a file here.
  fileprivate var command: String {
    let counter = path + "/counter"
    return "n=$(cat '\(counter)' 2>/dev/null || echo 0); echo $((n+1)) > '\(counter)'; "
      + "if [ \"$n\" -eq 0 ]; then echo ALPHA; else echo 'feed down' >&2; exit 3; fi"
  }

  fileprivate var environment: [String: String] {
    scrubbedEnvironment(
      removing: ["NO_COLOR"] + cacheFolderVariables, adding: ["XDG_RUNTIME_DIR": path])
  }
}

/// The lines a stream prints in `seconds`, after which it is stopped.
private func streamLines(_ arguments: [String], _ scratch: TestFolder, seconds: Double) throws
  -> [String]
{
  let result = try runTicker(
    ["--stream"] + arguments, environment: scratch.environment, timeout: seconds)
  return result.stdout.split(separator: "\n").map(String.init)
}

private let commandOptions = ["--every", "0.3", "--stale-after", "1", "-w", "12", "--speed", "0"]

@Suite(.serialized) struct StaleTests {
  @Test func aCommandThatStopsWorkingTurnsStaleInTmux() throws {
    let scratch = try TestFolder("ticker-stale")
    defer { scratch.remove() }
    let lines = try streamLines(
      ["--command", scratch.command, "--format", "tmux"] + commandOptions, scratch, seconds: 2.6)
    let fresh = try #require(lines.firstIndex { $0.hasPrefix("ALPHA") }, "\(lines)")
    #expect(!lines[fresh].contains("⚠") && !lines[fresh].contains("dim"))
    let stale = try #require(lines.firstIndex { $0.contains("⚠") }, "\(lines)")
    #expect(stale > fresh)
    #expect(lines[stale] == "#[dim]⚠ALPHA#[default]      #[default]")
  }

  @Test func aCommandThatStopsWorkingTurnsStaleInANSI() throws {
    let scratch = try TestFolder("ticker-stale")
    defer { scratch.remove() }
    let lines = try streamLines(
      ["--command", scratch.command, "--format", "ansi"] + commandOptions, scratch, seconds: 2.6)
    let fresh = try #require(lines.firstIndex { $0.hasPrefix("ALPHA") }, "\(lines)")
    let stale = try #require(lines.firstIndex { $0.contains("⚠") }, "\(lines)")
    #expect(stale > fresh)
    #expect(lines[stale] == "\u{1B}[2m⚠ALPHA\u{1B}[0m      ")
  }

  @Test func waybarSaysStaleInItsClassAndTooltip() throws {
    let scratch = try TestFolder("ticker-stale")
    defer { scratch.remove() }
    let lines = try streamLines(
      ["--command", scratch.command, "--format", "waybar"] + commandOptions, scratch,
      seconds: 2.6)
    let fresh = try #require(lines.first { $0.contains("ALPHA") }, "\(lines)")
    #expect(fresh.hasSuffix(#""class":"ticker"}"#))
    let stale = try #require(lines.last, "\(lines)")
    #expect(stale.hasSuffix(#""class":["ticker","stale"]}"#), "\(stale)")
    #expect(stale.contains(#""tooltip":"stale since "#), "\(stale)")
    #expect(stale.contains("UTC (last error: command &apos;"), "\(stale)")
    #expect(stale.contains("failed with exit status 3: feed down)\\n⚠ALPHA"), "\(stale)")
    // A one-shot call now shows the same line: the stream stored the last error.
    let oneShot = try runTicker(
      ["--command", scratch.command, "--format", "waybar"] + commandOptions,
      environment: scratch.environment, timeout: 10)
    #expect(oneShot.stdout == stale + "\n")
  }

  @Test func aOneShotAndAStreamAtTheSameTimeShowTheSameFrame() throws {
    let scratch = try TestFolder("ticker-stale")
    defer { scratch.remove() }
    let lines = try streamLines(
      ["--command", scratch.command, "--format", "json"] + commandOptions, scratch, seconds: 2.6)
    let frames = lines.compactMap { line -> (text: String, at: String)? in
      guard let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let text = object["text"] as? String, line.contains("\"at\":")
      else { return nil }
      // The time exactly as printed, so that the one-shot is asked for the same.
      let at = line.components(separatedBy: "\"at\":")[1].components(separatedBy: ",")[0]
      return (text, at)
    }
    let drawn = frames.filter { $0.text.contains("ALPHA") }
    #expect(drawn.contains { !$0.text.contains("⚠") } && drawn.contains { $0.text.contains("⚠") })
    for frame in drawn {
      let oneShot = try runTicker(
        ["--command", scratch.command, "--format", "json", "--at", frame.at] + commandOptions,
        environment: scratch.environment, timeout: 10)
      let text = oneShot.stdout.components(separatedBy: "\"text\":\"").dropFirst().first?
        .components(separatedBy: "\"").first
      #expect(text == frame.text, "at \(frame.at)")
    }
  }

  @Test func anOldFileIsStaleAndANewOneIsNot() throws {
    let scratch = try TestFolder("ticker-stale")
    defer { scratch.remove() }
    let file = scratch.path + "/items"
    try "AAPL 1\n".write(toFile: file, atomically: true, encoding: .utf8)
    let arguments = ["-f", file, "--stale-after", "60", "--format", "tmux", "-w", "10"]
    let fresh = try runTicker(arguments, environment: scratch.environment)
    #expect(fresh.stdout == "AAPL 1    #[default]\n")
    let touched = try runProcess("/usr/bin/env", ["touch", "-d", "2 hours ago", file])
    #expect(touched.status == 0)
    let old = try runTicker(arguments, environment: scratch.environment)
    #expect(old.stdout == "#[dim]⚠AAPL 1#[default]   #[default]\n")
    let marked = try runTicker(
      arguments + ["--stale-mark", "~ ", "--format", "waybar"], environment: scratch.environment)
    #expect(marked.stdout.contains(#"~ AAPL 1"#))
    #expect(marked.stdout.contains(#""class":["ticker","stale"]"#))
    let stream = try streamLines(arguments, scratch, seconds: 1.5)
    #expect(stream.first == "#[dim]⚠AAPL 1#[default]   #[default]", "\(stream)")
  }

  @Test func theStaleMarkNeedsStaleAfter() throws {
    let result = try runTicker(["--stale-mark", "x", "a"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'--stale-mark <text>' needs '--stale-after <seconds>'"))
  }
}
