#if canImport(XCTest)
    import PaySize
    import XCTest

    /// Asserts that every value `type` allows under `limits` fits within `ceiling` as the device
    /// writes it: the worst case, not one sample, judged on the larger of the Swift and the
    /// Objective-C writer's counts unless the ceiling's budget names one writer (see
    /// ``WorstCaseFit``).
    ///
    /// - Parameters:
    ///   - type: The content-state type.
    ///   - limits: Size keywords by JSON Pointer, `*` for array items; a pointer naming no member fails.
    ///   - dateEncodingStrategy: How the app's `JSONEncoder` writes a `Date`; default
    ///     `.deferredToDate`.
    ///   - ceiling: The most the worst case may measure; default `.critical` (the 4096-byte limit).
    ///     Its budget's `deviceWriter` picks the writer judged.
    ///   - file: The file a failure is reported in; default: the caller's.
    ///   - line: The line a failure is reported at; default: the caller's.
    /// - Returns: The bound, for further assertions.
    @discardableResult
    public func assertWorstCaseFits<T: Decodable>(
        _ type: T.Type, limits: [String: SizeLimit] = [:],
        dateEncodingStrategy: WorstCaseBound.DateEncodingStrategy = .deferredToDate,
        within ceiling: SizeCeiling = .critical, file: StaticString = #filePath, line: UInt = #line
    ) -> WorstCaseFit {
        WorstCaseFit(type, limits: limits, dateEncodingStrategy: dateEncodingStrategy, within: ceiling).fail(
            file: file, line: line)
    }
#endif
