import Foundation

/// A typed APNs Live Activity push — start, update or end — that encodes to the exact bytes to
/// send, or refuses to.
///
/// The `aps` dates (`timestamp`, `stale-date`, `dismissal-date`) are written as integer seconds
/// since 1970, as APNs wants, while `content-state` and `attributes` are encoded with the
/// device's default `JSONDecoder` counterpart (`PayloadEncoder()` with default strategies), so a
/// `Date` inside them counts from 2001 whatever the caller's other encoders do. The two-epoch
/// trap of FACTS.md cannot happen by construction.
///
/// ```swift
/// let push = LiveActivityPush<DeliveryState, Never>.update(
///     contentState: DeliveryState(status: .onTheWay, eta: eta),
///     staleDate: eta.addingTimeInterval(600))
/// let encoded = try push.encoded()          // throws LiveActivityPushError when over 4096 bytes
/// send(encoded.bytes, headers: push.headers(bundleIdentifier: "com.example.Deliveries").fields)
/// print(encoded.report.payloadByteCount, encoded.report.tier)   // 142 safe
/// ```
///
/// Use `Never` as `Attributes` for updates and ends, which carry no attributes.
public struct LiveActivityPush<ContentState: Encodable, Attributes: Encodable> {
    /// The `aps.event` value.
    public enum Event: String, Sendable {
        case start
        case update
        case end
    }

    public var event: Event
    /// When the server produced the push; the device ignores an update older than the last one.
    public var timestamp: Date
    public var contentState: ContentState?
    /// The activity's static attributes; start events only.
    public var attributes: Attributes?
    /// The Swift type name of the attributes; start events only. Defaults to the name of
    /// `Attributes` when a start is built with ``start(attributes:contentState:alert:timestamp:staleDate:relevanceScore:)``.
    public var attributesType: String?
    public var alert: LiveActivityAlert?
    /// When the content becomes outdated; start and update.
    public var staleDate: Date?
    /// When an ended activity leaves the Lock Screen; end events only.
    public var dismissalDate: Date?
    /// Relative priority among the app's activities (100 outranks 50); not limited to 0…1.
    public var relevanceScore: Double?
    /// Ask the started activity for an update push token (`input-push-token: 1`, iOS 18+).
    public var requestsPushToken = false
    /// Subscribe the started activity to a broadcast channel (`input-push-channel`, iOS 18+).
    public var inputPushChannel: String?
    /// The byte limit and tiers: 4096 bytes, or ``PayloadBudget/broadcast`` for a broadcast push.
    public var budget = PayloadBudget()

    public init(event: Event, timestamp: Date = Date(), contentState: ContentState? = nil, attributes: Attributes? = nil) {
        self.event = event
        self.timestamp = timestamp
        self.contentState = contentState
        self.attributes = attributes
    }

    /// A push-to-start: attributes, their type name, the first content state and the alert the
    /// device needs to show it.
    public static func start(
        attributes: Attributes, contentState: ContentState, alert: LiveActivityAlert, timestamp: Date = Date(),
        staleDate: Date? = nil, relevanceScore: Double? = nil
    ) -> Self {
        var push = Self(event: .start, timestamp: timestamp, contentState: contentState, attributes: attributes)
        push.attributesType = String(describing: Attributes.self)
        push.alert = alert
        push.staleDate = staleDate
        push.relevanceScore = relevanceScore
        return push
    }

    /// An update with a new content state, and optionally an alert.
    public static func update(
        contentState: ContentState, timestamp: Date = Date(), staleDate: Date? = nil, alert: LiveActivityAlert? = nil,
        relevanceScore: Double? = nil
    ) -> Self {
        var push = Self(event: .update, timestamp: timestamp, contentState: contentState)
        push.staleDate = staleDate
        push.alert = alert
        push.relevanceScore = relevanceScore
        return push
    }

    /// An end with the final content state and when to dismiss the activity.
    public static func end(
        contentState: ContentState?, timestamp: Date = Date(), dismissalDate: Date? = nil, alert: LiveActivityAlert? = nil
    ) -> Self {
        var push = Self(event: .end, timestamp: timestamp, contentState: contentState)
        push.dismissalDate = dismissalDate
        push.alert = alert
        return push
    }

    /// The headers for this push.
    ///
    /// - Parameters:
    ///   - bundleIdentifier: The app's bundle ID; the topic appends `.push-type.liveactivity`.
    ///   - priority: `apns-priority`; default ``LiveActivityPushHeaders/Priority/immediate`` (10).
    public func headers(
        bundleIdentifier: String, priority: LiveActivityPushHeaders.Priority = .immediate
    ) -> LiveActivityPushHeaders {
        LiveActivityPushHeaders(bundleIdentifier: bundleIdentifier, priority: priority)
    }

