import Foundation
@_spi(Internals) import PaySize
import PaySizeCompression
import Testing

@testable import PaySizeCommandLine

/// The paths of a log's largest payloads, as the summary's HTML page shows them: each payload's
/// breakdown added up per path, from a second read of the log.
@Suite("Largest paths of a log summary") struct LogPathSizesTests {
    /// Three payloads among a blank line, a CRLF line break and a malformed line, the last line
    /// without a line break. Compact bytes: line 1 is 17, line 3 is 25, line 5 is 32.
    static let log =
        #"{"a":1,"b":[1,2]}"# + "\n\n" + #"{"a":"xy","c":{"d":true}}"# + "\r\nnot json\n"
        + #"{"legs":[{"g":"B1"},{"g":"B2"}]}"#

    /// Path, total bytes, most in one payload, payloads with it, in the table's order.
    static let expectedRows: [(String, Int, Int, Int)] = [
        // Two elements of `{"g":"B1"}`: key 3, colon 1, value 4, twice.
        ("/legs/*/g", 16, 16, 1),
        // `"a":"xy"` (8) in line 3 and `"a":1` with its comma (5) in line 1.
        ("/a", 13, 8, 2),
        // Key 6, colon, comma, brackets.
        ("/legs", 9, 9, 1),
        ("/c/d", 8, 8, 1),
        ("/c", 7, 7, 1),
        ("/b", 7, 7, 1),
        // Two brackets in each payload.
        ("", 6, 2, 3),
        // Each element's brackets and the comma between them.
        ("/legs/*", 5, 5, 1),
        ("/b/*", 3, 3, 1),
    ]

    static func rows(_ sizes: LogPathSizes) -> [(String, Int, Int, Int)] {
        sizes.rows.map { ($0.path.rawValue, $0.totalBytes, $0.maximumBytes, $0.payloadCount) }
    }

    @Test("adds up the breakdowns of the kept lines per path") func addsUpBreakdownsPerPath() throws {
        let sizes = try LogPathSizes.collect(
            lines: [5, 3, 1], from: .memory(Array(Self.log.utf8)), field: nil, maximumLineByteCount: 1 << 20,
            maximumDepth: 512)
        #expect(sizes.payloadCount == 3)
        #expect(sizes.byteCount == 74)
        let rows = Self.rows(sizes)
        #expect(rows.count == Self.expectedRows.count)
        for (row, expected) in zip(rows, Self.expectedRows) { #expect(row == expected) }
        #expect(rows.map(\.1).reduce(0, +) == 74)
    }

    @Test("reads only the lines asked for, and skips one that holds no payload") func readsOnlyTheLinesAskedFor()
        throws
    {
        let sizes = try LogPathSizes.collect(
            lines: [4, 3], from: .memory(Array(Self.log.utf8)), field: nil, maximumLineByteCount: 1 << 20,
            maximumDepth: 512)
        #expect(sizes.payloadCount == 1)
        #expect(sizes.byteCount == 25)
        #expect(Self.rows(sizes).map(\.0) == ["/a", "/c/d", "/c", ""])
    }

    @Test("a payload nested deeper than the default limit is read at --max-depth") func payloadDeeperThanDefault()
        throws
    {
        // 600 nested arrays around 1: 1 201 bytes, deeper than the default limit of 512.
        let deep = String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600)
        let log = Array((#"{"a":"# + deep + "}\n").utf8)
        let sizes = try LogPathSizes.collect(
            lines: [1], from: .memory(log), field: nil, maximumLineByteCount: 1 << 20, maximumDepth: 1000)
        #expect(sizes.payloadCount == 1)
        #expect(sizes.byteCount == 1207)
        let limited = try LogPathSizes.collect(
            lines: [1], from: .memory(log), field: nil, maximumLineByteCount: 1 << 20, maximumDepth: 512)
        #expect(limited.payloadCount == 0)
    }

    @Test("a payload at --field, as an object or as JSON text in a string") func payloadAtField() throws {
        let log = #"{"id":7,"body":{"a":[1,2,3]}}"# + "\n" + #"{"id":8,"body":"{\"a\":[4]}"}"# + "\n"
        let sizes = try LogPathSizes.collect(
            lines: [1, 2], from: .memory(Array(log.utf8)), field: JSONPointer("body"), maximumLineByteCount: 1 << 20,
            maximumDepth: 512)
        #expect(sizes.payloadCount == 2)
        // `{"a":[1,2,3]}` is 13 bytes and `{"a":[4]}` 9.
        #expect(sizes.byteCount == 22)
        let rows = Self.rows(sizes)
        #expect(rows.count == 3)
        for (row, expected) in zip(rows, [("/a", 12, 6, 2), ("/a/*", 6, 5, 2), ("", 4, 2, 2)]) {
            #expect(row == expected)
        }
    }

    @Test("the page of a log file shows its largest paths") func pageOfALogFile() throws {
        let folder = try TemporaryFolder()
        for name in ["kept.jsonl", "kept.jsonl.zst"] {
            let bytes = Array(Self.log.utf8)
            let written = try name.hasSuffix(".zst") ? Array(Zstd.compress(bytes, level: 3)) : bytes
            let path = try folder.write(name, written)
            let streams = OutputStreams.capturing()
            let status = PaySizeCommand.main(
                arguments: ["check", "--summary", "--format", "html", path], streams: streams)
            #expect(status == .badInput)
            #expect(streams.errorText == "\(path):4:1: error: (root): expected a JSON value, found 'not' (byte 0)\n")
            let html = streams.outputText
            #expect(html.contains(#"<h2 id="paths-heading">Largest paths in the 3 largest payloads</h2>"#))
            #expect(html.contains("then added up per path over those 3 payloads, 74 bytes in all.</p>"))
            #expect(html.contains("<caption>The 9 of 9 paths with the most bytes, most first</caption>"))
            #expect(
                html.contains(
                    #"<tr><td class="path">/legs/*/g</td><td class="num">16</td><td class="num">21.6%</td><td class="num">16</td><td class="num">1 of 3</td></tr><tr><td class="path">/a</td><td class="num">13</td>"#
                ))
            #expect(
                html.contains(
                    #"<tr><td class="path">(root)</td><td class="num">6</td><td class="num">8.1%</td><td class="num">2</td><td class="num">3 of 3</td></tr>"#
                ))
        }
    }

    @Test("standard input cannot be read twice: the page says so") func standardInputSaysSo() {
        let streams = OutputStreams.capturing(standardInput: Array(Self.log.utf8))
        let status = PaySizeCommand.main(
            arguments: ["check", "--summary", "--format", "html", "--lines", "-"], streams: streams)
        #expect(status == .badInput)
        #expect(
            streams.outputText.contains(
                #"<h2 id="paths-heading">Largest paths</h2><p>Standard input cannot be read a second time, so the paths of its largest payloads are not shown; give the log as a file to see them.</p></section>"#
            ))
        #expect(!streams.outputText.contains("<table class=\"paths\">"))
    }
}
