/// What the shells' completions offer for an option's value (`OptionSpec.completion`),
/// read by `CompletionScript`.
enum ValueCompletion: Sendable {
  /// Nothing: free text or a number.
  case none
  /// A path; with `standardInput`, `-` too (it reads standard input).
  case file(standardInput: Bool)
  /// A command line for `/bin/sh -c`: the commands on PATH.
  case command
  /// These values: a choice option's cases (the ones its parser accepts), or examples
  /// of a free value. A function, so that the list is built only by the generator:
  /// `OptionTable.specs` is built at every start (BENCHMARKS.md).
  case values(@Sendable () -> [CompletionValue])
}

/// One value a completion offers.
struct CompletionValue: Equatable, Sendable {
  /// The value, a plain word: letters, digits and `._=,@+-` only, so that no shell
  /// reads anything into it (a test checks every value of the table).
  var value: String
  /// The line zsh and fish show beside it, if any.
  var summary: String?

  init(_ value: String, summary: String? = nil) {
    self.value = value
    self.summary = summary
  }
}

/// The value type of a choice option (`OptionSpec.choice`): its cases are what the
/// parser accepts and what the completions offer, each with a line for zsh and fish.
/// One declaration, so that a new case is accepted and completed at once, and cannot
/// go without its line (`ChoiceSummaries.swift` switches over every case).
protocol CompletionChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {
  /// What the value means, in a few words (lower case, as zsh shows descriptions).
  var summary: String { get }

  /// The case whose raw value is `name`; `nil` for none.
  init?(choiceName name: String)
}

extension CompletionChoice {
  /// The first case whose raw value is `name`, compared with each in turn.
  ///
  /// Not `init(rawValue:)`: past a dozen cases Swift matches a string against them
  /// through a table it builds on first use (132,000 instructions of a one-shot's
  /// 732,000 for `OutputFormat`), where comparing with each is a few hundred.
  init?(choiceName name: String) {
    guard let value = Self.allCases.first(where: { $0.rawValue == name }) else { return nil }
    self = value
  }

  /// Every case, as completions offer it.
  static var completionValues: [CompletionValue] {
    allCases.map { CompletionValue($0.rawValue, summary: $0.summary) }
  }

  /// Every case and its summary, a line each, indented, as `--help` lists them.
  static var helpLines: String {
    let width = allCases.map(\.rawValue.count).max() ?? 0
    return allCases.map { choice in
      "  " + choice.rawValue + String(repeating: " ", count: width + 2 - choice.rawValue.count)
        + choice.summary + "\n"
    }.joined()
  }
}
