/// One problem at a place in a payload: how bad it is, what kind, where, and what to do.
///
/// Every check reports this one type: the `aps` rules of ``PayloadChecker``, the content-state
/// contract (``PayloadContract``, ``ContentStateRoundTrip``) and the push builder
/// (``LiveActivityPushError/violations``).
///
/// ```swift
/// finding.description
/// // /aps/content-state/etaDate: dropped: missing required key 'etaDate' (the payload has 'eta_date'); fix: …
/// ```
public struct PayloadFinding: Sendable, Hashable, CustomStringConvertible {
    /// How a finding affects the verdict.
    public enum Severity: Sendable, Comparable {
        /// Worth a look; never fails a check.
        case warning
        /// Breaks the payload: APNs or the device will refuse or drop it. Fails a check.
        case error

        /// The name written in reports, JSON output and command-line options.
        package var rawValue: String {
            switch self {
            case .warning: "warning"
            case .error: "error"
            }
        }

        /// The value a report or option names, or `nil` for another name.
        package init?(rawValue: String) {
            switch rawValue {
            case "warning": self = .warning
            case "error": self = .error
            default: return nil
            }
        }

        /// Whether `lhs` is milder than `rhs`: a warning is below an error.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// What kind of problem a finding is. A struct rather than an enum, so codes added later
    /// break nobody's `switch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// The device fails to decode the content state or attributes and discards the update
        /// (APNs still answers 200). An error.
        public static let dropped = Code(name: "dropped")
        /// The device decodes it, but almost certainly not as the server meant (an ignored
        /// snake_case key, a Unix timestamp in a `Date` field shown ~31 years late). A warning.
        public static let suspicious = Code(name: "suspicious")
        /// The body is over its byte limit (4096, or 5120 for a broadcast push); APNs answers
        /// 413 `PayloadTooLarge`.
        public static let overLimit = Code(name: "overLimit")
        /// The event requires a key the push lacks (a start's `alert`, an update's `content-state`, …).
        public static let missingKey = Code(name: "missingKey")
        /// The push has a key its event does not take (`dismissal-date` on an update, `attributes`
        /// on an end, …).
        public static let keyNotAllowed = Code(name: "keyNotAllowed")
        /// An `aps` date before 1970, which APNs' integer seconds cannot express.
        public static let dateBefore1970 = Code(name: "dateBefore1970")
        /// `stale-date` is earlier than `timestamp`: the activity is stale the moment it arrives.
        public static let staleDateBeforeTimestamp = Code(name: "staleDateBeforeTimestamp")

        /// The code's name as spelled in Swift, such as `dropped` or `overLimit`.
        public var description: String { name }

        /// Whether the code is a content-state contract verdict (``dropped`` or ``suspicious``).
        package var isContract: Bool { self == .dropped || self == .suspicious }
    }

    /// Whether the finding fails a check.
    public var severity: Severity
    /// What kind of problem, when it has a code of its own (contract verdicts and the push
    /// builder's rules); `nil` for the other `aps` rules, which the message names.
    public var code: Code?
    /// Where in the payload, as a JSON Pointer such as `/aps/stale-date`.
    public var path: JSONPointer
    /// What is wrong, in one line: lowercase start, no final period, payload values in single quotes.
    public var message: String
    /// A one-line fix, when there is a specific one.
    public var fix: String?
    /// Where in the scanned payload bytes: the value's first byte, an unknown key's opening quote,
    /// or for a missing key the enclosing object's `{`. `nil` for values not read from bytes.
    public var byteOffset: Int?

    /// A finding; `byteOffset`, `code` and `fix` default to `nil`.
    package init(
        severity: Severity, path: JSONPointer, message: String, byteOffset: Int? = nil, code: Code? = nil,
        fix: String? = nil
    ) {
        self.severity = severity
        self.path = path
        self.message = message
        self.byteOffset = byteOffset
        self.code = code
        self.fix = fix
    }

    /// A content-state contract finding: ``Code/dropped`` is an error, ``Code/suspicious`` a warning.
    package init(path: JSONPointer, code: Code, message: String, fix: String, byteOffset: Int? = nil) {
        self.init(
            severity: code == .dropped ? .error : .warning, path: path, message: message, byteOffset: byteOffset,
            code: code, fix: fix)
    }

    /// `path: code: message; fix: fix` on one line (the code for contract verdicts only, the fix
    /// when there is one).
    public var description: String {
        let verdict = code.map { $0.isContract ? "\($0): " : "" } ?? ""
        return "\(path): \(verdict)\(message)" + (fix.map { "; fix: \($0)" } ?? "")
    }
}
