/// Runs `operation` with schema snapshots recorded in `mode`, whatever `PAYSIZE_RECORD` says
/// (nothing is written when `CI` is set, still).
///
/// ```swift
/// withSchemaRecordMode(.never) {
///     expectSchemaSnapshot(of: DeliveryState.self)
/// }
/// ```
///
/// - Parameters:
///   - mode: The record mode of every snapshot checked in `operation`.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
@discardableResult
public func withSchemaRecordMode<Result>(
    _ mode: SchemaRecordMode, operation: () throws -> Result
) rethrows -> Result {
    try SchemaRecordMode.$scoped.withValue(mode, operation: operation)
}

/// Runs the asynchronous `operation` with schema snapshots recorded in `mode`, whatever
/// `PAYSIZE_RECORD` says (nothing is written when `CI` is set, still).
///
/// - Parameters:
///   - mode: The record mode of every snapshot checked in `operation`, including in the child
///     tasks it creates.
///   - isolation: The actor `operation` runs on; default: the caller's.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
@discardableResult
public func withSchemaRecordMode<Result>(
    _ mode: SchemaRecordMode, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await SchemaRecordMode.$scoped.withValue(mode, operation: operation)
}
