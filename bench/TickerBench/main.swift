// ticker-bench: per-frame and load costs of TickerCore, from a release build.
//
//   ticker-bench frames ITEMS [FRAMES]   ns per frame (frame + tmux encoding), after loading
//   ticker-bench load PATH               seconds to read a file of items and lay out the strip
//   ticker-bench markup [BYTES]          seconds to read and lay out one hostile line of each
//                                        shape (default 1 MB): an SGR run of `38;`, a run of
//                                        unterminated `#[`, thousands of truecolor runs
//   ticker-bench chars [KIB] [KIND…]     ns per character to lay out lines of one kind of
//                                        text (default 4096 KiB each): ascii, e-acute, fffd
//                                        (0xFF bytes), cjk, emoji, latin1 (every Latin-1
//                                        letter), combining (e and U+0301), random bytes
//
// Not part of `swift test`: bench/run builds it with -c release and reports the numbers.
import Glibc
import TickerCore

func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Quote items like a watchlist's: `SYM123 1234.56 +1.23`.
func quoteItems(_ count: Int) -> [StyledText] {
  var items: [StyledText] = []
  items.reserveCapacity(count)
  let symbols = ["AAPL", "MSFT", "EUR/USD", "NVDA", "BTC/USD", "GOOGL"]
  for index in 0..<count {
    let line =
      "\(symbols[index % symbols.count])\(index) \(1000 + index % 9000).\(index % 90 + 10) "
      + (index % 3 == 0 ? "-" : "+") + "\(index % 7).\(index % 80 + 10)"
    items.append(Quote(parsing: line)?.styledText() ?? StyledText(line))
  }
  return items
}

let arguments = CommandLine.arguments
let usage =
  "usage: ticker-bench frames ITEMS [FRAMES] | load PATH | markup [BYTES] | chars [KIB] [KIND…]"
guard arguments.count >= 3 || (arguments.count == 2 && ["markup", "chars"].contains(arguments[1]))
else {
  print(usage)
  exit(64)
}
switch arguments[1] {
case "frames":
  let count = Int(arguments[2]) ?? 10
  let frames = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
  let strip = Strip(
    items: quoteItems(count), separator: " · ", measure: CellMeasure(profile: .tmux))
  let ticker = Ticker(strip: strip, width: 40, speed: 8)
  let encoder = FrameEncoder(format: .tmux)
  var bytes = 0
  var samples: [Double] = []
  for _ in 0..<5 {
    let start = now()
    var time = 1_795_000_000.0
    for _ in 0..<frames {
      let frame = ticker.frame(at: time)
      bytes &+= encoder.encode(frame, placement: ticker.placement(at: time), at: time).utf8.count
      time += 0.037
    }
    samples.append((now() - start) / Double(max(frames, 1)) * 1e9)
  }
  samples.sort()
  print("items=\(count) frames=\(frames) ns_per_frame_median=\(Int(samples[2])) (\(bytes) bytes)")
case "load":
  let path = arguments[2]
  let start = now()
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else {
    print("cannot open \(path)")
    exit(66)
  }
  var data: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if got <= 0 { break }
    data.append(contentsOf: chunk[0..<got])
  }
  close(descriptor)
  var builder = StripBuilder(separator: " · ", measure: CellMeasure())
  var lineStart = 0
  for index in data.indices where data[index] == 0x0A {
    builder.appendPlain(utf8: data[lineStart..<index])
    lineStart = index + 1
  }
  let strip = builder.build()
  let elapsed = now() - start
  print("items=\(strip.itemCount) cells=\(strip.cellCount) load_seconds=\(elapsed)")
