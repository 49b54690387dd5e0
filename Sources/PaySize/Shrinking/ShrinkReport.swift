@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

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
    /// ActivityKit's figure: the content state (with a start's attributes) as the device writes
    /// it, by the budget's ``PayloadBudget/deviceWriter`` (<doc:WhatTheDeviceCounts>); `nil`
    /// when the payload holds neither. The plan must bring it to the target as well.
    public let deviceByteCount: Int?
    /// Both figures, as the plan judges them.
    let standing: ShrinkStanding
    /// The limit and tier thresholds judged by.
    package let budget: PayloadBudget
    /// The tier the plan aims for: the payload reaches it at this tier or below.
    package let target: SizeTier
    /// Whether lossy suggestions may join the plan.
    package let allowsLossy: Bool
    /// Where the bytes go, row by row.
    @_spi(Internals) public let breakdown: PayloadBreakdown
    /// Every suggestion that saves bytes on the body (``ShrinkSuggestion/savedBytes`` > 0) or on
    /// the device (``ShrinkSuggestion/deviceSavedBytes`` > 0), cheapest contract change first
    /// (``ShrinkContractChange/none``, ``ShrinkContractChange/server``,
    /// ``ShrinkContractChange/app``), then largest saving on the figure that binds the payload
    /// (the device's when its tier is the worse).
    public let suggestions: [ShrinkSuggestion]
    /// Advice measured to save 0 bytes on the body and on the device, listed so nobody spends
    /// effort on it: smaller integer types, nil optionals that are already omitted, pretty
    /// printing (sizes are judged compact), binary fractions for coordinates (too long to help).
    public let zeroSavings: [ShrinkSuggestion]
    /// The suggestions chosen to reach the advisor's target tier, applied together and measured.
    public let plan: ShrinkPlan
    /// For a report that keeps lossy suggestions out of its plan, the plan they would join:
    /// what `--lossy` would reach, and by which lossy moves. `nil` when lossy suggestions are
    /// allowed already or none was measured.
    package let lossyPlan: ShrinkPlan?
    let document: ShrinkDocument
    /// Where the app's types decode (see ``ShrinkContext/appRegions``).
    package let appRegions: [JSONPointer]

    init(
        document: ShrinkDocument, writtenByteCount: Int?, budget: PayloadBudget, target: SizeTier,
        allowsLossy: Bool, suggestions: [ShrinkSuggestion], zeroSavings: [ShrinkSuggestion], plan: ShrinkPlan,
        lossyPlan: ShrinkPlan? = nil, appRegions: [JSONPointer]
    ) {
        self.lossyPlan = lossyPlan
        self.document = document
        self.appRegions = appRegions
        self.standing = document.standing
        self.byteCount = standing.byteCount
        self.writtenByteCount = writtenByteCount
        self.tier = budget.tier(forByteCount: byteCount)
        self.deviceByteCount = standing.judgedDevice(budget)?.byteCount
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
    /// Savings are compared on the figure that binds the payload: the body, or ActivityKit's
    /// figure on the device when its tier is the worse.
    ///
    /// Test helpers and push errors quote it: `bestSuggestion?.description`.
    public var bestSuggestion: ShrinkSuggestion? {
        let deviceBound = standing.isDeviceBound(budget)
        return suggestions.filter { (allowsLossy || !$0.isLossy) && !$0.asksWhichEnd }
            .min {
                let left = $0.rankedSavings(deviceBound: deviceBound)
                let right = $1.rankedSavings(deviceBound: deviceBound)
                return (right.bound, $0.contractChange, right.other) < (left.bound, $1.contractChange, left.other)
            }
    }

    /// ActivityKit's figure as each writer writes it.
    package var deviceByteCounts: WrittenByteCounts? { standing.device }

    /// Whether ActivityKit's figure counts attributes (a start, or an attributes and
    /// content-state pair) besides the content state.
    package var deviceFigureHoldsAttributes: Bool {
        document.devicePaths.contains { $0.lastKey == "attributes" }
    }

    /// The writer behind ``deviceByteCount``.
    package var deviceWriter: JSONWriter? { standing.judgedDevice(budget)?.writer }

    /// The tier of ``deviceByteCount`` against ActivityKit's limit.
    package var deviceTier: SizeTier? { standing.deviceTier(budget) }

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
        return ShrinkPlan(ids: suggestions.map(\.id), result: shrunk, budget: budget, target: target)
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
