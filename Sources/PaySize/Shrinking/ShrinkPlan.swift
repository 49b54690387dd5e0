/// The set of suggestions chosen to reach a target tier, applied together and measured.
///
/// Savings interact (shorter keys shrink what dropping a member saves), so a plan is never the
/// sum of its suggestions' savings: its edits are applied to the payload in turn and the result
/// is measured.
public struct ShrinkPlan: Sendable {
    /// The chosen suggestions' ids, in the order they are applied.
    public var suggestionIDs: [String]
    /// The payload's size with every chosen suggestion applied.
    public var byteCount: Int
    /// The tier of ``byteCount``.
    public var tier: SizeTier
    /// Whether ``tier`` is at or below the target.
    public var reachesTarget: Bool
    /// The payload with the plan applied, as compact JSON.
    public var jsonBytes: [UInt8]
}
