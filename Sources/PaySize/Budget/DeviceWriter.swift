/// Which writer's count ActivityKit's limit is judged on (<doc:WhatTheDeviceCounts>).
///
/// A device writes a content state (and a start's attributes) with one of Foundation's two
/// writers, which differ only in how long a non-integral number gets: `1.91` is 4 bytes to the
/// Swift writer and 18 to the Objective-C one. The default, ``larger``, judges the larger of
/// the two counts, so a payload that passes fits whichever writer the device uses; a team that
/// has measured its devices can pick one.
///
/// ```swift
/// var budget = PayloadBudget()
/// budget.deviceWriter = .swift   // only iOS 17+ devices, and pushes not re-written
/// ```
public enum DeviceWriter: Sendable, Hashable, CaseIterable {
    /// The Swift writer's count (iOS 17+ encoding a value itself).
    case swift
    /// The Objective-C writer's count (iOS 16, and a push re-written on the device).
    case objc
    /// The larger of the two counts: what every device accepts. The default.
    case larger

    /// The writers whose counts are compared.
    package var writers: [JSONWriter] {
        switch self {
        case .swift: [.swift]
        case .objc: [.objc]
        case .larger: [.swift, .objc]
        }
    }

    /// The writers in words, for how a figure is measured: `the larger of the swift and objc writers`.
    package var phrase: String {
        switch self {
        case .swift: "the swift writer"
        case .objc: "the objc writer"
        case .larger: "the larger of the swift and objc writers"
        }
    }

    /// `swift`, `objc` or `larger`, as the `--device-writer` option spells it.
    package var name: String {
        switch self {
        case .swift: "swift"
        case .objc: "objc"
        case .larger: "larger"
        }
    }

    /// The choice an option names, or `nil` for another name.
    package init?(name: String) {
        switch name {
        case "swift": self = .swift
        case "objc": self = .objc
        case "larger": self = .larger
        default: return nil
        }
    }
}
