/// The size and structure verdict for one Live Activity push payload.
///
/// Sizes are in bytes of compact JSON: whitespace outside strings removed, every token kept as
/// written. APNs counts the body exactly as sent, so a server
/// that sends compact JSON sends ``payloadByteCount`` bytes; a body sent as written is
/// ``inputByteCount`` bytes. ``judgedByteCount`` is the one the checker judged.
public struct PayloadReport: Sendable, Equatable {
    /// How the sizes in every report are measured.
    package static let measurement =
        "compact JSON: whitespace outside strings removed, every token kept as written; tiers are advisory"

    /// The payload's compact size.
    public var payloadByteCount: Int
    /// The size of the input as given, whitespace included.
    public var inputByteCount: Int
    /// The limit and tier thresholds the payload was judged by.
    @_spi(Internals) public var budget: PayloadBudget
    /// The compact size of `aps.content-state`, when present.
    public var contentStateByteCount: Int?
    /// The compact size of `aps.attributes` on a start event, when present.
    public var attributesByteCount: Int?
    /// The value of `aps.event` when it is a string.
    public var event: String?
    /// Structural findings, in payload order.
    public var findings: [PayloadFinding]
    /// Which figure the tier and headroom judge: ``payloadByteCount`` (compact, the default) or
    /// ``inputByteCount`` (as written).
    package var sizeBasis: PayloadSizeBasis

    /// A report of the given sizes and findings, judged by `budget` on `sizeBasis` (default
    /// compact).
    package init(
        payloadByteCount: Int, inputByteCount: Int, budget: PayloadBudget, contentStateByteCount: Int?,
        attributesByteCount: Int?, event: String?, findings: [PayloadFinding], sizeBasis: PayloadSizeBasis = .compact
    ) {
        self.payloadByteCount = payloadByteCount
        self.inputByteCount = inputByteCount
        self.budget = budget
        self.contentStateByteCount = contentStateByteCount
        self.attributesByteCount = attributesByteCount
        self.event = event
        self.findings = findings
        self.sizeBasis = sizeBasis
    }

    /// The figure judged against the limit: ``payloadByteCount`` on the compact basis,
    /// ``inputByteCount`` as written.
    public var judgedByteCount: Int {
        sizeBasis == .asWritten ? inputByteCount : payloadByteCount
    }

    /// The advisory tier of ``judgedByteCount``.
    public var tier: SizeTier { budget.tier(forByteCount: judgedByteCount) }

    /// Bytes left under the limit by ``judgedByteCount``; negative when over.
    public var headroom: Int { budget.headroom(forByteCount: judgedByteCount) }

    /// ActivityKit's combined figure, attributes plus content state, when both are present.
    ///
    /// ActivityKit refuses more than 4096 bytes for the two together (<doc:SizeLimits>).
    public var activityKitByteCount: Int? {
        guard let attributes = attributesByteCount, let contentState = contentStateByteCount else { return nil }
        return attributes + contentState
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool {
        findings.contains { $0.severity == .error }
    }
}
