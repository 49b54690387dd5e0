/// Runs `operation` with `configuration` as the scoped test configuration: the snapshot and
/// history folders, the default ceiling and size tolerance of every check in it.
///
/// An XCTest case class sets it once for all its tests:
///
/// ```swift
/// final class DeliveryTests: XCTestCase {
///     override func invokeTest() {
///         withPaySizeTestConfiguration(.app) { super.invokeTest() }
///     }
/// }
/// ```
///
/// - Parameters:
///   - configuration: The settings; those left `nil` come from the environment, else their defaults.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
@discardableResult
public func withPaySizeTestConfiguration<Result>(
    _ configuration: PaySizeTestConfiguration, operation: () throws -> Result
) rethrows -> Result {
    try PaySizeTestConfiguration.$scopedValue.withValue(configuration, operation: operation)
}

/// Runs the asynchronous `operation` with `configuration` as the scoped test configuration.
///
/// - Parameters:
///   - configuration: The settings; those left `nil` come from the environment, else their defaults.
///   - isolation: The actor `operation` runs on; default: the caller's.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
@discardableResult
public func withPaySizeTestConfiguration<Result>(
    _ configuration: PaySizeTestConfiguration, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await PaySizeTestConfiguration.$scopedValue.withValue(configuration, operation: operation)
}
