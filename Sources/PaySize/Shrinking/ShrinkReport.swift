/// Every measured way to shrink a payload, and the plan that reaches the target (`paysize suggest`
/// also prints where the bytes go).
///
/// ```swift
/// let report = try ShrinkAdvisor(target: .safe).report(forJSONBytes: payload)
/// report.byteCount                 // 3707
/// report.bestSuggestion?.savedBytes
/// report.plan.byteCount            // measured with every chosen suggestion applied
/// ```
public struct ShrinkReport: Sendable {
    /// The payload's measured size: compact JSON, or for an attributes and content-state pair
    /// the sum of the two (ActivityKit's figure).
    public let byteCount: Int
    /// The payload as compact JSON (for an attributes and content-state pair, the object
    /// `{"attributes":…,"content-state":…}` that holds both).
    public var jsonBytes: [UInt8] { document.jsonBytes() }
    /// The payload's size as written, when it came from bytes that hold whitespace outside strings.
    package let writtenByteCount: Int?
    /// The tier of ``byteCount``.
    public let tier: SizeTier
    /// The limit and tier thresholds judged by.
    package let budget: PayloadBudget
    /// The tier the plan aims for: the payload reaches it at this tier or below.
    package let target: SizeTier
    /// Whether lossy suggestions may join the plan.
    package let allowsLossy: Bool
    /// Where the bytes go, row by row.
    @_spi(Internals) public let breakdown: PayloadBreakdown
    /// Every suggestion that saves bytes (``ShrinkSuggestion/savedBytes`` > 0), cheapest contract
    /// change first (``ShrinkContractChange/none``, ``ShrinkContractChange/server``,
    /// ``ShrinkContractChange/app``), then largest saving.
    public let suggestions: [ShrinkSuggestion]
    /// Advice measured to save 0 bytes, listed so nobody spends effort on it: smaller integer
    /// types, nil optionals that are already omitted, pretty printing (sizes are judged compact).
    public let zeroSavings: [ShrinkSuggestion]
    /// The suggestions chosen to reach the advisor's target tier, applied together and measured.
    public let plan: ShrinkPlan
    let document: ShrinkDocument
    /// Where the app's types decode (see ``ShrinkContext/appRegions``).
    package let appRegions: [JSONPointer]

    init(
        document: ShrinkDocument, writtenByteCount: Int?, budget: PayloadBudget, target: SizeTier,
        allowsLossy: Bool, suggestions: [ShrinkSuggestion], zeroSavings: [ShrinkSuggestion], plan: ShrinkPlan,
        appRegions: [JSONPointer]
    ) {
        self.document = document
        self.appRegions = appRegions
        self.byteCount = document.byteCount
        self.writtenByteCount = writtenByteCount
        self.tier = budget.tier(forByteCount: byteCount)
        self.budget = budget
        self.target = target
        self.allowsLossy = allowsLossy
        self.breakdown = PayloadBreakdown(document)
        self.suggestions = suggestions
        self.zeroSavings = zeroSavings
        self.plan = plan
    }

    /// The suggestion that saves the most (a cheaper contract change first on a tie), among
    /// those the plan may use: lossy ones only when the advisor allows lossy suggestions.
    ///
    /// Test helpers and push errors quote it: `bestSuggestion?.description`.
    public var bestSuggestion: ShrinkSuggestion? {
        suggestions.filter { allowsLossy || !$0.isLossy }
            .min { ($1.savedBytes, $0.contractChange) < ($0.savedBytes, $1.contractChange) }
    }

    /// The plan's steps that need no change to the app (contract change `none` or `server`), in
    /// plan order: what `paysize suggest --apply` writes. Lossy steps are among them only when
    /// the advisor's `allowsLossy` let them into the plan; nothing outside the plan is ever applied.
    package var suggestionsWithoutAppChange: [ShrinkSuggestion] {
        let byID = Dictionary(suggestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return plan.suggestionIDs.compactMap { byID[$0] }.filter { $0.contractChange < .app }
    }

    /// The payload with `suggestions` applied together (in plan order), measured.
    ///
    /// - Parameter suggestions: Suggestions of this report.
    /// - Returns: The result as a plan: its size, tier and bytes.
    public func applying(_ suggestions: [ShrinkSuggestion]) -> ShrinkPlan {
        var shrunk = document
        ShrinkEdit.apply(suggestions.map(\.edit), to: &shrunk)
        let byteCount = shrunk.byteCount
        let tier = budget.tier(forByteCount: byteCount)
        return ShrinkPlan(
            suggestionIDs: suggestions.map(\.id), byteCount: byteCount, tier: tier, reachesTarget: tier <= target,
            jsonBytes: shrunk.jsonBytes())
    }

    /// Another payload of the same series with `suggestions` applied, as compact JSON.
    ///
    /// Edits address paths, so they apply to every payload of the same shape; a path the other
    /// payload lacks is left alone.
    ///
    /// - Throws: `JSONScanError` when `jsonBytes` is not one strict JSON text.
    package func applying(_ suggestions: [ShrinkSuggestion], toJSONBytes jsonBytes: [UInt8]) throws -> [UInt8] {
        var other = ShrinkDocument(root: try JSONScanner.scan(jsonBytes), source: jsonBytes)
        ShrinkEdit.apply(suggestions.map(\.edit), to: &other)
        return other.jsonBytes()
    }
}
