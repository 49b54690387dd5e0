@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Compares the schema of the app version in the field with the next one, in both directions.
///
/// - *Servers → installed apps*: during a rollout one payload reaches both versions, so every
///   payload written for the new schema should also decode in the old one (an added enum case, a
///   widened type or a dropped required key breaks this), and if no payload can satisfy both at
///   some place, servers cannot serve both at all.
/// - *Running activities → the updated app*: the system keeps a running activity's content state
///   across the update and decodes it with the new type (<doc:DeviceDecoding>), so
///   everything valid under the old schema must stay valid under the new one (a new required key,
///   a narrowed type or a removed enum case makes the activity vanish).
///
/// The comparison is structural over the keywords ``PayloadSchema`` supports; `anyOf`
/// alternatives other than `null` and single-key enum cases are compared by their types only.
///
/// ```swift
/// let diff = SchemaDiff(installed: .infer(from: DeliveryStateV1.self), next: .infer(from: DeliveryStateV2.self))
/// diff.verdict                 // .conflicts
/// diff.conflicts.map(\.description)
/// // ["/status: servers → installed apps: a payload for the new version may hold 'returned', which installed apps cannot decode"]
/// ```
public struct SchemaDiff: Sendable {
    /// The overall answer.
    public enum Verdict: Sendable {
        /// Neither direction breaks.
        case compatible
        /// At least one conflict, in either direction.
        case conflicts
        /// The name written in reports, JSON output and command-line options.
        package var rawValue: String {
            switch self {
            case .compatible: "compatible"
            case .conflicts: "conflicts"
            }
        }

        /// The value a report or option names, or `nil` for another name.
        package init?(rawValue: String) {
            switch rawValue {
            case "compatible": self = .compatible
            case "conflicts": self = .conflicts
            default: return nil
            }
        }

    }

    /// Every conflict, servers → installed apps first, each direction in path order: a place
    /// before the places inside it, keys by their UTF-8 bytes, array indexes by number; at one
    /// place, a conflict no payload can avoid first.
    public let conflicts: [SchemaConflict]

    /// `.compatible` when there is no conflict in either direction.
    public var verdict: Verdict { conflicts.isEmpty ? .compatible : .conflicts }

    /// Whether at some place no payload can satisfy both versions (the CLI exits 1 on this).
    public var noPayloadSatisfiesBoth: Bool { conflicts.contains(where: \.noPayloadSatisfiesBoth) }

    /// Whether a content state stored by the installed build may fail to decode in the updated
    /// app, so running activities stop showing after the update (the CLI exits 1 on this). No
    /// payload can help: their state was written before the update.
    public var breaksRunningActivities: Bool {
        conflicts.contains { $0.direction == .runningActivitiesToUpdatedApp }
    }

    /// Compares `installed` (the version in the field) with `next`.
    public init(installed: PayloadSchema, next: PayloadSchema) {
        let old = installed.compiled
        let new = next.compiled
        let unsatisfiable = SchemaComparison(a: old, b: new).disjoint(old.root, new.root, at: .root).map {
            SchemaConflict(
                path: $0.path, direction: .serversToInstalledApps, message: $0.message, noPayloadSatisfiesBoth: true)
        }
        let blocked = Set(unsatisfiable.map(\.path))
        let toInstalled = SchemaComparison(
            a: new, b: old, aName: "a payload for the new version", bName: "installed apps"
        ).widenings(new.root, old.root, at: .root).filter { !blocked.contains($0.path) }.map {
            SchemaConflict(path: $0.path, direction: .serversToInstalledApps, message: $0.message)
        }
        let toUpdated = SchemaComparison(
            a: old, b: new, aName: "a state stored by the installed build", bName: "the updated app"
        ).widenings(old.root, new.root, at: .root).map {
            SchemaConflict(path: $0.path, direction: .runningActivitiesToUpdatedApp, message: $0.message)
        }
        conflicts = Self.inPathOrder(unsatisfiable + toInstalled) + Self.inPathOrder(toUpdated)
    }

    /// `conflicts` sorted by path, keeping the order of conflicts at one path.
    private static func inPathOrder(_ conflicts: [SchemaConflict]) -> [SchemaConflict] {
        conflicts.enumerated().sorted { left, right in
            if left.element.path == right.element.path { return left.offset < right.offset }
            return precedes(left.element.path, right.element.path)
        }.map(\.element)
    }

    /// Path order: component by component, a place before the places inside it.
    static func precedes(_ a: JSONPointer, _ b: JSONPointer) -> Bool {
        for (x, y) in zip(a.components, b.components) where x != y {
            switch (x, y) {
            case (.index(let i), .index(let j)): return i < j
            case (.key(let k), .key(let l)): return k.utf8.lexicographicallyPrecedes(l.utf8)
            // Items before members; `*` (every item) after the items it stands for.
            case (.index, _), (.anyIndex, .key): return true
            case (.key, _), (.anyIndex, .index): return false
            case (.anyIndex, .anyIndex): continue
            }
        }
        return a.components.count < b.components.count
    }
}
