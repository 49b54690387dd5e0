/// The size of a Live Activity's attributes and content state as ActivityKit sees them.
///
/// Each part is encoded with ``PayloadEncoder`` using `JSONEncoder`'s default strategies — what
/// the device uses — by both of Foundation's writers: the Swift writer (iOS 17 and later) and the
/// Objective-C writer (iOS 16, every non-integral number at 17 significant digits). The figures
/// reported, and their sum judged against the 4096-byte ActivityKit limit, are the writer's that
/// the budget's ``PayloadBudget/deviceWriter`` names: by default the one that writes more
/// (<doc:SizeLimits>, <doc:WhatTheDeviceCounts>: Apple does not say which encoding it measures;
/// this is ours).
///
/// ```swift
/// let report = try ActivitySizeReport(attributes: DeliveryAttributes(order: "A-1"), contentState: state)
/// print(report.byteCount, report.tier, report.headroom)   // 212 safe 3884
/// print(report.deviceWriter, report.byteCount(writtenBy: .swift))   // objc 198
/// ```
public struct ActivitySizeReport: Sendable, Equatable {
    /// How every figure of a report judged by `writer` is measured.
    package static func measurement(_ writer: DeviceWriter) -> String {
        "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact, by \(writer.phrase); ActivityKit limit on attributes + content state; tiers are advisory"
    }

    /// The encoded attributes' size by ``deviceWriter``, when attributes were given.
    public var attributesByteCount: Int? { parts[deviceWriter]?.attributes }
    /// The encoded content state's size by ``deviceWriter``, when a content state was given.
    public var contentStateByteCount: Int? { parts[deviceWriter]?.contentState }
    /// The writer behind the figures: the one the budget names, or for ``DeviceWriter/larger``
    /// the one that writes more (the Objective-C writer on a tie).
    public let deviceWriter: JSONWriter
    /// The limit and tiers judged by.
    package var budget: PayloadBudget
    /// One writer's sizes of the parts given.
    package struct Parts: Sendable, Equatable {
        package var attributes: Int?
        package var contentState: Int?
    }

    /// Each writer's sizes of the parts given.
    package var parts: [JSONWriter: Parts]

    /// ActivityKit's combined figure, attributes plus content state, by ``deviceWriter``.
    public var byteCount: Int { byteCount(writtenBy: deviceWriter) }

    /// Attributes plus content state as `writer` writes them.
    public func byteCount(writtenBy writer: JSONWriter) -> Int {
        let part = parts[writer] ?? Parts()
        return (part.attributes ?? 0) + (part.contentState ?? 0)
    }

    /// The advisory tier of ``byteCount``.
    public var tier: SizeTier { budget.tier(forByteCount: byteCount) }

    /// Bytes left under the limit; negative when over.
    public var headroom: Int { budget.headroom(forByteCount: byteCount) }

    /// Measures attributes and a content state together.
    ///
    /// - Throws: `EncodingError` when a value cannot be encoded (a NaN, say).
    public init<Attributes: Encodable, ContentState: Encodable>(
        attributes: Attributes, contentState: ContentState, budget: PayloadBudget = PayloadBudget()
    ) throws {
        try self.init(budget: budget) { encoder in
            (try encoder.encodedSize(of: attributes), try encoder.encodedSize(of: contentState))
        }
    }

    /// Measures a content state alone, as an update push carries it.
    public init<ContentState: Encodable>(contentState: ContentState, budget: PayloadBudget = PayloadBudget()) throws {
        try self.init(budget: budget) { encoder in (nil, try encoder.encodedSize(of: contentState)) }
    }

    /// Measures attributes alone.
    public init<Attributes: Encodable>(attributes: Attributes, budget: PayloadBudget = PayloadBudget()) throws {
        try self.init(budget: budget) { encoder in (try encoder.encodedSize(of: attributes), nil) }
    }

    /// Measures the parts with each writer, and picks the judged one.
    private init(
        budget: PayloadBudget, measure: (PayloadEncoder) throws -> (attributes: Int?, contentState: Int?)
    ) throws {
        var parts: [JSONWriter: Parts] = [:]
        for writer in JSONWriter.allCases {
            var encoder = PayloadEncoder()
            encoder.writer = writer
            let sizes = try measure(encoder)
            parts[writer] = Parts(attributes: sizes.attributes, contentState: sizes.contentState)
        }
        func total(_ writer: JSONWriter) -> Int {
            (parts[writer]?.attributes ?? 0) + (parts[writer]?.contentState ?? 0)
        }
        switch budget.deviceWriter {
        case .swift: deviceWriter = .swift
        case .objc: deviceWriter = .objc
        case .larger: deviceWriter = total(.swift) > total(.objc) ? .swift : .objc
        }
        self.parts = parts
        self.budget = budget
    }
}
