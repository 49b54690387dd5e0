/// A size as each of Foundation's two writers writes it once the device has read the value: the
/// figure ActivityKit's limit judges (<doc:WhatTheDeviceCounts>).
///
/// The two differ only in non-integral numbers: `0.53` is 4 bytes to the Swift writer and 19 to
/// the Objective-C one (`0.53000000000000003`). A saving is the same pair of differences.
package struct WrittenByteCounts: Sendable, Equatable {
    /// The Swift writer's count (iOS 17+ encoding a value itself).
    package var swift: Int
    /// The Objective-C writer's count (iOS 16, and a push re-written on the device).
    package var objc: Int

    /// The counts of the two writers.
    package init(swift: Int, objc: Int) {
        self.swift = swift
        self.objc = objc
    }

    /// Nothing: the sum's starting point.
    package static let zero = WrittenByteCounts(swift: 0, objc: 0)

    /// The count of one writer.
    package subscript(writer: JSONWriter) -> Int {
        switch writer {
        case .swift: swift
        case .objc: objc
        }
    }

    /// The writer a choice judges and its count: the one named, or for ``DeviceWriter/larger``
    /// the larger count (the Objective-C writer on a tie), as ``DeviceSize`` judges.
    package func judged(by choice: DeviceWriter) -> (writer: JSONWriter, byteCount: Int) {
        switch choice {
        case .swift: (.swift, swift)
        case .objc: (.objc, objc)
        case .larger: swift > objc ? (.swift, swift) : (.objc, objc)
        }
    }

    /// Each writer's counts added.
    package static func + (lhs: WrittenByteCounts, rhs: WrittenByteCounts) -> WrittenByteCounts {
        WrittenByteCounts(swift: lhs.swift + rhs.swift, objc: lhs.objc + rhs.objc)
    }

    /// Each writer's counts subtracted: a saving, when `lhs` is the size before.
    package static func - (lhs: WrittenByteCounts, rhs: WrittenByteCounts) -> WrittenByteCounts {
        WrittenByteCounts(swift: lhs.swift - rhs.swift, objc: lhs.objc - rhs.objc)
    }

    /// Adds each writer's count of `rhs` to `lhs`.
    package static func += (lhs: inout WrittenByteCounts, rhs: WrittenByteCounts) {
        lhs = lhs + rhs
    }
}
