import Foundation
import Testing

@testable import ticker_status

/// Every usage error, read in-process against one table: the message is exactly the
/// one printed after `ticker-status: error: ` (two end-to-end smoke tests check the
/// whole output of the binary).
@Suite struct ErrorMessageTests {
  struct ErrorCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    /// The environment to validate in: no tmux server unless given.
    var environment = Environment()
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// The usage error `arguments` give, or `nil` if they are accepted.
  static func usageError(_ arguments: [String], in environment: Environment) -> UsageError? {
    do throws(UsageError) {
      try ArgumentParser.parse(arguments).validate(in: environment)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [
    ErrorCase(
      arguments: ["--width", "abc", "x"],
      message:
        "invalid value 'abc' for '--width <cells>': expected a whole number of cells from 0 to 1000000"
    ),
    ErrorCase(
      arguments: ["-w", "-3", "x"],
      message:
        "invalid value '-3' for '--width <cells>': expected a whole number of cells from 0 to 1000000"
    ),
    ErrorCase(
      arguments: ["-w1.5", "x"],
      message:
        "invalid value '1.5' for '--width <cells>': expected a whole number of cells from 0 to 1000000"
    ),
    ErrorCase(
      arguments: ["--speed", "fast", "x"],
      message:
        "invalid value 'fast' for '--speed <cells-per-second>': expected a number of cells a second from -1000 to 1000"
    ),
    ErrorCase(
      arguments: ["--speed=nan", "x"],
      message:
        "invalid value 'nan' for '--speed <cells-per-second>': expected a number of cells a second from -1000 to 1000"
    ),
    ErrorCase(
      arguments: ["-s", "inf", "x"],
      message:
        "invalid value 'inf' for '--speed <cells-per-second>': expected a number of cells a second from -1000 to 1000"
    ),
    ErrorCase(
      arguments: ["--dwell", "-1", "x"],
      message:
        "invalid value '-1' for '--dwell <seconds>': expected a number of seconds from 0 to 1000000"
    ),
    ErrorCase(
      arguments: ["--at", "yesterday", "x"],
      message:
        "invalid value 'yesterday' for '--at <unix-seconds>': expected a finite number of seconds"),
    ErrorCase(
      arguments: ["--fit", "middle", "x"],
      message:
        "invalid value 'middle' for '--fit <fit>': expected one of left, center, right, scroll"),
    ErrorCase(
      arguments: ["--motion", "spin", "x"],
      message:
        "invalid value 'spin' for '--motion <motion>': expected one of wrap, bounce, flip, still"),
    ErrorCase(
      arguments: ["--cells", "wide", "x"],
      message:
        "invalid value 'wide' for '--cells <profile>': expected one of auto, wcwidth, terminal, tmux, xterm, urxvt, st, vte, alacritty, foot, konsole, kitty"
    ),
    ErrorCase(
      arguments: ["--ambiguous", "2", "x"],
      message: "invalid value '2' for '--ambiguous <width>': expected one of narrow, wide"),
    ErrorCase(
      arguments: ["--tmux-version", "latest", "x"],
      message:
        "invalid value 'latest' for '--tmux-version <version>': expected a tmux version as 'tmux -V' prints it, such as 3.3a, 3.5a or next-3.8"
    ),
    ErrorCase(
      arguments: ["--tmux-version", "3.4.1", "x"],
      message:
        "invalid value '3.4.1' for '--tmux-version <version>': expected a tmux version as 'tmux -V' prints it, such as 3.3a, 3.5a or next-3.8"
    ),
    ErrorCase(
      arguments: ["--tmux-version=", "x"],
      message:
        "invalid value '' for '--tmux-version <version>': expected a tmux version as 'tmux -V' prints it, such as 3.3a, 3.5a or next-3.8"
    ),
    // tmux expands `#{version}` inside `#()`; a literal one means the format was not
    // expanded (the command ran outside tmux).
    ErrorCase(
      arguments: ["--tmux-version", "#{version}", "x"],
      message:
        "invalid value '#{version}' for '--tmux-version <version>': expected a tmux version as 'tmux -V' prints it, such as 3.3a, 3.5a or next-3.8"
    ),
    ErrorCase(
      arguments: ["x", "--tmux-version"], message: "missing value for '--tmux-version <version>'"),
    ErrorCase(
      arguments: ["--tmux-versoin", "3.5a", "x"],
      message: "unknown option '--tmux-versoin'; did you mean '--tmux-version'?"),
    ErrorCase(
      arguments: ["--widht", "3", "x"], message: "unknown option '--widht'; did you mean '--width'?"
    ),
    ErrorCase(
      arguments: ["--sped", "3", "x"], message: "unknown option '--sped'; did you mean '--speed'?"),
    ErrorCase(
      arguments: ["--seperator", "/", "x"],
      message: "unknown option '--seperator'; did you mean '--separator'?"),
    ErrorCase(arguments: ["--frobnicate", "x"], message: "unknown option '--frobnicate'"),
    ErrorCase(arguments: ["-q", "x"], message: "unknown option '-q'"),
    ErrorCase(arguments: ["x", "--width"], message: "missing value for '--width <cells>'"),
    ErrorCase(arguments: ["--demo=yes"], message: "option '--demo' takes no value"),
    ErrorCase(
      arguments: [],
      message: "no items to show: give ITEM arguments, --file PATH, --command COMMAND or --demo"),
    ErrorCase(
      arguments: ["-w", "10"],
      message: "no items to show: give ITEM arguments, --file PATH, --command COMMAND or --demo"),
    ErrorCase(
      arguments: ["--stream", "--every", "0", "--command", "date"],
      message:
        "invalid value '0' for '--every <seconds>': expected a number of seconds greater than 0"),
    ErrorCase(
      arguments: ["--every=-2", "x"],
      message:
        "invalid value '-2' for '--every <seconds>': expected a number of seconds greater than 0"),
    ErrorCase(
      arguments: ["--stream", "--max-fps", "0", "x"],
      message:
        "invalid value '0' for '--max-fps <frames-per-second>': expected a number of frames per second greater than 0, up to 1000"
    ),
    ErrorCase(
      arguments: ["--stream", "--follow", "-f", "items.txt"],
      message: "'--follow' needs '--file -' (it follows standard input)"),
    ErrorCase(
      arguments: ["--tmux-option", "@ticker", "x"],
      message: "'--tmux-option <name>' needs '--stream'"),
    ErrorCase(
      arguments: ["--stream", "--tmux-option", "ticker", "x"],
      message:
        "invalid value 'ticker' for '--tmux-option <name>': expected a tmux user option name such as @ticker"
    ),
    ErrorCase(
      arguments: ["--stream", "--tmux-option", "@ticker", "x"],
      message:
        "'--tmux-option <name>' needs a tmux server: run it inside tmux or give '--tmux-socket <path>'"
    ),
    ErrorCase(
      arguments: ["--stream", "--tmux-socket", "/tmp/none", "x"],
      message: "'--tmux-socket <path>' needs '--tmux-option <name>'"),
    ErrorCase(
      arguments: ["--split", "", "x"],
      message: "invalid value '' for '--split <separator>': expected a non-empty separator"),
    ErrorCase(
      arguments: ["--stream", "--at", "5", "x"],
      message: "'--at <unix-seconds>' cannot be used with '--stream'"),
    ErrorCase(
      arguments: ["--format", "tmx", "x"],
      message: "invalid value 'tmx' for '--format <format>': did you mean 'tmux'?"),
    ErrorCase(
      arguments: ["--format", "Pango", "x"],
      message: "invalid value 'Pango' for '--format <format>': did you mean 'pango'?"),
    ErrorCase(
      arguments: ["--motion", "bunce", "x"],
      message: "invalid value 'bunce' for '--motion <motion>': did you mean 'bounce'?"),
    ErrorCase(
      arguments: ["--markup", "asni", "x"],
      message: "invalid value 'asni' for '--markup <markup>': did you mean 'ansi'?"),
    ErrorCase(
      arguments: ["--stream", "--demo", "-s", "1e308"],
      message:
        "invalid value '1e308' for '--speed <cells-per-second>': expected a number of cells a second from -1000 to 1000"
    ),
    ErrorCase(
      arguments: ["--demo", "--speed=-1000.5"],
      message:
        "invalid value '-1000.5' for '--speed <cells-per-second>': expected a number of cells a second from -1000 to 1000"
    ),
    ErrorCase(
      arguments: ["--demo", "--dwell", "1e300"],
      message:
        "invalid value '1e300' for '--dwell <seconds>': expected a number of seconds from 0 to 1000000"
    ),
    ErrorCase(
      arguments: ["--stream", "--demo", "--max-fps", "5000"],
      message:
        "invalid value '5000' for '--max-fps <frames-per-second>': expected a number of frames per second greater than 0, up to 1000"
    ),
    ErrorCase(
      arguments: ["-w", "10"],
      message:
        "no items to show: give ITEM arguments, --file PATH, --command COMMAND or --demo (to read standard input, give '-f -')",
      environment: Environment(inputIsTerminal: false)),

    ErrorCase(
      arguments: ["--format", "tmux2", "x"],
      message: "invalid value 'tmux2' for '--format <format>': did you mean 'tmux'?"),
    ErrorCase(
      arguments: ["--generate-completion-script", "tcsh"],
      message: "invalid value 'tcsh' for '--generate-completion-script <shell>': "
        + "expected one of bash, zsh, fish"),
    ErrorCase(
      arguments: ["--generate-completion-script=bsh"],
      message: "invalid value 'bsh' for '--generate-completion-script <shell>': "
        + "did you mean 'bash'?"),
    ErrorCase(
      arguments: ["--markup=html", "x"],
      message: "invalid value 'html' for '--markup <markup>': expected one of none, tmux, ansi"),
    ErrorCase(
      arguments: ["--up-style", "fg=purple", "x"],
      message: "invalid value 'fg=purple' for '--up-style <style>': expected a tmux style such "
        + "as 'fg=green,bold' or 'fg=colour160,bg=#202020'"),
    ErrorCase(
      arguments: ["--down-style=bold,sparkly", "x"],
      message: "invalid value 'bold,sparkly' for '--down-style <style>': expected a tmux style "
        + "such as 'fg=green,bold' or 'fg=colour160,bg=#202020'"),
  ])
  func usageErrors(_ errorCase: ErrorCase) {
    let error = Self.usageError(errorCase.arguments, in: errorCase.environment)
    #expect(error?.description == errorCase.message)
  }

  @Test(arguments: [
    ["--width", "40", "x"], ["-w40", "x"], ["--demo"], ["-f", "-"], ["--command", "date"],
    ["--stream", "--tmux-option", "@t", "x"],
  ])
  func acceptedCommandLines(_ arguments: [String]) {
    let inTmux = Environment(tmuxSocket: "/tmp/tmux-0/default")
    #expect(Self.usageError(arguments, in: inTmux) == nil)
  }

  @Test func everyOptionIsInTheHelp() {
    let help = Help.text()
    for spec in OptionTable.specs {
      #expect(help.contains(Help.label(spec)), "--help lacks \(Help.label(spec))")
    }
  }

  @Test func optionHelpIsWrappedToTheWidth() {
    let help = Help.text()
    let options = help[
      help.range(of: "Items:")!.lowerBound..<help.range(of: "Exit status:")!.lowerBound]
    for line in options.split(separator: "\n") {
      #expect(line.count <= Help.lineWidth, "too long: \(line)")
    }
  }
}

/// The binary itself: the whole of a usage error's output and its status.
@Suite struct UsageErrorSmokeTests {
  @Test func usageErrorPrintsTheMessageTheUsageAndAPointerToHelp() throws {
    let result = try runTicker(["--widht", "3", "x"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "ticker-status: error: unknown option '--widht'; did you mean '--width'?\n"
        + "Usage: ticker-status [options] [ITEM...]\nSee 'ticker-status --help'.\n")
  }

  @Test func tmuxOptionOutsideTmuxIsAUsageError() throws {
    let environment = scrubbedEnvironment(removing: ["TMUX"])
    let result = try runTicker(["--stream", "--tmux-option", "@t", "x"], environment: environment)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("ticker-status: error: '--tmux-option <name>' needs a tmux server"))
  }
}
