import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A typed APNs Live Activity push — start, update or end — that encodes to the exact bytes to
/// send, or refuses to.
///
/// The `aps` dates (`timestamp`, `stale-date`, `dismissal-date`) are written as integer seconds
/// since 1970, as APNs wants, while `content-state` and `attributes` are encoded with the
/// device's default `JSONDecoder` counterpart (`PayloadEncoder()` with default strategies), so a
/// `Date` inside them counts from 2001 whatever the caller's other encoders do. The two-epoch
/// trap (<doc:DeviceDecoding>) cannot happen by construction.
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
    /// The `aps.event` value. A struct rather than an enum, so events Apple adds later break
    /// nobody's `switch`.
    public struct Event: Hashable, Sendable, CustomStringConvertible {
        /// The value as written in `aps.event`.
        package let rawValue: String

        /// Starts an activity (push-to-start).
        public static var start: Event { Event(rawValue: "start") }
        /// Replaces a running activity's content state.
        public static var update: Event { Event(rawValue: "update") }
        /// Ends the activity, optionally with a final content state.
        public static var end: Event { Event(rawValue: "end") }

        /// The value as written in `aps.event`, such as `update`.
        public var description: String { rawValue }
    }

    /// Whether the push starts, updates or ends the activity.
    public var event: Event
    /// When the server produced the push; the device ignores an update older than the last one.
    public var timestamp: Date
    /// The content state: required on start and update, optional on end.
    public var contentState: ContentState?
    /// The activity's static attributes; start events only.
    public var attributes: Attributes?
    /// The Swift type name of the attributes; start events only. Defaults to the name of
    /// `Attributes` when a start is built with ``start(attributes:contentState:alert:timestamp:staleDate:relevanceScore:)``.
    public var attributesType: String?
    /// The alert to show with the push: required on start, optional otherwise.
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

    /// A push for `event` with none of the optional keys set.
    ///
    /// The static functions ``start(attributes:contentState:alert:timestamp:staleDate:relevanceScore:)``,
    /// ``update(contentState:timestamp:staleDate:alert:relevanceScore:)`` and
    /// ``end(contentState:timestamp:dismissalDate:alert:)`` set what each event needs.
    public init(
        event: Event, timestamp: Date = Date(), contentState: ContentState? = nil, attributes: Attributes? = nil
    ) {
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
        contentState: ContentState?, timestamp: Date = Date(), dismissalDate: Date? = nil,
        alert: LiveActivityAlert? = nil
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
    ///   - expiration: `apns-expiration`; default none (APNs' own default).
    ///   - collapseID: `apns-collapse-id`; default none.
    ///   - id: `apns-id`; default none (APNs assigns one).
    ///   - authorizationToken: The provider token (a JWT) for `authorization: bearer …`; default
    ///     none (certificate-based connections send none).
    public func headers(
        bundleIdentifier: String, priority: LiveActivityPushHeaders.Priority = .immediate,
        expiration: LiveActivityPushHeaders.Expiration? = nil, collapseID: String? = nil, id: UUID? = nil,
        authorizationToken: String? = nil
    ) -> LiveActivityPushHeaders {
        var headers = LiveActivityPushHeaders(bundleIdentifier: bundleIdentifier, priority: priority)
        headers.expiration = expiration
        headers.collapseID = collapseID
        headers.id = id
        headers.authorizationToken = authorizationToken
        return headers
    }

    /// The exact body to send, with its size report.
    ///
    /// - Returns: The compact JSON body and its ``PayloadReport`` (the figures `paysize check`
    ///   reports for the same bytes).
    /// - Throws: ``LiveActivityPushError`` when the body is over ``budget``'s limit, the content
    ///   state (with a start's attributes) is over ActivityKit's limit as the device writes it
    ///   (by ``PayloadBudget/deviceWriter``, <doc:WhatTheDeviceCounts>), or the push breaks a
    ///   per-event rule (a start without alert or attributes, `dismissal-date` on an update, …),
    ///   carrying the report; `EncodingError` when the content state cannot be encoded.
    public func encoded() throws -> EncodedLiveActivityPush {
        let encoder = PayloadEncoder()
        let contentStateBytes = try contentState.map { try encoder.encodeBytes($0) }
        let attributesBytes = try attributes.map { try encoder.encodeBytes($0) }
        var body = LiveActivityPushBody(capacity: (contentStateBytes?.count ?? 0) + (attributesBytes?.count ?? 0) + 256)
        body.appendInteger("timestamp", seconds(timestamp), first: true)
        body.appendRaw("event", event.jsonBytes)
        var contentStateRange: Range<Int>? = nil
        if let contentStateBytes { contentStateRange = body.appendRaw("content-state", contentStateBytes) }
        var attributesRange: Range<Int>? = nil
        if let attributesType { body.appendRaw("attributes-type", try encoder.encodeBytes(attributesType)) }
        if let attributesBytes { attributesRange = body.appendRaw("attributes", attributesBytes) }
        if let alert { body.appendRaw("alert", try encoder.encodeBytes(EncodableAlert(alert: alert))) }
        if let staleDate { body.appendInteger("stale-date", seconds(staleDate)) }
        if let dismissalDate { body.appendInteger("dismissal-date", seconds(dismissalDate)) }
        if let relevanceScore { body.appendRaw("relevance-score", try Self.jsonNumber(relevanceScore)) }
        if requestsPushToken { body.appendInteger("input-push-token", 1) }
        if let inputPushChannel { body.appendRaw("input-push-channel", try encoder.encodeBytes(inputPushChannel)) }
        let bytes = body.finish()

        let ruleFindings = ruleViolations(
            hasContentState: contentStateBytes != nil, hasAttributes: attributesBytes != nil
        ).map { $0.code.finding(at: $0.path) }
        // The device re-writes what it receives (<doc:WhatTheDeviceCounts>): the figures are
        // measured on the body's own text, as `paysize check` measures the same bytes; the body's
        // strings are Foundation's already, so only its numbers can change.
        let startAttributesRange = event == .start ? attributesRange : nil
        let device = DeviceSize(
            swiftWriterText: bytes, contentState: contentStateRange, attributes: startAttributesRange,
            choice: budget.deviceWriter)
        var findings: [PayloadFinding] = []
        var suggestion: ShrinkSuggestion?
        if bytes.count > budget.limit || (device?.judged.activityKitByteCount ?? 0) > budget.activityKitLimit {
            // Only on the way to an error: the parts' trees place the findings, and the advisor
            // measures every strategy (milliseconds).
            let aps = (try? JSONScanner.scan(bytes))?["aps"]
            let contentStateElement = contentStateRange == nil ? nil : aps?["content-state"]
            let attributesElement = startAttributesRange == nil ? nil : aps?["attributes"]
            func sizeFindings(suggestion: String?) -> [PayloadFinding] {
                PayloadChecker.sizeFindings(
                    compactByteCount: bytes.count, inputByteCount: bytes.count, sizeBasis: .compact, budget: budget,
                    device: device, contentState: contentStateElement, attributes: attributesElement, payloadOffset: 0,
                    suggestion: suggestion)
            }
            findings = sizeFindings(suggestion: nil)
            suggestion = (try? ShrinkAdvisor(budget: budget).report(forJSONBytes: bytes))?.bestSuggestion
            if suggestion != nil { findings = sizeFindings(suggestion: suggestion?.description) }
        }
        findings += ruleFindings
        let report = PayloadReport(
            payloadByteCount: bytes.count, inputByteCount: bytes.count, budget: budget,
            contentStateByteCount: contentStateRange?.count,
            attributesByteCount: event == .start ? attributesRange?.count : nil,
            event: event.rawValue, findings: findings, device: device)
        if !findings.isEmpty {
            throw LiveActivityPushError(violations: findings, report: report, bestShrinkSuggestion: suggestion)
        }
        return EncodedLiveActivityPush(bytes: bytes, report: report)
    }

    /// The per-event rules this push breaks, in the order the checker reports them.
    ///
    /// Written as plain branches: this runs on every send, and a valid push allocates nothing here.
    /// Presence of the generic values is passed in, since testing a generic optional copies it.
    private func ruleViolations(hasContentState: Bool, hasAttributes: Bool) -> [(
        code: LiveActivityPushError.Code, path: JSONPointer
    )] {
        let datesAreValid =
            timestamp.timeIntervalSince1970 >= 0 && (staleDate?.timeIntervalSince1970 ?? 0) >= 0
            && (dismissalDate?.timeIntervalSince1970 ?? 0) >= 0
            && (staleDate.map { seconds($0) >= seconds(timestamp) } ?? true)
        let eventKeysAreValid: Bool
        switch event {
        case .start:
            eventKeysAreValid =
                attributesType != nil && hasAttributes && alert != nil && hasContentState && dismissalDate == nil
        case .update:
            eventKeysAreValid =
                hasContentState && dismissalDate == nil && attributesType == nil && !hasAttributes
                && !requestsPushToken && inputPushChannel == nil
        default:  // `end`: only the keys a start or an update needs are refused
            eventKeysAreValid = attributesType == nil && !hasAttributes && !requestsPushToken && inputPushChannel == nil
        }
        if datesAreValid && eventKeysAreValid { return [] }

        var violations: [(code: LiveActivityPushError.Code, path: JSONPointer)] = []
        func add(_ code: LiveActivityPushError.Code, _ key: String) {
            violations.append((code, JSONPointer("aps", key)))
        }
        if timestamp.timeIntervalSince1970 < 0 { add(.dateBefore1970(key: "timestamp"), "timestamp") }
        if let staleDate, staleDate.timeIntervalSince1970 < 0 { add(.dateBefore1970(key: "stale-date"), "stale-date") }
        if let dismissalDate, dismissalDate.timeIntervalSince1970 < 0 {
            add(.dateBefore1970(key: "dismissal-date"), "dismissal-date")
        }
        if let staleDate, staleDate.timeIntervalSince1970 >= 0, seconds(staleDate) < seconds(timestamp) {
            add(
                .rule(.staleDateBeforeTimestamp(staleDate: seconds(staleDate), timestamp: seconds(timestamp))),
                "stale-date")
        }
        switch event {
        case .start:
            if attributesType == nil { add(.rule(.startRequires(key: "attributes-type")), "attributes-type") }
            if !hasAttributes { add(.rule(.startRequires(key: "attributes")), "attributes") }
            if alert == nil { add(.rule(.startRequires(key: "alert")), "alert") }
            if !hasContentState { add(.rule(.startRequires(key: "content-state")), "content-state") }
        default:  // `update` and `end`
            if event == .update, !hasContentState { add(.rule(.updateRequiresContentState), "content-state") }
            let name = event.rawValue
            if attributesType != nil { add(.rule(.startOnly(key: "attributes-type", event: name)), "attributes-type") }
            if hasAttributes { add(.rule(.startOnly(key: "attributes", event: name)), "attributes") }
            if requestsPushToken { add(.rule(.startOnly(key: "input-push-token", event: name)), "input-push-token") }
            if inputPushChannel != nil {
                add(.rule(.startOnly(key: "input-push-channel", event: name)), "input-push-channel")
            }
        }
        if event != .end, dismissalDate != nil {
            add(.rule(.dismissalDateOnlyOnEnd(event: event.rawValue)), "dismissal-date")
        }
        return violations
    }

    /// A Double as `JSONEncoder` writes it: its `description` without a trailing `.0` (<doc:MatchingJSONEncoder>);
    /// NaN and infinities throw as Foundation's encoder does.
    private static func jsonNumber(_ value: Double) throws -> [UInt8] {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        // Whole scores (100, 50) are the common case: `description` prints them as `100.0` below
        // 1e16, so the integer's digits are the same text without the `.0` — except `-0`.
        if value == value.rounded(.towardZero), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return Array(String(Int(value)).utf8)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return Array(text.utf8)
    }

    /// Whole seconds since 1970, as APNs wants for `aps` dates (two epochs: <doc:DeviceDecoding>); dates
    /// before 1970 are reported as rule violations and written as 0.
    private func seconds(_ date: Date) -> Int {
        Int(min(max(date.timeIntervalSince1970, 0), 1e15).rounded(.down))
    }
}

