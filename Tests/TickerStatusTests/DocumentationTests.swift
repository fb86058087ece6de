import Foundation
import Testing

// The examples in README.md are real outputs of this build: every `$ ticker-status …`
// line of a console block whose output is deterministic (it gives `--at`, or asks for
// the version) prints exactly the lines under it, and every frame in the table of
// formats is the one that format prints.

/// A command line as a shell reads it: words split on spaces, '…' and "…" kept whole.
private func words(_ line: Substring) -> [String] {
  var words: [String] = []
  var word = ""
  var quote: Character?
  var inWord = false
  for character in line {
    if let open = quote {
      if character == open { quote = nil } else { word.append(character) }
    } else if character == "'" || character == "\"" {
      quote = character
      inWord = true
    } else if character == " " {
      if inWord { words.append(word) }
      word = ""
      inWord = false
    } else {
      word.append(character)
      inWord = true
    }
  }
  if inWord { words.append(word) }
  return words
}

/// Each `$ ticker-status …` command of README's console blocks, with the lines under it.
private func consoleExamples() throws -> [(arguments: [String], output: String)] {
  var examples: [(arguments: [String], output: String)] = []
  var inConsole = false
  var current: (arguments: [String], output: [Substring])?
  func close() {
    if let current {
      examples.append((current.arguments, current.output.map { $0 + "\n" }.joined()))
    }
    current = nil
  }
  for line in try contents("README.md").split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("```") {
      close()
      inConsole = line == "```console"
      continue
    }
    guard inConsole else { continue }
    if line.hasPrefix("$ ") {
      close()
      current = (Array(words(line.dropFirst(2)).dropFirst()), [])
    } else {
      current?.output.append(line)
    }
  }
  return examples
}

@Suite struct DocumentationTests {
  @Test func everyDeterministicConsoleExampleIsARealOutput() throws {
    let examples = try consoleExamples()
    #expect(examples.count >= 4, "the README's examples were not found")
    for example in examples
    where example.arguments.contains("--at") || example.arguments == ["--version"] {
      let result = try runTicker(example.arguments)
      #expect(result.status == 0, "\(example.arguments): \(result.stderr)")
      #expect(
        result.stdout == example.output, "ticker-status \(example.arguments.joined(separator: " "))"
      )
    }
  }

  @Test func everyFrameInTheTableOfFormatsIsARealOutput() throws {
    var checked = 0
    let readme = try contents("README.md")
    let section = try #require(readme.range(of: "### Formats"))
    let end = readme[section.upperBound...].range(of: "\n#")?.lowerBound ?? readme.endIndex
    for line in readme[section.upperBound..<end].split(separator: "\n") where line.hasPrefix("| `")
    {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count == 5 else { continue }
      let name = cells[1].trimmingCharacters(in: .whitespaces)
      let frame = cells[3].trimmingCharacters(in: .whitespaces)
      guard name.hasPrefix("`"), frame.hasPrefix("`"), frame.hasSuffix("`") else { continue }
      let format = String(name.dropFirst().dropLast())
      let result = try runTicker(
        ["--demo", "-w", "40", "--at", "1700000000", "--format", format])
      #expect(result.stdout == String(frame.dropFirst().dropLast()) + "\n", "\(format)")
      checked += 1
    }
    #expect(checked >= 10)
  }

  @Test func theVersionIsTheOneInVersionSwift() throws {
    let source = try contents("Sources/ticker-status/Command/Version.swift")
    let result = try runTicker(["--version"])
    #expect(source.contains("static let current = \"\(result.stdout.dropFirst(14).dropLast())\""))
  }
}
