import Foundation
import PaySize
import PaySizeTesting
import Testing

/// The budget helpers judge the larger of the two writers' figures by default, and a failure
/// names both.
@Suite("Fits the budget on every device")
struct BudgetFitDeviceTests {
    struct Chart: Codable {
        var values: [Double]
        var note: String
    }

    /// The forum's state: 200 values of 1.91 in 2027 bytes, 4827 at 17 digits.
    static let chart = Chart(values: Array(repeating: 1.91, count: 200), note: String(repeating: "x", count: 1005))

    static func budget(_ writer: DeviceWriter) -> PayloadBudget {
        var budget = PayloadBudget()
        budget.deviceWriter = writer
        return budget
    }

    @Test("a content state that fits as the Swift writer writes it fails as iOS 16 writes it")
    func aContentStateThatFitsAsTheSwiftWriterWritesItFailsAsIOS16WritesIt() throws {
        let fit = BudgetFit(contentState: Self.chart)
        #expect(!fit.fits)
        #expect(fit.byteCount == 4827)
        #expect(fit.deviceWriter == .objc)
        let message = try #require(fit.failureMessage)
        #expect(
            message.hasPrefix(
                """
                the content state is 4827 bytes as the device writes it (objc writer), 731 over ActivityKit's 4096-byte limit
                2027 bytes as the swift writer writes them
                tier over (advisory), 731 bytes over the 4096-byte limit
                """))
        #expect(
            message.hasSuffix(
                "measured as: PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact, by the larger of the swift and objc writers; ActivityKit limit on attributes + content state; tiers are advisory"
            ))
        let swiftOnly = BudgetFit(contentState: Self.chart, within: .tier(.critical, of: Self.budget(.swift)))
        #expect(swiftOnly.fits)
        #expect(swiftOnly.byteCount == 2027)
        #expect(swiftOnly.deviceWriter == .swift)
        let tight = BudgetFit(contentState: Self.chart, within: .bytes(2000, budget: Self.budget(.swift)))
        #expect(
            tight.failureMessage?.hasPrefix(
                """
                the content state is 2027 bytes as the device writes it (swift writer), 27 over the allowed 2000 bytes
                4827 bytes as the objc writer writes them
                """) == true)
    }

    @Test("a payload is judged on the larger of its body and its content state on the device")
    func aPayloadIsJudgedOnTheLargerOfItsBodyAndItsContentStateOnTheDevice() throws {
        let push = LiveActivityPush<Chart, Never>.update(
            contentState: Self.chart, timestamp: Date(timeIntervalSince1970: 1_764_500_400))
        var unchecked = push
        unchecked.budget.deviceWriter = .swift
        let body = try unchecked.encoded().bytes
        let fit = BudgetFit(payload: body)
        #expect(fit.byteCount == 4827)
        #expect(fit.deviceWriter == .objc)
        #expect(
            fit.failureMessage?.hasPrefix(
                """
                the payload is 4827 bytes as the device writes its content state (objc writer), 731 over ActivityKit's 4096-byte limit
                the body is 2093 bytes as sent, its content state 2027
                """) == true)
        #expect(BudgetFit(payload: body, within: .tier(.critical, of: Self.budget(.swift))).byteCount == 2093)
        // A push that is over on the device cannot be sent: the builder refuses it.
        #expect(BudgetFit(push: push).problem?.hasPrefix("the push cannot be sent: the content state is 4827") == true)
    }

    @Test("a state without non-integral numbers has one figure, named once")
    func aStateWithoutNonIntegralNumbersHasOneFigureNamedOnce() {
        let fit = BudgetFit(contentState: ["eta": 5, "stops": 3], within: 10)
        #expect(fit.byteCount == 19)
        #expect(fit.deviceWriter == nil)
        #expect(
            fit.failureMessage?.hasPrefix("the content state is 19 bytes, 9 over the allowed 10 bytes\ntier") == true)
    }
}
