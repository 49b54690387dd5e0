import Foundation
import Testing

/// `paysize check` on bodies as real APNs clients send them: bytes as written (`--as-sent`, logs,
/// `--compact`), string alerts, near-miss keys.
@Suite("paysize check on real clients' bodies", .timeLimit(.minutes(2))) struct CheckCommandClientBodyTests {
    /// aioapns 4.0's body: 4058 bytes compact, 4696 with `json.dumps`' default separators.
    static let aioapnsUpdate = "Tests/Fixtures/clients/aioapns-update-4058.json"
    static let fix = "send compact JSON: `separators=(',', ':')`"

    // The whitespace rules below are checked with `--device-writer swift`: this body's coordinates
    // take it over ActivityKit's limit as the Objective-C writer writes them, which the test
    // after them pins.
    @Test("over only as written is a warning by default") func overOnlyAsWrittenIsAWarningByDefault() throws {
        let result = try PaySizeProcess.run(["check", "--device-writer", "swift", Self.aioapnsUpdate])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                \(Self.aioapnsUpdate): critical — 4058 of 4096 bytes, 38 bytes of headroom
                  event update · content-state 3992 bytes · 4696 bytes as written
                  \(Self.aioapnsUpdate):1:1: warning: (root): 4696 bytes as written are over the 4096-byte limit; judged by its compact form, 4058 bytes: sent as written, APNs refuses it; fix: \(Self.fix)
                1 payload checked (1 critical); 0 errors, 1 warning
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
    }

    @Test("over only as written is an error with as sent") func overOnlyAsWrittenIsAnErrorWithAsSent() throws {
        let result = try PaySizeProcess.run(["check", "--as-sent", "--device-writer", "swift", Self.aioapnsUpdate])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(Self.aioapnsUpdate): over — 4696 of 4096 bytes, 600 bytes over the limit
                  event update · content-state 3992 bytes · compact 4058 bytes
                  \(Self.aioapnsUpdate):1:1: error: (root): 4696 bytes as written are over the 4096-byte limit (compact form 4058 bytes): APNs refuses this body as sent; fix: \(Self.fix)
                1 payload checked (1 over); 1 error, 0 warnings
                Sizes are bytes as written (whitespace included) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
        let json = try PaySizeProcess.run([
            "check", "--as-sent", "--device-writer", "swift", "--format", "json", Self.aioapnsUpdate,
        ])
        #expect(json.status == 1)
        let report = try #require(try CheckCommandTests.jsonLines(json.standardOutput).first)
        #expect(report["payloadBytes"] as? Int == 4058)
        #expect(report["fileBytes"] as? Int == 4696)
        #expect(report["judgedBytes"] as? Int == 4696)
        #expect(report["tier"] as? String == "over")
        #expect(report["headroom"] as? Int == -600)
        #expect(
            report["measurement"] as? String
                == "bytes as written (whitespace included), as APNs counts a body sent unchanged; tiers are advisory")
        let finding = try #require((report["findings"] as? [[String: Any]])?.first)
        #expect(finding["severity"] as? String == "error")
        #expect(finding["code"] as? String == "overLimit")
        #expect(finding["path"] as? String == "")
        #expect(finding["fix"] as? String == Self.fix)
    }

    @Test("the same body is over ActivityKit's limit on the device by default")
    func theSameBodyIsOverActivityKitsLimitOnTheDeviceByDefault() throws {
        let result = try PaySizeProcess.run(["check", Self.aioapnsUpdate])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(Self.aioapnsUpdate): critical — 4058 of 4096 bytes, 38 bytes of headroom
                  event update · content-state 3992 bytes · 4696 bytes as written
                  on the device (objc writer): 4198 of 4096 bytes for ActivityKit, 102 over; swift writer 3992
                  \(Self.aioapnsUpdate):1:1: warning: (root): 4696 bytes as written are over the 4096-byte limit; judged by its compact form, 4058 bytes: sent as written, APNs refuses it; fix: \(Self.fix)
                  \(Self.aioapnsUpdate):1:71: error: /aps/content-state: the content state is 4198 bytes as the device writes it (objc writer), over ActivityKit's 4096-byte limit by 102; as sent, 3992 bytes: 17 numbers grow to 17 significant digits ('52.52' is written '52.520000000000003'), as iOS 16's JSONEncoder and a push re-written on the device write them; the device drops the update without an error; fix: send numbers that keep their length under both writers: integers (cents, basis points, degrees × 10^5) or short binary fractions (multiples of 1/128); `paysize suggest` measures each
                1 payload checked (1 critical); 1 error, 1 warning
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
    }

    @Test("log lines are judged as logged unless compact") func logLinesAreJudgedAsLoggedUnlessCompact() throws {
        let folder = try TemporaryFolder()
        let body = try String(
            contentsOf: PaySizeProcess.packageRoot.appendingPathComponent(Self.aioapnsUpdate), encoding: .utf8)
        let small = #"{"aps": {"timestamp": 1764500400, "event": "end"}}"#
        let log = try folder.write("sent.jsonl", small + "\n" + body + "\n")
        let asLogged = try PaySizeProcess.run(["check", "--device-writer", "swift", "--format", "json", log])
        #expect(asLogged.status == 1)
        let reports = try CheckCommandTests.jsonLines(asLogged.standardOutput)
        #expect(reports.map { $0["judgedBytes"] as? Int } == [small.utf8.count, 4696, nil])
        #expect(reports.map { $0["tier"] as? String } == ["safe", "over", nil])
        #expect(
            ((reports[1]["findings"] as? [[String: Any]])?.first?["message"] as? String)
                == "4696 bytes as written are over the 4096-byte limit (compact form 4058 bytes): APNs refuses this body as sent"
        )
        #expect((reports[2]["payloadBytes"] as? [String: Int])?["max"] == 4696)
        #expect((reports[2]["tiers"] as? [String: Int])?["over"] == 1)

        let compact = try PaySizeProcess.run([
            "check", "--compact", "--device-writer", "swift", "--format", "json", log,
        ])
        #expect(compact.status == 0)
        let compactReports = try CheckCommandTests.jsonLines(compact.standardOutput)
        #expect(compactReports.map { $0["judgedBytes"] as? Int } == [small.utf8.count - 4, 4058, nil])
        #expect(compactReports.map { $0["tier"] as? String } == ["safe", "critical", nil])
        #expect(
            ((compactReports[1]["findings"] as? [[String: Any]])?.first?["severity"] as? String) == "warning")
        #expect((compactReports[2]["payloadBytes"] as? [String: Int])?["max"] == 4058)
    }

    @Test("as sent and compact cannot be combined") func asSentAndCompactCannotBeCombined() throws {
        let result = try PaySizeProcess.run(["check", "--as-sent", "--compact", Self.aioapnsUpdate])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "paysize: error: '--as-sent' and '--compact' cannot be combined (see 'paysize check --help')\n")
    }

    @Test("string alert exits zero with its warning") func stringAlertExitsZeroWithItsWarning() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "alert.json",
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"eta":5},"alert":"Sam is 3 stops away"}}"#
        )
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                #"\#(path):1:83: warning: /aps/alert: a string 'alert' shows as the alert's message text only, with no title and no sound; the documented form for a Live Activity is a dictionary {"title", "body", "sound"}; fix: send {"title": …, "body": …}"#
            ))
        #expect(result.standardOutput.contains("0 errors, 1 warning"))
    }

    /// @parse/node-apn 7.1.0's README Live Activity example, as its README prints the body: a
    /// string alert with `badge` and `sound` in `aps` and a custom key beside it. Warnings only.
    @Test("node-apn README body exits zero with warnings") func nodeAPNReadmeBodyExitsZeroWithWarnings() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "node-apn.json",
            #"{"messageFrom":"John Appleseed","aps":{"badge":3,"sound":"ping.aiff","alert":"\uD83D\uDCE7 \u2709 You have a new message", "relevance-score":75,"timestamp":1683129662,"stale-date":1683216062,"event":"update","content-state":{}}}"#
        )
        let result = try PaySizeProcess.run(["check", "--format", "json", path])
        #expect(result.status == 0)
        let report = try #require(try CheckCommandTests.jsonLines(result.standardOutput).first)
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.map { $0["severity"] as? String } == ["warning", "warning", "warning", "warning"])
        #expect(findings.map { $0["path"] as? String } == ["/messageFrom", "/aps/badge", "/aps/sound", "/aps/alert"])
    }

    /// @parse/node-apn 5.2.3 to 6.0.1 wrote `events`: the start is still checked as a start.
    @Test("node-apn events start is checked as a start") func nodeAPNEventsStartIsCheckedAsAStart() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "events.json",
            #"{"aps":{"timestamp":1764500400,"events":"start","content-state":{"eta":5},"alert":{"title":"T","body":"B"}}}"#
        )
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "error: /aps/events: unknown 'aps' key 'events': did you mean 'event'? The push has no 'event'; the rules below read 'events' as 'event'; fix: rename 'events' to 'event'\n"
            ))
        #expect(
            result.standardOutput.contains("error: /aps/attributes-type: a start event requires 'attributes-type'\n"))
        #expect(result.standardOutput.contains("error: /aps/attributes: a start event requires 'attributes'\n"))
    }

    @Test("help says which figure is judged") func helpSaysWhichFigureIsJudged() throws {
        let check = try PaySizeProcess.run(["check", "--help"])
        for text in [
            "A JSON Lines line is judged by its bytes as logged",
            "  --as-sent               Judge a payload file by its bytes as written",
            "  --compact               Judge each JSON Lines line by its compact form",
        ] {
            #expect(check.standardOutput.contains(text), "\(text)")
        }
    }
}
