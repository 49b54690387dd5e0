/// What a shrinking suggestion asks of the app and its server, cheapest first.
///
/// Live Activities outlive app updates: a running activity keeps its stored content state and
/// is decoded by the next build, and during a rollout one push reaches every installed version.
/// An ``app`` change must keep decoding what those versions and activities hold (see
/// <doc:DeviceDecoding>).
public enum ShrinkContractChange: Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// A server-side setting: the JSON means the same to every decoder (an encoder option).
    case none
    /// The server sends different values that every installed app already accepts.
    case server
    /// The app's Swift type must change (keys, types, defaults), with every installed app version in mind.
    case app

    /// The name written in reports, JSON output and command-line options.
    package var rawValue: String {
        switch self {
        case .none: "none"
        case .server: "server"
        case .app: "app"
        }
    }

    /// The value a report or option names, or `nil` for another name.
    package init?(rawValue: String) {
        switch rawValue {
        case "none": self = .none
        case "server": self = .server
        case "app": self = .app
        default: return nil
        }
    }

    /// The lowercase name used in reports: `none`, `server` or `app`.
    public var description: String { rawValue }

    /// Whether `lhs` asks less than `rhs`, in the order none, server, app.
    public static func < (lhs: ShrinkContractChange, rhs: ShrinkContractChange) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .none: 0
        case .server: 1
        case .app: 2
        }
    }
}
