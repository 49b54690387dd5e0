/// The set of suggestions chosen to reach a target tier, applied together and measured.
///
/// Savings interact (shorter keys shrink what dropping a member saves), so a plan is never the
/// sum of its suggestions' savings: its edits are applied to the payload in turn and the result
/// is measured. It reaches its target when the body (``byteCount``) and ActivityKit's figure on
/// the device (``deviceByteCount``) both do.
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
    /// ActivityKit's figure with the plan applied: the content state (with a start's
    /// attributes) as the device writes it, by the budget's ``PayloadBudget/deviceWriter``
    /// (<doc:WhatTheDeviceCounts>); `nil` when the payload holds neither.
    public var deviceByteCount: Int?
    /// The writer behind ``deviceByteCount``.
    package var deviceWriter: JSONWriter?
    /// The tier of ``deviceByteCount`` against ActivityKit's limit.
    package var deviceTier: SizeTier?

    /// The measured result of `document`, the payload with the suggestions `ids` applied:
    /// ``reachesTarget`` when both the body and the device figure are at `target` or below.
    init(ids: [String], result document: ShrinkDocument, budget: PayloadBudget, target: SizeTier) {
        let standing = document.standing
        suggestionIDs = ids
        byteCount = standing.byteCount
        tier = budget.tier(forByteCount: byteCount)
        reachesTarget = standing.reaches(target, budget)
        jsonBytes = document.jsonBytes()
        let device = standing.judgedDevice(budget)
        deviceByteCount = device?.byteCount
        deviceWriter = device?.writer
        deviceTier = standing.deviceTier(budget)
    }
}
