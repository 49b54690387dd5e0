/// One of Foundation's two JSON writers, which write the same bytes for everything but
/// non-integral numbers (<doc:WhatTheDeviceCounts>).
///
/// A content state is counted against ActivityKit's limit as the device writes it, and the
/// device may use either: the Swift writer on iOS 17 and later, the Objective-C writer on
/// iOS 16 and, as one report found, when it re-writes a push's `content-state`.
///
/// ```swift
/// var encoder = PayloadEncoder()
/// encoder.writer = .objc
/// try encoder.encodedSize(of: [1.91])   // 20: [1.9099999999999999]
/// ```
public enum JSONWriter: Sendable, Hashable, CaseIterable {
    /// swift-foundation's `JSONEncoder` (iOS 17+, macOS 14+, tvOS 17+, watchOS 10+, Swift 6 on
    /// Linux): a `Double` is its shortest text that reads back the same (`1.1`).
    case swift
    /// `JSONSerialization` (the writer under iOS 16's `JSONEncoder`, and what the device
    /// re-writes a push with): a non-integral number has 17 significant digits
    /// (`1.1000000000000001`), a `Float` is widened to `Double` first.
    case objc

    /// `swift` or `objc`, as reports and the `--device-writer` option spell it.
    package var name: String {
        switch self {
        case .swift: "swift"
        case .objc: "objc"
        }
    }

    /// The writer a report or option names, or `nil` for another name.
    package init?(name: String) {
        switch name {
        case "swift": self = .swift
        case "objc": self = .objc
        default: return nil
        }
    }
}
