// swift-tools-version: 6.0
import PackageDescription

// An app's Live Activity code and its test target, as an iOS team would lay them out, using
// PaySizeTesting from the PaySize checkout two levels up. `make test` runs these tests.
let package = Package(
    name: "Deliveries",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(name: "PaySize", path: "../..")],
    targets: [
        // The activity's attributes and content state, shared by the app and its widget extension.
        .target(name: "Deliveries", swiftSettings: [.swiftLanguageMode(.v6)]),
        // Modules named `App` and `Kit`, whose types' snapshot files must not lose those words.
        .target(name: "App", swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "Kit", swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "DeliveriesTests",
            dependencies: ["Deliveries", "App", "Kit", .product(name: "PaySizeTesting", package: "PaySize")],
            // Schema snapshots and size baselines live beside the tests, read from #filePath;
            // excluded so SwiftPM does not warn about files it does not handle.
            exclude: ["Schemas"],
            resources: [.process("Fixtures")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
