/// One problem found in a payload: how bad it is, where it is, and what to do.
public struct PayloadFinding: Sendable, Equatable {
    /// How a finding affects the verdict.
    public enum Severity: String, Sendable, Comparable {
        /// Worth a look; never fails a check.
        case warning
        /// Breaks the payload: APNs or the device will refuse or drop it. Fails a check.
        case error

        /// Whether `lhs` is milder than `rhs`: a warning is below an error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// Whether the finding fails a check.
    public var severity: Severity
    /// Where in the payload, as a JSON Pointer such as `/aps/stale-date`.
    public var path: JSONPointer
    /// One line: what is wrong and, where it helps, the fix.
    public var message: String
    /// The byte offset of the value or key the finding is about, when it is in the payload.
    public var byteOffset: Int?
    /// For a content-state contract finding: whether the device drops the update or decodes it
    /// wrongly. `nil` for structural findings.
    public var contractSeverity: ContractFinding.Severity?
    /// A one-line fix, when there is a specific one.
    public var fix: String?

    /// A finding; `byteOffset`, `contractSeverity` and `fix` default to `nil`.
    package init(
        severity: Severity, path: JSONPointer, message: String, byteOffset: Int? = nil,
        contractSeverity: ContractFinding.Severity? = nil, fix: String? = nil
    ) {
        self.severity = severity
        self.path = path
        self.message = message
        self.byteOffset = byteOffset
        self.contractSeverity = contractSeverity
        self.fix = fix
    }

    /// A contract finding as a check finding: dropped updates are errors, suspicious values warnings.
    package init(_ finding: ContractFinding) {
        self.init(
            severity: finding.severity == .dropped ? .error : .warning, path: finding.path, message: finding.message,
            byteOffset: finding.byteOffset, contractSeverity: finding.severity, fix: finding.fix)
    }
}
