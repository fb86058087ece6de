import Foundation
import Testing

// Screenshots read as pixels: colours, boxes and the bounds-checked looks at them
// that every bar test makes.

/// An sRGB colour.
struct Pixel: Hashable, CustomStringConvertible, Sendable {
  var red: UInt8
  var green: UInt8
  var blue: UInt8

  init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rrggbb`.
  init(_ hex: String) {
    let value = UInt32(hex.dropFirst(), radix: 16) ?? 0
    self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
  }

  var description: String {
    "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
  }

  /// Relative luminance, 0 to 1 (Rec. 709 weights on the encoded values).
  var luminance: Double {
    (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
  }

  /// Whether it is grey or nearly (text, not a coloured quote).
  var isNeutral: Bool {
    max(red, green, blue) - min(red, green, blue) < 40
  }

  /// Whether it comes from `#ff0000` text: a redder red than `#cd0000` gives on any
  /// background, even blended with it at the edges of glyphs.
  var isHostileRed: Bool { red > 215 && Int(red) - Int(max(green, blue)) > 200 }
}

/// A rectangle of pixels; `maxX` and `maxY` included.
struct Box: CustomStringConvertible, Sendable {
  var minX: Int
  var minY: Int
  var maxX: Int
  var maxY: Int
  var width: Int { maxX - minX + 1 }
  var height: Int { maxY - minY + 1 }
  var midY: Int { (minY + maxY) / 2 }
  var description: String { "\(width)x\(height)+\(minX)+\(minY)" }

  /// The part of this box inside `other`, or `nil` when they do not meet.
  func intersection(_ other: Box) -> Box? {
    let box = Box(
      minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
      maxY: min(maxY, other.maxY))
    return box.minX <= box.maxX && box.minY <= box.maxY ? box : nil
  }

  /// Whether `other` lies wholly inside this box.
  func contains(_ other: Box) -> Bool {
    other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY
  }
}

/// A screenshot: its pixels, the PNG file kept for people, and when it was taken.
struct Shot: Sendable {
  var path: String
  var time: Double
  var width: Int
  var height: Int
  /// Red, green, blue, a row after another.
  var rgb: [UInt8]

  /// Reads a binary PPM (P6, maxval 255), as ImageMagick and grim write it.
  init?(ppm bytes: [UInt8], path: String, time: Double) {
    var fields: [Int] = []
    var index = 2
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else {
      return nil
    }
    while fields.count < 3 && index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "#") {
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
          value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
          index += 1
        }
        fields.append(value)
        continue
      }
      index += 1
    }
    // One whitespace byte after maxval, then the pixels.
    index += 1
    guard fields.count == 3, fields[2] == 255, bytes.count - index == fields[0] * fields[1] * 3
    else { return nil }
    self.path = path
    self.time = time
    width = fields[0]
    height = fields[1]
    rgb = Array(bytes[index...])
  }

  // Every look at the pixels goes through `clipped`: the boxes come from outside the
  // test (xdotool's window geometry, a bar's size with the font it found), and one
  // that reaches past the shot must be an issue to report, never a trap.

  var whole: Box { Box(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1) }

  /// `box` cut to the shot, or `nil` when none of it is in the shot.
  func clipped(_ box: Box) -> Box? { box.intersection(whole) }

  /// The pixel at `x`, `y`, or `nil` outside the shot.
  func pixel(_ x: Int, _ y: Int) -> Pixel? {
    guard x >= 0, x < width, y >= 0, y < height else { return nil }
    let offset = (y * width + x) * 3
    guard offset + 2 < rgb.count else { return nil }
    return Pixel(rgb[offset], rgb[offset + 1], rgb[offset + 2])
  }

  /// Calls `body` with each pixel of `box` (cut to the shot), a row after another.
  private func forEachPixel(in box: Box, _ body: (Int, Int, Pixel) -> Void) {
    guard let box = clipped(box) else { return }
    for y in box.minY...box.maxY {
      for x in box.minX...box.maxX {
        if let pixel = pixel(x, y) { body(x, y, pixel) }
      }
    }
  }

  /// The smallest box holding every pixel of `color`, or `nil` if there is none.
  func boundingBox(of color: Pixel) -> Box? { boundingBox(of: color, in: whole) }

  /// The smallest box holding every pixel of `color` in `area` (cut to the shot), or
  /// `nil` if there is none.
  func boundingBox(of color: Pixel, in area: Box) -> Box? {
    boundingBox(in: area) { $0 == color }
  }

  /// The smallest box holding every pixel of `area` (cut to the shot) that satisfies
  /// `predicate`, or `nil` if there is none.
  func boundingBox(in area: Box, where predicate: (Pixel) -> Bool) -> Box? {
    var box: Box?
    forEachPixel(in: area) { x, y, pixel in
      guard predicate(pixel) else { return }
      guard var found = box else {
        box = Box(minX: x, minY: y, maxX: x, maxY: y)
        return
      }
      found.minX = min(found.minX, x)
      found.maxX = max(found.maxX, x)
      found.maxY = y
      box = found
    }
    return box
  }

  /// How many pixels of `box` (cut to the shot) satisfy `predicate`.
  func count(in box: Box, where predicate: (Pixel) -> Bool) -> Int {
    var count = 0
    forEachPixel(in: box) { _, _, pixel in if predicate(pixel) { count += 1 } }
    return count
  }

  /// The pixels of `box` (cut to the shot), to compare two shots.
  func bytes(in box: Box) -> [UInt8] {
    var bytes: [UInt8] = []
    forEachPixel(in: box) { _, _, pixel in bytes += [pixel.red, pixel.green, pixel.blue] }
    return bytes
  }

  /// The commonest colour in `box` (cut to the shot): its background; `nil` when none
  /// of the box is in the shot.
  func background(in box: Box) -> Pixel? {
    var counts: [Pixel: Int] = [:]
    forEachPixel(in: box) { _, _, pixel in counts[pixel, default: 0] += 1 }
    return counts.max { $0.value < $1.value }?.key
  }

  var name: String { URL(fileURLWithPath: path).lastPathComponent }
}
