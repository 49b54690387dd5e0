#if canImport(ActivityKit) && os(iOS)
    import ActivityKit

    // Thin forwarders for ActivityKit's own types: an `ActivityContent` is measured by its state,
    // exactly as the generic entries measure any `Encodable` content state.

    #if canImport(Testing)
        import Testing

        /// Expects an activity's attributes and the state of `content` together to fit within `ceiling`.
        @available(iOS 16.2, *)
        @discardableResult
        public func expectFits<Attributes: ActivityAttributes>(
            _ attributes: Attributes, _ content: ActivityContent<Attributes.ContentState>,
            within ceiling: SizeCeiling = .critical, sourceLocation: SourceLocation = #_sourceLocation
        ) -> BudgetFit {
            expectFits(attributes, content.state, within: ceiling, sourceLocation: sourceLocation)
        }
    #endif

    #if canImport(XCTest)
        import XCTest

        /// Asserts that an activity's attributes and the state of `content` together fit within `ceiling`.
        @available(iOS 16.2, *)
        @discardableResult
        public func assertFits<Attributes: ActivityAttributes>(
            _ attributes: Attributes, _ content: ActivityContent<Attributes.ContentState>,
            within ceiling: SizeCeiling = .critical, file: StaticString = #filePath, line: UInt = #line
        ) -> BudgetFit {
            assertFits(attributes, content.state, within: ceiling, file: file, line: line)
        }
    #endif
#endif
