/// The desktop's wish for reduced motion, for a stream whose motion neither `--motion`
/// nor `TICKER_REDUCED_MOTION` chose (`Pipeline.hearsDesktop`); a one-shot never asks.
///
/// The Settings portal first: on the session bus (`DBUS_SESSION_BUS_ADDRESS`),
/// `org.freedesktop.portal.Settings.ReadOne("org.freedesktop.appearance",
/// "reduced-motion")` of `org.freedesktop.portal.Desktop` (`Read` when the portal
/// knows no `ReadOne`): a `UINT32`, 1 to reduce motion, 0 for no preference. Its
/// `SettingChanged` signal for that key, matched with `AddMatch`, changes the wish
/// while the stream runs. Without a portal's answer (no bus, no portal, no such key,
/// an error, or nothing within `answerWait`): GNOME's setting, once,
/// `gsettings get org.gnome.desktop.interface enable-animations` run as a child
/// whose `false` means reduce (at most `longestOutput` bytes, within `answerWait`,
/// then killed). Anything else read, or any error, is no wish; an error after the
/// portal's answer leaves that answer standing and stops listening.
///
/// Nothing here blocks: the stream watches `descriptors` in its one `poll(2)` and
/// calls `update`; only before the first frame does it wait for the first answer, at
/// most `firstFrameWait` (`awaitFirstAnswer`).
final class DesktopMotion {
  static let portal = "org.freedesktop.portal.Desktop"
  static let portalPath = "/org/freedesktop/portal/desktop"
  static let settings = "org.freedesktop.portal.Settings"
  static let namespace = "org.freedesktop.appearance"
  static let key = "reduced-motion"
  /// How long the portal, and then gsettings, have to answer, in seconds.
  static let answerWait = 2.0
  /// How long a stream's first frame waits for the first answer, in seconds.
  static let firstFrameWait = 0.15
  /// The most bytes read of gsettings' answer (`false` and a line break).
  static let longestOutput = 64

  private let environment: Environment
  /// `true` to reduce motion, `false` for no preference; `nil` for no wish.
  private(set) var wish: Bool?
  private var bus: DBusConnection?
  /// The serial of the question (`ReadOne`, then `Read`) the portal has not answered.
  private var question: UInt32?
  private var askedRead = false
  private var answered = false
  private var deadlineOfAnswer: Double
  private var gnome: Child?
  private var gnomeOutput: [UInt8] = []
  private var askedGnome = false

