/// Removes what must never reach a status line from item text.
///
/// Control characters (C0, DEL, C1) and Prepend scalars (which join whatever follows
/// them) are removed; tabs, line and paragraph breaks become one space each (CR LF
/// counts as one break). Invalid UTF-8 has already become U+FFFD by the time text is
/// a `String`.
///
/// The strip lays out the text either side of a removal as separate pieces, so that
/// what the feed sent apart never joins into one character on screen.
public enum Sanitizer {
  /// Returns `text` without control characters, breaks turned into spaces.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  public static func clean(_ text: String) -> String {
    if isClean(text) { return text }
    var cleaned = ""
    forEachPiece(of: text) { piece in if let piece { cleaned += piece } }
    return cleaned
  }

  /// Calls `body` with each stretch of `text` between removed scalars, cleaned as
  /// `clean(_:)` cleans it, and with `nil` where one or more scalars were removed.
  ///
  /// What was on either side of a removal must not join into one grapheme cluster
  /// (the halves of a flag, say, around a control character), so the strip breaks
  /// each stretch into clusters on its own and checks where they meet.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func forEachPiece(of text: String, _ body: (String?) -> Void) {
    if isClean(text) {
      body(text)
      return
    }
    var scalars = String.UnicodeScalarView()
    var previousWasCR = false
    var removing = false
    for scalar in text.unicodeScalars {
      let v = scalar.value
      defer { previousWasCR = v == 0x0D }
      if v == 0x0A && previousWasCR { continue }
      let kept: Unicode.Scalar?
      switch v {
      case 0x09...0x0D, 0x85, 0x2028, 0x2029: kept = " "
      case 0x00...0x1F, 0x7F...0x9F: kept = nil
      // A Prepend scalar (an Arabic number sign, say) joins whatever follows it,
      // whatever a window or a status line puts there.
      case _ where ClusterRules.isPrepend(v): kept = nil
      default: kept = scalar
      }
      guard let kept else {
        removing = true
        continue
      }
      if removing {
        if !scalars.isEmpty { body(String(scalars)) }
        scalars = String.UnicodeScalarView()
        body(nil)
        removing = false
      }
      scalars.append(kept)
    }
    if !scalars.isEmpty { body(String(scalars)) }
    if removing { body(nil) }
  }

  /// Decodes bytes as UTF-8, each invalid sequence becoming U+FFFD.
  ///
  /// Inlinable, so that callers in other modules get it specialised for their
  /// collection rather than paying for generic dispatch on every line.
  @inlinable
  package static func decodeUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Decodes bytes as UTF-8 into `output` as valid UTF-8, each invalid sequence
  /// becoming U+FFFD exactly as `decodeUTF8(_:)` has it (one for each maximal subpart
  /// of an ill-formed sequence), without making a `String`.
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func repairUTF8(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    let count = input.count
    // Text is nearly always valid: then it is checked and copied whole.
    if isValidUTF8(input) {
      output.removeAll(keepingCapacity: true)
      output.append(contentsOf: input)
      return
    }
    output = [UInt8](unsafeUninitializedCapacity: 3 * count) { buffer, written in
      // Local, not captured by a nested function: that kept `out` in memory, loaded
      // and stored at every byte.
      var out = 0
      var index = 0
      while index < count {
        let lead = input[index]
        if lead < 0x80 {
          buffer[out] = lead
          out += 1
          index += 1
          continue
        }
        guard let shape = sequence(lead) else {
          writeReplacement(into: buffer, at: &out)
          index += 1
          continue
        }
        let needed = shape.needed
        var (low, high) = (shape.low, shape.high)
        var end = index + 1
        var valid = true
        for _ in 0..<needed {
          guard end < count, input[end] >= low, input[end] <= high else {
            valid = false
            break
          }
          end += 1
          (low, high) = (0x80, 0xBF)
        }
        if valid {
          for byte in index..<end {
            buffer[out] = input[byte]
            out += 1
          }
        } else {
          writeReplacement(into: buffer, at: &out)
        }
        index = end
      }
      written = out
    }
  }

  /// The sequence a UTF-8 lead byte of 0x80 or above starts: how many continuation
  /// bytes follow, and the range of the first of them (the others are 0x80–0xBF);
  /// `nil` for a byte that starts none.
  @inline(__always)
  static func sequence(_ lead: UInt8) -> (needed: Int, low: UInt8, high: UInt8)? {
    // A continuation byte or one that starts nothing, the commonest invalid bytes, in
    // two comparisons rather than the switch's steps.
    guard lead >= 0xC2 && lead <= 0xF4 else { return nil }
    switch lead {
    case 0xC2...0xDF: return (1, 0x80, 0xBF)
    case 0xE0: return (2, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE, 0xEF: return (2, 0x80, 0xBF)
    case 0xED: return (2, 0x80, 0x9F)
    case 0xF0: return (3, 0x90, 0xBF)
    case 0xF1...0xF3: return (3, 0x80, 0xBF)
    case 0xF4: return (3, 0x80, 0x8F)
    default: return nil
    }
  }

  /// Writes U+FFFD's UTF-8 at `out` and moves `out` past it.
  @inline(__always)
  private static func writeReplacement(
    into buffer: UnsafeMutableBufferPointer<UInt8>, at out: inout Int
  ) {
    (buffer[out], buffer[out + 1], buffer[out + 2]) = (0xEF, 0xBF, 0xBD)
    out += 3
  }

  /// Whether `input` is well-formed UTF-8 (as `repairUTF8` has it: no overlong forms,
  /// surrogates or values past U+10FFFF).
  ///
  /// - Complexity: O(*n*) in the number of bytes.
  static func isValidUTF8(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = input.count
    var index = 0
    while index < count {
      let lead = input[index]
      if lead < 0x80 {
        index &+= 1
        continue
      }
      // Two bytes, the commonest above ASCII (Latin, Greek, Cyrillic, marks), in a
      // few comparisons; the rest by `sequence`'s table.
      if lead &- 0xC2 <= 0xDF - 0xC2 {
        guard index &+ 1 < count, input[index &+ 1] & 0xC0 == 0x80 else { return false }
        index &+= 2
        continue
      }
      guard let (needed, low, high) = sequence(lead), index &+ needed < count,
        (low...high).contains(input[index &+ 1]), input[index &+ 2] & 0xC0 == 0x80
      else { return false }
      if needed > 2 && input[index &+ 3] & 0xC0 != 0x80 { return false }
      index &+= needed &+ 1
    }
    return true
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
