import Foundation
import Testing

/// `paysize check` on the `aps` date rules the push builder shares.
@Suite("paysize check: aps date rules") struct CheckCommandDateRuleTests {
    @Test("stale-date before timestamp fails with status 1") func staleDateBeforeTimestampFailsWithStatus1() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "stale.json",
            #"{"aps":{"timestamp":1764502200,"event":"update","content-state":{},"stale-date":1764500400}}"#)
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(path): safe — 92 of 4096 bytes, 4004 bytes of headroom
                  event update · content-state 2 bytes
                  \(path):1:81: error: /aps/stale-date: 'stale-date' 1764500400 is 1800 s before 'timestamp' 1764502200: the activity shows as stale the moment it arrives
                1 payload checked (1 safe); 1 error, 0 warnings
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
        #expect(result.standardError == "")
    }
}
