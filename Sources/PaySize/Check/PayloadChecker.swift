@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Measures an APNs Live Activity push payload and checks its `aps` dictionary.
///
/// The checker reads the bytes with the strict `JSONScanner`, measures the payload and its
/// `content-state` and `attributes` members in compact form, and applies the rules of the `aps`
/// table in <doc:APSDictionary>: `event` is `start`, `update` or `end`; `timestamp` is required; a start
/// carries `attributes-type`, `attributes` and `alert`; `dismissal-date` only ends; date keys are
/// integer seconds since 1970. Given a ``PayloadContract``, it also checks `content-state` (and a
/// start's `attributes`) against the app's schemas.
///
/// The tier is judged on the size basis given to the initializer: the compact form by default, the bytes as written for a
/// body captured as sent. Either way, a payload whose bytes as written are over the limit while
/// its compact form fits gets a finding naming both figures: a warning on the compact basis, an
/// error as written.
///
/// ```swift
/// let report = try PayloadChecker().check(Array(payloadText.utf8))
/// print(report.payloadByteCount, report.tier, report.headroom)   // 412 safe 3684
/// ```
public struct PayloadChecker: Sendable {
    /// The limit and tiers to judge by; default 4096 bytes.
    package var budget: PayloadBudget
    /// How deeply the input may nest; default 512.
    package var maximumDepth: Int
    /// The app's content-state (and attributes) schemas; when set, payloads are also checked
    /// against them and a value the device would drop is an error.
    package var contract: PayloadContract?
    /// Which figure is judged against the limit; default ``PayloadSizeBasis/compact``.
    package var sizeBasis: PayloadSizeBasis

    /// A checker for `budget` (default 4096 bytes), input nested at most `maximumDepth` deep
    /// (default 512), when given the app's `contract`, judging sizes on `sizeBasis` (default
    /// compact).
    public init(
        budget: PayloadBudget = PayloadBudget(), maximumDepth: Int = 512,
        contract: PayloadContract? = nil, sizeBasis: PayloadSizeBasis = .compact
    ) {
        self.budget = budget
        self.maximumDepth = maximumDepth
        self.contract = contract
        self.sizeBasis = sizeBasis
    }

    /// When two keys of a payload are one (a duplicate): as the contract's content-state schema
    /// compares strings, so `codepoints` keeps canonically equivalent keys apart, as RFC 8259 does.
    package var keyEquality: StringEquality { contract?.contentState.stringEquality ?? .canonicalEquivalence }

    /// The fix for a body whose whitespace takes it over the limit, in the spelling of Python's
    /// `json.dumps`, where most such bodies come from (<doc:KnownClientPitfalls>).
    static let compactFix = "send compact JSON: `separators=(',', ':')`"

    /// Reads, measures and checks one payload.
    ///
    /// - Parameter bytes: The payload as UTF-8 JSON, pretty or compact.
    /// - Returns: The report; structural problems are findings, not errors.
    /// - Throws: ``JSONScanError`` when the bytes are not one strict JSON text.
    public func check(_ bytes: [UInt8]) throws -> PayloadReport {
        let root = try JSONScanner.scan(bytes, maximumDepth: maximumDepth, keyEquality: keyEquality)
        return check(root, inputByteCount: bytes.count)
    }

    /// Measures and checks a payload that has already been scanned.
    @_spi(Internals) public func check(_ root: JSONElement, inputByteCount: Int) -> PayloadReport {
        check(root, inputByteCount: inputByteCount) { contentState, attributes in
            DeviceSize(contentState: contentState, attributes: attributes, choice: budget.deviceWriter)
        }
    }

