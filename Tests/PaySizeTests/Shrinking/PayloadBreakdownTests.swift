import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Where the bytes go: every byte in exactly one row, rows folded over array elements.
@Suite("PayloadBreakdown") struct PayloadBreakdownTests {
    @Test("rows split keys values and punctuation") func rowsSplitKeysValuesAndPunctuation() throws {
        let breakdown = try PayloadBreakdown(jsonBytes: Array(#"{"legs":[{"gate":"B20"},{"gate":"B21"}]}"#.utf8))
        #expect(breakdown.byteCount == 40)
        #expect(
            breakdown.rows == [
                .init(path: .pattern("/legs/*/gate"), count: 2, keyBytes: 12, valueBytes: 10, punctuationBytes: 2),
                .init(path: .pattern("/legs"), count: 1, keyBytes: 6, valueBytes: 0, punctuationBytes: 3),
                .init(path: .pattern("/legs/*"), count: 2, keyBytes: 0, valueBytes: 0, punctuationBytes: 5),
                .init(path: .pattern(""), count: 1, keyBytes: 0, valueBytes: 0, punctuationBytes: 2),
            ])
        #expect(breakdown.rows.map(\.totalBytes) == [24, 9, 5, 2])
        #expect(breakdown.rows.last?.displayPath == "(root)")
    }

    @Test("whitespace is not counted") func whitespaceIsNotCounted() throws {
        let pretty = try PayloadBreakdown(jsonBytes: Array("{\n  \"a\" : [ 1, 2 ],\n  \"b\" : \"x y\"\n}\n".utf8))
        let compact = try PayloadBreakdown(jsonBytes: Array(#"{"a":[1,2],"b":"x y"}"#.utf8))
        #expect(pretty == compact)
        #expect(compact.byteCount == 21)
    }

    @Test("escaped keys and tokens count as written") func escapedKeysAndTokensCountAsWritten() throws {
        let breakdown = try PayloadBreakdown(jsonBytes: Array(#"{"a\/b":1.50,"\u00e9":"\/"}"#.utf8))
        #expect(
            breakdown.rows.first { $0.path.rawValue == "/a~1b" }
                == .init(path: .pattern("/a~1b"), count: 1, keyBytes: 6, valueBytes: 4, punctuationBytes: 1))
        #expect(
            breakdown.rows.first { $0.path.rawValue == "/é" }
                == .init(path: .pattern("/é"), count: 1, keyBytes: 8, valueBytes: 4, punctuationBytes: 2))
    }

    /// Every file under `Examples/` and every JSONTestSuite `y_` case.
    static let payloadFiles: [URL] = {
        let manager = FileManager.default
        var files: [URL] = []
        for folder in [TestPaths.examples, TestPaths.examples.appendingPathComponent("shrink")] {
            for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".json") {
                files.append(folder.appendingPathComponent(name))
            }
        }
        let suite = TestPaths.fixtures.appendingPathComponent("JSONTestSuite/test_parsing")
        for name in (try? manager.contentsOfDirectory(atPath: suite.path)) ?? [] where name.hasPrefix("y_") {
            files.append(suite.appendingPathComponent(name))
        }
        return files.sorted { $0.path < $1.path }
    }()

    @Test("rows add up to the compact size of every test payload") func rowsAddUpToTheCompactSizeOfEveryTestPayload()
        throws
    {
        #expect(Self.payloadFiles.count >= 100)
        for file in Self.payloadFiles {
            let bytes = Array(try Data(contentsOf: file))
            let root = try JSONScanner.scan(bytes, duplicateKeys: .allow)
            let breakdown = PayloadBreakdown(element: root)
            #expect(
                breakdown.rows.reduce(0) { $0 + $1.totalBytes } == root.compactByteCount, "\(file.lastPathComponent)")
            #expect(breakdown.byteCount == root.compactByteCount, "\(file.lastPathComponent)")
            #expect(root.compactJSONBytes(in: bytes).count == root.compactByteCount, "\(file.lastPathComponent)")
        }
    }

    @Test("series lines add up too") func seriesLinesAddUpToo() throws {
        let text = try String(
            contentsOf: TestPaths.examples.appendingPathComponent("shrink/match-series.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { Array($0.utf8) }
        #expect(lines.count == 12)
        for line in lines {
            let breakdown = try PayloadBreakdown(jsonBytes: line)
            #expect(breakdown.byteCount == line.count)
            #expect(breakdown.rows.reduce(0) { $0 + $1.totalBytes } == line.count)
        }
    }

    struct Attributes: Codable {
        var orderNumber: String
        var restaurant: String
    }

    struct State: Codable {
        var courierName: String
        var etaDate: Date
        var stops: [Int]
    }

    @Test("a pair report adds up to ActivityKit's figure") func aPairReportAddsUpToActivityKitsFigure() throws {
        let attributes = Attributes(orderNumber: "A-1042", restaurant: "Trattoria Roma")
        let state = State(
            courierName: "Sam", etaDate: Date(timeIntervalSinceReferenceDate: 786_207_600), stops: [1, 2, 3])
        let report = try ShrinkAdvisor().report(attributes: attributes, contentState: state)
        let expected = try ActivitySizeReport(attributes: attributes, contentState: state).byteCount
        #expect(report.byteCount == expected)
        #expect(report.breakdown.byteCount == expected)
        #expect(report.breakdown.rows.reduce(0) { $0 + $1.totalBytes } == expected)
        #expect(
            report.breakdown.rows.allSatisfy {
                $0.path.rawValue.hasPrefix("/attributes") || $0.path.rawValue.hasPrefix("/content-state")
            }
        )
    }
}