extension LiveActivityPush: Sendable where ContentState: Sendable, Attributes: Sendable {}

extension LiveActivityPush.Event {
    /// The quoted JSON string of the event.
    fileprivate var jsonBytes: [UInt8] { Array("\"\(rawValue)\"".utf8) }
}

/// A push body ready to send, and what it measures.
public struct EncodedLiveActivityPush: Sendable, Equatable {
    /// The compact JSON body: send exactly these bytes.
    public let bytes: [UInt8]
    /// Its size, tier and parts.
    public let report: PayloadReport
}

/// Writes `{"aps":{…}}` member by member, remembering where spliced values land.
private struct LiveActivityPushBody {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: #"{"aps":{"#.utf8)
    }

    mutating func appendInteger(_ key: StaticString, _ value: Int, first: Bool = false) {
        appendKey(key, first: first)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `"key":` and already-encoded JSON; returns the value's byte range.
    @discardableResult
    mutating func appendRaw(_ key: StaticString, _ json: [UInt8]) -> Range<Int> {
        appendKey(key, first: false)
        let start = bytes.count
        bytes.append(contentsOf: json)
        return start..<bytes.count
    }

    private mutating func appendKey(_ key: StaticString, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: #"":"#.utf8)
    }

    mutating func finish() -> [UInt8] {
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }
}