    /// Measures and checks a scanned payload, taking the device's figures from `measureDevice`
    /// (given the content state and a start's attributes): the log path measures them while
    /// scanning and checks an outline without their contents.
    package func check(
        _ root: JSONElement, inputByteCount: Int,
        measureDevice: (_ contentState: JSONElement?, _ attributes: JSONElement?) -> DeviceSize?
    ) -> PayloadReport {
        var rules = APSRules()
        let compactByteCount = root.compactByteCount
        let aps = root["aps"]
        // One pass over `aps` finds each field's first member, for these and for the rules.
        let fields = aps?.members.map(APSMembers.init)
        let event = (fields?[.event] ?? fields?[.events])?.stringValue
        let contentState = fields?[.contentState]
        let attributes = event == "start" ? fields?[.attributes] : nil
        let device = measureDevice(
            contentState.flatMap { $0.members == nil ? nil : $0 }, attributes.flatMap { $0.members == nil ? nil : $0 })
        rules.findings = Self.sizeFindings(
            compactByteCount: compactByteCount, inputByteCount: inputByteCount, sizeBasis: sizeBasis, budget: budget,
            device: device, contentState: contentState, attributes: attributes,
            payloadOffset: root.byteRange.lowerBound)
        rules.check(root, fields: fields)
        if let contract {
            // Only values that are present: a missing one is already a structural error.
            if let contentState, contentState.members != nil {
                rules.findings += contract.contentState.findings(
                    in: contentState, at: JSONPointer("aps", "content-state")
                )
            }
            if let attributes, attributes.members != nil, let schema = contract.attributes {
                rules.findings += schema.findings(in: attributes, at: JSONPointer("aps", "attributes"))
            }
        }
        return PayloadReport(
            payloadByteCount: compactByteCount,
            inputByteCount: inputByteCount,
            budget: budget,
            contentStateByteCount: contentState.map(\.compactByteCount),
            attributesByteCount: attributes.map(\.compactByteCount),
            event: event,
            findings: rules.findings, sizeBasis: sizeBasis, device: device)
    }

    /// The findings of the two limits, first in every report: the body against APNs' limit as
    /// judged on `sizeBasis`, and the device's ActivityKit figure against ActivityKit's.
    package static func sizeFindings(
        compactByteCount: Int, inputByteCount: Int, sizeBasis: PayloadSizeBasis, budget: PayloadBudget,
        device: DeviceSize?, contentState: JSONElement?, attributes: JSONElement?, payloadOffset: Int,
        suggestion: String? = nil
    ) -> [PayloadFinding] {
        var findings: [PayloadFinding] = []
        // APNs counts the body as it arrives (<doc:SizeLimits>): whitespace that takes a body
        // over the limit is never silent, whichever figure is judged.
        if inputByteCount > budget.limit, compactByteCount <= budget.limit {
            let overLimit = "\(inputByteCount) bytes as written are over the \(budget.limit)-byte limit"
            switch sizeBasis {
            case .asWritten:
                findings.append(
                    PayloadFinding(
                        severity: .error, path: .root,
                        message:
                            "\(overLimit) (compact form \(compactByteCount) bytes): APNs refuses this body as sent",
                        byteOffset: payloadOffset, code: .overLimit, fix: Self.compactFix))
            case .compact:
                findings.append(
                    PayloadFinding(
                        severity: .warning, path: .root,
                        message:
                            "\(overLimit); judged by its compact form, \(compactByteCount) bytes: sent as written, APNs refuses it",
                        byteOffset: payloadOffset, fix: Self.compactFix))
            }
        } else if compactByteCount > budget.limit {
            let judged = sizeBasis == .asWritten ? inputByteCount : compactByteCount
            var finding = PayloadFinding.overLimit(byteCount: judged, limit: budget.limit, suggestion: suggestion)
            finding.byteOffset = payloadOffset
            findings.append(finding)
        }
        if let device, device.judgedActivityKitByteCount > budget.activityKitLimit {
            let placed = contentState ?? attributes
            findings.append(
                .overLimitOnDevice(
                    device, limit: budget.activityKitLimit,
                    sentByteCount: (contentState?.compactByteCount ?? 0) + (attributes?.compactByteCount ?? 0),
                    isStart: attributes != nil,
                    path: JSONPointer("aps", contentState != nil ? "content-state" : "attributes"),
                    byteOffset: placed?.byteRange.lowerBound))
        }
        return findings
    }
}

/// The `aps` members a Live Activity push uses, found in one pass over `aps` (the first of a
/// repeated key, as `JSONElement`'s subscript finds it): this runs for every line of a log, so
/// each key is matched once, by its length and then its text, instead of once per rule. It keeps
/// each member's position, not a copy: copying a `JSONElement` retains its contents, and
/// copies of twelve optional elements were most of this step's cost.
private struct APSMembers {
    /// The keys a Live Activity push uses; the raw value indexes ``positions``.
    enum Field: Int {
        case timestamp, event, contentState, attributesType, attributes, alert, staleDate, dismissalDate
        case relevanceScore, inputPushToken, inputPushChannel, events
    }

