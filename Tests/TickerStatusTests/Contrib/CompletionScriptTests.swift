import Foundation
import Testing
import TickerCore

@testable import ticker_status

// MARK: - The generated completion scripts

/// A completion script: the one committed in contrib/completions/, or the one the
/// binary prints (`--generate-completion-script`), written to a fresh folder.
struct CompletionSource: CustomTestStringConvertible, Sendable {
  var shell: CompletionScript.Shell
  var generated: Bool
  var testDescription: String { "\(shell.rawValue), \(generated ? "generated" : "committed")" }

  /// Every shell, each both ways.
  static let all = CompletionScript.Shell.allCases.flatMap {
    [CompletionSource(shell: $0, generated: false), CompletionSource(shell: $0, generated: true)]
  }

  /// The committed file, under the name `make install` gives it (zsh's must be
  /// `_ticker-status`, which compinit reads from the folders on `$fpath`).
  var committedPath: String {
    switch shell {
    case .bash: "contrib/completions/ticker-status.bash"
    case .zsh: "contrib/completions/_ticker-status"
    case .fish: "contrib/completions/ticker-status.fish"
    }
  }

  /// The script's path: the committed file, or the binary's output in `folder`.
  func path(in folder: URL) throws -> String {
    guard generated else { return repositoryFile(committedPath) }
    let result = try runTicker(["--generate-completion-script", shell.rawValue])
    #expect(result.status == 0, "\(result.stderr)")
    let file = folder.appendingPathComponent(URL(fileURLWithPath: committedPath).lastPathComponent)
    try Data(result.stdoutBytes).write(to: file)
    return file.path
  }
}

