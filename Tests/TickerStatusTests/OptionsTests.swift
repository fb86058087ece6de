import Foundation
import Testing

@Suite struct OptionsTests {
  @Test func unreadableFileExits66NamingThePath() throws {
    let missing = try runTicker(["-f", "/nonexistent/quotes.txt"])
    #expect(missing.status == 66)
    #expect(missing.stdout == "")
    #expect(
      missing.stderr
        == "ticker-status: error: cannot read '/nonexistent/quotes.txt': No such file or directory\n"
    )
    let folder = try runTicker(["-f", "/tmp"])
    #expect(folder.status == 66)
    #expect(folder.stderr == "ticker-status: error: cannot read '/tmp': Is a directory\n")
  }

  @Test func emptyFileGivesABlankFrame() throws {
    let path = NSTemporaryDirectory() + "ticker-empty-\(getpid())"
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try runTicker(["-f", path, "-w", "12"])
    #expect(result.status == 0)
    #expect(result.stdout == String(repeating: " ", count: 12) + "\n")
  }

  @Test func itemsFromArgumentsFilesAndStandardInput() throws {
    let path = NSTemporaryDirectory() + "ticker-items-\(getpid())"
    try "one\r\ntwo\n\nthree".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fromFile = try runTicker(["-f", path, "-w", "30", "--separator", "|", "--format", "plain"])
    #expect(fromFile.stdout == "one|two|three                 \n")
    let fromStdin = try runTicker(
      ["-f", "-", "arg", "-w", "12", "--separator", "/", "--format", "plain"],
      stdin: Array("in1\nin2\n".utf8))
    #expect(fromStdin.stdout == "in1/in2/arg \n")
    // Standard input is not read unless '-' is named: this must not wait for it.
    let notRead = try runTicker(["x", "--format", "plain"], stdin: Array("ignored\n".utf8))
    #expect(notRead.stdout.hasPrefix("x "))
  }

  @Test func oneFrameExactWidthAndDeterministicTime() throws {
    let arguments = [
      "-w", "24", "-s", "3", "--at", "1795000000.25", "--format", "plain", "--separator", " | ",
      "Breaking: 日本語 news", "CPU 42%", "👍🏽 ok",
    ]
    let first = try runTicker(arguments)
    let second = try runTicker(arguments)
    #expect(first.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout.hasSuffix("\n"))
    #expect(first.stdout.filter { $0 == "\n" }.count == 1)
  }

  @Test func quotesAreMarkedAndColoured() throws {
    let plain = try runTicker(
      [
        "--quotes", "-w", "60", "--at", "0", "--format", "plain", "AAPL 189.84 +1.25",
        "EURUSD,1.0842,-0.4%",
        "TSLA 248.50 0", "not a quote at all",
      ])
    #expect(
      plain.stdout
        == "AAPL 189.84 ▲1.25 · EURUSD 1.0842 ▼0.4% · TSLA 248.50 ▪0 · not a quote at all\n"
        .prefix(60) + "\n")
    let ansi = try runTicker(
      ["--quotes", "-w", "37", "--format", "ansi", "AAPL 189.84 +1.25", "MSFT 415.20 -2.31"])
    #expect(
      ansi.stdout
        == "AAPL 189.84 \u{1B}[32m▲1.25\u{1B}[0m · MSFT 415.20 \u{1B}[31m▼2.31\u{1B}[0m\n")
    let noColor = try runTicker(
      ["--quotes", "-w", "37", "--format", "ansi", "AAPL 189.84 +1.25", "MSFT 415.20 -2.31"],
      environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
    #expect(noColor.stdout == "AAPL 189.84 ▲1.25 · MSFT 415.20 ▼2.31\n")
  }

  @Test func demoShowsStocksAndCurrencies() throws {
    let result = try runTicker(["--demo", "-w", "400", "--format", "plain"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("AAPL 189.84 ▲1.25"))
    #expect(result.stdout.contains("EUR/USD 1.0842 ▼0.0013"))
    #expect(result.stdout.contains("TSLA 248.50 ▪0"))
  }

  @Test func helpCoversEveryOptionAndExitStatus() throws {
    let result = try runTicker(["--help"])
    #expect(result.status == 0)
    for option in [
      "--file", "--demo", "--quotes", "--width", "--speed", "--separator", "--fit", "--dwell",
      "--motion", "--at", "--cells", "--ambiguous", "--format", "--help", "--version",
    ] {
      #expect(result.stdout.contains(option), "--help lacks \(option)")
    }
    for status in ["64", "66"] { #expect(result.stdout.contains(status)) }
  }

  @Test func optionSpellings() throws {
    let forms = [
      ["-w", "5", "-s", "-1"], ["-w5", "-s-1"], ["--width=5", "--speed=-1"],
      ["--width", "5", "--speed", "-1"],
    ]
    var outputs: Set<String> = []
    for form in forms {
      let result = try runTicker(form + ["--at", "100", "--format", "plain", "--", "-abcdefgh-"])
      #expect(result.status == 0)
      outputs.insert(result.stdout)
    }
    #expect(outputs.count == 1)
    #expect(outputs.first?.count == 6)
  }
}
