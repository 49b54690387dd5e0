import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Helpers the shrinking tests share: Foundation's bytes for a value, and a suggestion checked
/// for an exact saving.
enum ShrinkTestSupport {
    /// `value` as `JSONEncoder` writes it with `.sortedKeys` (compact, `/` escaped).
    static func json<T: Encodable>(_ value: T, formatting: JSONEncoder.OutputFormatting = []) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting.union(.sortedKeys)
        return Array(try encoder.encode(value))
    }

    /// Decodes `bytes` as the device does: a default `JSONDecoder`.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    /// The report on compact `bytes` and its one suggestion of kind `kind`, after
    /// checking what every suggestion must satisfy: its saving is the exact byte difference of
    /// the payload it produced, which is compact, strict JSON.
    static func suggestion(
        _ kind: String, in bytes: [UInt8], series: [[UInt8]] = [], advisor: ShrinkAdvisor = ShrinkAdvisor(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (report: ShrinkReport, suggestion: ShrinkSuggestion) {
        let report = try advisor.report(forJSONBytes: bytes, series: series)
        #expect(report.byteCount == bytes.count, "the input is compact", sourceLocation: sourceLocation)
        checkSavings(report, sourceLocation: sourceLocation)
        let matching = report.suggestions.filter { $0.kind == kind }
        try #require(
            matching.count == 1, "\(matching.count) \(kind) suggestions in \(report.suggestions.map(\.id))",
            sourceLocation: sourceLocation)
        return (report, matching[0])
    }

    /// Every suggestion's `savedBytes` is positive and equals the size difference of the
    /// payload it produced; that payload is compact strict JSON; zero-saving findings measure 0.
    static func checkSavings(_ report: ShrinkReport, sourceLocation: SourceLocation = #_sourceLocation) {
        for suggestion in report.suggestions + report.zeroSavings {
            let produced = suggestion.jsonBytes
            let scanned = try? JSONScanner.scan(produced)
            #expect(scanned != nil, "\(suggestion.id) produced invalid JSON", sourceLocation: sourceLocation)
            #expect(
                scanned?.compactByteCount == produced.count, "\(suggestion.id) is not compact",
                sourceLocation: sourceLocation)
            #expect(
                suggestion.savedBytes == report.byteCount - measuredSize(of: produced, like: report),
                "\(suggestion.id)", sourceLocation: sourceLocation)
            #expect(suggestion.byteCount == report.byteCount - suggestion.savedBytes, sourceLocation: sourceLocation)
            #expect(
                suggestion.newTier == report.budget.tier(forByteCount: suggestion.byteCount),
                sourceLocation: sourceLocation)
        }
        for suggestion in report.suggestions {
            #expect(suggestion.savedBytes > 0, "\(suggestion.id)", sourceLocation: sourceLocation)
        }
        for finding in report.zeroSavings {
            #expect(finding.savedBytes == 0, "\(finding.id)", sourceLocation: sourceLocation)
        }
    }

    /// The size of `bytes` measured independently of the advisor: the compact size of a payload,
    /// or for a pair report (its JSON is a wrapper) the sum of the wrapped attributes and
    /// content state.
    static func measuredSize(of bytes: [UInt8], like report: ShrinkReport) -> Int {
        guard let root = try? JSONScanner.scan(bytes, duplicateKeys: .allow) else { return -1 }
        guard report.jsonBytes.count != report.byteCount else { return root.compactByteCount }
        return (root["attributes"]?.compactByteCount ?? 0) + (root["content-state"]?.compactByteCount ?? 0)
    }
}
