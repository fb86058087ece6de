// swift-tools-version:6.2
import PackageDescription

let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "ticker-status",
  products: [
    .library(name: "TickerCore", targets: ["TickerCore"]),
    .executable(name: "ticker-status", targets: ["ticker-status"]),
  ],
  targets: [
    .target(
      name: "TickerCore",
      swiftSettings: strict,
      // Double.rounded(_:) lowers to libm's floor, ceil and friends.
      linkerSettings: [.linkedLibrary("m")]
    ),
    .executableTarget(
      name: "ticker-status",
      dependencies: ["TickerCore"],
      swiftSettings: strict
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
