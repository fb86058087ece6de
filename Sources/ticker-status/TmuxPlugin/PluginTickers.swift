/// The tickers a status line asks for, and the names tied to each: its placeholder,
/// its option, its range prefix.
///
/// `#{ticker}` (and `#{@ticker}`, what the plugin leaves in smooth mode) is the key
/// `ticker`; `#{ticker:NAME}` (`#{@ticker-NAME}`) is `ticker-NAME`. NAME is letters,
/// digits and `_`, but not `args`, `bin`, `pid` or `smooth`, which would make its
/// options (`@ticker-NAME-args`) those of `#{ticker}`.
enum PluginTickers {
  /// One ticker found in a status line.
  enum Found: Equatable, Sendable {
    /// A ticker: `ticker` or `ticker-NAME`.
    case key(String)
    /// `#{ticker:NAME}` with a NAME that cannot be one.
    case invalid(name: String)
  }

  static let reserved: Set<String> = ["args", "bin", "pid", "smooth"]

  /// The tickers in `text`, in order, each once.
  static func found(in text: String) -> [Found] {
    var result: [Found] = []
    var rest = Substring(text)
    while true {
      let plain = rest.firstRange(of: "#{ticker")
      let smooth = rest.firstRange(of: "#{@ticker")
      guard
        let first = [plain, smooth].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound })
      else { break }
      let mark: Character = first == plain ? ":" : "-"
      rest = rest[first.upperBound...]
      if rest.first == "}" {
        result.append(.key("ticker"))
      } else if rest.first == mark, let close = rest.firstIndex(of: "}") {
        let name = String(rest[rest.index(after: rest.startIndex)..<close])
        if name.contains(where: \.isWhitespace) { continue }
        if isValidName(name) {
          result.append(.key("ticker-" + name))
        } else if mark == ":" {
          // Not ours when written #{@ticker-...}: @ticker-args and the like.
          result.append(.invalid(name: name))
        }
      }
    }
    var seen: [Found] = []
    for found in result where !seen.contains(found) { seen.append(found) }
    return seen
  }

  /// Whether `name` can name a ticker.
  static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && !reserved.contains(name)
      && name.utf8.allSatisfy { byte in
        byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
      }
  }

  /// How the status line asks for `key`: `#{ticker}`, `#{ticker:NAME}`.
  static func placeholder(_ key: String) -> String {
    key == "ticker" ? "#{ticker}" : "#{ticker:\(key.dropFirst("ticker-".count))}"
  }

  /// How the status line shows `key`'s stream: `#{@ticker}`, `#{@ticker-NAME}`.
  static func optionForm(_ key: String) -> String { "#{@\(key)}" }

  /// The name of `key`'s user ranges, before the item's index: `t_` for `#{ticker}`
  /// (ticker-status's default), `tNAME_` for `#{ticker:NAME}`; a NAME over 8
  /// characters becomes its first 4 and 4 digits of its `cksum`, so that the index
  /// keeps 5 of the 15 bytes tmux keeps of a name.
  static func rangePrefix(_ key: String) -> String {
    guard key != "ticker" else { return Options.defaultClickRangePrefix }
    let name = String(key.dropFirst("ticker-".count))
    guard name.utf8.count > 8 else { return "t\(name)_" }
    let digits = String(Checksum.cksum(Array(name.utf8)) % 10000)
    return "t\(name.prefix(4))\(String(repeating: "0", count: 4 - digits.count))\(digits)_"
  }
}

/// POSIX `cksum`'s CRC, which the plugin's names have always used (a range prefix, a
/// log named after its socket's path), so that a user's bindings and logs keep theirs.
enum Checksum {
  /// `cksum`: CRC-32 (0x04C11DB7, most significant bit first) over the bytes and then
  /// their count, least significant byte first, complemented.
  static func cksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0
    func add(_ byte: UInt8) {
      crc ^= UInt32(byte) << 24
      for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
    }
    for byte in bytes { add(byte) }
    var length = bytes.count
    while length > 0 {
      add(UInt8(length & 0xFF))
      length >>= 8
    }
    return ~crc
  }

  /// `value` in 8 lower-case hex digits.
  static func hex8(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
