import Testing

@testable import ticker_status

// D-Bus's wire format as DesktopMotion reads and writes it, against messages built by
// hand byte by byte from the specification's "Message Format".

private let l = UInt8(ascii: "l")
private func text(_ string: String) -> [UInt8] { Array(string.utf8) }
/// A little-endian UINT32.
private func le(_ value: UInt32) -> [UInt8] {
  (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}
/// A big-endian UINT32.
private func be(_ value: UInt32) -> [UInt8] { le(value).reversed() }

/// A method return of serial 7 to call 3, body signature `v`: the fields REPLY_SERIAL
/// (16…23) and SIGNATURE (24…30), padding to 32, then `body`.
private func reply(_ body: [UInt8], signature: String = "v", bigEndian: Bool = false) -> [UInt8] {
  let u = bigEndian ? be : le
  let sig = text(signature)
  let fields =
    [5, 1] + text("u") + [0] + u(3) + [8, 1] + text("g") + [0, UInt8(sig.count)] + sig + [0]
  var message = [bigEndian ? UInt8(ascii: "B") : l, 2, 0, 1] + u(UInt32(body.count)) + u(7)
  message += u(UInt32(fields.count)) + fields
  while message.count % 8 != 0 { message.append(0) }
  return message + body
}

/// A variant holding UINT32 1: signature `u`, a pad byte, the value.
private let variantOfOne = [1] + text("u") + [0, 0] + le(1)

@Suite struct DBusMessageTests {
  /// A method call with a string argument, byte for byte.
  @Test func methodCallIsWrittenAsTheSpecificationSays() {
    let written = DBusMessage.methodCall(
      serial: 1, destination: "d", path: "/", interface: "i", member: "m", strings: ["ab"])
    var expected = [l, 1, 0, 1] + le(7) + le(1) + le(71)
    expected += [1, 1] + text("o") + [0] + le(1) + text("/") + [0] + [0, 0, 0, 0, 0, 0]
    expected += [2, 1] + text("s") + [0] + le(1) + text("i") + [0] + [0, 0, 0, 0, 0, 0]
    expected += [3, 1] + text("s") + [0] + le(1) + text("m") + [0] + [0, 0, 0, 0, 0, 0]
    expected += [6, 1] + text("s") + [0] + le(1) + text("d") + [0] + [0, 0, 0, 0, 0, 0]
    expected += [8, 1] + text("g") + [0, 1] + text("s") + [0] + [0]
    expected += le(2) + text("ab") + [0]
    #expect(written == expected)
    // And read back.
    let read = try? DBusMessage(parsing: written[...])
    #expect(read?.kind == .methodCall && read?.member == "m" && read?.destination == "d")
    #expect(read?.path == "/" && read?.interface == "i" && read?.signature == "s")
    #expect((try? read?.strings()) == ["ab"])
  }

  /// The portal's answers and signal: ReadOne's `v`, Read's variant in a variant, big-
  /// endian too, and SettingChanged's `ssv`.
  @Test(arguments: [
    ("ReadOne", reply(variantOfOne), 0, UInt32(1) as UInt32?),
    ("big-endian", reply([1] + text("u") + [0, 0] + be(1), bigEndian: true), 0, 1),
    ("Read", reply([1] + text("v") + [0, 1] + text("u") + [0, 0, 0] + le(0)), 0, 0),
    ("a string inside", reply([1] + text("s") + [0, 0] + le(1) + text("x") + [0]), 0, nil),
    (
      "ssv",
      reply(
        le(1) + text("a") + [0, 0, 0] + le(1) + text("b") + [0] + [1] + text("u") + [0, 0, 0, 0]
          + le(1), signature: "ssv"),
      2, 1
    ),
  ])
  func answersAreRead(name: String, bytes: [UInt8], leading: Int, value: UInt32?) throws {
    #expect(try DBusMessage.length(of: bytes[...]) == bytes.count, "\(name)")
    let message = try DBusMessage(parsing: bytes[...])
    #expect(message.kind == .methodReturn && message.replySerial == 3 && message.serial == 7)
    #expect(try message.uint32InVariant(after: leading) == value, "\(name)")
    if leading == 2 { #expect(try message.strings() == ["a", "b"]) }
  }

  /// What is not a message is refused, never trapped on: each a good answer spoilt in
  /// one place.
  @Test func spoiltMessagesAreRefused() {
    let good = reply(variantOfOne)
    func spoilt(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
      var bytes = good
      change(&bytes)
      return bytes
    }
    let cases: [(String, [UInt8], DBusError)] = [
      ("endianness", spoilt { $0[0] = UInt8(ascii: "x") }, .malformed),
      ("version", spoilt { $0[3] = 2 }, .malformed),
      ("type", spoilt { $0[1] = 9 }, .malformed),
      ("4 GB body", spoilt { $0.replaceSubrange(4..<8, with: le(0xFFFF_FFF0)) }, .tooLong),
      ("fields past the end", spoilt { $0.replaceSubrange(12..<16, with: le(60)) }, .malformed),
      ("padding not zero", spoilt { $0[31] = 1 }, .malformed),
      ("serial 0", spoilt { $0.replaceSubrange(8..<12, with: le(0)) }, .malformed),
      ("reply serial as a string", spoilt { $0[18] = UInt8(ascii: "s") }, .malformed),
      ("signature without NUL", spoilt { $0[30] = 1 }, .malformed),
      (
        "a container header field",
        spoilt {
          $0[16] = 9
          $0[18] = UInt8(ascii: "a")
        }, .malformed
      ),
      ("body without signature", spoilt { $0[24] = 9 }, .malformed),
      ("body cut short", Array(good.dropLast()), .malformed),
      ("a byte too many", good + [0], .malformed),
    ]
    for (name, bytes, error) in cases {
      #expect(throws: error, "\(name)") { _ = try DBusMessage(parsing: bytes[...]) }
    }
    // An unknown field of a basic type (UNIX_FDS) is stepped over.
    #expect(throws: Never.self) { _ = try DBusMessage(parsing: spoilt { $0[16] = 9 }[...]) }
    // Text that is not UTF-8, or holds a NUL.
    var badText = reply(le(2) + [0xFF, 0x41, 0], signature: "s")
    #expect(throws: DBusError.malformed) { try DBusMessage(parsing: badText[...]).strings() }
    badText = reply(le(2) + [0x41, 0, 0], signature: "s")
    #expect(throws: DBusError.malformed) { try DBusMessage(parsing: badText[...]).strings() }
  }

  /// Every prefix of a message is not yet one, and random bytes never trap.
  @Test func prefixesAndNoiseNeverTrap() throws {
    let good = reply(variantOfOne)
    for end in 0..<good.count {
      let prefix = good[..<end]
      if end < 16 { #expect(try DBusMessage.length(of: prefix) == nil) }
      #expect(throws: DBusError.self) { _ = try DBusMessage(parsing: prefix) }
    }
    var generator = SplitMix(seed: 35)
    for _ in 0..<5000 {
      var bytes = (0..<Int(generator.next() % 64)).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
      if generator.next() % 2 == 0 { bytes = Array(good.prefix(16)) + bytes }
      if let length = try? DBusMessage.length(of: bytes[...]), length <= bytes.count {
        _ = try? DBusMessage(parsing: bytes[..<length]).uint32InVariant(after: 0)
      }
    }
  }

  /// Bus addresses: a path, an abstract name, %-escapes; other transports none.
  @Test(arguments: [
    ("unix:path=/run/user/1000/bus", "/run/user/1000/bus", false),
    ("unix:abstract=/tmp/dbus-x,guid=0123", "/tmp/dbus-x", true),
    ("unix:guid=0123,path=/tmp/a%20b", "/tmp/a b", false),
    ("tcp:host=localhost,port=1", nil, false),
    ("unix:path=/tmp/a%2", nil, false),
    ("unix:tmpdir=/tmp", nil, false),
  ])
  func addressesAreRead(address: String, name: String?, abstract: Bool) {
    let found = DBusConnection.socketName(address)
    #expect(found.map { String(decoding: $0.name, as: UTF8.self) } == name)
    if name != nil { #expect(found?.abstract == abstract) }
  }

  /// What the portal's value and gsettings' output mean.
  @Test func wishesAreRead() {
    #expect(DesktopMotion.wish(portalValue: 0) == false)
    #expect(DesktopMotion.wish(portalValue: 1) == true)
    #expect(DesktopMotion.wish(portalValue: 2) == nil)
    #expect(DesktopMotion.wish(gsettingsOutput: Array("false\n".utf8)) == true)
    #expect(DesktopMotion.wish(gsettingsOutput: Array("true\n".utf8)) == false)
    #expect(DesktopMotion.wish(gsettingsOutput: Array("No such key\n".utf8)) == nil)
  }
}

/// A small seeded generator, so that the noise is the same every run.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
