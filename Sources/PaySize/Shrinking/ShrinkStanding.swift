/// Where a payload stands against both limits: its compact size against the budget's limit, as
/// APNs counts the body, and ActivityKit's figure (the content state, with a start's
/// attributes, as the device writes them) against ActivityKit's limit (<doc:WhatTheDeviceCounts>).
///
/// The device figure is judged by the budget's ``PayloadBudget/deviceWriter``; a payload
/// stands at the worse of the two tiers, so a plan reaches its target only when both do.
struct ShrinkStanding: Sendable, Equatable {
    /// The compact size, as ``ShrinkDocument/byteCount`` measures it.
    var byteCount: Int
    /// ActivityKit's figure as each writer writes it, or `nil` when the payload has nothing
    /// ActivityKit counts.
    var device: WrittenByteCounts?

    /// The writer the budget judges and its count of ActivityKit's figure.
    func judgedDevice(_ budget: PayloadBudget) -> (writer: JSONWriter, byteCount: Int)? {
        device?.judged(by: budget.deviceWriter)
    }

    /// The tier of ActivityKit's figure as the judged writer writes it, against ActivityKit's limit.
    func deviceTier(_ budget: PayloadBudget) -> SizeTier? {
        judgedDevice(budget).map { budget.activityKitBudget.tier(forByteCount: $0.byteCount) }
    }

    /// The worse of the body's tier and the device figure's.
    func tier(_ budget: PayloadBudget) -> SizeTier {
        max(budget.tier(forByteCount: byteCount), deviceTier(budget) ?? .safe)
    }

    /// Whether both figures are at `target` or below.
    func reaches(_ target: SizeTier, _ budget: PayloadBudget) -> Bool {
        tier(budget) <= target
    }

    /// How far the payload is from `target`: the bytes each figure is above the largest size
    /// of that tier, added; 0 exactly when it ``reaches(_:_:)`` the target.
    func excess(over target: SizeTier, _ budget: PayloadBudget) -> Int {
        var excess = max(0, byteCount - budget.largestByteCount(in: target))
        if let device = judgedDevice(budget) {
            excess += max(0, device.byteCount - budget.activityKitBudget.largestByteCount(in: target))
        }
        return excess
    }

    /// Whether the device figure, rather than the body, is what keeps the payload from a
    /// lower tier: its tier is the worse of the two. Savings are ranked on that figure.
    func isDeviceBound(_ budget: PayloadBudget) -> Bool {
        guard let deviceTier = deviceTier(budget) else { return false }
        return deviceTier > budget.tier(forByteCount: byteCount)
    }
}
