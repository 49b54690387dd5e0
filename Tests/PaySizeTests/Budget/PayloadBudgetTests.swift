@_spi(Internals) import PaySize
import Testing

@Suite("PayloadBudget") struct PayloadBudgetTests {
    @Test(
        "default tiers",
        arguments: [
            (0, SizeTier.safe), (2047, .safe), (2048, .monitor), (3071, .monitor), (3072, .risky),
            (3583, .risky), (3584, .critical), (4096, .critical), (4097, .over), (1_000_000, .over),
        ])
    func defaultTiers(_ boundary: (Int, SizeTier)) {
        #expect(PayloadBudget().tier(forByteCount: boundary.0) == boundary.1)
    }

    @Test("headroom is negative when over") func headroomIsNegativeWhenOver() {
        #expect(PayloadBudget().headroom(forByteCount: 4000) == 96)
        #expect(PayloadBudget().headroom(forByteCount: 4100) == -4)
    }

    @Test("broadcast thresholds scale") func broadcastThresholdsScale() {
        let budget = PayloadBudget.broadcast
        #expect(budget.limit == 5120)
        #expect([budget.monitorThreshold, budget.riskyThreshold, budget.criticalThreshold] == [2560, 3840, 4480])
        #expect(budget.tier(forByteCount: 5120) == .critical)
        #expect(budget.tier(forByteCount: 5121) == .over)
    }

    @Test("explicit thresholds are validated") func explicitThresholdsAreValidated() throws {
        let budget = try PayloadBudget(
            limit: 4096, monitorThreshold: 1000, riskyThreshold: 2000, criticalThreshold: 4000)
        #expect(budget.tier(forByteCount: 1999) == .monitor)
        #expect(throws: PayloadBudgetError.self) {
            try PayloadBudget(limit: 4096, monitorThreshold: 3000, riskyThreshold: 2000, criticalThreshold: 4000)
        }
    }

    @Test("tiers are ordered") func tiersAreOrdered() {
        #expect(SizeTier.allCases == [.safe, .monitor, .risky, .critical, .over])
        #expect(SizeTier.safe < .monitor && SizeTier.critical < .over)
    }
}
