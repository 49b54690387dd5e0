/// Compares the schema of the app version in the field with the next one, in both directions.
///
/// - *Servers → installed apps*: during a rollout one payload reaches both versions, so every
///   payload written for the new schema should also decode in the old one (an added enum case, a
///   widened type or a dropped required key breaks this), and if no payload can satisfy both at
///   some place, servers cannot serve both at all.
/// - *Running activities → the updated app*: the system keeps a running activity's content state
///   across the update and decodes it with the new type (FACTS.md, "How the device decodes"), so
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
    public enum Verdict: String, Sendable {
        /// Neither direction breaks.
        case compatible
        /// At least one conflict, in either direction.
        case conflicts
    }

    /// Every conflict, servers → installed apps first, each direction in path order.
    public let conflicts: [SchemaConflict]

    /// `.compatible` when there is no conflict in either direction.
    public var verdict: Verdict { conflicts.isEmpty ? .compatible : .conflicts }

    /// Whether at some place no payload can satisfy both versions (the CLI exits 1 on this).
    public var noPayloadSatisfiesBoth: Bool { conflicts.contains(where: \.noPayloadSatisfiesBoth) }

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
        conflicts = unsatisfiable + toInstalled + toUpdated
    }
}
