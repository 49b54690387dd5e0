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

    /// Every suggestion saves bytes on the body or on the device: `savedBytes` equals the size
    /// difference of the payload it produced, `deviceSavings` the difference of ActivityKit's
    /// figure under each writer as `DeviceSize` measures it, one of the two judged savings is
    /// positive; that payload is compact strict JSON; zero-saving findings measure 0 on both.
    static func checkSavings(_ report: ShrinkReport, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = deviceCounts(of: report.jsonBytes, like: report)
        #expect(
            before?.judged(by: report.budget.deviceWriter).byteCount == report.deviceByteCount,
            "the report's device figure", sourceLocation: sourceLocation)
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
            let after = deviceCounts(of: produced, like: report)
            let savings = zip2(before, after).map { $0 - $1 }
            #expect(suggestion.deviceSavings == savings, "\(suggestion.id)", sourceLocation: sourceLocation)
            let judged = zip2(before, after).map {
                $0.judged(by: report.budget.deviceWriter).byteCount
                    - $1.judged(by: report.budget.deviceWriter).byteCount
            }
            #expect(suggestion.deviceSavedBytes == judged, "\(suggestion.id)", sourceLocation: sourceLocation)
        }
        for suggestion in report.suggestions {
            #expect(
                suggestion.savedBytes > 0 || (suggestion.deviceSavedBytes ?? 0) > 0, "\(suggestion.id)",
                sourceLocation: sourceLocation)
        }
        for finding in report.zeroSavings {
            #expect(finding.savedBytes == 0, "\(finding.id)", sourceLocation: sourceLocation)
            #expect((finding.deviceSavedBytes ?? 0) == 0, "\(finding.id)", sourceLocation: sourceLocation)
        }
    }

    /// Both optionals, when both are there.
    private static func zip2<A, B>(_ first: A?, _ second: B?) -> (A, B)? {
        guard let first, let second else { return nil }
        return (first, second)
    }

    /// ActivityKit's figure of `bytes` under each writer, measured by `DeviceSize` (what
    /// `paysize check` uses), independently of the advisor: a push's content state and a start's
    /// attributes, a bare content state (an object), or for a pair report the two wrapped values.
    static func deviceCounts(of bytes: [UInt8], like report: ShrinkReport) -> WrittenByteCounts? {
        guard let root = try? JSONScanner.scan(bytes, duplicateKeys: .allow) else { return nil }
        let size: DeviceSize?
        if report.jsonBytes.count != report.byteCount {
            size = DeviceSize(contentState: root["content-state"], attributes: root["attributes"], choice: .larger)
        } else if let aps = root["aps"], aps.members != nil {
            let isStart = (aps["event"] ?? aps["events"])?.stringValue == "start"
            size = DeviceSize(
                contentState: aps["content-state"].flatMap { $0.members == nil ? nil : $0 },
                attributes: isStart ? aps["attributes"].flatMap { $0.members == nil ? nil : $0 } : nil,
                choice: .larger)
        } else if root.members != nil {
            size = DeviceSize(contentState: root, attributes: nil, choice: .larger)
        } else {
            size = nil
        }
        guard let size, let swift = size.figures(of: .swift), let objc = size.figures(of: .objc) else { return nil }
        return WrittenByteCounts(swift: swift.activityKitByteCount, objc: objc.activityKitByteCount)
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

extension JSONPointer {
    /// The pattern written as `text`, such as `/legs/*/gate` (`*` for every element); stops
    /// the test run when `text` is not one.
    static func pattern(_ text: String) -> JSONPointer {
        guard let pointer = JSONPointer(patternText: text) else { preconditionFailure("not a pattern: '\(text)'") }
        return pointer
    }
}
