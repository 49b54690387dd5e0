#if canImport(Testing) && compiler(>=6.1)
    import Testing

    /// A suite or test trait that sets the ``PaySizeTestConfiguration`` of every check in it.
    ///
    /// ```swift
    /// @Suite(.paySizeTestConfiguration(.init(snapshotFolder: "Tests/AppTests/Schemas")))
    /// struct DeliveryTests { … }
    /// ```
    public struct PaySizeTestConfigurationTrait: TestTrait, SuiteTrait, TestScoping {
        /// The configuration in force for the test or suite.
        public var configuration: PaySizeTestConfiguration

        /// Runs the test or suite with ``configuration`` as the scoped configuration.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await PaySizeTestConfiguration.$scopedValue.withValue(configuration) { try await function() }
        }
    }

    extension Trait where Self == PaySizeTestConfigurationTrait {
        /// Sets the snapshot and history folders, the default ceiling and size tolerance of this
        /// suite or test.
        public static func paySizeTestConfiguration(_ configuration: PaySizeTestConfiguration) -> Self {
            PaySizeTestConfigurationTrait(configuration: configuration)
        }
    }
#endif
