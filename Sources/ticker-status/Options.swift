import TickerCore

/// Everything the command line says.
struct Options {
  var items: [String] = []
  var files: [String] = []
  var demo = false
  var quotes = false
  var width = 40
  var speed = 2.0
  var separator = " · "
  var fit = Fit.left
  var dwell = 0.0
  var motion = Motion.wrap
  var time: Double?
  var cells: WidthProfile?
  var ambiguous = AmbiguousWidth.narrow
  var format: OutputFormat?
  var markup = Markup.none
  var upStyle: Style?
  var downStyle: Style?
  // Streaming and live sources (see Stream.swift, Sources.swift, CommandCache.swift).
  var stream = false
  var maxFramesPerSecond = Options.defaultMaxFramesPerSecond
  var follow = false
  var split: String?
  var commands: [String] = []
  var every = Options.defaultEvery
  var tmuxOption: String?
  var tmuxSocket: String?
  var showHelp = false
  var showVersion = false

  static let maximumWidth = 1_000_000
}

/// A bad command line: exit status 64.
enum UsageError: Error, Equatable {
  case invalidValue(option: String, value: String, expected: String)
  case missingValue(option: String)
  case unknownOption(String, suggestion: String?)
  case unexpectedValue(option: String)
  case noItems
  /// An option that only works with another: `'--follow' needs '--file -'`.
  case needs(option: String, requirement: String)
  case conflict(option: String, other: String)

  var description: String {
    switch self {
    case .invalidValue(let option, let value, let expected):
      return "invalid value '\(value)' for '\(option)': \(expected)"
    case .missingValue(let option):
      return "missing value for '\(option)'"
    case .unknownOption(let option, let suggestion?):
      return "unknown option '\(option)'; did you mean '\(suggestion)'?"
    case .unknownOption(let option, nil):
      return "unknown option '\(option)'"
    case .unexpectedValue(let option):
      return "option '\(option)' takes no value"
    case .noItems:
      return "no items to show: give ITEM arguments, --file PATH or --demo"
    case .needs(let option, let requirement):
      return "'\(option)' needs \(requirement)"
    case .conflict(let option, let other):
      return "'\(option)' cannot be used with '\(other)'"
    }
  }
}

/// One command-line option, as parsed and as `--help` shows it.
struct OptionSpec: Sendable {
  var long: String
  var short: Character?
  /// The value's name, as in `--width <cells>`; `nil` for a flag.
  var valueName: String?
  var help: String
  var apply: @Sendable (inout Options, String) throws(UsageError) -> Void

  /// The option as error messages name it: `--width <cells>`.
  var label: String { valueName.map { "--\(long) <\($0)>" } ?? "--\(long)" }
}

extension OptionSpec {
  static func flag(
    _ long: String, short: Character? = nil, help: String,
    _ set: @escaping @Sendable (inout Options) -> Void
  ) -> OptionSpec {
    OptionSpec(long: long, short: short, valueName: nil, help: help) { options, _ in set(&options) }
  }

  static func value(
    _ long: String, short: Character? = nil, _ valueName: String, help: String,
    _ set: @escaping @Sendable (inout Options, String, String) throws(UsageError) -> Void
  ) -> OptionSpec {
    let label = "--\(long) <\(valueName)>"
    return OptionSpec(long: long, short: short, valueName: valueName, help: help) {
      options, value throws(UsageError) in try set(&options, value, label)
    }
  }

  static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
    _ long: String, _ valueName: String, help: String,
    _ set: @escaping @Sendable (inout Options, Value) -> Void
  ) -> OptionSpec where Value.RawValue == String, Value.AllCases: Sendable {
    value(long, valueName, help: help) { options, text, label throws(UsageError) in
      guard let value = Value(rawValue: text) else {
        let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw .invalidValue(option: label, value: text, expected: "expected one of \(names)")
      }
      set(&options, value)
    }
  }
}

enum Parse {
  static func style(_ text: String, label: String) throws(UsageError) -> Style {
    guard let style = TmuxStyle.parse(text) else {
      throw .invalidValue(
        option: label, value: text,
        expected: "expected a tmux style such as 'fg=green,bold' or 'fg=colour160,bg=#202020'")
    }
    return style
  }

