import Foundation
import Testing

/// `paysize check` judges ActivityKit's limit as the device writes the content state: the forum's
/// case end to end, `--device-writer`, and the JSON fields a pipeline reads.
@Suite("paysize check on the device", .timeLimit(.minutes(2))) struct CheckCommandDeviceTests {
    /// An update whose content state is 2027 bytes holding 200 values of 1.91: 4827 bytes at 17
    /// digits (forum thread 845605).
    static let forumBody =
        #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"values":["#
        + Array(repeating: "1.91", count: 200).joined(separator: ",") + #"],"note":""#
        + String(repeating: "x", count: 1005) + #""}}}"#

    @Test("the forum's push fits as sent and fails on the device, naming both figures")
    func theForumsPushFitsAsSentAndFailsOnTheDevice() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("forum.json", Self.forumBody)
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                \(path): monitor — 2093 of 4096 bytes, 2003 bytes of headroom
                  event update · content-state 2027 bytes
                  on the device (objc writer): 4827 of 4096 bytes for ActivityKit, 731 over; swift writer 2027
                  \(path):1:65: error: /aps/content-state: the content state is 4827 bytes as the device writes it (objc writer), over ActivityKit's 4096-byte limit by 731; as sent, 2027 bytes: 200 numbers grow to 17 significant digits ('1.91' is written '1.9099999999999999'), as iOS 16's JSONEncoder and a push re-written on the device write them; the device drops the update without an error; fix: send numbers that keep their length under both writers: integers (cents, basis points, degrees × 10^5) or short binary fractions (multiples of 1/128); `paysize suggest` measures each
                1 payload checked (1 monitor); 1 error, 0 warnings
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
    }

    @Test("--device-writer swift passes it, objc and larger fail it")
    func deviceWriterSwiftPassesItObjcAndLargerFailIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("forum.json", Self.forumBody)
        let swift = try PaySizeProcess.run(["check", "--device-writer", "swift", "--format", "json", path])
        #expect(swift.status == 0)
        let report = try #require(try CheckCommandTests.jsonLines(swift.standardOutput).first)
        #expect(report["deviceContentStateBytes"] as? Int == 2027)
        #expect(report["deviceActivityKitBytes"] as? Int == 2027)
        #expect(report["deviceWriter"] as? String == "swift")
        #expect(report["refused"] as? Bool == false)
        for writer in ["objc", "larger"] {
            let result = try PaySizeProcess.run(["check", "--device-writer", writer, "--format", "json", path])
            #expect(result.status == 1)
            let report = try #require(try CheckCommandTests.jsonLines(result.standardOutput).first)
            #expect(report["contentStateBytes"] as? Int == 2027)
            #expect(report["deviceContentStateBytes"] as? Int == 4827)
            #expect(report["deviceAttributesBytes"] is NSNull)
            #expect(report["deviceActivityKitBytes"] as? Int == 4827)
            #expect(report["deviceWriter"] as? String == "objc")
            #expect(report["deviceTier"] as? String == "over")
            #expect(report["tier"] as? String == "monitor")
            #expect(report["refused"] as? Bool == true)
            let finding = try #require((report["findings"] as? [[String: Any]])?.first)
            #expect(finding["code"] as? String == "overLimit")
            #expect(finding["path"] as? String == "/aps/content-state")
        }
        let unknown = try PaySizeProcess.run(["check", "--device-writer", "ios16", path])
        #expect(unknown.status == 2)
        #expect(
            unknown.standardError
                == "paysize: error: unknown writer 'ios16' for '--device-writer'; expected swift, objc or larger (see 'paysize check --help')\n"
        )
    }

    @Test("a log summary counts the pushes over on the device")
    func aLogSummaryCountsThePushesOverOnTheDevice() throws {
        let folder = try TemporaryFolder()
        let small = #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"p":0.5,"eta":5}}}"#
        let log = try folder.write("day.jsonl", [small, Self.forumBody, small].joined(separator: "\n") + "\n")
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", log])
        #expect(result.status == 1)
        let summary = try #require(try CheckCommandTests.jsonLines(result.standardOutput).first)
        #expect(summary["overOnDevice"] as? Int == 1)
        #expect(summary["deviceWriter"] as? String == "larger")
        #expect(
            summary["deviceTiers"] as? [String: Int] == ["safe": 2, "monitor": 0, "risky": 0, "critical": 0, "over": 1])
        #expect((summary["deviceActivityKitBytes"] as? [String: Int])?["max"] == 4827)
        #expect(summary["payloadsWithErrors"] as? Int == 1)
        #expect(summary["failing"] as? Int == 1)
        let swift = try PaySizeProcess.run(["check", "--summary", "--device-writer", "swift", log])
        #expect(swift.status == 0)
        #expect(
            swift.standardOutput.contains(
                "  on the device (the swift writer): 0 payloads over ActivityKit's 4096-byte limit; ActivityKit bytes p50 17, p90 2027, p99 2027, max 2027 (3 values)\n"
            ))
    }
}