    let members: [JSONMember]
    /// The position in ``members`` of each field's first member, -1 when it has none, at the
    /// field's raw value: a vector rather than an array, so a push allocates nothing for it.
    private var positions = SIMD16<Int>(repeating: -1)
    /// Positions of the keys no Live Activity push uses, in order.
    private(set) var unknownPositions: [Int] = []

    init(_ members: [JSONMember]) {
        self.members = members
        for index in members.indices {
            // Every known key is ASCII: one of another length cannot equal it.
            let field: Field
            switch members[index].key.utf8.count {
            case 5 where members[index].key == "event": field = .event
            case 5 where members[index].key == "alert": field = .alert
            case 6 where members[index].key == "events": field = .events
            case 9 where members[index].key == "timestamp": field = .timestamp
            case 10 where members[index].key == "attributes": field = .attributes
            case 10 where members[index].key == "stale-date": field = .staleDate
            case 13 where members[index].key == "content-state": field = .contentState
            case 14 where members[index].key == "dismissal-date": field = .dismissalDate
            case 15 where members[index].key == "attributes-type": field = .attributesType
            case 15 where members[index].key == "relevance-score": field = .relevanceScore
            case 16 where members[index].key == "input-push-token": field = .inputPushToken
            case 18 where members[index].key == "input-push-channel": field = .inputPushChannel
            default:
                unknownPositions.append(index)
                continue
            }
            if position(of: field) < 0 { positions[field.rawValue] = index }
        }
    }

    /// Whether `aps` has the field.
    @inline(__always)
    func has(_ field: Field) -> Bool { position(of: field) >= 0 }

    /// The field's value, if `aps` has it.
    @inline(__always)
    subscript(_ field: Field) -> JSONElement? {
        let position = position(of: field)
        return position < 0 ? nil : members[position].value
    }

    @inline(__always)
    private func position(of field: Field) -> Int {
        positions[field.rawValue]
    }
}

/// The `aps` rules of <doc:APSDictionary>, collecting findings.
private struct APSRules {
    var findings: [PayloadFinding] = []

    /// Unix seconds before this (2001-09-09) most likely count from 2001 instead (<doc:DeviceDecoding>).
    static let earliestPlausibleUnixSeconds = 1_000_000_000
    /// Unix seconds past this (year 5138) are most likely milliseconds.
    static let latestPlausibleUnixSeconds = 100_000_000_000
    static let apsPath = JSONPointer("aps")
    /// The `aps` keys of a Live Activity push (<doc:APSDictionary>), which near misses are matched to.
    static let liveActivityKeys = [
        "timestamp", "event", "content-state", "attributes-type", "attributes", "alert", "stale-date",
        "dismissal-date", "relevance-score", "input-push-token", "input-push-channel",
    ]
    /// The members of a Live Activity's `alert`.
    static let alertKeys = ["title", "subtitle", "body", "sound"]

    /// An `aps` key no Live Activity push uses: a near miss of one that is, a notification key
    /// whose Live Activity counterpart lives elsewhere, or neither.
    private mutating func checkUnknownKey(_ member: JSONMember) {
        let path = Self.apsPath.appending(member.key)
        let offset = member.keyRange.lowerBound
        let shown = JSONPointer.escapingControlCharacters(member.key)
        switch member.key {
        case "sound":
            // ActivityKit's AlertConfiguration carries the sound of a Live Activity's alert.
            add(
                .warning, path,
                "'sound' is not among the 'aps' keys Apple documents for a Live Activity push; a Live Activity's sound goes in 'alert.sound' (ActivityKit: \"The sound the system plays when the Live Activity alert appears on a person’s device\")",
                offset, fix: "move it into 'alert' as 'sound'")
        case "badge":
            add(
                .warning, path,
                "'badge' is not among the 'aps' keys Apple documents for a Live Activity push; an alerting update's sound goes in 'alert.sound'",
                offset)
        default:
            if let known = KeySuggestion.suggestion(for: member.key, among: Self.liveActivityKeys) {
                add(
                    .warning, path, "unknown 'aps' key '\(shown)': did you mean '\(known)'?", offset,
                    fix: "rename '\(shown)' to '\(known)'")
            } else {
                add(
                    .warning, path,
                    "unknown 'aps' key '\(shown)' for a Live Activity push; APNs and ActivityKit ignore it", offset)
            }
        }
    }

