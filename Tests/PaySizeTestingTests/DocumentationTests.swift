import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

/// The failure messages the article "Testing Live Activity payloads" quotes are the ones the
/// checks write.
@Suite("Documentation")
struct DocumentationTests {
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/PaySizeTesting/PaySizeTesting.docc/TestingLiveActivityPayloads.md")
        .standardizedFileURL

    /// The contents of the article's ```text blocks.
    static func quotedMessages() throws -> [String] {
        var blocks: [String] = []
        var block: [Substring]?
        for line in String(decoding: try Data(contentsOf: article), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            if block == nil {
                if line == "```text" { block = [] }
            } else if line == "```" {
                blocks.append(block!.joined(separator: "\n"))
                block = nil
            } else {
                block!.append(line)
            }
        }
        return blocks
    }

    @Test("the budget failure of the flight with 20 legs")
    func budgetMessage() throws {
        let message = try #require(BudgetFitTests.flightOverMonitor().failureMessage)
        #expect(try Self.quotedMessages().contains(message))
    }

    @Test("the round trip of a delivery through an encoder that writes Unix seconds")
    func roundTripMessage() throws {
        var encoder = PayloadEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let message = try #require(
            ContentStateRoundTrip.check(RoundTripExpectationTests.delivery, encoder: encoder).failureMessage)
        #expect(try Self.quotedMessages().contains(message))
    }
}
