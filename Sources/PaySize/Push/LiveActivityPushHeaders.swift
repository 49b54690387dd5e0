/// The HTTP/2 headers APNs needs for a Live Activity push, for any HTTP client.
///
/// ```swift
/// let headers = push.headers(bundleIdentifier: "com.example.Deliveries")
/// headers.fields   // [("apns-push-type", "liveactivity"), ("apns-topic", "com.example.Deliveries.push-type.liveactivity"), ("apns-priority", "10")]
/// ```
public struct LiveActivityPushHeaders: Sendable, Equatable {
    /// How urgently APNs should deliver: Live Activity pushes use 5 or 10.
    public enum Priority: Int, Sendable {
        /// Delivered at a time that conserves power; not counted against the high-priority budget.
        case conservesPower = 5
        /// Delivered immediately; the system limits how many an app may send.
        case immediate = 10
    }

    /// `apns-push-type`: always `liveactivity`.
    public var pushType = "liveactivity"
    /// `apns-topic`: the app's bundle identifier followed by `.push-type.liveactivity`.
    public var topic: String
    /// `apns-priority`.
    public var priority: Priority

    public init(bundleIdentifier: String, priority: Priority = .immediate) {
        self.topic = bundleIdentifier + ".push-type.liveactivity"
        self.priority = priority
    }

    /// The headers as name–value pairs, in a stable order.
    public var fields: [(name: String, value: String)] {
        [("apns-push-type", pushType), ("apns-topic", topic), ("apns-priority", String(priority.rawValue))]
    }
}
