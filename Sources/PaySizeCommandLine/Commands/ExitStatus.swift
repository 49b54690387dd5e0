/// The exit statuses of `paysize`, worst last.
public enum ExitStatus: Int32, Sendable, Comparable {
    /// Every payload is within its budget and contract.
    case success = 0
    /// A payload reached the `--fail-on` tier, has a structural error, or breaks its contract.
    case violation = 1
    /// Unreadable or malformed input, or a usage error.
    case badInput = 2

    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