  /// Starts asking the desktop at monotonic `now`.
  init(environment: Environment, now: Double) {
    self.environment = environment
    deadlineOfAnswer = now + DesktopMotion.answerWait
    guard let address = environment.sessionBus, let bus = DBusConnection(address: address) else {
      askGnome(now: now)
      return
    }
    self.bus = bus
    let rule =
      "type='signal',sender='\(DesktopMotion.portal)',interface='\(DesktopMotion.settings)',"
      + "member='SettingChanged',path='\(DesktopMotion.portalPath)',"
      + "arg0='\(DesktopMotion.namespace)',arg1='\(DesktopMotion.key)'"
    bus.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "AddMatch", strings: [rule])
    ask("ReadOne")
  }

  private func ask(_ member: String) {
    question = bus?.call(
      destination: DesktopMotion.portal, path: DesktopMotion.portalPath,
      interface: DesktopMotion.settings, member: member,
      strings: [DesktopMotion.namespace, DesktopMotion.key])
  }

  /// `base` as the wish would have it (`Pipeline.wishing(reducedMotion:environment:)`).
  func pipeline(_ base: Pipeline) -> Pipeline {
    wish.map { base.wishing(reducedMotion: $0, environment: environment) } ?? base
  }

  /// What to watch for reading: the bus, and gsettings' output while it runs.
  ///
  /// Asked at every turn of the stream's loop, long after both have gone: then the
  /// empty array, which allocates nothing.
  var descriptors: [FileDescriptor] {
    guard bus != nil || gnome != nil else { return [] }
    return [bus?.descriptor, gnome?.output].compactMap { $0 }
  }

  /// When, on the monotonic clock, `update` must be called though nothing came.
  var deadline: Double? {
    (question != nil && !answered) || gnome != nil ? deadlineOfAnswer : nil
  }

  /// Whether a first answer is still awaited.
  var isWaiting: Bool { (bus != nil && !answered) || gnome != nil }

  /// Reads what is `ready` and looks at the deadline (monotonic `now`).
  ///
  /// - Returns: Whether the wish changed.
  func update(ready: [FileDescriptor], now: Double) -> Bool {
    let before = wish
    if let bus, ready.contains(bus.descriptor) {
      for message in bus.receive() { take(message, now: now) }
    }
    if let bus, bus.failed || (!answered && now >= deadlineOfAnswer) {
      bus.close()
      self.bus = nil
      question = nil
      if !answered { askGnome(now: now) }
    }
    if let output = gnome?.output, ready.contains(output) { readGnome() }
    if gnome != nil && now >= deadlineOfAnswer { endGnome(answer: nil) }
    return wish != before
  }

  /// Waits for the first answer until monotonic `deadline`, the stream's first frame
  /// waiting meanwhile.
  func awaitFirstAnswer(until deadline: Double) {
    var now = Clock.monotonic()
    while isWaiting && now < deadline {
      var watches = descriptors.map { PollWatch($0) }
      Poll.wait(&watches, timeout: min(deadline, self.deadline ?? deadline) - now)
      now = Clock.monotonic()
      _ = update(ready: watches.filter(\.isReadable).map(\.descriptor), now: now)
    }
  }

  private func take(_ message: DBusMessage, now: Double) {
    switch message.kind {
    case .methodReturn where message.replySerial == question && question != nil:
      question = nil
      let value = try? message.uint32InVariant(after: 0)
      answered = value != nil
      wish = value.flatMap(DesktopMotion.wish(portalValue:))
    case .error where message.replySerial == question && question != nil:
      if message.errorName == "org.freedesktop.DBus.Error.UnknownMethod" && !askedRead {
        askedRead = true
        ask("Read")
      } else {
        question = nil
      }
    case .signal
    where message.member == "SettingChanged" && message.interface == DesktopMotion.settings
      && message.path == DesktopMotion.portalPath:
      guard let strings = try? message.strings(), strings.count >= 2,
        strings[0] == DesktopMotion.namespace, strings[1] == DesktopMotion.key,
        let value = try? message.uint32InVariant(after: 2)
      else { return }
      wish = DesktopMotion.wish(portalValue: value)
    default: return
    }
    if question == nil && !answered, let bus {
      // No answer from the portal: GNOME's setting instead.
      bus.close()
      self.bus = nil
      askGnome(now: now)
    }
  }

  /// The portal's `reduced-motion`: 1 reduce, 0 no preference, anything else no wish.
  static func wish(portalValue value: UInt32) -> Bool? {
    switch value {
    case 0: false
    case 1: true
    default: nil
    }
  }

  /// GNOME's `enable-animations` as gsettings prints it: `false` reduces.
  static func wish(gsettingsOutput output: [UInt8]) -> Bool? {
    switch String(decoding: output, as: UTF8.self) {
    case "false\n", "false": true
    case "true\n", "true": false
    default: nil
    }
  }

  private func askGnome(now: Double) {
    guard !askedGnome else { return }
    askedGnome = true
    deadlineOfAnswer = now + DesktopMotion.answerWait
    let arguments = ["gsettings", "get", "org.gnome.desktop.interface", "enable-animations"]
    if case .success(let child) = Processes.spawn(arguments, output: .pipe) { gnome = child }
  }

  private func readGnome() {
    guard let output = gnome?.output else { return }
    var chunk = [UInt8](repeating: 0, count: DesktopMotion.longestOutput)
    switch chunk.withUnsafeMutableBytes({ output.read(into: $0) }) {
    case .success(0): endGnome(answer: DesktopMotion.wish(gsettingsOutput: gnomeOutput))
    case .success(let count):
      gnomeOutput += chunk[..<count]
      if gnomeOutput.count > DesktopMotion.longestOutput { endGnome(answer: nil) }
    case .failure(let error) where error == .wouldBlock: return
    case .failure: endGnome(answer: nil)
    }
  }

  /// gsettings has said `answer`, or is given up: killed if it still runs, and reaped.
  private func endGnome(answer: Bool?) {
    guard let child = gnome else { return }
    gnome = nil
    child.output?.close()
    if Processes.reap(child.pid) == nil {
      Processes.send(.kill, to: child.pid)
      _ = Processes.reap(child.pid, blocking: true)
    }
    wish = answer
  }

  /// Closes the bus and stops gsettings.
  func stop() {
    bus?.close()
    bus = nil
    endGnome(answer: wish)
  }
}