    /// The exact body to send, with its size report.
    ///
    /// - Returns: The compact JSON body and its ``PayloadReport`` (the figures `paysize check`
    ///   reports for the same bytes).
    /// - Throws: ``LiveActivityPushError`` when the body is over ``budget``'s limit or breaks a
    ///   per-event rule (a start without alert or attributes, `dismissal-date` on an update, …),
    ///   carrying the report; `EncodingError` when the content state cannot be encoded.
    public func encoded() throws -> EncodedLiveActivityPush {
        var body = LiveActivityPushBody()
        let encoder = PayloadEncoder()
        body.appendInteger("timestamp", seconds(timestamp), first: true)
        body.appendRaw("event", Array("\"\(event.rawValue)\"".utf8))
        var contentStateRange: Range<Int>? = nil
        if let contentState {
            contentStateRange = body.appendRaw("content-state", try encoder.encodeBytes(contentState))
        }
        var attributesRange: Range<Int>? = nil
        if let attributesType { body.appendRaw("attributes-type", try encoder.encodeBytes(attributesType)) }
        if let attributes { attributesRange = body.appendRaw("attributes", try encoder.encodeBytes(attributes)) }
        if let alert { body.appendRaw("alert", try encoder.encodeBytes(alert)) }
        if let staleDate { body.appendInteger("stale-date", seconds(staleDate)) }
        if let dismissalDate { body.appendInteger("dismissal-date", seconds(dismissalDate)) }
        if let relevanceScore { body.appendRaw("relevance-score", try encoder.encodeBytes(relevanceScore)) }
        if requestsPushToken { body.appendInteger("input-push-token", 1) }
        if let inputPushChannel { body.appendRaw("input-push-channel", try encoder.encodeBytes(inputPushChannel)) }
        let bytes = body.finish()

        var violations = ruleViolations()
        var report = PayloadReport(
            payloadByteCount: bytes.count, inputByteCount: bytes.count, budget: budget,
            contentStateByteCount: contentStateRange?.count,
            attributesByteCount: event == .start ? attributesRange?.count : nil,
            event: event.rawValue,
            findings: violations.map { PayloadFinding(severity: .error, path: $0.path, message: $0.code.message) })
        if bytes.count > budget.limit {
            let code = LiveActivityPushError.Code.overLimit(byteCount: bytes.count, limit: budget.limit)
            report.findings.append(PayloadFinding(severity: .error, path: .root, message: code.message))
            violations.append((code, .root))
        }
        if let first = violations.first {
            throw LiveActivityPushError(code: first.code, report: report)
        }
        return EncodedLiveActivityPush(bytes: bytes, report: report)
    }

    /// The per-event rules this push breaks, in the order the checker reports them.
    private func ruleViolations() -> [(code: LiveActivityPushError.Code, path: JSONPointer)] {
        var violations: [(LiveActivityPushError.Code, JSONPointer)] = []
        for (key, date) in [("timestamp", timestamp), ("stale-date", staleDate), ("dismissal-date", dismissalDate)] {
            if let date, date.timeIntervalSince1970 < 0 { violations.append((.dateBefore1970(key: key), JSONPointer("aps", key))) }
        }
        switch event {
        case .start:
            let present = ["attributes-type": attributesType != nil, "attributes": attributes != nil, "alert": alert != nil, "content-state": contentState != nil]
            for key in ["attributes-type", "attributes", "alert", "content-state"] where present[key] == false {
                violations.append((.rule(.startRequires(key: key)), JSONPointer("aps", key)))
            }
        case .update, .end:
            if event == .update, contentState == nil {
                violations.append((.rule(.updateRequiresContentState), JSONPointer("aps", "content-state")))
            }
            let startOnly = ["attributes-type": attributesType != nil, "attributes": attributes != nil, "input-push-token": requestsPushToken, "input-push-channel": inputPushChannel != nil]
            for key in ["attributes-type", "attributes", "input-push-token", "input-push-channel"] where startOnly[key] == true {
                violations.append((.rule(.startOnly(key: key, event: event.rawValue)), JSONPointer("aps", key)))
            }
        }
        if event != .end, dismissalDate != nil {
            violations.append((.rule(.dismissalDateOnlyOnEnd(event: event.rawValue)), JSONPointer("aps", "dismissal-date")))
        }
        return violations
    }

    /// Whole seconds since 1970, as APNs wants for `aps` dates (FACTS.md: two epochs); dates
    /// before 1970 are reported as rule violations and written as 0.
    private func seconds(_ date: Date) -> Int {
        Int(min(max(date.timeIntervalSince1970, 0), 1e15).rounded(.down))
    }
}

extension LiveActivityPush: Sendable where ContentState: Sendable, Attributes: Sendable {}

/// A push body ready to send, and what it measures.
public struct EncodedLiveActivityPush: Sendable, Equatable {
    /// The compact JSON body: send exactly these bytes.
    public let bytes: [UInt8]
    /// Its size, tier and parts.
    public let report: PayloadReport
}

/// Writes `{"aps":{…}}` member by member, remembering where spliced values land.
private struct LiveActivityPushBody {
    private(set) var bytes: [UInt8] = Array(#"{"aps":{"#.utf8)

    mutating func appendInteger(_ key: String, _ value: Int, first: Bool = false) {
        appendKey(key, first: first)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `"key":` and already-encoded JSON; returns the value's byte range.
    @discardableResult
    mutating func appendRaw(_ key: String, _ json: [UInt8]) -> Range<Int> {
        appendKey(key, first: false)
        let start = bytes.count
        bytes.append(contentsOf: json)
        return start..<bytes.count
    }

    private mutating func appendKey(_ key: String, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(contentsOf: #"":"#.utf8)
    }

    mutating func finish() -> [UInt8] {
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }
}
