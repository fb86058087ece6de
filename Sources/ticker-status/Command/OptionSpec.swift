import TickerCore

/// One command-line option: how it is spelled, what it sets, and how `--help` and the
/// shells' completions (`CompletionScript`) show it.
struct OptionSpec: Sendable {
  /// The sections of `--help`, in order.
  enum Group: String, CaseIterable, Sendable {
    case items = "Items"
    case quotes = "Quotes"
    case window = "Window and motion"
    case output = "Cells and output"
    case streaming = "Streaming"
    case clicks = "Clicks"
    case information = ""
  }

  var long: String
  var short: Character?
  var group: OptionSpec.Group
  /// A line for the completions, which zsh and fish show beside the option.
  var summary: String
  /// What the completions offer for the value (`.none` for a flag).
  var completion: ValueCompletion
  /// Whether each use adds to the last (`--file`, `--command`), so that zsh offers the
  /// option again.
  var repeats: Bool
  /// The help text: paragraphs wrapped to the help's width; a line that starts with
  /// two spaces is kept as it is. Made when `--help` asks for it, not when the table
  /// is (at every start): `--format`'s lists the formats from their summaries, which
  /// cost a one-shot 229,000 instructions made eagerly.
  var makeHelp: @Sendable () -> String
  var help: String { makeHelp() }
  /// What the option sets, as the table gives it: kept unwrapped, since a closure that
  /// wraps another is an allocation, and the table is built at every start.
  var action: Action

  /// What an option does with its value.
  enum Action: Sendable {
    /// A flag sets something.
    case flag(@Sendable (inout Options) -> Void)
    /// An option reads a value named `name` (as in `--width <cells>`); the closure's
    /// third argument is the option's label, for errors.
    case value(
      name: String, @Sendable (inout Options, String, OptionLabel) throws(UsageError) -> Void)
  }

  /// The value's name, as in `--width <cells>`; `nil` for a flag.
  var valueName: String? {
    if case .value(let name, _) = action { return name }
    return nil
  }

  /// Applies the option with `value` (ignored for a flag).
  func apply(_ options: inout Options, _ value: String) throws(UsageError) {
    switch action {
    case .flag(let set): set(&options)
    case .value(let name, let set):
      try set(&options, value, OptionLabel(long: long, valueName: name))
    }
  }

  /// The option as error messages name it: `--width <cells>`.
  var label: String { OptionLabel(long: long, valueName: valueName).description }
}

/// An option as error messages name it, `--width <cells>`: written out only for an
/// error. Made into text for each option given, the label was 16 string
/// interpolations of every one-shot of a bar (6,000 instructions).
struct OptionLabel: Sendable, CustomStringConvertible {
  var long: String
  var valueName: String?

  var description: String { valueName.map { "--\(long) <\($0)>" } ?? "--\(long)" }

  /// The error for `value` given to this option: `expected` says what it takes.
  func invalid(_ value: String, expected: String) -> UsageError {
    .invalidValue(option: description, value: value, expected: expected)
  }
}

extension OptionSpec {
  static func flag(
    _ long: String, short: Character? = nil, _ group: Group, summary: String,
    help: @autoclosure @escaping @Sendable () -> String,
    _ set: @escaping @Sendable (inout Options) -> Void
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, group: group, summary: summary, completion: .none,
      repeats: false, makeHelp: help, action: .flag(set))
  }

  static func value(
    _ long: String, short: Character? = nil, _ valueName: String, _ group: Group,
    summary: String, completion: ValueCompletion = .none, repeats: Bool = false,
    help: @autoclosure @escaping @Sendable () -> String,
    _ set: @escaping @Sendable (inout Options, String, OptionLabel) throws(UsageError) -> Void
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, group: group, summary: summary, completion: completion,
      repeats: repeats, makeHelp: help, action: .value(name: valueName, set))
  }

  /// An option whose value is one of `Value`'s cases, by raw value; the completions
  /// offer the same cases.
  ///
  /// The value is found by `init(choiceName:)`; the names of the cases are listed only
  /// for an error or a completion script.
  static func choice<Value: CompletionChoice>(
    _ long: String, _ valueName: String, _ group: Group, summary: String,
    help: @autoclosure @escaping @Sendable () -> String,
    _ set: @escaping @Sendable (inout Options, Value) -> Void
  ) -> OptionSpec {
    value(
      long, valueName, group, summary: summary, completion: .values { Value.completionValues },
      help: help()
    ) { options, text, label throws(UsageError) in
      guard let value = Value(choiceName: text) else {
        throw Parse.notAChoice(text, of: Value.allCases.map(\.rawValue), label: label)
      }
      set(&options, value)
    }
  }
}

/// Readers of option values.
enum Parse {
  /// A value that is none of `names`: the nearest if it looks like a typo, else all.
  static func notAChoice(_ text: String, of names: [String], label: OptionLabel) -> UsageError {
    if let near = Suggestion.nearest(to: text.lowercased(), among: names) {
      return label.invalid(text, expected: "did you mean '\(near)'?")
    }
    return label.invalid(text, expected: "expected one of \(names.joined(separator: ", "))")
  }

  static func style(_ text: String, label: OptionLabel) throws(UsageError) -> Style {
    guard let style = TmuxStyle.parse(text) else {
      throw label.invalid(
        text, expected: "expected a tmux style such as 'fg=green,bold' or 'fg=colour160,bg=#202020'"
      )
    }
    return style
  }

  static func wholeNumber(
    _ text: String, label: OptionLabel, in range: ClosedRange<Int>, of noun: String = "cells"
  ) throws(UsageError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw label.invalid(
        text,
        expected:
          "expected a whole number of \(noun) from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return value
  }

  /// A mouse button, 1 to 5 (`--clicked-button`, `--pause-button`).
  static func button(_ text: String, label: OptionLabel) throws(UsageError) -> Int {
    guard let button = Int(text), Options.clickedButtons.contains(button) else {
      throw label.invalid(text, expected: "expected a button from 1 to 5")
    }
    return button
  }

  /// An `--alert` rule (`AlertRule`), or a usage error that says why it does not read.
  static func alertRule(_ text: String, label: OptionLabel) throws(UsageError) -> AlertRule {
    do throws(AlertRule.ParseError) {
      return try AlertRule(parsing: text)
    } catch {
      throw label.invalid(
        text,
        expected: error.description
          + "; expected a rule such as 'AAPL>200', 'change>=3%' or 'BTC-USD:change<=-5%'")
    }
  }

  /// A finite decimal number (no hexadecimal), at least `minimum` (or above it when
  /// `exclusive`) and at most `maximum`.
  static func number(
    _ text: String, label: OptionLabel, minimum: Double = -.infinity, exclusive: Bool = false,
    maximum: Double = .infinity, expected: String
  ) throws(UsageError) -> Double {
    guard let value = Double(text), value.isFinite,
      exclusive ? value > minimum : value >= minimum, value <= maximum,
      !text.contains(where: { $0 == "x" || $0 == "X" || $0 == "p" || $0 == "P" })
    else {
      throw label.invalid(text, expected: expected)
    }
    return value
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII letter or digit (what a click range prefix holds).
  var isASCIILetterOrDigit: Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
  }
}
