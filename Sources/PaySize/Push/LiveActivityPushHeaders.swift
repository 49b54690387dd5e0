import Foundation

/// The HTTP/2 headers APNs needs for a Live Activity push, for any HTTP client.
///
/// ```swift
/// let headers = push.headers(bundleIdentifier: "com.example.Deliveries", authorizationToken: jwt)
/// headers.dictionary["apns-topic"]   // "com.example.Deliveries.push-type.liveactivity"
/// for field in headers.fields { request.setValue(field.value, forHTTPHeaderField: field.name) }
/// // apns-push-type: liveactivity, apns-topic: …, apns-priority: 10, authorization: bearer <jwt>
/// ```
public struct LiveActivityPushHeaders: Sendable, Equatable {
    /// How urgently APNs should deliver: Live Activity pushes use 5 or 10.
    public enum Priority: Sendable {
        /// Delivered at a time that conserves power; not counted against the high-priority budget.
        case conservesPower
        /// Delivered immediately; the system limits how many an app may send.
        case immediate

        /// The `apns-priority` value: 5 or 10.
        package var rawValue: Int {
            switch self {
            case .conservesPower: 5
            case .immediate: 10
            }
        }
    }

    /// How long APNs keeps trying to deliver a push the device cannot receive now.
    public enum Expiration: Sendable, Equatable {
        /// `apns-expiration: 0`: one attempt, never stored.
        case deliverOnce
        /// Stored and retried until this date (whole seconds since 1970 on the wire).
        case at(Date)
    }

    /// `apns-push-type`: always `liveactivity`.
    package var pushType = "liveactivity"
    /// `apns-topic`: the app's bundle identifier followed by `.push-type.liveactivity`.
    public var topic: String
    /// `apns-priority`.
    public var priority: Priority
    /// `apns-expiration`, or nil to leave it to APNs.
    public var expiration: Expiration?
    /// `apns-collapse-id`: pushes with the same ID replace each other on the device. APNs refuses
    /// IDs over 64 bytes (400 `BadCollapseId`).
    public var collapseID: String?
    /// `apns-id`: the push's UUID, which APNs echoes in its answer; nil lets APNs assign one.
    public var id: UUID?
    /// The provider authentication token (a JWT) sent as `authorization: bearer <token>`; nil for
    /// certificate-based connections.
    public var authorizationToken: String?

    /// Headers for `bundleIdentifier`'s Live Activities, without the optional ones.
    public init(bundleIdentifier: String, priority: Priority = .immediate) {
        self.topic = bundleIdentifier + ".push-type.liveactivity"
        self.priority = priority
    }

    /// The headers as name–value pairs in a stable order: the three APNs requires, then
    /// `apns-expiration`, `apns-collapse-id`, `apns-id` and `authorization` when set.
    public var fields: [(name: String, value: String)] {
        var fields = [
            ("apns-push-type", pushType), ("apns-topic", topic), ("apns-priority", String(priority.rawValue)),
        ]
        if let expiration { fields.append(("apns-expiration", expiration.headerValue)) }
        if let collapseID { fields.append(("apns-collapse-id", collapseID)) }
        if let id { fields.append(("apns-id", id.uuidString)) }
        if let authorizationToken { fields.append(("authorization", "bearer " + authorizationToken)) }
        return fields
    }

    /// The same headers keyed by name, for clients that take a dictionary.
    public var dictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.value) })
    }
}

extension LiveActivityPushHeaders.Expiration {
    /// Whole seconds since 1970; 0 for ``deliverOnce``. A date before 1970 is sent as 0 as well.
    var headerValue: String {
        switch self {
        case .deliverOnce: "0"
        case .at(let date): String(Int(min(max(date.timeIntervalSince1970, 0), 1e15).rounded(.down)))
        }
    }
}
