import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// What real APNs clients send: bodies as written, string alerts, near-miss keys, notification keys.
@Suite("PayloadChecker on real clients' bodies") struct PayloadCheckerClientTests {
    static func findings(_ text: String, checker: PayloadChecker = PayloadChecker()) throws -> [String] {
        try checker.check(Array(text.utf8)).findings.map {
            "\($0.severity.rawValue) \($0.path): \($0.message)" + ($0.fix.map { " | fix: \($0)" } ?? "")
        }
    }

    /// An update as aioapns 4.0 sends it (`json.dumps` with its default `", "` and `": "`): 4058
    /// bytes compact, 4696 as written.
    static let aioapnsUpdate = TestPaths.fixtures.appendingPathComponent("clients/aioapns-update-4058.json")

    /// The whitespace rules, judged with the Swift writer alone: the same body's coordinates take
    /// it over ActivityKit's limit as the Objective-C writer writes them (the last test below).
    static let swiftWriter: PayloadBudget = {
        var budget = PayloadBudget()
        budget.deviceWriter = .swift
        return budget
    }()

    @Test("body over the limit only as written is a warning on the compact basis")
    func bodyOverTheLimitOnlyAsWrittenIsAWarningOnTheCompactBasis() throws {
        let bytes = Array(try Data(contentsOf: Self.aioapnsUpdate))
        let report = try PayloadChecker(budget: Self.swiftWriter).check(bytes)
        #expect(report.payloadByteCount == 4058)
        #expect(report.inputByteCount == 4696)
        #expect(report.sizeBasis == .compact)
        #expect(report.judgedByteCount == 4058)
        #expect(report.tier == .critical)
        #expect(report.headroom == 38)
        #expect(!report.hasErrors)
        #expect(
            report.findings.map { "\($0.severity.rawValue) \($0.path): \($0.message) | fix: \($0.fix ?? "")" } == [
                "warning (root): 4696 bytes as written are over the 4096-byte limit; judged by its compact form, 4058 bytes: sent as written, APNs refuses it | fix: send compact JSON: `separators=(',', ':')`"
            ])
    }

    @Test("body over the limit only as written is an error as written")
    func bodyOverTheLimitOnlyAsWrittenIsAnErrorAsWritten() throws {
        let bytes = Array(try Data(contentsOf: Self.aioapnsUpdate))
        let report = try PayloadChecker(budget: Self.swiftWriter, sizeBasis: .asWritten).check(bytes)
        #expect(report.payloadByteCount == 4058)
        #expect(report.judgedByteCount == 4696)
        #expect(report.tier == .over)
        #expect(report.headroom == -600)
        #expect(report.hasErrors)
        #expect(
            report.findings.map { "\($0.severity.rawValue) \($0.path): \($0.message) | fix: \($0.fix ?? "")" } == [
                "error (root): 4696 bytes as written are over the 4096-byte limit (compact form 4058 bytes): APNs refuses this body as sent | fix: send compact JSON: `separators=(',', ':')`"
            ])
    }

    @Test("whitespace within the limit or compact over it adds no finding")
    func whitespaceWithinTheLimitOrCompactOverItAddsNoFinding() throws {
        let pretty = "{\n  \"aps\" : {\"timestamp\" : 1764500400, \"event\" : \"update\", \"content-state\" : {}}\n}\n"
        for basis in [PayloadSizeBasis.compact, .asWritten] {
            #expect(try Self.findings(pretty, checker: PayloadChecker(sizeBasis: basis)) == [])
        }
        // Over the limit compact as well: one over-limit finding on the compact figure, no second
        // one for the whitespace.
        let over =
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"pad":""#
            + String(repeating: "x", count: 4040) + #""}}}"#
        let report = try PayloadChecker(sizeBasis: .asWritten).check(Array((" " + over).utf8))
        #expect(report.tier == .over)
        #expect(report.contentStateByteCount == 4050)
        #expect(
            report.findings.map(\.message) == [
                "the payload is 4117 bytes, over the 4096-byte limit by 21 (APNs answers 413 PayloadTooLarge)"
            ])
    }

    @Test("the same body is over ActivityKit's limit on the device by default")
    func theSameBodyIsOverActivityKitsLimitOnTheDeviceByDefault() throws {
        let report = try PayloadChecker().check(Array(try Data(contentsOf: Self.aioapnsUpdate)))
        #expect(report.hasErrors)
        #expect(report.isRefused)
        #expect(report.deviceContentStateByteCount == 4198)
        #expect(report.device?.figures(of: .swift)?.activityKitByteCount == 3992)
        #expect(report.findings.map(\.code) == [nil, .overLimit])
    }

    @Test("string alert is a warning") func stringAlertIsAWarning() throws {
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"alert":"Sam is 3 stops away"}}"#)
                == [
                    #"warning /aps/alert: a string 'alert' shows as the alert's message text only, with no title and no sound; the documented form for a Live Activity is a dictionary {"title", "body", "sound"} | fix: send {"title": …, "body": …}"#
                ])
        // A string alert satisfies a start's need for an alert.
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"start","attributes-type":"A","attributes":{},"content-state":{},"alert":"Hi"}}"#
            ).count == 1)
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"alert":7}}"#)
                == [
                    "error /aps/alert: expected 'alert' to be an object with 'title' and 'body' (or a string), found number"
                ])
    }

    /// Keys as client libraries and people misspell them, each with its hint.
    @Test(
        "near miss of an aps key gets its hint",
        arguments: [
            ("state-date", "stale-date"), ("contentState", "content-state"), ("content_state", "content-state"),
            ("staleDate", "stale-date"), ("dismissalDate", "dismissal-date"), ("relevanceScore", "relevance-score"),
            ("attributesType", "attributes-type"), ("Timestamp", "timestamp"), ("relevance_score", "relevance-score"),
            ("input-push-tokens", "input-push-token"), ("atributes", "attributes"),
        ])
    func nearMissOfAnAPSKeyGetsItsHint(_ pair: (String, String)) throws {
        let (key, known) = pair
        let text =
            #"{"aps":{"timestamp":1764500400,"event":"end","content-state":{},"\#(key)":1764504000}}"#
        #expect(
            try Self.findings(text) == [
                "warning /aps/\(key): unknown 'aps' key '\(key)': did you mean '\(known)'? | fix: rename '\(key)' to '\(known)'"
            ])
    }

    @Test("keys far from every known key get no hint") func keysFarFromEveryKnownKeyGetNoHint() throws {
        for key in ["category", "thread-id", "mutable-content", "content-available", "x", "interruption-level"] {
            #expect(
                try Self.findings(#"{"aps":{"timestamp":1764500400,"event":"end","content-state":{},"\#(key)":1}}"#)
                    == [
                        "warning /aps/\(key): unknown 'aps' key '\(key)' for a Live Activity push; APNs and ActivityKit ignore it"
                    ])
        }
    }

    @Test("events is read as event so a misspelt start is checked as a start")
    func eventsIsReadAsEventSoAMisspeltStartIsCheckedAsAStart() throws {
        #expect(
            try Self.findings(#"{"aps":{"timestamp":1764500400,"events":"start","content-state":{}}}"#) == [
                "error /aps/events: unknown 'aps' key 'events': did you mean 'event'? The push has no 'event'; the rules below read 'events' as 'event' | fix: rename 'events' to 'event'",
                "error /aps/attributes-type: a start event requires 'attributes-type'",
                "error /aps/attributes: a start event requires 'attributes'",
                "error /aps/alert: a start event requires 'alert' (APNs accepts a start without it, but the device drops it)",
            ])
        let report = try PayloadChecker().check(
            Array(#"{"aps":{"timestamp":1764500400,"events":"start","attributes":{"a":1},"content-state":{}}}"#.utf8))
        #expect(report.event == "start")
        #expect(report.attributesByteCount == 7)
        #expect(
            try Self.findings(#"{"aps":{"timestamp":1764500400,"events":"pause","content-state":{}}}"#).last
                == #"error /aps/events: expected "start", "update" or "end", found string 'pause'"#)
        // With 'event' present, 'events' is only a hint and 'event' rules.
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"events":"start","event":"update","content-state":{}}}"#) == [
                    "warning /aps/events: unknown 'aps' key 'events': did you mean 'event'? | fix: remove 'events'"
                ])
    }

    @Test("near miss of an alert member gets its hint") func nearMissOfAnAlertMemberGetsItsHint() throws {
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"alert":{"tilte":"T","Body":"B","subTitle":"S","color":"red"}}}"#
            ) == [
                "warning /aps/alert/tilte: unknown 'alert' key 'tilte': did you mean 'title'? | fix: rename 'tilte' to 'title'",
                "warning /aps/alert/Body: unknown 'alert' key 'Body': did you mean 'body'? | fix: rename 'Body' to 'body'",
                "warning /aps/alert/subTitle: unknown 'alert' key 'subTitle': did you mean 'subtitle'? | fix: rename 'subTitle' to 'subtitle'",
                "warning /aps/alert/color: unknown 'alert' key 'color'; Live Activity alerts use 'title', 'body' and 'sound'",
            ])
    }

    @Test("sound and badge say where a Live Activity's sound goes") func soundAndBadgeSayWhereALiveActivitysSoundGoes()
        throws
    {
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"sound":"default","badge":1}}"#)
                == [
                    "warning /aps/sound: 'sound' is not among the 'aps' keys Apple documents for a Live Activity push; a Live Activity's sound goes in 'alert.sound' (ActivityKit: \"The sound the system plays when the Live Activity alert appears on a person’s device\") | fix: move it into 'alert' as 'sound'",
                    "warning /aps/badge: 'badge' is not among the 'aps' keys Apple documents for a Live Activity push; an alerting update's sound goes in 'alert.sound'",
                ])
    }
}
