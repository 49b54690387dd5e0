#if canImport(Testing) && compiler(>=6.1)
    import Testing

    /// A test or suite trait that records schema snapshots in one mode, whatever
    /// `PAYSIZE_RECORD` says (nothing is written when `CI` is set, still).
    ///
    /// ```swift
    /// @Test(.schemaRecordMode(.failed)) func deliverySchema() {
    ///     expectSchemaSnapshot(of: DeliveryAttributes.ContentState.self)
    /// }
    /// ```
    public struct SchemaRecordModeTrait: TestTrait, SuiteTrait, TestScoping {
        /// The mode in force for the test or suite.
        public var mode: SchemaRecordMode

        /// Runs the test or suite with ``mode`` as the scoped record mode.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await SchemaRecordMode.$scoped.withValue(mode) { try await function() }
        }
    }

    extension Trait where Self == SchemaRecordModeTrait {
        /// Records the schema snapshots of this test or suite in `mode`.
        public static func schemaRecordMode(_ mode: SchemaRecordMode) -> Self {
            SchemaRecordModeTrait(mode: mode)
        }
    }
#endif