  static func positiveNumber(_ text: String, label: String, expected: String)
    throws(UsageError) -> Double
  {
    let value = try number(text, label: label, expected: expected)
    guard value > 0 else { throw .invalidValue(option: label, value: text, expected: expected) }
    return value
  }

  static func wholeNumber(_ text: String, label: String, in range: ClosedRange<Int>)
    throws(UsageError) -> Int
  {
    guard let value = Int(text), range.contains(value) else {
      throw .invalidValue(
        option: label, value: text,
        expected: "expected a whole number of cells from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return value
  }

  static func number(_ text: String, label: String, minimum: Double? = nil, expected: String)
    throws(UsageError) -> Double
  {
    guard let value = Double(text), value.isFinite, value >= (minimum ?? -.infinity),
      !text.contains(where: { $0 == "x" || $0 == "X" || $0 == "p" || $0 == "P" })
    else {
      throw .invalidValue(option: label, value: text, expected: expected)
    }
    return value
  }
}

extension Options {
  static let specs: [OptionSpec] = [
    .value(
      "file", short: "f", "path",
      help: "Read items from PATH, one per line; '-' reads standard input."
    ) {
      options, path, _ in options.files.append(path)
    },
    .flag("demo", help: "Add the built-in stock and currency quotes (implies --quotes for them).") {
      $0.demo = true
    },
    .flag("quotes", help: "Read items as 'SYMBOL PRICE CHANGE' and mark the change ▲ ▼ ▪.") {
      $0.quotes = true
    },
    .value("width", short: "w", "cells", help: "Width of the window in cells (default 40).") {
      options, text, label throws(UsageError) in
      options.width = try Parse.wholeNumber(text, label: label, in: 0...Options.maximumWidth)
    },
    .value(
      "speed", short: "s", "cells-per-second",
      help: "Scrolling speed; fractional, or negative to scroll right (default 2)."
    ) { options, text, label throws(UsageError) in
      options.speed = try Parse.number(text, label: label, expected: "expected a finite number")
    },
    .value("separator", "text", help: "Text after each item, the seam included (default ' · ').") {
      options, text, _ in options.separator = text
    },
    .choice(
      "fit", "fit",
      help: "When everything fits: left, center, right, or scroll anyway (default left)."
    ) {
      (options: inout Options, fit: Fit) in options.fit = fit
    },
    .value(
      "dwell", "seconds",
      help:
        "Rest each item at the left edge this long; bounce: rest at each end (default 0; bounce 2)."
    ) {
      options, text, label throws(UsageError) in
      options.dwell = try Parse.number(
        text, label: label, minimum: 0, expected: "expected a number of seconds, 0 or more")
    },
    .choice(
      "motion", "motion", help: "wrap (a continuous circular strip) or bounce (default wrap)."
    ) {
      (options: inout Options, motion: Motion) in options.motion = motion
    },
    .value("at", "unix-seconds", help: "Draw the frame for this time instead of now (fractional).")
    {
      options, text, label throws(UsageError) in
      options.time = try Parse.number(
        text, label: label, expected: "expected a finite number of seconds")
    },
    .choice(
      "cells", "profile",
      help: "Cell widths: terminal, or tmux (tmux 3.3a on glibc) (default terminal)."
    ) {
      (options: inout Options, profile: WidthProfile) in options.cells = profile
    },
    .choice(
      "ambiguous", "width",
      help: "East Asian Ambiguous characters: narrow or wide (default narrow)."
    ) {
      (options: inout Options, width: AmbiguousWidth) in options.ambiguous = width
    },
    .choice("format", "format", help: "Output dialect (default ansi on a terminal, else plain).") {
      (options: inout Options, format: OutputFormat) in options.format = format
    },
    .choice("markup", "markup", help: "Styles inside item text: none, tmux or ansi (default none).")
    {
      (options: inout Options, markup: Markup) in options.markup = markup
    },
    .value("up-style", "style", help: "tmux style of rising quotes (default fg=green).") {
      options, text, label throws(UsageError) in
      options.upStyle = try Parse.style(text, label: label)
    },
    .value("down-style", "style", help: "tmux style of falling quotes (default fg=red).") {
      options, text, label throws(UsageError) in
      options.downStyle = try Parse.style(text, label: label)
    },
    .flag("stream", help: "Print a frame each time it changes, until the reader goes away.") {
      $0.stream = true
    },
    .value(
      "max-fps", "frames-per-second",
      help: "At most this many frames a second when streaming (default 30)."
    ) { options, text, label throws(UsageError) in
      options.maxFramesPerSecond = try Parse.positiveNumber(
        text, label: label, expected: "expected a number of frames per second greater than 0")
    },
    .flag("follow", help: "With '-f -': each line of standard input replaces the items.") {
      $0.follow = true
    },
    .value("split", "separator", help: "Split each line read into several items at SEPARATOR.") {
      options, text, label throws(UsageError) in
      guard !text.isEmpty else {
        throw .invalidValue(option: label, value: text, expected: "expected a non-empty separator")
      }
      options.split = text
    },
    .value("command", "command", help: "Items from the lines a /bin/sh command prints.") {
      options, text, _ in options.commands.append(text)
    },
    .value("every", "seconds", help: "Run --command again every SECONDS (default 10).") {
      options, text, label throws(UsageError) in
      options.every = try Parse.positiveNumber(
        text, label: label, expected: "expected a number of seconds greater than 0")
    },
    .value("tmux-option", "name", help: "Stream into this tmux user option, such as @ticker.") {
      options, text, label throws(UsageError) in
      guard text.hasPrefix("@"), text.count > 1 else {
        throw .invalidValue(
          option: label, value: text, expected: "expected a tmux user option name such as @ticker")
      }
      options.tmuxOption = text
    },
    .value("tmux-socket", "path", help: "The tmux server's socket (default: from $TMUX).") {
      options, text, _ in options.tmuxSocket = text
    },
    .flag("help", short: "h", help: "Show this help.") { $0.showHelp = true },
    .flag("version", help: "Show the version.") { $0.showVersion = true },
  ]

  /// Reads the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var index = 0
    var onlyItems = false
    func takeValue(_ spec: OptionSpec, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw .missingValue(option: spec.label) }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if onlyItems || argument == "-" || !argument.hasPrefix("-") {
        options.items.append(argument)
        continue
      }
      if argument == "--" {
        onlyItems = true
        continue
      }
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let spec = specs.first(where: { $0.long == name }) else {
          throw .unknownOption("--" + name, suggestion: suggestion(for: name))
        }
        if spec.valueName == nil {
          if inline != nil { throw .unexpectedValue(option: spec.label) }
          try spec.apply(&options, "")
        } else {
          try spec.apply(&options, try takeValue(spec, inline: inline))
        }
        continue
      }
      // Short options: -w 40, -w40, and flags grouped as -h.
      var rest = Substring(argument.dropFirst())
      while let letter = rest.first {
        rest = rest.dropFirst()
        guard let spec = specs.first(where: { $0.short == letter }) else {
          throw .unknownOption("-" + String(letter), suggestion: nil)
        }
        if spec.valueName == nil {
          try spec.apply(&options, "")
        } else {
          try spec.apply(&options, try takeValue(spec, inline: rest.isEmpty ? nil : String(rest)))
          break
        }
      }
    }
    return options
  }

  /// The long option closest to `name`, if one is close enough to be a typo.
  static func suggestion(for name: String) -> String? {
    var best: (name: String, distance: Int)?
    for spec in specs {
      let distance = editDistance(Array(name), Array(spec.long))
      if distance <= max(1, spec.long.count / 3), distance < (best?.distance ?? .max) {
        best = (spec.long, distance)
      }
    }
    if best == nil, name.count >= 2, let match = specs.first(where: { $0.long.hasPrefix(name) }) {
      return "--" + match.long
    }
    return best.map { "--" + $0.name }
  }

  /// Levenshtein distance, with a swap of neighbours counting as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
