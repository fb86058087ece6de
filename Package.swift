// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

// A release build reaches the metadata of a generic type at concrete arguments (an
// array of `Style`, say) through its accessor, not by handing the runtime a mangled
// name to demangle on first use: 36,000 fewer instructions of a 50-quote one-shot's
// 506,000, and of every start-up (BENCHMARKS.md section 15). Release only: the flag
// changes how metadata is found, not what the code does.
let startUp: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
    .when(configuration: .release))
]

// A release build puts each function in a section of its own, and links with lld in
// the order of bench/symbol-order.txt (written by bench/order-symbols): a stream's
// frame's functions side by side, then the one-shot's. A frame wakes every tenth of
// a second to run code that was spread over 48 pages and now fills 16: fewer misses
// of the TLB and the caches at every wake-up, 5–19 % of a stream's CPU (BENCHMARKS.md
// section 17). Release only, like the flag above: the order changes where code lies,
// not what it does. lld comes with the Swift toolchain.
let functionSections: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))
]
let symbolOrder: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-use-ld=lld",
      "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/bench/symbol-order.txt",
      "-Xlinker", "--no-warn-symbol-ordering",
    ],
    .when(configuration: .release))
]

let package = Package(
  name: "ticker-status",
  products: [
    .library(name: "TickerCore", targets: ["TickerCore"]),
    .executable(name: "ticker-status", targets: ["ticker-status"]),
  ],
  targets: [
    .target(
      name: "TickerCore",
      swiftSettings: strict + startUp + functionSections,
      // Double.rounded(_:) lowers to libm's floor, ceil and friends.
      linkerSettings: [.linkedLibrary("m")]
    ),
    // The process's arguments for the Swift runtime, found without its start-up search
    // of /proc/self/maps (ProcessArguments.c).
    .target(name: "ProcessArguments"),
    .executableTarget(
      name: "ticker-status",
      dependencies: ["TickerCore", "ProcessArguments"],
      swiftSettings: strict + startUp + functionSections,
      linkerSettings: symbolOrder
    ),
    // Benchmarks (bench/run); not part of `swift test`'s assertions.
    .executableTarget(
      name: "ticker-bench",
      dependencies: ["TickerCore"],
      path: "bench/TickerBench",
      swiftSettings: strict
    ),
    .testTarget(
      name: "TickerCoreTests",
      dependencies: ["TickerCore"],
      exclude: ["Fixtures"],
      swiftSettings: strict
    ),
    .testTarget(
      name: "TickerStatusTests",
      dependencies: ["ticker-status", "TickerCore", "ProcessArguments"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
