@_spi(Internals) import PaySizeJSON

/// The size and structure verdict for one Live Activity push payload.
///
/// Two limits judge a push (<doc:WhatTheDeviceCounts>):
/// - **APNs** counts the body as sent. Sizes are in bytes of compact JSON: whitespace outside
///   strings removed, every token kept as written; a server that sends compact JSON sends
///   ``payloadByteCount`` bytes, a body sent as written is ``inputByteCount`` bytes.
///   ``judgedByteCount`` is the one the checker judged, ``tier`` and ``headroom`` its verdict.
/// - **ActivityKit** counts the content state (plus a start's attributes) as the device writes
///   it, where a non-integral number may take 17 significant digits:
///   ``deviceActivityKitByteCount``, by the writer in ``deviceWriter``.
///
/// ``isRefused`` is the one verdict a send gate needs: APNs or the device refuses the push.
///
/// ```swift
/// let report = try PayloadChecker().check(body)
/// guard !report.isRefused else { return log(report.findings) }
/// ```
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
    /// The content state and attributes as the device writes them, when present.
    package var device: DeviceSize?

    /// A report of the given sizes and findings, judged by `budget` on `sizeBasis` (default
    /// compact), with the device's figures when the payload has a content state or attributes.
    package init(
        payloadByteCount: Int, inputByteCount: Int, budget: PayloadBudget, contentStateByteCount: Int?,
        attributesByteCount: Int?, event: String?, findings: [PayloadFinding], sizeBasis: PayloadSizeBasis = .compact,
        device: DeviceSize? = nil
    ) {
        self.payloadByteCount = payloadByteCount
        self.inputByteCount = inputByteCount
        self.budget = budget
        self.contentStateByteCount = contentStateByteCount
        self.attributesByteCount = attributesByteCount
        self.event = event
        self.findings = findings
        self.sizeBasis = sizeBasis
        self.device = device
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

    /// Whether any finding is an error (a body or a device figure over its limit is one, with
    /// the code ``PayloadFinding/Code/overLimit``).
    public var hasErrors: Bool {
        findings.contains { $0.severity == .error }
    }

    /// Whether APNs or the device refuses this push: the body is over its limit, the content
    /// state (with a start's attributes) is over ActivityKit's limit as the device writes it,
    /// or a rule is broken that makes the device drop it. Gate sends on this.
    public var isRefused: Bool {
        tier == .over || isOverOnDevice || hasErrors
    }

    /// The content state as the device writes it, by ``deviceWriter``: what ActivityKit counts.
    public var deviceContentStateByteCount: Int? { device?.judged.contentState?.byteCount }

    /// A start's attributes as the device writes them, by ``deviceWriter``.
    public var deviceAttributesByteCount: Int? { device?.judged.attributes?.byteCount }

    /// ActivityKit's figure on the device: the content state plus a start's attributes, as
    /// ``deviceWriter`` writes them, judged against 4096 bytes.
    public var deviceActivityKitByteCount: Int? { device?.judgedActivityKitByteCount }

    /// The writer behind the device figures: the one the budget's ``PayloadBudget/deviceWriter``
    /// names, or for ``DeviceWriter/larger`` the one that writes more.
    public var deviceWriter: JSONWriter? { device?.judged.writer }

    /// Whether the device's ActivityKit figure is over ActivityKit's limit.
    package var isOverOnDevice: Bool {
        guard let bytes = deviceActivityKitByteCount else { return false }
        return bytes > budget.activityKitLimit
    }

    /// The advisory tier of the device's ActivityKit figure, when there is one.
    package var deviceTier: SizeTier? {
        deviceActivityKitByteCount.map { budget.activityKitBudget.tier(forByteCount: $0) }
    }
}
