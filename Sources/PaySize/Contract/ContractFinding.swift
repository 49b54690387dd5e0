/// One problem with a payload's `content-state` or `attributes`: where, how bad, and how to fix it.
///
/// ```swift
/// finding.description
/// // /aps/content-state/etaDate: dropped: missing required key 'etaDate' (the payload has 'eta_date'); fix: …
/// ```
public struct ContractFinding: Sendable, Hashable, CustomStringConvertible {
    /// What the device does with the payload.
    public enum Severity: String, Sendable, Hashable {
        /// The device fails to decode the value and discards the update (APNs still answers 200).
        case dropped
        /// The device decodes it, but almost certainly not as the server meant (an ignored
        /// snake_case key, a Unix timestamp in a `Date` field shown ~31 years late).
        case suspicious
    }

    /// Where in the payload, for example `/aps/content-state/eta`.
    public var path: JSONPointer
    /// Whether the device drops the update or misreads it.
    public var severity: Severity
    /// What is wrong, in one line: lowercase start, no final period, payload values in single quotes.
    public var message: String
    /// What to change, in one line.
    public var fix: String
    /// Where in the scanned payload bytes: the value's first byte, an unknown key's opening quote,
    /// or for a missing key the enclosing object's `{`. `nil` for values not read from bytes.
    public var byteOffset: Int?

    /// Creates a finding; `byteOffset` defaults to `nil` (not located in bytes).
    package init(path: JSONPointer, severity: Severity, message: String, fix: String, byteOffset: Int? = nil) {
        self.path = path
        self.severity = severity
        self.message = message
        self.fix = fix
        self.byteOffset = byteOffset
    }

    /// `path: severity: message; fix: fix` on one line.
    public var description: String {
        "\(path): \(severity.rawValue): \(message); fix: \(fix)"
    }
}
