/// The per-event rules of a Live Activity push (<doc:APSDictionary>), worded once for both the
/// file checker and the push builder.
enum LiveActivityRule: Sendable, Equatable {
    /// A start needs `attributes-type`, `attributes`, `alert` and `content-state`.
    case startRequires(key: String)
    /// An update needs `content-state`.
    case updateRequiresContentState
    /// `dismissal-date` belongs to end events only.
    case dismissalDateOnlyOnEnd(event: String)
    /// `attributes-type`, `attributes` and the `input-push-*` keys belong to start events only.
    case startOnly(key: String, event: String)
    /// `stale-date` earlier than `timestamp`: the activity is stale the moment it arrives.
    case staleDateBeforeTimestamp(staleDate: Int, timestamp: Int)

    var message: String {
        switch self {
        case .startRequires(let key):
            let why = key == "alert" ? " (APNs accepts a start without it, but the device drops it)" : ""
            return "a start event requires '\(key)'\(why)"
        case .updateRequiresContentState:
            return "an update event requires 'content-state'"
        case .dismissalDateOnlyOnEnd(let event):
            return "'dismissal-date' is only allowed on an end event, found on \(event)"
        case .startOnly(let key, let event):
            return "'\(key)' is only used on a start event; it is ignored on \(event)"
        case .staleDateBeforeTimestamp(let staleDate, let timestamp):
            return
                "'stale-date' \(staleDate) is \(timestamp - staleDate) s before 'timestamp' \(timestamp): the activity shows as stale the moment it arrives"
        }
    }
}
