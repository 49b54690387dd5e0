extension PayloadBudget {
    /// The largest size still in `tier` or a lower one: 2047 for safe under 4096, the limit for
    /// critical, `Int.max` for over.
    package func largestByteCount(in tier: SizeTier) -> Int {
        switch tier {
        case .safe: monitorThreshold - 1
        case .monitor: riskyThreshold - 1
        case .risky: criticalThreshold - 1
        case .critical: limit
        case .over: Int.max
        }
    }
}
