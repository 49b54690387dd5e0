#if canImport(ActivityKit) && os(iOS)
    import ActivityKit

    // Thin forwarders for ActivityKit's own types: an `ActivityContent` is measured by its state,
    // exactly as the generic entries measure any `Encodable` content state.

    #if canImport(Testing)
        import Testing

        /// Expects an activity's attributes and the state of `content` together to fit within `ceiling`.
        ///
        /// - Parameters:
        ///   - attributes: The activity's attributes.
        ///   - content: The content whose state is measured, as `Activity.request` takes it.
        ///   - ceiling: The most both may measure; default: the configured ceiling (`.critical` unless set).
        ///   - sourceLocation: Where a failure is recorded; default: the calling line.
        /// - Returns: The measurement, for further expectations.
        @available(iOS 16.2, *)
        @discardableResult
        public func expectFits<Attributes: ActivityAttributes>(
            _ attributes: Attributes, _ content: ActivityContent<Attributes.ContentState>,
            within ceiling: SizeCeiling? = nil, sourceLocation: SourceLocation = #_sourceLocation
        ) -> BudgetFit {
            expectFits(attributes, content.state, within: ceiling, sourceLocation: sourceLocation)
        }
    #endif

    #if canImport(XCTest)
        import XCTest

        /// Asserts that an activity's attributes and the state of `content` together fit within `ceiling`.
        ///
        /// - Parameters:
        ///   - attributes: The activity's attributes.
        ///   - content: The content whose state is measured, as `Activity.request` takes it.
        ///   - ceiling: The most both may measure; default: the configured ceiling (`.critical` unless set).
        ///   - file: The file a failure is reported in; default: the caller's.
        ///   - line: The line a failure is reported at; default: the caller's.
        /// - Returns: The measurement, for further assertions.
        @available(iOS 16.2, *)
        @discardableResult
        public func assertFits<Attributes: ActivityAttributes>(
            _ attributes: Attributes, _ content: ActivityContent<Attributes.ContentState>,
            within ceiling: SizeCeiling? = nil, file: StaticString = #filePath, line: UInt = #line
        ) -> BudgetFit {
            assertFits(attributes, content.state, within: ceiling, file: file, line: line)
        }
    #endif
#endif
