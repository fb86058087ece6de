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

let package = Package(
  name: "ticker-status",
  products: [
    .library(name: "TickerCore", targets: ["TickerCore"]),
    .executable(name: "ticker-status", targets: ["ticker-status"]),
  ],
  targets: [
    .target(
      name: "TickerCore",
      swiftSettings: strict + startUp,
      // Double.rounded(_:) lowers to libm's floor, ceil and friends.
      linkerSettings: [.linkedLibrary("m")]
    ),
    .executableTarget(
      name: "ticker-status",
      dependencies: ["TickerCore"],
      swiftSettings: strict + startUp
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
      dependencies: ["ticker-status", "TickerCore"],
      swiftSettings: strict
    ),
  ],
  swiftLanguageModes: [.v6]
)
