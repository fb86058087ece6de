/// A connection to a D-Bus bus, without Foundation and without blocking: a
/// non-blocking Unix socket whose bytes are read as `poll(2)` says they are there.
///
/// It authenticates with SASL `EXTERNAL` (the user's ID, as hex of its decimal
/// digits), then sends `BEGIN` and the calls queued meanwhile (`Hello` first, as
/// every client must). What it sends is a few hundred bytes: a bus that does not take
/// them at once is given up, rather than watched for writing. What it reads is
/// bounded: an authentication line of `longestLine` bytes, a message of
/// `DBusMessage.longest`, `readLimit` bytes a turn; anything else ends it (`failed`).
final class DBusConnection {
  /// The longest line the bus may answer the authentication with.
  static let longestLine = 512
  /// The most bytes one `receive()` reads, so that a bus that floods cannot hold up a
  /// frame.
  static let readLimit = 2 * DBusMessage.longest

  /// The socket; closed by `close()`.
  let descriptor: FileDescriptor
  private var authenticated = false
  private var queued: [UInt8] = []
  private var incoming: [UInt8] = []
  private var lastSerial: UInt32 = 0
  /// The connection failed or was closed: nothing more comes.
  private(set) var failed = false

  /// Connects to the first `unix:` address of `address` (`DBUS_SESSION_BUS_ADDRESS`:
  /// entries split by `;`, each `unix:path=…` or `unix:abstract=…`, values
  /// %-escaped), and starts authenticating; `nil` when there is none or it cannot be
  /// reached.
  init?(address: String) {
    var connected: FileDescriptor?
    for entry in address.split(separator: ";") where connected == nil {
      guard let (name, abstract) = DBusConnection.socketName(String(entry)),
        case .success(let descriptor) = Sockets.connect(unixSocket: name, abstract: abstract)
      else { continue }
      connected = descriptor
    }
    guard let connected else { return nil }
    descriptor = connected
    let user = Array(String(Processes.userID).utf8)
    let hex = user.map { byte in String(byte, radix: 16) }.joined()
    send([0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8))
    queue(
      serial: nextSerial(), destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "Hello")
  }

  /// The socket's name and whether it is abstract, from one `unix:` address entry.
  static func socketName(_ entry: String) -> (name: [UInt8], abstract: Bool)? {
    guard entry.hasPrefix("unix:") else { return nil }
    for pair in entry.dropFirst(5).split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, let value = unescaped(parts[1]), !value.isEmpty else { continue }
      if parts[0] == "path" { return (value, false) }
      if parts[0] == "abstract" { return (value, true) }
    }
    return nil
  }

  /// An address value's bytes, `%XX` undone; `nil` when an escape is cut or not hex.
  static func unescaped(_ value: Substring) -> [UInt8]? {
    var bytes: [UInt8] = []
    var rest = value.utf8[...]
    while let byte = rest.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard rest.count >= 2,
        let code = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(code)
      rest = rest.dropFirst(2)
    }
    return bytes
  }

  /// Calls `member` with string arguments; it goes out once authenticated.
  ///
  /// - Returns: The call's serial, which its answer names.
  @discardableResult
  func call(
    destination: String, path: String, interface: String, member: String, strings: [String]
  ) -> UInt32 {
    let serial = nextSerial()
    queue(
      serial: serial, destination: destination, path: path, interface: interface, member: member,
      strings: strings)
    return serial
  }

  private func nextSerial() -> UInt32 {
    lastSerial &+= 1
    return lastSerial
  }

  private func queue(
    serial: UInt32, destination: String, path: String, interface: String, member: String,
    strings: [String] = []
  ) {
    let message = DBusMessage.methodCall(
      serial: serial, destination: destination, path: path, interface: interface, member: member,
      strings: strings)
    if authenticated { send(message) } else { queued += message }
  }

  /// Sends `bytes` whole in one go, or fails the connection.
  private func send(_ bytes: [UInt8]) {
    guard !failed else { return }
    let sent = bytes.withUnsafeBytes { Sockets.send(descriptor, $0) }
    if case .success(let count) = sent, count == bytes.count { return }
    fail()
  }

  /// Reads what the socket holds (at most `readLimit` bytes) and returns the messages
  /// it completes (those before an end or an error too; `failed` says so).
  func receive() -> [DBusMessage] {
    guard !failed else { return [] }
    var chunk = [UInt8](repeating: 0, count: 4096)
    var total = 0
    var ended = false
    while total < DBusConnection.readLimit {
      let read = chunk.withUnsafeMutableBytes { descriptor.read(into: $0) }
      guard case .success(let count) = read else {
        if case .failure(let error) = read, error == .wouldBlock { break }
        ended = true
        break
      }
      if count == 0 {
        ended = true
        break
      }
      total += count
      incoming += chunk[..<count]
      // Bounded before anything else: a line or a message too long is never kept.
      guard incoming.count <= DBusMessage.longest + DBusConnection.longestLine else {
        fail()
        return []
      }
    }
    var messages: [DBusMessage] = []
    if !authenticated { readAuthentication() }
    while authenticated && !failed {
      do throws(DBusError) {
        guard let length = try DBusMessage.length(of: incoming[...]), incoming.count >= length
        else { break }
        messages.append(try DBusMessage(parsing: incoming[..<length]))
        incoming.removeFirst(length)
      } catch {
        fail()
      }
    }
    if ended || (!authenticated && incoming.count > DBusConnection.longestLine) { fail() }
    // What was whole before an end or an error is still what the bus said.
    return messages
  }

  /// The bus's answer to `AUTH`: `OK` and its GUID, then `BEGIN` and the queued calls;
  /// anything else (`REJECTED`, an error) fails.
  private func readAuthentication() {
    guard let end = incoming.firstIndex(of: UInt8(ascii: "\n")) else { return }
    let line = incoming[..<end]
    incoming.removeFirst(end + 1)
    guard line.starts(with: "OK ".utf8), line.last == UInt8(ascii: "\r") else {
      fail()
      return
    }
    authenticated = true
    send(Array("BEGIN\r\n".utf8) + queued)
    queued = []
  }

  private func fail() {
    guard !failed else { return }
    failed = true
    descriptor.close()
  }

  /// Closes the socket.
  func close() { fail() }
}
