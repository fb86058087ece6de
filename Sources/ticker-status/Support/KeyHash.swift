/// FNV-1a over bytes, as 16 lower-case hex digits: the cache's file names
/// (`OutputStore.key`, `PauseState.key`), hashed as the bytes come, with no string
/// built first.
struct KeyHash {
  private var value: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The key of `text`: its UTF-8 bytes hashed.
  static func key(of text: String) -> String {
    var hash = KeyHash()
    hash.add(text.utf8)
    return hash.hex
  }

  /// Hashes `bytes` after what came before.
  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      value ^= UInt64(byte)
      value = value &* 0x0000_0100_0000_01b3
    }
  }

  /// The hash as 16 hex digits (written by hand: `String(_:radix:)` costs a one-shot
  /// thousands of instructions more).
  var hex: String {
    let digits: StaticString = "0123456789abcdef"
    var text = [UInt8](repeating: 0, count: 16)
    var rest = value
    for index in stride(from: 15, through: 0, by: -1) {
      text[index] = digits.utf8Start[Int(rest & 15)]
      rest >>= 4
    }
    return String(decoding: text, as: UTF8.self)
  }
}
