/// An advisory band for a payload's size, from comfortable to refused.
///
/// The bands are a house heuristic, not Apple's (see <doc:SizeLimits>): for the 4096-byte
/// limit they are **safe** < 2048, **monitor** < 3072, **risky** < 3584, **critical** ≤ 4096 and
/// **over** > 4096. Only ``over`` is refused by APNs and ActivityKit; the others say how much
/// room a payload has left to grow. Tiers are ordered, so `tier >= .risky` reads naturally.
public enum SizeTier: Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Below the monitor threshold (2048 bytes for 4096): room to grow.
    case safe
    /// From the monitor threshold (2048 bytes for 4096): worth watching as the content grows.
    case monitor
    /// From the risky threshold (3072 bytes for 4096): little room left for longer values.
    case risky
    /// From the critical threshold (3584 bytes for 4096) up to the limit itself: still accepted.
    case critical
    /// Above the limit: APNs or ActivityKit refuses the payload.
    case over

    /// The name written in reports, JSON output and command-line options.
    package var rawValue: String {
        switch self {
        case .safe: "safe"
        case .monitor: "monitor"
        case .risky: "risky"
        case .critical: "critical"
        case .over: "over"
        }
    }

    /// The value a report or option names, or `nil` for another name.
    package init?(rawValue: String) {
        switch rawValue {
        case "safe": self = .safe
        case "monitor": self = .monitor
        case "risky": self = .risky
        case "critical": self = .critical
        case "over": self = .over
        default: return nil
        }
    }

    /// The lowercase name used in reports and on the command line.
    public var description: String { rawValue }

    /// Whether `lhs` is a lower tier than `rhs`, in the order safe, monitor, risky, critical, over.
    public static func < (lhs: SizeTier, rhs: SizeTier) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .safe: 0
        case .monitor: 1
        case .risky: 2
        case .critical: 3
        case .over: 4
        }
    }
}
