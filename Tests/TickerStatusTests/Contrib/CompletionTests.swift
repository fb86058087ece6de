import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - Completions and the man page

@Suite struct CompletionTests {
  struct Document: CustomTestStringConvertible, Sendable {
    var path: String
    /// How the file spells `--name`.
    var spelling: @Sendable (String) -> String
    /// Every long option the file mentions.
    var mentioned: @Sendable (String) -> Set<String>
    var testDescription: String { path }
  }

  static let documents: [Document] = [
    Document(
      path: "contrib/completions/ticker-status.bash", spelling: { "--" + $0 },
      mentioned: { Set($0.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/completions/_ticker-status", spelling: { "--" + $0 },
      mentioned: { Set($0.matches(of: /--([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/completions/ticker-status.fish", spelling: { "-l " + $0 + " " },
      mentioned: { Set($0.matches(of: /-l ([a-z][a-z-]*)/).map { String($0.1) }) }),
    Document(
      path: "contrib/man/ticker-status.1",
      spelling: { "\\-\\-" + $0.replacingOccurrences(of: "-", with: "\\-") },
      mentioned: {
        Set(
          $0.matches(of: /\\-\\-([a-z](?:[a-z]|\\-)*)/).map {
            String($0.1).replacingOccurrences(of: "\\-", with: "-")
          })
      }),
  ]

  @Test("every option is in the file", arguments: documents)
  func coversEveryOption(document: Document) throws {
    let text = try contents(document.path)
    for spec in OptionTable.specs {
      #expect(text.contains(document.spelling(spec.long)), "--\(spec.long) is missing")
    }
  }

  @Test("the file names no option that does not exist", arguments: documents)
  func namesOnlyRealOptions(document: Document) throws {
    let text = try contents(document.path)
    let real = Set(OptionTable.specs.map(\.long))
    for option in document.mentioned(text).subtracting(real).sorted() {
      Issue.record("--\(option) is not an option of ticker-status")
    }
  }

  @Test("every value name is in the file", arguments: documents)
  func coversEveryValue(document: Document) throws {
    let text = try contents(document.path)
    let values =
      OutputFormat.allCases.map(\.rawValue) + Markup.allCases.map(\.rawValue)
      + Motion.allCases.map(\.rawValue) + Fit.allCases.map(\.rawValue)
      + WidthProfile.allCases.map(\.rawValue) + AmbiguousWidth.allCases.map(\.rawValue)
      + InputKind.allCases.map(\.rawValue)
    for value in values {
      #expect(text.contains(value), "'\(value)' is missing")
    }
  }

  @Test(
    "the completion files are valid in their shells",
    arguments: [
      ("bash", ["-n"], "contrib/completions/ticker-status.bash"),
      ("zsh", ["-n"], "contrib/completions/_ticker-status"),
      ("fish", ["-n"], "contrib/completions/ticker-status.fish"),
    ])
  func parses(shell: String, flags: [String], path: String) throws {
    guard let program = which(shell) else {
      print("skipped: \(shell) is not installed")
      return
    }
    let result = try runProcess(program, flags + [repositoryFile(path)])
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(
    "bash completes option values", .enabled(if: which("bash") != nil, "bash is not installed"),
    arguments: CompletionSource.all.filter { $0.shell == .bash })
  func bashCompletesValues(source: CompletionSource) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      . "$1"
      complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _ticker_status; echo "${COMPREPLY[*]}"; }
      complete_words ticker-status --format t
      complete_words ticker-status --format = w
      complete_words ticker-status --fit=c
      complete_words ticker-status --mot
      """
    let result = try runProcess(
      which("bash")!,
      ["--norc", "-c", script, "bash", try source.path(in: folder)])
    #expect(result.stdout == "tmux\nwaybar\ncenter\n--motion\n", "\(result.stderr)")
  }

  @Test(
    "the man page renders without warnings",
    .enabled(if: which("groff") != nil, "groff is not installed"))
  func manPageRenders() throws {
    let result = try runProcess(
      which("groff")!,
      ["-man", "-Tutf8", "-P-cbou", "-ww", repositoryFile("contrib/man/ticker-status.1")],
      environment: clientEnvironment(["MANWIDTH": "80"]))
    #expect(result.status == 0)
    #expect(result.stderr == "")
    for section in [
      "NAME", "SYNOPSIS", "OPTIONS", "FORMATS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES",
    ] {
      #expect(result.stdout.contains(section), "section \(section) is missing")
    }
    for text in [
      "NO_COLOR", "TMUX", "XDG_RUNTIME_DIR", "64", "66", "i3blocks", "polybar", "waybar",
      "lemonbar",
    ] {
      #expect(result.stdout.contains(text), "'\(text)' is missing")
    }
  }
}

// MARK: - The man page's list of options

extension CompletionTests {
  /// An option as the man page's OPTIONS section heads its entry (the line after a
  /// `.TP` or `.TQ`), such as `.BR \-w ", " \-\-width " \fIcells\fR"`.
  struct ManEntry: Equatable, CustomStringConvertible {
    var long: String
    var short: String?
    var valueName: String?
    /// The `.SS` subsection it is in.
    var section: String
    var description: String {
      "\(short.map { "-\($0), " } ?? "")--\(long)\(valueName.map { " <\($0)>" } ?? "") in \(section)"
    }
  }

  /// Every option entry of the OPTIONS section; a heading that is no option but
  /// `ITEM` is an issue.
  static func manEntries() throws -> [ManEntry] {
    let page = try contents("contrib/man/ticker-status.1")
    let start = try #require(page.range(of: "\n.SH OPTIONS\n"))
    let end = page[start.upperBound...].range(of: "\n.SH ")?.lowerBound ?? page.endIndex
    let lines = page[start.upperBound..<end].split(
      separator: "\n", omittingEmptySubsequences: false)
    var entries: [ManEntry] = []
    var section = ""
    for (index, line) in lines.enumerated() {
      if line.hasPrefix(".SS ") { section = String(line.dropFirst(4)) }
      guard line == ".TP" || line == ".TQ", index + 1 < lines.count else { continue }
      let heading = lines[index + 1].replacing("\\-", with: "-").replacing("\\fI", with: "")
        .replacing("\\fR", with: "")
      if heading == ".I ITEM" { continue }
      guard
        let match = heading.wholeMatch(
          of: /\.(?:B|BR|BI) (?:-([a-zA-Z]) ", " )?--([a-z][a-z-]*)(?: " ([a-z][a-z-]*)")?/)
      else {
        Issue.record("the man page heads an option entry with '\(lines[index + 1])'")
        continue
      }
      entries.append(
        ManEntry(
          long: String(match.2), short: match.1.map(String.init),
          valueName: match.3.map(String.init), section: section))
    }
    return entries
  }

  @Test("the man page's OPTIONS list each option of the table once, as the table spells it")
  func manPageOptionsAreTheTables() throws {
    let entries = try Self.manEntries()
    for spec in OptionTable.specs {
      let expected = ManEntry(
        long: spec.long, short: spec.short.map(String.init), valueName: spec.valueName,
        section: spec.group.rawValue.isEmpty ? "Other" : spec.group.rawValue)
      let found = entries.filter { $0.long == spec.long }
      #expect(found == [expected], "the man page has \(found), not \(expected)")
    }
    let real = Set(OptionTable.specs.map(\.long))
    for entry in entries where !real.contains(entry.long) {
      Issue.record("the man page lists \(entry), which is not an option")
    }
  }
}
