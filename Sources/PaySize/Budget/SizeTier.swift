/// An advisory band for a payload's size, from comfortable to refused.
///
/// The bands are a house heuristic, not Apple's (see FACTS.md, "Size limits"): for the 4096-byte
/// limit they are **safe** < 2048, **monitor** < 3072, **risky** < 3584, **critical** ≤ 4096 and
/// **over** > 4096. Only ``over`` is refused by APNs and ActivityKit; the others say how much
/// room a payload has left to grow. Tiers are ordered, so `tier >= .risky` reads naturally.
public enum SizeTier: String, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    case safe
    case monitor
    case risky
    case critical
    case over

    /// The lowercase name used in reports and on the command line.
    public var description: String { rawValue }

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
