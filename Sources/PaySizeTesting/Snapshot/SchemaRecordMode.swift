/// When schema snapshots and size baselines are written, following the record modes of
/// snapshot testing.
///
/// The mode comes from a scoped override (``withSchemaRecordMode(_:operation:)`` or
/// the `.schemaRecordMode(_:)` test trait), else the `PAYSIZE_RECORD` environment variable, else
/// ``missing``. Whatever the mode, nothing is written when the `CI` environment variable is
/// set: there a missing snapshot is a failure.
public enum SchemaRecordMode: String, Sendable, CaseIterable {
    /// Write a snapshot that does not exist yet, and fail naming it. The default.
    case missing
    /// Write every snapshot; fail when one was missing or changed.
    case all
    /// Write the snapshots that are missing or differ, and fail.
    case failed
    /// Write nothing; a missing snapshot fails.
    case never

    /// The environment variable that selects the mode: `PAYSIZE_RECORD`.
    public static let environmentVariable = "PAYSIZE_RECORD"

    /// The mode set by the innermost enclosing scoped override, if any.
    public static var scopedOverride: SchemaRecordMode? { scoped }

    @TaskLocal static var scoped: SchemaRecordMode?

    /// Reads `PAYSIZE_RECORD` from `environment`: a mode's name, any case; `1` (the repository's
    /// older spelling) means ``all``; unset or empty means none.
    ///
    /// - Throws: ``SchemaRecordModeError`` for any other value.
    static func named(in environment: [String: String]) throws(SchemaRecordModeError) -> SchemaRecordMode? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        if value == "1" { return .all }
        guard let mode = SchemaRecordMode(rawValue: value.lowercased()) else {
            throw SchemaRecordModeError(value: value)
        }
        return mode
    }
}

/// A `PAYSIZE_RECORD` value that names no record mode.
public struct SchemaRecordModeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value found.
    public var value: String

    /// `PAYSIZE_RECORD is 'sometimes'; expected 'missing', 'all', 'failed' or 'never'`.
    public var description: String {
        "\(SchemaRecordMode.environmentVariable) is '\(value)'; expected 'missing', 'all', 'failed' or 'never'"
    }
}
