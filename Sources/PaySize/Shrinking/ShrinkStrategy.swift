/// One way to shrink a payload, as a value the advisor runs in turn.
///
/// A strategy looks at the payload (and its series) and proposes edits; the advisor measures
/// each. ``standard`` holds the strategies of the core (pure Swift); `PaySizeCompression` adds
/// the zstd packing strategy for servers and the command line.
///
/// ```swift
/// var advisor = ShrinkAdvisor()
/// advisor.strategies = ShrinkStrategy.standard.filter { $0.id != "trim-text" }
/// ```
public struct ShrinkStrategy: Sendable {
    /// A stable name, such as `shorter-keys`, to pick strategies by.
    public let id: String
    private let makeProposals: @Sendable (ShrinkContext) -> [ShrinkCandidate]

    /// A strategy from a function that proposes edits for a payload.
    package init(id: String, proposals: @escaping @Sendable (ShrinkContext) -> [ShrinkCandidate]) {
        self.id = id
        self.makeProposals = proposals
    }

    /// The edits this strategy proposes for the payload in `context`, not yet measured.
    package func proposals(for context: ShrinkContext) -> [ShrinkCandidate] {
        makeProposals(context)
    }

    /// Every strategy of the core, in the order their suggestions are listed when they cost and
    /// save the same: shorter keys, folded key families, enums, trimmed text, fewer digits and
    /// integer types, binary fractions, scaled integers, dropped nulls and defaults, blobs,
    /// duplicated paths on the map, capped arrays, downsampled series, columnar records, members constant over a series,
    /// duplicated and derived values, dates, escaping.
    public static let standard: [ShrinkStrategy] = [
        shorterKeys, foldedKeyFamilies, enumValues, trimmedText, fewerDigits, binaryFractions, scaledIntegers,
        droppedNulls, droppedDefaults, blobs, duplicatePaths, cappedItems, downsampledSeries, columnar, constantMembers,
        derivedValues,
        integerDates, escaping,
    ]
}
