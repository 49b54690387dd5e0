// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets for PaySize, built apart from the root package so that a plain
// `swift build` there never needs fuzzer flags. Build and run with `Fuzz/run.sh TARGET SECONDS`;
// the build is release with sanitizers:
//
//     swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//
// A debug fuzz build gets no coverage on this toolchain (libFuzzer warns "Is the code
// instrumented for coverage?"), so run.sh builds release and treats that warning as a failure.

/// Settings every target shares, as in the root package.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "PaySizeFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PaySize", path: "..")
    ],
    targets: [
        // Invariant checks and input helpers every fuzz target shares.
        .target(
            name: "FuzzCommon",
            dependencies: [
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeTestSupport", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),

        // One executable per input. Each defines `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
        .executableTarget(
            name: "FuzzScanner",
            dependencies: ["FuzzCommon", .product(name: "PaySize", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzCheck",
            dependencies: [
                "FuzzCommon",
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeCommandLine", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzLogLines",
            dependencies: [
                "FuzzCommon",
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeCommandLine", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzZstd",
            dependencies: ["FuzzCommon", .product(name: "PaySizeCompression", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzEncoderDifferential",
            dependencies: ["FuzzCommon", .product(name: "PaySize", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzSchema",
            dependencies: ["FuzzCommon", .product(name: "PaySize", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzShrink",
            dependencies: [
                "FuzzCommon",
                .product(name: "PaySize", package: "PaySize"),
                .product(name: "PaySizeCompression", package: "PaySize"),
                .product(name: "PaySizeCommandLine", package: "PaySize"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "FuzzRoundTrip",
            dependencies: ["FuzzCommon", .product(name: "PaySize", package: "PaySize")],
            swiftSettings: sharedSettings
        ),
    ]
)