extension CompletionTests {
  @Test(
    "the committed script is what the binary prints, byte for byte",
    arguments: CompletionScript.Shell.allCases)
  func committedScriptIsGenerated(shell: CompletionScript.Shell) throws {
    let source = CompletionSource(shell: shell, generated: false)
    let result = try runTicker(["--generate-completion-script", shell.rawValue])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let committed = try Data(contentsOf: URL(fileURLWithPath: repositoryFile(source.committedPath)))
    let same = result.stdoutBytes == Array(committed)
    #expect(
      same,
      """
      \(source.committedPath) is not the binary's output \
      (\(Self.firstDifference(result.stdout, String(decoding: committed, as: UTF8.self)))); \
      regenerate it with
      .build/debug/ticker-status --generate-completion-script \(shell.rawValue) > \(source.committedPath)
      """)
  }

  /// Where two texts first differ: the line's number and both versions of it.
  static func firstDifference(_ printed: String, _ committed: String) -> String {
    let printedLines = printed.split(separator: "\n", omittingEmptySubsequences: false)
    let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(printedLines.count, committedLines.count) {
      let left = index < printedLines.count ? String(printedLines[index]) : "(the end)"
      let right = index < committedLines.count ? String(committedLines[index]) : "(the end)"
      if left != right { return "line \(index + 1): printed '\(left)', committed '\(right)'" }
    }
    return "the same lines"
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let result = try runTicker(["--generate-completion-script", "tcsh"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "ticker-status: error: invalid value 'tcsh' for '--generate-completion-script <shell>': "
        + "expected one of bash, zsh, fish\nUsage: ticker-status [options] [ITEM...]\n"
        + "See 'ticker-status --help'.\n")
    let missing = try runTicker(["--generate-completion-script"])
    #expect(missing.status == 64)
    #expect(missing.stdout == "")
  }

  @Test("every value a completion offers is a plain word, and a choice's are its cases")
  func completionValuesArePlainWords() throws {
    for spec in OptionTable.specs {
      for value in CompletionScript.values(spec) {
        #expect(
          value.value.wholeMatch(of: /[A-Za-z0-9._=,@+-]+/) != nil,
          "--\(spec.long): '\(value.value)' is not a plain word")
      }
    }
    #expect(Self.offeredValues("format") == OutputFormat.allCases.map(\.rawValue))
    #expect(Self.offeredValues("cells") == CellsChoice.allCases.map(\.rawValue))
    #expect(Self.offeredValues("generate-completion-script") == ["bash", "zsh", "fish"])
    for spec in OptionTable.specs where spec.valueName == nil {
      guard case .none = spec.completion else {
        Issue.record("--\(spec.long) is a flag with a value completion")
        continue
      }
    }
  }

  /// The values the table's completion of `--long` lists.
  static func offeredValues(_ long: String) -> [String] {
    OptionTable.specs.first { $0.long == long }.map { CompletionScript.values($0).map(\.value) }
      ?? []
  }

  @Test(
    "a real shell completes --format and --cells to the table's values",
    arguments: CompletionSource.all)
  func realShellCompletesTheTablesValues(source: CompletionSource) throws {
    guard let program = which(source.shell.rawValue) else {
      print("skipped: \(source.shell.rawValue) is not installed")
      return
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try source.path(in: folder)
    for option in ["format", "cells"] {
      let spec = try #require(OptionTable.specs.first { $0.long == option })
      let values = CompletionScript.values(spec)
      let offered = try Self.offered(
        by: source.shell, program: program, script: script, "--" + option)
      switch source.shell {
      case .bash: #expect(offered == values.map(\.value), "--\(option)")
      case .zsh: #expect(Set(offered) == Set(values.map(\.value)), "--\(option)")
      case .fish:
        // fish prints each candidate with its description after a tab.
        let described = values.map { $0.value + ($0.summary.map { "\t" + $0 } ?? "") }
        #expect(Set(offered) == Set(described), "--\(option)")
      }
    }
  }

  /// What `shell` offers after `ticker-status OPTION ` with `script` loaded, one line
  /// each (zsh's in the order completion adds them, once each).
  static func offered(
    by shell: CompletionScript.Shell, program: String, script: String, _ option: String
  ) throws -> [String] {
    let code =
      switch shell {
      case .bash:
        #". "$1"; COMP_WORDS=(ticker-status "$2" ""); COMP_CWORD=2; _ticker_status; printf '%s\n' "${COMPREPLY[@]}""#
      case .zsh: zshCapture
      case .fish: #"source $argv[1]; complete -C "ticker-status $argv[2] ""#
      }
    let flags =
      switch shell {
      case .bash: ["--norc", "--noprofile", "-c", code, "bash"]
      case .zsh: ["-f", "-c", code, "zsh"]
      case .fish: ["--no-config", "-c", code]
      }
    let result = try runProcess(
      program, flags + [script, option], environment: clientEnvironment())
    #expect(result.status == 0, "\(result.stderr)")
    var seen: Set<String> = []
    return result.stdout.split(separator: "\n").map(String.init).filter { seen.insert($0).inserted }
  }

  /// Drives an interactive zsh in a pseudo-terminal (zpty): loads compinit with the
  /// script's folder on `$fpath`, types `ticker-status OPTION ` and a tab, and prints
  /// every candidate completion adds (a `compadd` that records them first).
  static let zshCapture = #"""
    zmodload zsh/zpty || exit 2
    out=$(mktemp) || exit 2
    zpty z zsh -f -i
    zpty -w z "fpath=(${(q)1:h} \$fpath); autoload -Uz compinit; compinit -u -D"
    zpty -w z "OUT=${(q)out}"
    zpty -w z 'compadd() { local -a hits; builtin compadd -O hits "$@"; (( $#hits )) && print -rl -- $hits >>$OUT; builtin compadd "$@"; }'
    zpty -w z "ticker-status $2 "$'\t'
    zpty -w z $'\C-u'
    zpty -w z 'print -r -- done >$OUT.done'
    for i in {1..200}; do
      zpty -r -t z junk 2>/dev/null
      [[ -e $out.done ]] && break
      sleep 0.1
    done
    zpty -d z
    [[ -e $out.done ]] || { print -u2 "zsh did not finish completing"; exit 1 }
    cat $out
    rm -f $out $out.done
    """#
}
