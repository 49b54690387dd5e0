/// One problem found in a payload: how bad it is, where it is, and what to do.
public struct PayloadFinding: Sendable, Equatable {
    /// How a finding affects the verdict.
    public enum Severity: String, Sendable, Comparable {
        /// Worth a look; never fails a check.
        case warning
        /// Breaks the payload: APNs or the device will refuse or drop it. Fails a check.
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// Where in the payload, as a JSON Pointer such as `/aps/stale-date`.
    public var path: JSONPointer
    /// One line: what is wrong and, where it helps, the fix.
    public var message: String
    /// The byte offset of the value or key the finding is about, when it is in the payload.
    public var byteOffset: Int?

    public init(severity: Severity, path: JSONPointer, message: String, byteOffset: Int? = nil) {
        self.severity = severity
        self.path = path
        self.message = message
        self.byteOffset = byteOffset
    }
}
