// swift-tools-version: 6.0
import PackageDescription

/// Same settings as the root package: Swift 6 language mode and `any` spelled out.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "PaySizeBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PaySize", path: "..")
    ],
    targets: [
        // Release executable: `swift run -c release --package-path Benchmarks PaySizeBenchmarks`.
        .executableTarget(
            name: "PaySizeBenchmarks",
            dependencies: [
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeCommandLine", package: "PaySize"),
                .product(name: "PaySizeTestSupport", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),
        // Hand-written schemas in bounded time: ReDoS probes and a 1 MB instance.
        // `swift run -c release --package-path Benchmarks SchemaBenchmark`.
        .executableTarget(
            name: "SchemaBenchmark",
            dependencies: [.product(name: "PaySize", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
        // `paysize check --summary` on a generated 500 MB log, plain and .zst, against Python:
        // `make bench-logs`.
        .executableTarget(
            name: "LogBenchmark",
            dependencies: [
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeCompression", package: "PaySize"),
                .product(name: "PaySizeTestSupport", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),
    ]
)
