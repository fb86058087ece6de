import TickerCore

/// The actions polybar and lemonbar are given for a click on an item.
///
/// - polybar runs an action as a `/bin/sh` command: this program again, with
///   `--clicked-item N --clicked-button B`, so that it finds the same items and runs
///   `--on-click` for item N. A stream's action names the stream,
///   `--clicked-stream PID`, whose arguments the click reads back
///   (`StreamArguments`): its size is the same whatever the arguments. A one-shot's
///   action, which has no stream to name, carries the arguments it was started with,
///   each in single quotes for `/bin/sh`, then with each `:` written `\:`, as
///   polybar's tag parser wants (it ends an action at the first `:` not so written);
///   an argument that cannot be made safe there (a line break, which would end the
///   bar's line) is refused when the one-shot starts, never written. Arguments longer
///   than `StoredArguments.longestCarried` are kept once in the cache folder instead,
///   and the action names them, `--clicked-arguments KEY`: a frame's size does not
///   grow with them.
/// - lemonbar prints an action on its standard output instead of running it, and
///   reads at most 4096 bytes of a line: its action is just `N B`, the item and the
///   button, which `contrib/lemonbar/ticker.sh` reads back and passes to
///   `--clicked-item` and `--clicked-button` with its own arguments.
/// - xmobar (``<action=`…`>``, run by `/bin/sh`), dzen2 (`^ca(B,…)`, run by `/bin/sh`)
///   genmon (`<txtclick>`, split into words as the shell would) and yambar (the left
///   item's commands as tags, which its `on-click` expands and splits) run this program
///   again as polybar does, but their one-shots always name their arguments as kept
///   in the cache folder (`--clicked-arguments KEY`, hexadecimal digits): their tags
///   end at a character (xmobar's at a backtick, dzen2's at `)`, genmon's at `<`) that
///   no quoting hides. Only when the folder cannot keep them are they carried, and an
///   argument holding that character is refused, as the program's path always is.
///
/// What differs between the bars is in their row of `OutputFormat.traits` (an
/// `ActionSyntax`): nothing here names a bar.
struct BarActions {
  let format: Format
  /// The shell-quoted program and arguments, escaped for polybar, shared by every
  /// action.
  private let tail: String
  private let program: String

  /// A bar whose clicks are actions (`ClickRoute.actions`): its name, for messages,
  /// and how its actions are written.
  struct Format {
    let bar: OutputFormat
    let syntax: ActionSyntax

    /// The bar's name, as `--format` takes it.
    var name: String { bar.rawValue }

    /// `text` as the bar's action holds it: for polybar, each `:` written `\:`, which
    /// polybar reads back as `:`; as it is for the others.
    func escaped(_ text: String) -> String {
      syntax.escapesColons ? text.replacingEvery(":", with: "\\:") : text
    }
  }

  /// Actions that run `executable` for the stream `stream` (a process ID), or, for a
  /// one-shot (`nil`), with the arguments kept under `storedArguments` or else with
  /// `arguments`; or why they cannot be written.
  init(
    format: Format, executable: String, arguments: [String], stream: Int32?,
    storedArguments: String? = nil
  ) throws(UsageError) {
    self.format = format
    guard format.syntax.runsCommand else {
      // Its actions are the item and the button alone (`command(item:button:)`).
      program = ""
      tail = ""
      return
    }
    if let problem = BarActions.problem(with: executable, in: format) {
      throw .invalidValue(
        option: "--on-click <command>", value: executable,
        expected: "this program's path cannot be written in a click action: it holds \(problem)")
    }
    program = format.escaped(ShellWords.quoted(executable))
    if let stream {
      tail = " --clicked-stream \(stream)"
      return
    }
    if let storedArguments {
      tail = " --clicked-arguments \(storedArguments)"
      return
    }
    for argument in arguments {
      if let problem = BarActions.problem(with: argument, in: format) {
        throw .invalidValue(
          option: "--on-click <command>", value: argument,
          expected: "cannot be passed back in a one-shot's \(format.name) click action: it holds "
            + "\(problem) (a --stream has no such limit)")
      }
    }
    tail = BarActions.carried(arguments, for: format)
  }

  /// `arguments` as a one-shot's action carries them: each quoted for `/bin/sh` and
  /// escaped for the bar, after a space.
  static func carried(_ arguments: [String], for format: Format) -> String {
    arguments.map { " " + format.escaped(ShellWords.quoted($0)) }.joined()
  }

  /// The action for a click of `button` on item `item`.
  func command(item: Int, button: Int) -> String {
    guard format.syntax.runsCommand else { return "\(item) \(button)" }
    return program + " --clicked-item \(item) --clicked-button \(button)" + tail
  }

  /// What makes `argument` impossible to write in the bar's action, if anything.
  static func problem(with argument: String, in format: Format) -> String? {
    if argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      return "a line break or another control character"
    }
    let endsAction = format.syntax.endsAction.description.unicodeScalars
    if let found = argument.unicodeScalars.first(where: endsAction.contains) {
      return "'\(found)', which ends the action in \(format.name)'s markup"
    }
    return nil
  }
}
