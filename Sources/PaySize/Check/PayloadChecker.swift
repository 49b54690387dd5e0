/// Measures an APNs Live Activity push payload and checks its `aps` dictionary.
///
/// The checker reads the bytes with the strict ``JSONScanner``, measures the payload and its
/// `content-state` and `attributes` members in compact form, and applies the rules of the `aps`
/// table in <doc:APSDictionary>: `event` is `start`, `update` or `end`; `timestamp` is required; a start
/// carries `attributes-type`, `attributes` and `alert`; `dismissal-date` only ends; date keys are
/// integer seconds since 1970. Given a ``PayloadContract``, it also checks `content-state` (and a
/// start's `attributes`) against the app's schemas.
///
/// ```swift
/// let report = try PayloadChecker().check(Array(payloadText.utf8))
/// print(report.payloadByteCount, report.tier, report.headroom)   // 412 safe 3684
/// ```
public struct PayloadChecker: Sendable {
    /// The limit and tiers to judge by; default 4096 bytes.
    public var budget: PayloadBudget
    /// How deeply the input may nest; default 512.
    public var maximumDepth: Int
    /// The app's content-state (and attributes) schemas; when set, payloads are also checked
    /// against them and a value the device would drop is an error.
    public var contract: PayloadContract?

    /// A checker for `budget` (default 4096 bytes), input nested at most `maximumDepth` deep
    /// (default 512), and, when given, the app's `contract`.
    public init(
        budget: PayloadBudget = PayloadBudget(), maximumDepth: Int = JSONScanner.defaultMaximumDepth,
        contract: PayloadContract? = nil
    ) {
        self.budget = budget
        self.maximumDepth = maximumDepth
        self.contract = contract
    }

    /// Reads, measures and checks one payload.
    ///
    /// - Parameter bytes: The payload as UTF-8 JSON, pretty or compact.
    /// - Returns: The report; structural problems are findings, not errors.
    /// - Throws: ``JSONScanError`` when the bytes are not one strict JSON text.
    public func check(_ bytes: [UInt8]) throws -> PayloadReport {
        let root = try JSONScanner.scan(bytes, maximumDepth: maximumDepth)
        return check(root, inputByteCount: bytes.count)
    }

    /// Measures and checks a payload that has already been scanned.
    public func check(_ root: JSONElement, inputByteCount: Int) -> PayloadReport {
        var rules = APSRules()
        rules.check(root)
        let aps = root["aps"]
        let event = aps?["event"]?.stringValue
        let contentState = aps?["content-state"]
        let attributes = event == "start" ? aps?["attributes"] : nil
        if let contract {
            // Only values that are present: a missing one is already a structural error.
            if let contentState, contentState.members != nil {
                rules.findings += contract.contentState.findings(
                    in: contentState, at: JSONPointer("aps", "content-state")
                ).map(PayloadFinding.init)
            }
            if let attributes, attributes.members != nil, let schema = contract.attributes {
                rules.findings += schema.findings(in: attributes, at: JSONPointer("aps", "attributes")).map(
                    PayloadFinding.init)
            }
        }
        return PayloadReport(
            payloadByteCount: root.compactByteCount,
            inputByteCount: inputByteCount,
            budget: budget,
            contentStateByteCount: contentState.map(\.compactByteCount),
            attributesByteCount: attributes.map(\.compactByteCount),
            event: event,
            findings: rules.findings)
    }
}

/// The `aps` rules of <doc:APSDictionary>, collecting findings.
private struct APSRules {
    var findings: [PayloadFinding] = []

    static let events: Set<String> = ["start", "update", "end"]
    static let knownKeys: Set<String> = [
        "timestamp", "event", "content-state", "attributes-type", "attributes", "alert", "stale-date",
        "dismissal-date", "relevance-score", "input-push-token", "input-push-channel",
    ]
    static let alertKeys: Set<String> = ["title", "subtitle", "body", "sound"]
    /// Unix seconds before this (2001-09-09) most likely count from 2001 instead (two epochs: <doc:DeviceDecoding>).
    static let earliestPlausibleUnixSeconds = 1_000_000_000
    /// Unix seconds past this (year 5138) are most likely milliseconds.
    static let latestPlausibleUnixSeconds = 100_000_000_000

