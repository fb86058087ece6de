/// Removes what must never reach a status line from item text.
///
/// Control characters (C0, DEL, C1) and Prepend scalars (which join whatever follows
/// them) are removed; tabs, line and paragraph breaks become one space each (CR LF
/// counts as one break). Invalid UTF-8 has already
/// become U+FFFD by the time text is a `String`; `decodeUTF8(_:)` does that for bytes.
public enum Sanitizer {
  /// Returns `text` without control characters, breaks turned into spaces.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func clean(_ text: String) -> String {
    if isClean(text) { return text }
    var scalars = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      let v = scalar.value
      defer { previousWasCR = v == 0x0D }
      switch v {
      case 0x0A where previousWasCR:
        continue
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
        scalars.append(" ")
      case 0x00...0x1F, 0x7F...0x9F:
        continue
      case _ where ClusterRules.isPrepend(v):
        // A Prepend scalar (an Arabic number sign, say) joins whatever follows it,
        // whatever a window or a status line puts there.
        continue
      default:
        scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// Decodes bytes as UTF-8, each invalid sequence becoming U+FFFD.
  ///
  /// Inlinable, so that callers in other modules get it specialised for their
  /// collection rather than paying for generic dispatch on every line.
  @inlinable
  package static func decodeUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  private static func isClean(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte < 0x20 || byte == 0x7F { return false }
        // Lead bytes of the blocks that hold Prepend scalars (U+0600–U+08FF, U+0D4E,
        // and some above U+10000): those lines take the careful path.
        if byte == 0xD8 || byte == 0xDB || byte == 0xDC || byte == 0xE0 || byte == 0xF0 {
          return false
        }
        // C1 controls (U+0080–U+009F) are C2 80–C2 9F; U+2028/9 are E2 80 A8/A9.
        if byte == 0xC2, index + 1 < utf8.count, utf8[index + 1] < 0xA0 { return false }
        if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80,
          utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
        {
          return false
        }
        index += 1
      }
      return true
    }
  }
}
