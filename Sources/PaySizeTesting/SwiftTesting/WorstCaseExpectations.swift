#if canImport(Testing)
    import PaySize
    import Testing

    /// Expects every value `type` allows under `limits` to fit within `ceiling` as the device
    /// writes it: the worst case, not one sample, judged on the larger of the Swift and the
    /// Objective-C writer's counts unless the ceiling's budget names one writer (see
    /// ``WorstCaseFit``).
    ///
    /// ```swift
    /// @Test func orderStateAlwaysFits() {
    ///     expectWorstCaseFits(OrderState.self, limits: ["/items": .maxItems(12), "/items/*/name": .maxLength(40)])
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The content-state type.
    ///   - limits: Size keywords by JSON Pointer, `*` for array items; a pointer naming no member fails.
    ///   - dateEncodingStrategy: How the app's `JSONEncoder` writes a `Date`; default
    ///     `.deferredToDate`.
    ///   - ceiling: The most the worst case may measure; default `.critical` (the 4096-byte limit).
    ///     Its budget's `deviceWriter` picks the writer judged.
    ///   - sourceLocation: Where a failure is recorded; default: the calling line.
    /// - Returns: The bound, for further expectations.
    @discardableResult
    public func expectWorstCaseFits<T: Decodable>(
        _ type: T.Type, limits: [String: SizeLimit] = [:],
        dateEncodingStrategy: WorstCaseBound.DateEncodingStrategy = .deferredToDate,
        within ceiling: SizeCeiling = .critical, sourceLocation: SourceLocation = #_sourceLocation
    ) -> WorstCaseFit {
        WorstCaseFit(type, limits: limits, dateEncodingStrategy: dateEncodingStrategy, within: ceiling).record(
            at: sourceLocation)
    }
#endif
