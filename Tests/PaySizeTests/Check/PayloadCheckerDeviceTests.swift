import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The two limits of a push: APNs' on the body as sent, ActivityKit's on the content state as the
/// device writes it, and `isRefused`, the one verdict a send gate needs.
@Suite("PayloadChecker's device verdict") struct PayloadCheckerDeviceTests {
    static func update(_ contentState: String) -> [UInt8] {
        Array(#"{"aps":{"timestamp":1764500400,"event":"update","content-state":\#(contentState)}}"#.utf8)
    }

    static let forumBody = update(DeviceWriterSamples.forumState)

    @Test("a body that fits as sent but not on the device is refused, naming both figures")
    func aBodyThatFitsAsSentButNotOnTheDeviceIsRefused() throws {
        let report = try PayloadChecker().check(Self.forumBody)
        #expect(report.payloadByteCount == 2093)
        #expect(report.tier == .monitor)
        #expect(report.contentStateByteCount == 2027)
        #expect(report.deviceContentStateByteCount == 4827)
        #expect(report.deviceActivityKitByteCount == 4827)
        #expect(report.deviceAttributesByteCount == nil)
        #expect(report.deviceWriter == .objc)
        #expect(report.deviceTier == .over)
        #expect(report.isRefused)
        #expect(report.hasErrors)
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .error)
        #expect(finding.code == .overLimit)
        #expect(finding.path == JSONPointer("aps", "content-state"))
        #expect(finding.byteOffset == 64)
        #expect(
            finding.message
                == "the content state is 4827 bytes as the device writes it (objc writer), over ActivityKit's 4096-byte limit by 731; as sent, 2027 bytes: 200 numbers grow to 17 significant digits ('1.91' is written '1.9099999999999999'), as iOS 16's JSONEncoder and a push re-written on the device write them; the device drops the update without an error"
        )
        #expect(
            finding.fix
                == "send numbers that keep their length under both writers: integers (cents, basis points, degrees × 10^5) or short binary fractions (multiples of 1/128); `paysize suggest` measures each"
        )
    }

    @Test("a team that measured its devices can judge the Swift writer alone")
    func aTeamThatMeasuredItsDevicesCanJudgeTheSwiftWriterAlone() throws {
        var budget = PayloadBudget()
        budget.deviceWriter = .swift
        let report = try PayloadChecker(budget: budget).check(Self.forumBody)
        #expect(report.deviceContentStateByteCount == 2027)
        #expect(report.deviceWriter == .swift)
        #expect(!report.isRefused)
        #expect(report.findings == [])
        budget.deviceWriter = .objc
        #expect(try PayloadChecker(budget: budget).check(Self.forumBody).deviceContentStateByteCount == 4827)
    }

    @Test("a start counts attributes and content state together on the device")
    func aStartCountsAttributesAndContentStateTogetherOnTheDevice() throws {
        let body = Array(
            #"{"aps":{"timestamp":1764500400,"event":"start","attributes-type":"A","attributes":{"logo":"https://x/y","p":0.1},"content-state":{"v":1.1},"alert":{"title":"t","body":"b"}}}"#
                .utf8)
        let report = try PayloadChecker().check(body)
        // {"logo":"https:\/\/x\/y","p":0.10000000000000001} and {"v":1.1000000000000001}
        #expect(report.attributesByteCount == 30)
        #expect(report.deviceAttributesByteCount == 49)
        #expect(report.contentStateByteCount == 9)
        #expect(report.deviceContentStateByteCount == 24)
        #expect(report.deviceActivityKitByteCount == 73)
        #expect(report.activityKitByteCount == 39)
        #expect(!report.isRefused)
    }

    @Test("a body over the limit is an over-limit error, so a gate on errors holds it back")
    func aBodyOverTheLimitIsAnOverLimitError() throws {
        let body = Self.update(#"{"pad":""# + String(repeating: "x", count: 4924) + #""}"#)
        #expect(body.count == 5000)
        let report = try PayloadChecker().check(body)
        #expect(report.tier == .over)
        #expect(report.hasErrors)
        #expect(report.isRefused)
        let finding = try #require(report.findings.first)
        #expect(finding.code == .overLimit)
        #expect(finding.byteOffset == 0)
        #expect(
            finding.message
                == "the payload is 5000 bytes, over the 4096-byte limit by 904 (APNs answers 413 PayloadTooLarge)")
        // The content state alone is over ActivityKit's limit too, by either writer.
        #expect(report.findings.map(\.code) == [.overLimit, .overLimit])
        #expect(report.findings[1].message.contains("(either writer)"))
    }

    @Test("integers, strings and short binary fractions keep their length on the device")
    func integersStringsAndShortBinaryFractionsKeepTheirLengthOnTheDevice() throws {
        let report = try PayloadChecker().check(Self.update(#"{"n":42,"s":"Ana","p":0.53125,"q":-0.5}"#))
        #expect(report.deviceContentStateByteCount == report.contentStateByteCount)
        #expect(report.device?.writersAgree == true)
    }
}