    mutating func check(_ root: JSONElement) {
        guard let members = root.members else {
            add(
                .error, .root, "expected an object with an 'aps' dictionary at the top level, found \(root.typeName)",
                root.byteRange.lowerBound)
            return
        }
        for member in members where member.key != "aps" {
            add(
                .warning, JSONPointer(member.key),
                "key '\(JSONPointer.escapingControlCharacters(member.key))' is outside 'aps': it counts toward the size limit but is not delivered to the Live Activity",
                member.keyRange.lowerBound)
        }
        guard let aps = root["aps"] else {
            add(.error, JSONPointer("aps"), "expected an 'aps' dictionary, found none", root.byteRange.lowerBound)
            return
        }
        guard let apsMembers = aps.members else {
            add(
                .error, JSONPointer("aps"), "expected 'aps' to be an object, found \(aps.typeName)",
                aps.byteRange.lowerBound)
            return
        }
        let apsPath = JSONPointer("aps")
        let event = checkEvent(aps, at: apsPath)

        for member in apsMembers where !Self.knownKeys.contains(member.key) {
            let path = apsPath.appending(member.key)
            if member.key == "events" { continue }
            add(
                .warning, path,
                "unknown 'aps' key '\(JSONPointer.escapingControlCharacters(member.key))' for a Live Activity push; APNs and ActivityKit ignore it",
                member.keyRange.lowerBound)
        }

        let timestamp = checkDate("timestamp", in: aps, at: apsPath, required: true)
        let staleDate = checkDate("stale-date", in: aps, at: apsPath, required: false)
        checkDate("dismissal-date", in: aps, at: apsPath, required: false)
        if let timestamp, let staleDate, staleDate < timestamp, let value = aps["stale-date"] {
            add(
                .error, apsPath.appending("stale-date"),
                LiveActivityRule.staleDateBeforeTimestamp(staleDate: staleDate, timestamp: timestamp).message,
                value.byteRange.lowerBound)
        }

        if let score = aps["relevance-score"], score.numberText == nil {
            add(
                .error, apsPath.appending("relevance-score"),
                "expected a number (any range: scores are relative), found \(score.typeName)",
                score.byteRange.lowerBound)
        }
        checkObject("content-state", in: aps, at: apsPath)
        checkObject("attributes", in: aps, at: apsPath)
        if let alert = aps["alert"] { checkAlert(alert, at: apsPath.appending("alert")) }
        if let type = aps["attributes-type"], type.stringValue == nil {
            add(
                .error, apsPath.appending("attributes-type"),
                "expected a string naming the Swift attributes type, found \(type.typeName)", type.byteRange.lowerBound)
        }
        if let token = aps["input-push-token"], token.numberText != "1" {
            add(
                .error, apsPath.appending("input-push-token"), "expected the number 1, found \(describe(token))",
                token.byteRange.lowerBound)
        }
        if let channel = aps["input-push-channel"], channel.stringValue == nil {
            add(
                .error, apsPath.appending("input-push-channel"),
                "expected a base64 channel ID string, found \(channel.typeName)", channel.byteRange.lowerBound)
        }
        if let event { checkEventRules(event, aps: aps, at: apsPath) }
    }

    /// Checks `event` and returns it when it is one of the three events.
    private mutating func checkEvent(_ aps: JSONElement, at apsPath: JSONPointer) -> String? {
        let path = apsPath.appending("event")
        if let events = aps["events"] {
            add(
                .warning, apsPath.appending("events"), "'events' is not an APNs key; the key is 'event'",
                events.byteRange.lowerBound)
        }
        guard let value = aps["event"] else {
            add(
                .error, path, "expected 'event' with \"start\", \"update\" or \"end\", found none",
                aps.byteRange.lowerBound)
            return nil
        }
        guard let event = value.stringValue, Self.events.contains(event) else {
            add(
                .error, path, "expected \"start\", \"update\" or \"end\", found \(describe(value))",
                value.byteRange.lowerBound)
            return nil
        }
        return event
    }

    private mutating func checkEventRules(_ event: String, aps: JSONElement, at apsPath: JSONPointer) {
        let start = aps.byteRange.lowerBound
        switch event {
        case "start":
            for key in ["attributes-type", "attributes", "alert", "content-state"] where aps[key] == nil {
                add(.error, apsPath.appending(key), LiveActivityRule.startRequires(key: key).message, start)
            }
        case "update":
            if aps["content-state"] == nil {
                add(
                    .error, apsPath.appending("content-state"), LiveActivityRule.updateRequiresContentState.message,
                    start)
            }
        default:
            if aps["content-state"] == nil {
                add(
                    .warning, apsPath.appending("content-state"),
                    "an end event without 'content-state' keeps showing the last state until dismissal", start)
            }
        }
        if event != "end", let dismissal = aps["dismissal-date"] {
            add(
                .error, apsPath.appending("dismissal-date"),
                LiveActivityRule.dismissalDateOnlyOnEnd(event: event).message, dismissal.byteRange.lowerBound)
        }
        if event == "end", let stale = aps["stale-date"] {
            add(
                .warning, apsPath.appending("stale-date"), "'stale-date' has no effect on an end event",
                stale.byteRange.lowerBound)
        }
        if event != "start" {
            for key in ["attributes-type", "attributes", "input-push-token", "input-push-channel"] {
                if let value = aps[key] {
                    add(
                        .warning, apsPath.appending(key), LiveActivityRule.startOnly(key: key, event: event).message,
                        value.byteRange.lowerBound)
                }
            }
        }
    }

