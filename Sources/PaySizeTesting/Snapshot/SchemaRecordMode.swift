/// When schema snapshots and size baselines are written, following the record modes of
/// snapshot testing.
///
/// The mode comes from a scoped override (``withSchemaRecordMode(_:operation:)`` or
/// the `.schemaRecordMode(_:)` test trait), else the `PAYSIZE_RECORD` environment variable, else
/// ``missing``. Whatever the mode, nothing is written when the `CI` environment variable is
/// set: there a missing snapshot is a failure.
///
/// A struct rather than an enum, so modes added later break nobody's `switch`.
public struct SchemaRecordMode: Sendable, Hashable, CustomStringConvertible {
    /// The mode's name, as `PAYSIZE_RECORD` spells it.
    private let name: String

    /// Write a snapshot that does not exist yet, and fail naming it. The default.
    public static let missing = SchemaRecordMode(name: "missing")
    /// Write every snapshot; fail when one was missing or changed.
    public static let all = SchemaRecordMode(name: "all")
    /// Write the snapshots that are missing or differ, and fail.
    public static let failed = SchemaRecordMode(name: "failed")
    /// Write nothing; a missing snapshot fails.
    public static let never = SchemaRecordMode(name: "never")

    /// Every mode, in the order of their documentation.
    package static let known: [SchemaRecordMode] = [.missing, .all, .failed, .never]

    /// The mode's name as `PAYSIZE_RECORD` spells it, such as `failed`.
    public var description: String { name }

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
        let name = value.lowercased()
        guard let mode = known.first(where: { $0.name == name }) else {
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
        let names = SchemaRecordMode.known.map { "'\($0)'" }
        return "\(SchemaRecordMode.environmentVariable) is '\(value)'; expected "
            + names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
