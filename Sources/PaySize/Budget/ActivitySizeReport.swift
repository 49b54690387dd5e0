/// The size of a Live Activity's attributes and content state as ActivityKit sees them.
///
/// Each part is encoded with ``PayloadEncoder`` using `JSONEncoder`'s default strategies — what
/// the device uses — and their sum is judged against the 4096-byte ActivityKit limit
/// (<doc:SizeLimits>: Apple does not say which encoding it measures; this is ours).
///
/// ```swift
/// let report = try ActivitySizeReport(attributes: DeliveryAttributes(order: "A-1"), contentState: state)
/// print(report.byteCount, report.tier, report.headroom)   // 212 safe 3884
/// ```
public struct ActivitySizeReport: Sendable, Equatable {
    /// How every figure in this report is measured.
    package static let measurement =
        "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact; ActivityKit limit on attributes + content state; tiers are advisory"

    /// The encoded attributes' size, when attributes were given.
    public var attributesByteCount: Int?
    /// The encoded content state's size, when a content state was given.
    public var contentStateByteCount: Int?
    /// The limit and tiers judged by.
    package var budget: PayloadBudget

    /// ActivityKit's combined figure: attributes plus content state.
    public var byteCount: Int { (attributesByteCount ?? 0) + (contentStateByteCount ?? 0) }
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
        let encoder = PayloadEncoder()
        self.attributesByteCount = try encoder.encodedSize(of: attributes)
        self.contentStateByteCount = try encoder.encodedSize(of: contentState)
        self.budget = budget
    }

    /// Measures a content state alone, as an update push carries it.
    public init<ContentState: Encodable>(contentState: ContentState, budget: PayloadBudget = PayloadBudget()) throws {
        self.contentStateByteCount = try PayloadEncoder().encodedSize(of: contentState)
        self.budget = budget
    }

    /// Measures attributes alone.
    public init<Attributes: Encodable>(attributes: Attributes, budget: PayloadBudget = PayloadBudget()) throws {
        self.attributesByteCount = try PayloadEncoder().encodedSize(of: attributes)
        self.budget = budget
    }
}
