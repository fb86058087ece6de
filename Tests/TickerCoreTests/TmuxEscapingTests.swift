import Testing

@testable import TickerCore

/// The rule of `TmuxDialect`'s `#` escaping written the naive way, a scalar at a time
/// (the encoder's way before it appended slices): a run of *k* `#` is 2*k* before `[`
/// and at the end, 4*k* elsewhere, for `#()` output; every `#` doubled for an option.
private enum NaiveEscaping {
  static func forJob(_ text: String) -> String {
    var output = ""
    var hashes = 0
    for scalar in text.unicodeScalars {
      if scalar == "#" {
        hashes += 1
        continue
      }
      if hashes > 0 {
        output += String(repeating: "#", count: hashes * (scalar == "[" ? 2 : 4))
        hashes = 0
      }
      output.unicodeScalars.append(scalar)
    }
    return output + String(repeating: "#", count: hashes * 2)
  }

  static func forOption(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      if scalar == "#" { output += "##" } else { output.unicodeScalars.append(scalar) }
    }
    return output
  }
}

struct TmuxEscapingTests {
  /// Texts with `#` at every kind of place: none, alone, at the ends, in runs, before
  /// `[` and other ASCII, before a combining mark (the run ends inside a `Character`),
  /// after and before multi-byte scalars, emoji sequences and CJK, and long enough
  /// that the string is stored natively, not in its small form.
  static let texts: [String] = [
    "", "#", "##", "###[", "a", "abc", "#a", "a#", "a#b", "a##b", "a#[b", "a##[b", "#[#[",
    "a#(id)#[fg=red]#{host}##b", "#\u{301}", "e#\u{301}#", "##\u{301}[", "€#東#👍🏽#",
    "🇫🇷#🏳️‍🌈##x", "東京#[", String(repeating: "#", count: 40),
    String(repeating: "ab#", count: 30), String(repeating: "東#\u{301}", count: 20),
    "AAPL 189.84 +1.23 · MSFT 402.10 −0.56 · ",
    "AAPL #1 189.84 +1.23 · MSFT ##2 402.10 −0.56 · EUR/USD #[3] 1.0843",
  ]

  @Test("#() output escapes # as the naive rule does", arguments: texts)
  func jobEscapingIsTheNaiveRule(text: String) {
    var output = "#[fg=red]"
    TmuxDialect.escapeForJob(text, into: &output)
    #expect(output == "#[fg=red]" + NaiveEscaping.forJob(text))
  }

  @Test("an option value escapes # as the naive rule does", arguments: texts)
  func optionEscapingIsTheNaiveRule(text: String) {
    var output = "x"
    TmuxDialect.escapeForOption(text, into: &output)
    #expect(output == "x" + NaiveEscaping.forOption(text))
  }

  @Test("a text taken from a longer one (a Substring made String) escapes the same")
  func slicesOfLongerTextsEscapeTheSame() {
    for text in Self.texts {
      let long = "prefix ###" + text + "### suffix"
      let sliced = String(long.dropFirst(10).dropLast(10))
      var output = ""
      TmuxDialect.escapeForJob(sliced, into: &output)
      #expect(output == NaiveEscaping.forJob(text), "\(text.debugDescription)")
    }
  }
}