    /// Checks `root`, whose first `aps` member's members `fields` found (`nil` when it has no
    /// `aps` or its `aps` is not an object).
    mutating func check(_ root: JSONElement, fields: APSMembers?) {
        guard let members = root.members else {
            add(
                .error, .root, "expected an object with an 'aps' dictionary at the top level, found \(root.typeName)",
                root.byteRange.lowerBound)
            return
        }
        var aps: JSONElement?
        for member in members {
            if member.key == "aps" {
                if aps == nil { aps = member.value }
                continue
            }
            add(
                .warning, JSONPointer(member.key),
                "key '\(JSONPointer.escapingControlCharacters(member.key))' is outside 'aps': it counts toward the size limit but is not delivered to the Live Activity",
                member.keyRange.lowerBound)
        }
        guard let aps else {
            add(.error, Self.apsPath, "expected an 'aps' dictionary, found none", root.byteRange.lowerBound)
            return
        }
        guard let fields else {
            add(
                .error, Self.apsPath, "expected 'aps' to be an object, found \(aps.typeName)",
                aps.byteRange.lowerBound)
            return
        }
        let event = checkEvent(fields, aps: aps)

        for position in fields.unknownPositions {
            checkUnknownKey(fields.members[position])
        }

        let timestamp = checkDate("timestamp", fields[.timestamp], aps: aps, required: true)
        let staleDate = checkDate("stale-date", fields[.staleDate], aps: aps, required: false)
        checkDate("dismissal-date", fields[.dismissalDate], aps: aps, required: false)
        if let timestamp, let staleDate, staleDate < timestamp, let value = fields[.staleDate] {
            add(
                .error, Self.apsPath.appending("stale-date"),
                LiveActivityRule.staleDateBeforeTimestamp(staleDate: staleDate, timestamp: timestamp).message,
                value.byteRange.lowerBound)
        }

        if let score = fields[.relevanceScore], score.numberText == nil {
            add(
                .error, Self.apsPath.appending("relevance-score"),
                "expected a number (any range: scores are relative), found \(score.typeName)",
                score.byteRange.lowerBound)
        }
        checkObject("content-state", fields[.contentState])
        checkObject("attributes", fields[.attributes])
        if let alert = fields[.alert] { checkAlert(alert, at: Self.apsPath.appending("alert")) }
        if let type = fields[.attributesType], type.stringValue == nil {
            add(
                .error, Self.apsPath.appending("attributes-type"),
                "expected a string naming the Swift attributes type, found \(type.typeName)", type.byteRange.lowerBound)
        }
        if let token = fields[.inputPushToken], token.numberText != "1" {
            add(
                .error, Self.apsPath.appending("input-push-token"), "expected the number 1, found \(describe(token))",
                token.byteRange.lowerBound)
        }
        if let channel = fields[.inputPushChannel], channel.stringValue == nil {
            add(
                .error, Self.apsPath.appending("input-push-channel"),
                "expected a base64 channel ID string, found \(channel.typeName)", channel.byteRange.lowerBound)
        }
        if let event { checkEventRules(event, fields, aps: aps) }
    }

