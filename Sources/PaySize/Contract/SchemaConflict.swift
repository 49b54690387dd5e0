/// One way two versions of a schema disagree, found by ``SchemaDiff``.
public struct SchemaConflict: Sendable, Hashable, CustomStringConvertible {
    /// Who breaks whom.
    public enum Direction: Sendable, Hashable {
        /// A payload a server writes for the new version may not decode in apps still on the old one.
        case serversToInstalledApps
        /// A content state stored by the old build may not decode in the updated app, so a
        /// running activity vanishes after the update.
        case runningActivitiesToUpdatedApp
        /// The name written in reports, JSON output and command-line options.
        package var rawValue: String {
            switch self {
            case .serversToInstalledApps: "servers → installed apps"
            case .runningActivitiesToUpdatedApp: "running activities → the updated app"
            }
        }

        /// The value a report or option names, or `nil` for another name.
        package init?(rawValue: String) {
            switch rawValue {
            case "servers → installed apps": self = .serversToInstalledApps
            case "running activities → the updated app": self = .runningActivitiesToUpdatedApp
            default: return nil
            }
        }

    }

    /// Where in `content-state` (or `attributes`), for example `/status`.
    public var path: JSONPointer
    /// Which rollout path breaks.
    public var direction: Direction
    /// What breaks, in one line.
    public var message: String
    /// Whether no payload at all can satisfy both versions here, so servers cannot serve both
    /// during the rollout whatever they send.
    public var noPayloadSatisfiesBoth: Bool

    /// Creates a conflict; `noPayloadSatisfiesBoth` defaults to `false`.
    package init(path: JSONPointer, direction: Direction, message: String, noPayloadSatisfiesBoth: Bool = false) {
        self.path = path
        self.direction = direction
        self.message = message
        self.noPayloadSatisfiesBoth = noPayloadSatisfiesBoth
    }

    /// `path: direction: message`.
    public var description: String {
        "\(path): \(direction.rawValue): \(message)"
    }
}
