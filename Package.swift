// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: Swift 6 language mode (strict concurrency) and no warnings allowed to pile up.
let sharedSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

/// The command-line library and the tests' shared support are plumbing, not products. Only `Fuzz/`
/// and `Benchmarks/` link them (to run whole commands in process, to time the tests' corpus), and
/// ask for them with `PAYSIZE_INTERNAL_PRODUCTS=1` (`Fuzz/run.sh` and the Makefile's bench
/// targets set it).
let internalProducts: [Product] =
    Context.environment["PAYSIZE_INTERNAL_PRODUCTS"] == "1"
    ? [
        .library(name: "PaySizeCommandLine", targets: ["PaySizeCommandLine"]),
        .library(name: "PaySizeTestSupport", targets: ["PaySizeTestSupport"]),
    ] : []

let package = Package(
    name: "PaySize",
    // Live Activities need iOS 16.1, so this minimum costs no Live Activity user anything; every API
    // newer than it is guarded, and scripts/check-availability.py keeps that true (API/availability-audit.txt).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "PaySize", targets: ["PaySize"]),
        .library(name: "PaySizeTesting", targets: ["PaySizeTesting"]),
        .library(name: "PaySizeCompression", targets: ["PaySizeCompression"]),
        .executable(name: "paysize", targets: ["paysize"]),
    ] + internalProducts,
    targets: [
        // The core an iOS app links, in three layers with the dependencies pointing one way
        // (ARCHITECTURE.md): PaySizeJSON below PaySizeSchema below PaySize. The two lower ones are
        // not products: PaySize re-exports the few public types they hold (`JSONPointer`,
        // `SchemaError`, …), and the command line reaches the rest through `package` access.
        // All three are pure Swift + Foundation, no C.

        // The strict and measuring JSON scanners, the tree, JSONPointer, the one string escaper,
        // number and string equality, and numbers as each of Foundation's writers writes them.
        // README.md lists the measuring scanner's assumptions for maintainers; it is not a resource.
        .target(name: "PaySizeJSON", exclude: ["README.md"], swiftSettings: sharedSettings),
        // The JSON Schema 2020-12 engine: compiling, validating, the ECMA-262 pattern matcher,
        // formats, URIs, the bundled metaschemas and schema errors. README.md lists what it
        // assumes about depth and recursion.
        .target(
            name: "PaySizeSchema", dependencies: ["PaySizeJSON"], exclude: ["README.md"], swiftSettings: sharedSettings),
        // The Live Activity product. Encoding/README.md lists the encoder's assumptions.
        .target(
            name: "PaySize", dependencies: ["PaySizeJSON", "PaySizeSchema"], exclude: ["Encoding/README.md"],
            swiftSettings: sharedSettings),

        // Budget, round-trip, contract and schema-snapshot assertions for app and server test
        // targets (Swift Testing and XCTest). Links only PaySize, so an iOS test target never sees C.
        .target(name: "PaySizeTesting", dependencies: ["PaySize"], swiftSettings: sharedSettings),

        // zstd from the system (Debian: libzstd-dev). Only the CLI and compression module see it.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
        ),
        // Raw DEFLATE (Debian: zlib1g-dev) and Brotli (Debian: libbrotli-dev) write the formats Apple's
        // Compression framework decodes in a widget extension; like zstd, only the CLI and
        // compression module see them.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CBrotli",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The packing strategies and redundancy figure join the core's ShrinkAdvisor from here.
        .target(
            name: "PaySizeCompression", dependencies: ["PaySize", "CZstd", "CZlib", "CBrotli"],
            swiftSettings: sharedSettings),

        // The `paysize` command-line tool: its commands live in a library so tests and fuzz
        // targets can run the whole pipeline in process; the executable only calls it.
        .target(
            name: "PaySizeCommandLine",
            dependencies: ["PaySize", "PaySizeCompression"],
            exclude: ["Logs/README.md"],
            swiftSettings: sharedSettings
        ),
        .executableTarget(name: "paysize", dependencies: ["PaySizeCommandLine"], swiftSettings: sharedSettings),

        // A server-side sender built on the push builder (prints what it would send); `make demo` runs it.
        .executableTarget(
            name: "ServerSenderExample", dependencies: ["PaySize"], path: "Examples/ServerSender",
            swiftSettings: sharedSettings
        ),

        // Tests: one target per module, and what they share (seeded generators, random JSON texts,
        // the real-world Live Activity corpus the benchmarks time too).
        .target(
            name: "PaySizeTestSupport", dependencies: ["PaySize"], path: "Tests/TestSupport",
            swiftSettings: sharedSettings),
        .testTarget(
            name: "PaySizeJSONTests", dependencies: ["PaySizeJSON", "PaySize", "PaySizeTestSupport"],
            swiftSettings: sharedSettings),
        .testTarget(
            name: "PaySizeSchemaTests", dependencies: ["PaySizeSchema", "PaySize", "PaySizeTestSupport"],
            swiftSettings: sharedSettings),
        .testTarget(
            name: "PaySizeTests", dependencies: ["PaySize", "PaySizeTestSupport"], swiftSettings: sharedSettings),
        .testTarget(
            name: "PaySizeTestingTests",
            dependencies: ["PaySizeTesting", "PaySize"],
            // Schemas/ holds the target's schema snapshots and size baselines, read from #filePath.
            exclude: ["Schemas"],
            // Resources/ holds payloads read through Bundle.module.
            resources: [.process("Resources")],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "PaySizeCompressionTests",
            dependencies: ["PaySize", "PaySizeCompression"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "PaySizeCommandLineTests",
            dependencies: [
                "PaySize", "PaySizeCommandLine", "PaySizeCompression", "PaySizeTesting", "PaySizeTestSupport",
            ],
            swiftSettings: sharedSettings
        ),
    ]
)
