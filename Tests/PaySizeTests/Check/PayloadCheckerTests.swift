@_spi(Internals) import PaySize
import Testing

@Suite("PayloadChecker") struct PayloadCheckerTests {
    static func findings(_ text: String) throws -> [String] {
        try PayloadChecker().check(Array(text.utf8)).findings.map {
            "\($0.severity.rawValue) \($0.path): \($0.message)"
        }
    }

    static let validStart =
        #"{"aps":{"timestamp":1764500400,"event":"start","attributes-type":"A","attributes":{"n":1},"content-state":{"s":"x"},"alert":{"title":"T","body":{"loc-key":"k","loc-args":["a"]},"sound":"default"},"stale-date":1764504000,"relevance-score":0.5,"input-push-token":1}}"#

    @Test("valid payloads have no findings") func validPayloadsHaveNoFindings() throws {
        #expect(try Self.findings(Self.validStart) == [])
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"relevance-score":250}}"#) == [])
        #expect(
            try Self.findings(
                #"{"aps":{"timestamp":1764500400,"event":"end","content-state":{},"dismissal-date":1764504000}}"#) == []
        )
    }

    @Test("measures parts of a start") func measuresPartsOfAStart() throws {
        let report = try PayloadChecker().check(Array(Self.validStart.utf8))
        #expect(report.payloadByteCount == Self.validStart.utf8.count)
        #expect(report.contentStateByteCount == #"{"s":"x"}"#.utf8.count)
        #expect(report.attributesByteCount == #"{"n":1}"#.utf8.count)
        #expect(report.activityKitByteCount == 16)
        #expect(report.event == "start")
        #expect(report.tier == .safe)
    }

    @Test("attributes are only counted on start") func attributesAreOnlyCountedOnStart() throws {
        let report = try PayloadChecker().check(
            Array(#"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"attributes":{}}}"#.utf8))
        #expect(report.attributesByteCount == nil)
        #expect(report.activityKitByteCount == nil)
        #expect(
            report.findings.map(\.message) == ["'attributes' is only used on a start event; it is ignored on update"])
    }

    @Test(
        "rules",
        arguments: [
            (#"[]"#, ["error (root): expected an object with an 'aps' dictionary at the top level, found array"]),
            (
                #"{"x":1}"#,
                [
                    "warning /x: key 'x' is outside 'aps': it counts toward the size limit but is not delivered to the Live Activity",
                    "error /aps: expected an 'aps' dictionary, found none",
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"content-state":{}}}"#,
                ["error /aps/event: expected 'event' with \"start\", \"update\" or \"end\", found none"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"pause","content-state":{}}}"#,
                ["error /aps/event: expected \"start\", \"update\" or \"end\", found string 'pause'"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"events":"update","event":"update","content-state":{}}}"#,
                ["warning /aps/events: unknown 'aps' key 'events': did you mean 'event'?"]
            ),
            (
                #"{"aps":{"event":"update","content-state":{}}}"#,
                ["error /aps/timestamp: expected 'timestamp' (integer seconds since 1970), found none"]
            ),
            (
                #"{"aps":{"timestamp":1764500400.0,"event":"update","content-state":{}}}"#,
                ["error /aps/timestamp: expected integer seconds since 1970, found number 1764500400.0"]
            ),
            (
                #"{"aps":{"timestamp":"1764500400","event":"update","content-state":{}}}"#,
                ["error /aps/timestamp: expected integer seconds since 1970, found string '1764500400'"]
            ),
            (
                #"{"aps":{"timestamp":1764500400000,"event":"update","content-state":{}}}"#,
                [
                    "error /aps/timestamp: expected seconds since 1970, found 1764500400000, which looks like milliseconds (divide by 1000)"
                ]
            ),
            (
                #"{"aps":{"timestamp":786193200,"event":"update","content-state":{}}}"#,
                [
                    "warning /aps/timestamp: 786193200 is before 2001-09-09 as seconds since 1970; if it counts from 2001 (a Swift Date's default encoding), add 978307200"
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"dismissal-date":1764504000}}"#,
                ["error /aps/dismissal-date: 'dismissal-date' is only allowed on an end event, found on update"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update"}}"#,
                ["error /aps/content-state: an update event requires 'content-state'"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":[]}}"#,
                ["error /aps/content-state: expected 'content-state' to be an object, found array"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"relevance-score":"high"}}"#,
                ["error /aps/relevance-score: expected a number (any range: scores are relative), found string"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"sound":"x"}}"#,
                [
                    "warning /aps/sound: 'sound' is not among the 'aps' keys Apple documents for a Live Activity push; a Live Activity's sound goes in 'alert.sound' (ActivityKit: \"The sound the system plays when the Live Activity alert appears on a person’s device\")"
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"end","content-state":{},"stale-date":1764504000}}"#,
                ["warning /aps/stale-date: 'stale-date' has no effect on an end event"]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"stale-date":1764496800}}"#,
                [
                    "error /aps/stale-date: 'stale-date' 1764496800 is 3600 s before 'timestamp' 1764500400: the activity shows as stale the moment it arrives"
                ]
            ),
            (
                // A stale date written as a Swift Date's 2001-based seconds: both findings.
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"stale-date":786193200}}"#,
                [
                    "warning /aps/stale-date: 786193200 is before 2001-09-09 as seconds since 1970; if it counts from 2001 (a Swift Date's default encoding), add 978307200",
                    "error /aps/stale-date: 'stale-date' 786193200 is 978307200 s before 'timestamp' 1764500400: the activity shows as stale the moment it arrives",
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"start","content-state":{}}}"#,
                [
                    "error /aps/attributes-type: a start event requires 'attributes-type'",
                    "error /aps/attributes: a start event requires 'attributes'",
                    "error /aps/alert: a start event requires 'alert' (APNs accepts a start without it, but the device drops it)",
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{},"alert":{"title":{"loc-args":[1]},"body":5,"color":"red"}}}"#,
                [
                    "error /aps/alert/title/loc-key: expected 'loc-key' in a localized alert text, found none",
                    "error /aps/alert/title/loc-args/0: expected a string argument, found number",
                    "error /aps/alert/body: expected a string or a {\"loc-key\", \"loc-args\"} object, found number",
                    "warning /aps/alert/color: unknown 'alert' key 'color'; Live Activity alerts use 'title', 'body' and 'sound'",
                ]
            ),
            (
                #"{"aps":{"timestamp":1764500400,"event":"start","attributes-type":"A","attributes":{},"content-state":{},"alert":{},"input-push-token":true}}"#,
                ["error /aps/input-push-token: expected the number 1, found boolean true"]
            ),
        ] as [(String, [String])])
    func rules(_ rule: (String, [String])) throws {
        #expect(try Self.findings(rule.0) == rule.1)
    }

    /// (timestamp token, finding): a date is read as `Int(text)` reads it, so a token past
    /// `Int`'s range (either end) is refused as not non-negative, `-0` is 0, and one with a
    /// fraction or an exponent is not an integer.
    static let dateTokens: [(String, [String])] = [
        (
            "9223372036854775807",
            [
                "error /aps/timestamp: expected seconds since 1970, found 9223372036854775807, which looks like milliseconds (divide by 1000)"
            ]
        ),
        (
            "9223372036854775808",
            ["error /aps/timestamp: expected non-negative integer seconds since 1970, found 9223372036854775808"]
        ),
        (
            "-9223372036854775808",
            ["error /aps/timestamp: expected non-negative integer seconds since 1970, found -9223372036854775808"]
        ),
        (
            "-9223372036854775809",
            ["error /aps/timestamp: expected non-negative integer seconds since 1970, found -9223372036854775809"]
        ),
        (
            "123456789012345678",
            [
                "error /aps/timestamp: expected seconds since 1970, found 123456789012345678, which looks like milliseconds (divide by 1000)"
            ]
        ),
        ("-1", ["error /aps/timestamp: expected non-negative integer seconds since 1970, found -1"]),
        (
            "-0",
            [
                "warning /aps/timestamp: -0 is before 2001-09-09 as seconds since 1970; if it counts from 2001 (a Swift Date's default encoding), add 978307200"
            ]
        ),
        ("1e9", ["error /aps/timestamp: expected integer seconds since 1970, found number 1e9"]),
        ("17645004E-1", ["error /aps/timestamp: expected integer seconds since 1970, found number 17645004E-1"]),
        ("1764500400", []),
    ]

    @Test("date tokens are read as Int reads them, at both ends of its range", arguments: dateTokens)
    func dateTokensAreReadAsIntReadsThem(_ date: (String, [String])) throws {
        let payload = #"{"aps":{"timestamp":"# + date.0 + #","event":"update","content-state":{}}}"#
        #expect(try Self.findings(payload) == date.1)
    }
}