    /// Date keys of `aps` are integer seconds since 1970 (two epochs in one payload: <doc:DeviceDecoding>).
    ///
    /// - Returns: The seconds, when the key holds an integer in the plausible range (or below it).
    @discardableResult
    private mutating func checkDate(_ key: String, in aps: JSONElement, at apsPath: JSONPointer, required: Bool)
        -> Int?
    {
        let path = apsPath.appending(key)
        guard let value = aps[key] else {
            if required {
                add(
                    .error, path, "expected '\(key)' (integer seconds since 1970), found none", aps.byteRange.lowerBound
                )
            }
            return nil
        }
        let offset = value.byteRange.lowerBound
        guard value.isIntegerToken, let text = value.numberText else {
            add(.error, path, "expected integer seconds since 1970, found \(describe(value))", offset)
            return nil
        }
        guard let seconds = Int(text), seconds >= 0 else {
            add(.error, path, "expected non-negative integer seconds since 1970, found \(text)", offset)
            return nil
        }
        if seconds > Self.latestPlausibleUnixSeconds {
            add(
                .error, path,
                "expected seconds since 1970, found \(text), which looks like milliseconds (divide by 1000)", offset)
            return nil
        } else if seconds < Self.earliestPlausibleUnixSeconds {
            add(
                .warning, path,
                "\(text) is before 2001-09-09 as seconds since 1970; if it counts from 2001 (a Swift Date's default encoding), add 978307200",
                offset)
        }
        return seconds
    }

    private mutating func checkObject(_ key: String, in aps: JSONElement, at apsPath: JSONPointer) {
        if let value = aps[key], value.members == nil {
            add(
                .error, apsPath.appending(key), "expected '\(key)' to be an object, found \(value.typeName)",
                value.byteRange.lowerBound)
        }
    }

    /// `alert` is `{title, body, sound}`; title and body are strings or `{loc-key, loc-args}`.
    private mutating func checkAlert(_ alert: JSONElement, at path: JSONPointer) {
        guard let members = alert.members else {
            add(
                .error, path, "expected 'alert' to be an object with 'title' and 'body', found \(alert.typeName)",
                alert.byteRange.lowerBound)
            return
        }
        for member in members {
            let memberPath = path.appending(member.key)
            let offset = member.value.byteRange.lowerBound
            switch member.key {
            case "title", "subtitle", "body":
                checkAlertText(member.value, at: memberPath)
            case "sound":
                if member.value.stringValue == nil && member.value.members == nil {
                    add(
                        .error, memberPath,
                        "expected a sound file name (string) or a sound dictionary, found \(member.value.typeName)",
                        offset)
                }
            default:
                add(
                    .warning, memberPath,
                    "unknown 'alert' key '\(JSONPointer.escapingControlCharacters(member.key))'; Live Activity alerts use 'title', 'body' and 'sound'",
                    member.keyRange.lowerBound)
            }
        }
    }

    private mutating func checkAlertText(_ value: JSONElement, at path: JSONPointer) {
        if value.stringValue != nil { return }
        guard value.members != nil else {
            add(
                .error, path, "expected a string or a {\"loc-key\", \"loc-args\"} object, found \(value.typeName)",
                value.byteRange.lowerBound)
            return
        }
        if let key = value["loc-key"] {
            if key.stringValue == nil {
                add(
                    .error, path.appending("loc-key"), "expected a localization key string, found \(key.typeName)",
                    key.byteRange.lowerBound)
            }
        } else {
            add(
                .error, path.appending("loc-key"), "expected 'loc-key' in a localized alert text, found none",
                value.byteRange.lowerBound)
        }
        if let arguments = value["loc-args"] {
            if let elements = arguments.elements {
                for (position, element) in elements.enumerated() where element.stringValue == nil {
                    add(
                        .error, path.appending("loc-args").appending(index: position),
                        "expected a string argument, found \(element.typeName)", element.byteRange.lowerBound)
                }
            } else {
                add(
                    .error, path.appending("loc-args"), "expected an array of strings, found \(arguments.typeName)",
                    arguments.byteRange.lowerBound)
            }
        }
    }

    /// A short description of a value for messages: its type, and its text when short.
    private func describe(_ value: JSONElement) -> String {
        switch value.content {
        case .string(let text):
            let shown = JSONPointer.escapingControlCharacters(text.count > 40 ? String(text.prefix(40)) + "…" : text)
            return "string '\(shown)'"
        case .number(let text): return "number \(text)"
        case .bool(let flag): return "boolean \(flag)"
        case .null: return "null"
        case .object, .array: return value.typeName
        }
    }

    private mutating func add(
        _ severity: PayloadFinding.Severity, _ path: JSONPointer, _ message: String, _ offset: Int
    ) {
        findings.append(PayloadFinding(severity: severity, path: path, message: message, byteOffset: offset))
    }
}