    /// Checks `event` and returns it when it is one of the three events.
    ///
    /// Without `event`, a misspelt `events` stands in for it, so the rules of its event still apply.
    private mutating func checkEvent(_ fields: APSMembers, aps: JSONElement) -> String? {
        if let events = fields[.events] {
            if fields.has(.event) {
                add(
                    .warning, Self.apsPath.appending("events"), "unknown 'aps' key 'events': did you mean 'event'?",
                    events.byteRange.lowerBound, fix: "remove 'events'")
            } else {
                add(
                    .error, Self.apsPath.appending("events"),
                    "unknown 'aps' key 'events': did you mean 'event'? The push has no 'event'; the rules below read 'events' as 'event'",
                    events.byteRange.lowerBound, fix: "rename 'events' to 'event'")
            }
        }
        guard let value = fields[.event] ?? fields[.events] else {
            add(
                .error, Self.apsPath.appending("event"),
                "expected 'event' with \"start\", \"update\" or \"end\", found none", aps.byteRange.lowerBound)
            return nil
        }
        guard let event = value.stringValue, event == "start" || event == "update" || event == "end" else {
            add(
                .error, Self.apsPath.appending(fields.has(.event) ? "event" : "events"),
                "expected \"start\", \"update\" or \"end\", found \(describe(value))",
                value.byteRange.lowerBound)
            return nil
        }
        return event
    }

    private mutating func checkEventRules(_ event: String, _ fields: APSMembers, aps: JSONElement) {
        let start = aps.byteRange.lowerBound
        func requireOnStart(_ field: APSMembers.Field, _ key: String) {
            if !fields.has(field) {
                add(.error, Self.apsPath.appending(key), LiveActivityRule.startRequires(key: key).message, start)
            }
        }
        switch event {
        case "start":
            requireOnStart(.attributesType, "attributes-type")
            requireOnStart(.attributes, "attributes")
            requireOnStart(.alert, "alert")
            requireOnStart(.contentState, "content-state")
        case "update":
            if !fields.has(.contentState) {
                add(
                    .error, Self.apsPath.appending("content-state"),
                    LiveActivityRule.updateRequiresContentState.message, start)
            }
        default:
            if !fields.has(.contentState) {
                add(
                    .warning, Self.apsPath.appending("content-state"),
                    "an end event without 'content-state' keeps showing the last state until dismissal", start)
            }
        }
        if event != "end", let dismissal = fields[.dismissalDate] {
            add(
                .error, Self.apsPath.appending("dismissal-date"),
                LiveActivityRule.dismissalDateOnlyOnEnd(event: event).message, dismissal.byteRange.lowerBound)
        }
        if event == "end", let stale = fields[.staleDate] {
            add(
                .warning, Self.apsPath.appending("stale-date"), "'stale-date' has no effect on an end event",
                stale.byteRange.lowerBound)
        }
        if event != "start" {
            func startOnly(_ field: APSMembers.Field, _ key: String) {
                if let value = fields[field] {
                    add(
                        .warning, Self.apsPath.appending(key),
                        LiveActivityRule.startOnly(key: key, event: event).message,
                        value.byteRange.lowerBound)
                }
            }
            startOnly(.attributesType, "attributes-type")
            startOnly(.attributes, "attributes")
            startOnly(.inputPushToken, "input-push-token")
            startOnly(.inputPushChannel, "input-push-channel")
        }
    }

    /// Date keys of `aps` are integer seconds since 1970 (<doc:DeviceDecoding>: two epochs in one
    /// payload).
    ///
    /// - Returns: The seconds, when the key holds an integer in the plausible range (or below it).
    @discardableResult
    private mutating func checkDate(_ key: String, _ value: JSONElement?, aps: JSONElement, required: Bool) -> Int? {
        guard let value else {
            if required {
                add(
                    .error, Self.apsPath.appending(key), "expected '\(key)' (integer seconds since 1970), found none",
                    aps.byteRange.lowerBound)
            }
            return nil
        }
        let offset = value.byteRange.lowerBound
        guard let text = value.numberText, let integer = Self.integerValue(ofToken: text) else {
            add(
                .error, Self.apsPath.appending(key), "expected integer seconds since 1970, found \(describe(value))",
                offset)
            return nil
        }
        guard let seconds = integer, seconds >= 0 else {
            add(
                .error, Self.apsPath.appending(key), "expected non-negative integer seconds since 1970, found \(text)",
                offset)
            return nil
        }
        if seconds > Self.latestPlausibleUnixSeconds {
            add(
                .error, Self.apsPath.appending(key),
                "expected seconds since 1970, found \(text), which looks like milliseconds (divide by 1000)", offset)
            return nil
        } else if seconds < Self.earliestPlausibleUnixSeconds {
            add(
                .warning, Self.apsPath.appending(key),
                "\(text) is before 2001-09-09 as seconds since 1970; if it counts from 2001 (a Swift Date's default encoding), add 978307200",
                offset)
        }
        return seconds
    }