case "markup":
  let size = arguments.count > 2 ? Int(arguments[2]) ?? 1 << 20 : 1 << 20
  let esc = "\u{1B}"
  var truecolor = ""
  var index = 0
  while truecolor.utf8.count < size {
    truecolor += "\(esc)[38;2;\(index & 255);\((index >> 8) & 255);\((index >> 16) & 255)mx"
    index += 1
  }
  let shapes: [(name: String, markup: Markup, line: String)] = [
    ("ansi-38-run", .ansi, esc + "[" + String(repeating: "38;", count: size / 3) + "mX"),
    ("tmux-open-run", .tmux, String(repeating: "#[", count: size / 2)),
    ("ansi-truecolor-runs", .ansi, truecolor),
  ]
  for shape in shapes {
    var samples: [Double] = []
    var cells = 0
    for _ in 0..<3 {
      let start = now()
      let strip = Strip(items: [shape.markup.read(shape.line)], separator: " · ")
      cells = strip.cellCount
      samples.append(now() - start)
    }
    samples.sort()
    print(
      "\(shape.name) bytes=\(shape.line.utf8.count) cells=\(cells) seconds_median=\(samples[1])")
  }
case "chars":
  let kibibytes = arguments.count > 2 ? Int(arguments[2]) ?? 4096 : 4096
  let kinds = arguments.count > 3 ? Array(arguments[3...]) : CharKind.allCases.map(\.rawValue)
  for name in kinds {
    guard let kind = CharKind(rawValue: name) else {
      print(usage)
      exit(64)
    }
    let (lines, characters) = kind.lines(bytes: kibibytes << 10)
    var samples: [Double] = []
    var cells = 0
    for _ in 0..<3 {
      let start = now()
      var builder = StripBuilder(separator: " · ", measure: CellMeasure())
      for line in lines { builder.appendPlain(utf8: line) }
      cells = builder.build().cellCount
      samples.append(now() - start)
    }
    samples.sort()
    let bytes = lines.reduce(0) { $0 + $1.count }
    let perCharacter = samples[1] / Double(characters) * 1e9
    print(
      "\(name) bytes=\(bytes) characters=\(characters) cells=\(cells)"
        + " ns_per_character_median=\(Int(perCharacter.rounded()))")
  }
default:
  print(usage)
  exit(64)
}

/// The kinds of text `chars` lays out, each as lines of 100 characters (random bytes:
/// lines as their LF bytes split them, each byte a character).
enum CharKind: String, CaseIterable {
  case ascii
  case eAcute = "e-acute"
  case fffd, cjk, emoji, latin1, combining, random

  /// Lines of about `bytes` bytes in all, and how many characters they hold.
  func lines(bytes: Int) -> (lines: [[UInt8]], characters: Int) {
    var generator = SplitMix(seed: 7)
    var lines: [[UInt8]] = []
    var total = 0
    var characters = 0
    while total < bytes {
      var line: [UInt8] = []
      var count = 0
      if self == .random {
        while line.count < 100 {
          let byte = UInt8(truncatingIfNeeded: generator.next())
          if byte == 0x0A || byte == 0x0D { break }
          line.append(byte)
        }
        count = line.count
      } else {
        for index in 0..<100 {
          line += text(index, &generator)
          count += 1
        }
      }
      total += line.count
      characters += count
      lines.append(line)
    }
    return (lines, characters)
  }

  private func text(_ index: Int, _ generator: inout SplitMix) -> [UInt8] {
    let random = generator.next()
    func scalar(_ value: UInt64) -> [UInt8] {
      Array(String(Unicode.Scalar(UInt32(value)) ?? " ").utf8)
    }
    switch self {
    case .ascii: return [UInt8(0x21 + random % 94)]
    case .eAcute: return Array("é".utf8)
    case .fffd: return [0xFF]
    case .cjk: return scalar(0x4E00 + random % 0x5200)
    case .emoji: return scalar(0x1F600 + random % 0x50)
    case .latin1: return scalar(0xC0 + random % 0x40)
    case .combining: return Array("e\u{301}".utf8)
    case .random: return []
    }
  }
}

/// A small seeded generator, so that every run lays out the same text.
struct SplitMix {
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
