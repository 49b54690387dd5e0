import PaySize

/// The most bytes a checked value may measure: the top of an advisory tier of a budget, or a
/// byte count.
///
/// `.monitor` allows up to the last byte of the monitor tier of the 4096-byte budget (3071
/// bytes); an integer literal allows that many bytes. Tiers are a house heuristic, not Apple's:
/// only the limit itself is refused.
///
/// ```swift
/// expectFits(attributes, state, within: .monitor)               // at most 3071 bytes
/// expectFits(contentState: state, within: 1500)                 // at most 1500 bytes
/// expectFits(payload: body, within: .tier(.risky, of: .broadcast)) // at most 4479 bytes
/// ```
public struct SizeCeiling: Sendable, Equatable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The limit and tiers a size is reported against.
    public var budget: PayloadBudget
    /// The tier whose top this is; `nil` for a plain byte count.
    public var tier: SizeTier?
    /// The largest size that fits, in bytes.
    public var maximumByteCount: Int

    /// Up to the top of `tier` of `budget`: the byte before the next tier's threshold, the
    /// limit for `.critical`, no ceiling for `.over`.
    ///
    /// - Parameters:
    ///   - tier: The highest tier allowed.
    ///   - budget: The limit and thresholds; default 4096 bytes.
    public static func tier(_ tier: SizeTier, of budget: PayloadBudget = PayloadBudget()) -> SizeCeiling {
        SizeCeiling(budget: budget, tier: tier, maximumByteCount: budget.largestByteCount(in: tier))
    }

    /// At most `byteCount` bytes; the size is still reported against `budget`'s tiers.
    ///
    /// - Parameters:
    ///   - byteCount: The largest size that fits.
    ///   - budget: The limit and tiers the size is reported against; default 4096 bytes.
    public static func bytes(_ byteCount: Int, budget: PayloadBudget = PayloadBudget()) -> SizeCeiling {
        SizeCeiling(budget: budget, tier: nil, maximumByteCount: byteCount)
    }

    /// Below 2048 bytes.
    public static let safe = tier(.safe)
    /// Below 3072 bytes.
    public static let monitor = tier(.monitor)
    /// Below 3584 bytes.
    public static let risky = tier(.risky)
    /// At most the 4096-byte limit.
    public static let critical = tier(.critical)

    /// At most `value` bytes, against the 4096-byte budget.
    public init(integerLiteral value: Int) {
        self = .bytes(value)
    }

    /// Reads a byte count such as `3000`, or a tier's name: `safe`, `monitor`, `risky` or
    /// `critical` (of the 4096-byte budget); `nil` for anything else.
    ///
    /// - Parameter text: The ceiling as `PAYSIZE_CEILING` spells it.
    public init?(_ text: String) {
        if let byteCount = Int(text), byteCount >= 0 {
            self = .bytes(byteCount)
            return
        }
        switch text.lowercased() {
        case "safe": self = .safe
        case "monitor": self = .monitor
        case "risky": self = .risky
        case "critical": self = .critical
        default: return nil
        }
    }

    private init(budget: PayloadBudget, tier: SizeTier?, maximumByteCount: Int) {
        self.budget = budget
        self.tier = tier
        self.maximumByteCount = maximumByteCount
    }

    /// `ActivityKit's 4096-byte limit`, `the 'monitor' tier (at most 3071 bytes)` or `the
    /// allowed 3000 bytes`, as failure messages name it.
    ///
    /// The top of the critical tier is the platform's limit and is named as one; the other tiers
    /// are advisory words (<doc:/PaySize/SizeLimits>).
    public var description: String { description(limitOwner: "ActivityKit's") }

    /// The description, naming the 4096-byte limit as `limitOwner`'s: `ActivityKit's` for
    /// attributes and content state, `APNs'` for a push payload.
    func description(limitOwner: String) -> String {
        guard let tier else { return "the allowed \(maximumByteCount) bytes" }
        switch tier {
        case .over: return "the 'over' tier (any size)"
        case .critical where maximumByteCount == budget.limit:
            if budget.limit == PayloadBudget.standardLimit { return "\(limitOwner) \(budget.limit)-byte limit" }
            return "the \(budget.limit)-byte limit"
        default: return "the '\(tier)' tier (at most \(maximumByteCount) bytes)"
        }
    }
}
