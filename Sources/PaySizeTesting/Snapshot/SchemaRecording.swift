/// The record mode in force for one snapshot check, where it came from, and whether CI forbids
/// writing.
public struct SchemaRecording: Sendable, Equatable {
    /// Where the mode came from.
    public enum Source: Sendable, Equatable {
        /// No override and no `PAYSIZE_RECORD`.
        case defaultMode
        /// The `PAYSIZE_RECORD` environment variable.
        case environment
        /// A scoped override around the test.
        case scoped
    }

    /// The mode.
    public var mode: SchemaRecordMode
    /// Where it came from.
    public var source: Source
    /// Whether the `CI` environment variable is set (to anything but empty, `0` or `false`).
    public var isCI: Bool

    /// Resolves the mode: a scoped override, else `PAYSIZE_RECORD`, else ``SchemaRecordMode/missing``.
    ///
    /// - Parameters:
    ///   - environment: The variables to read `PAYSIZE_RECORD` and `CI` from; tests pass their
    ///     own, the `expect…`/`assert…` entries pass the process's.
    ///   - scoped: The scoped override; default: the one in force for the current task.
    /// - Throws: ``SchemaRecordModeError`` when `PAYSIZE_RECORD` names no mode (and no scoped
    ///   override makes it irrelevant).
    public init(
        environment: [String: String], scoped: SchemaRecordMode? = SchemaRecordMode.scopedOverride
    ) throws(SchemaRecordModeError) {
        let ci = environment["CI"] ?? ""
        isCI = !ci.isEmpty && ci != "0" && ci.lowercased() != "false"
        if let scoped {
            mode = scoped
            source = .scoped
        } else if let named = try SchemaRecordMode.named(in: environment) {
            mode = named
            source = .environment
        } else {
            mode = .missing
            source = .defaultMode
        }
    }

    /// Whether a missing snapshot is written.
    public var writesMissing: Bool { !isCI && mode != .never }

    /// Whether a snapshot that differs is rewritten.
    public var rewritesDiffering: Bool { !isCI && (mode == .all || mode == .failed) }

    /// `record mode 'failed' (from PAYSIZE_RECORD)`, as messages say it.
    var phrase: String {
        switch source {
        case .defaultMode: "record mode '\(mode)' (the default)"
        case .environment: "record mode '\(mode)' (from \(SchemaRecordMode.environmentVariable))"
        case .scoped: "record mode '\(mode)' (scoped)"
        }
    }

    /// How to record in `mode` instead: `run with PAYSIZE_RECORD=failed`, or change the scoped
    /// override when there is one (it wins over the variable).
    func instruction(toRecordIn mode: SchemaRecordMode) -> String {
        source == .scoped
            ? "set the scoped record mode to '\(mode)'" : "run with \(SchemaRecordMode.environmentVariable)=\(mode)"
    }
}