    /// For an integer number token (no fraction, no exponent), `Int(text)`: its value, or `nil`
    /// past `Int`'s range; for any other number token, `nil` outright. One pass over the bytes,
    /// which a log's every line asks of two or three dates.
    static func integerValue(ofToken text: String) -> Int?? {
        var text = text
        return text.withUTF8 { bytes -> Int?? in
            // 9 to 16 digits (a date in seconds or milliseconds): two words, when both hold
            // only digits.
            if bytes.count >= 9 && bytes.count <= 16 {
                let head = DigitWords.word(bytes, at: 0)
                let tail = DigitWords.word(bytes, at: bytes.count &- 8)
                if DigitWords.leadingDigitCount(head) == 8 && DigitWords.leadingDigitCount(tail) == 8 {
                    let headDigits = bytes.count &- 8
                    return Int(DigitWords.value(head, count: headDigits)) &* 100_000_000
                        &+ Int(DigitWords.value(tail, count: 8))
                }
            }
            let isNegative = bytes.first == UInt8(ascii: "-")
            var index = isNegative ? 1 : 0
            // Up to 18 digits cannot overflow; longer tokens are checked digit by digit.
            let isShort = bytes.count &- index <= 18
            // Accumulated below zero, where `Int.min` fits.
            var negativeValue = 0
            var overflows = false
            while index < bytes.count {
                let digit = Int(bytes[index] &- UInt8(ascii: "0"))
                // `.`, `e` or `E`: not an integer token.
                guard digit < 10 else { return nil }
                if isShort {
                    negativeValue = negativeValue &* 10 &- digit
                } else {
                    let (scaled, scaleOverflow) = negativeValue.multipliedReportingOverflow(by: 10)
                    let (next, digitOverflow) = scaled.subtractingReportingOverflow(digit)
                    overflows = overflows || scaleOverflow || digitOverflow
                    negativeValue = next
                }
                index &+= 1
            }
            if overflows { return .some(nil) }
            if isNegative { return .some(negativeValue) }
            let (value, overflow) = (0).subtractingReportingOverflow(negativeValue)
            return overflow ? .some(nil) : .some(value)
        }
    }

    private mutating func checkObject(_ key: String, _ value: JSONElement?) {
        if let value, value.members == nil {
            add(
                .error, Self.apsPath.appending(key), "expected '\(key)' to be an object, found \(value.typeName)",
                value.byteRange.lowerBound)
        }
    }

    /// `alert` is `{title, body, sound}`; title and body are strings or `{loc-key, loc-args}`.
    /// Apple's `aps` table also allows a string, shown as the alert's message text (<doc:APSDictionary>).
    private mutating func checkAlert(_ alert: JSONElement, at path: JSONPointer) {
        if alert.stringValue != nil {
            add(
                .warning, path,
                "a string 'alert' shows as the alert's message text only, with no title and no sound; the documented form for a Live Activity is a dictionary {\"title\", \"body\", \"sound\"}",
                alert.byteRange.lowerBound, fix: "send {\"title\": …, \"body\": …}")
            return
        }
        guard let members = alert.members else {
            add(
                .error, path,
                "expected 'alert' to be an object with 'title' and 'body' (or a string), found \(alert.typeName)",
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
                let shown = JSONPointer.escapingControlCharacters(member.key)
                if let known = KeySuggestion.suggestion(for: member.key, among: Self.alertKeys) {
                    add(
                        .warning, memberPath, "unknown 'alert' key '\(shown)': did you mean '\(known)'?",
                        member.keyRange.lowerBound, fix: "rename '\(shown)' to '\(known)'")
                } else {
                    add(
                        .warning, memberPath,
                        "unknown 'alert' key '\(shown)'; Live Activity alerts use 'title', 'body' and 'sound'",
                        member.keyRange.lowerBound)
                }
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
        _ severity: PayloadFinding.Severity, _ path: JSONPointer, _ message: String, _ offset: Int,
        fix: String? = nil
    ) {
        findings.append(PayloadFinding(severity: severity, path: path, message: message, byteOffset: offset, fix: fix))
    }
}
