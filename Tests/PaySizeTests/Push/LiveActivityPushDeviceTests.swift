import Foundation
@_spi(Internals) import PaySize
import Testing

/// The push builder judges ActivityKit's limit as the device writes the content state, and an
/// over-limit push is matchable as `.overLimit` whatever else it breaks.
@Suite("LiveActivityPush on the device") struct LiveActivityPushDeviceTests {
    struct Chart: Codable {
        var values: [Double]
        var note: String
    }

    static let now = Date(timeIntervalSince1970: 1_764_500_400)
    /// The forum's state: 200 values of 1.91 in 2027 bytes, 4827 at 17 digits.
    static let chart = Chart(values: Array(repeating: 1.91, count: 200), note: String(repeating: "x", count: 1005))

    @Test("a push that fits as sent but not on the device throws with both figures")
    func aPushThatFitsAsSentButNotOnTheDeviceThrowsWithBothFigures() throws {
        let push = LiveActivityPush<Chart, Never>.update(contentState: Self.chart, timestamp: Self.now)
        do {
            _ = try push.encoded()
            Issue.record("the push is over ActivityKit's limit on the device")
        } catch let error as LiveActivityPushError where error.kind == .overLimit {
            #expect(error.report.contentStateByteCount == 2027)
            #expect(error.report.deviceContentStateByteCount == 4827)
            #expect(error.report.deviceWriter == .objc)
            #expect(error.report.isRefused)
            let finding = try #require(error.report.findings.first)
            #expect(finding.code == .overLimit)
            #expect(finding.message.hasPrefix("the content state is 4827 bytes as the device writes it (objc writer)"))
            #expect(finding.message.contains("as sent, 2027 bytes: 200 numbers grow to 17 significant digits"))
            #expect(error.violations == error.report.findings)
        }
        var swiftOnly = push
        swiftOnly.budget.deviceWriter = .swift
        let encoded = try swiftOnly.encoded()
        #expect(encoded.report.deviceContentStateByteCount == 2027)
        #expect(!encoded.report.isRefused)
    }

    @Test("over the limit and breaking a rule is still matched as over the limit")
    func overTheLimitAndBreakingARuleIsStillMatchedAsOverTheLimit() throws {
        var push = LiveActivityPush<Chart, Never>.update(
            contentState: Chart(values: [], note: String(repeating: "x", count: 5000)), timestamp: Self.now)
        push.dismissalDate = Self.now
        do {
            _ = try push.encoded()
            Issue.record("the push is over the limit and has dismissal-date on an update")
        } catch let error as LiveActivityPushError where error.kind == .overLimit {
            #expect(error.violations.map(\.code) == [.overLimit, .overLimit, .keyNotAllowed])
            #expect(error.report.findings.allSatisfy { $0.code != nil })
            #expect(error.report.findings.first?.message.hasPrefix("the payload is 5") == true)
        }
    }
}
