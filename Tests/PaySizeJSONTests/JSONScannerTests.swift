import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

@Suite("JSONScanner") struct JSONScannerTests {
    static let sizeCases: [String] = [
        #"{"a":1}"#,
        "{\n  \"a\" : [ 1 , 2 , 3 ],\n\t\"b\" : { }\r\n}\n",
        #"  "caf\u00e9 — ✈️ \" \\ \/ \n"  "#,
        #"[ -0.5e+3 , 1E9, 0, -0, 1.50 ]"#,
        "{ \"emoji 🏈\" : \"score 21 – 17\", \"k\" : [ true, false, null ] }",
        #"{"deep":[[[[{"x":[ ]}]]]]}"#,
    ]

    @Test("compact size matches independent count", arguments: sizeCases)
    func compactSizeMatchesIndependentCount(_ text: String) throws {
        let bytes = Array(text.utf8)
        let root = try JSONScanner.scan(bytes)
        #expect(root.compactByteCount == CompactSize.byteCount(of: bytes))
    }

    @Test("compact size agrees with Foundation for plain values") func compactSizeAgreesWithFoundationForPlainValues()
        throws
    {
        // Foundation re-encodes, so compare only where re-encoding keeps every token: ASCII
        // strings without '/', integers.
        let value: [String: Any] = [
            "aps": ["event": "update", "timestamp": 1_764_500_400, "content-state": ["a": [1, 2, 3], "b": "text"]]
        ]
        let pretty = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        let compact = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        #expect(try JSONScanner.scan(Array(pretty)).compactByteCount == compact.count)
        #expect(try JSONScanner.scan(Array(compact)).compactByteCount == compact.count)
    }

    @Test("members keep byte ranges and tokens") func membersKeepByteRangesAndTokens() throws {
        let text = "{ \"a\" : [1, 2.50], \"b\\u0063\": \"x\" }"
        let root = try JSONScanner.scan(Array(text.utf8))
        let a = try #require(root["a"])
        #expect(a.byteRange == 8..<17)
        #expect(a.compactByteCount == 8)
        #expect(a.elements?[1].numberText == "2.50")
        #expect(root.members?.map(\.key) == ["a", "bc"])
        #expect(root.members?[1].keyRange == 19..<28)
        #expect(root["bc"]?.stringValue == "x")
    }

    @Test("decodes escapes and surrogate pairs") func decodesEscapesAndSurrogatePairs() throws {
        let root = try JSONScanner.scan(Array(#""\ud83c\udfc8 \u00e9\t\/""#.utf8))
        #expect(root.stringValue == "🏈 é\t/")
    }

    /// (input, line, column, byte offset, path, message)
    static let errorCases: [(String, Int, Int, Int, String, String)] = [
        ("", 1, 1, 0, "(root)", "expected a JSON value, found end of input"),
        (
            "\u{FEFF}{}", 1, 1, 0, "(root)",
            "expected a JSON value, found a UTF-8 byte order mark (JSON text must not start with U+FEFF)"
        ),
        ("{\"a\": NaN}", 1, 7, 6, "/a", "expected a JSON value, found 'NaN'"),
        ("[1, Infinity]", 1, 5, 4, "/1", "expected a JSON value, found 'Infinity'"),
        (
            "{\"a\": 012}", 1, 8, 7, "/a",
            "expected ',', ']', '}' or the end of the number, found a digit after a leading zero (numbers may not have leading zeros)"
        ),
        ("{\"a\": 1} x", 1, 10, 9, "(root)", "expected the end of the input after the top-level value, found 'x'"),
        (
            "{\n  \"aps\": {\"event\": \"update\",\n  \"event\": \"end\"}}", 3, 3, 33, "/aps",
            "expected unique keys, found duplicate key 'event' (first at byte 12)"
        ),
        (
            #"["\ud800"]"#, 1, 3, 2, "/0",
            "expected a surrogate pair, found lone surrogate '\\ud800' (it is not a Unicode scalar)"
        ),
        (
            #"["\udc00\ud800"]"#, 1, 3, 2, "/0",
            "expected a surrogate pair, found lone surrogate '\\udc00' (it is not a Unicode scalar)"
        ),
        ("{\"a\" 1}", 1, 6, 5, "/a", "expected ':' after an object key, found '1'"),
        ("[1 2]", 1, 4, 3, "/1", "expected ',' or ']' after an array element, found '2'"),
        ("{\"a\":1,}", 1, 8, 7, "(root)", "expected an object key (a string) after ',', found '}'"),
        (
            "\"tab\there\"", 1, 5, 4, "(root)",
            "expected '\\\\' before control character U+0009 in string (control characters must be escaped)"
        ),
        (
            "\"\\x\"", 1, 3, 2, "(root)",
            "expected an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t' or '\\uXXXX'), found 'x'"
        ),
        ("[-]", 1, 3, 2, "/0", "expected a digit after '-', found ']'"),
        ("{\"a\": [1, {\"b\": tru}]}", 1, 17, 16, "/a/1/b", "expected a JSON value, found 'tru'"),
    ]

    @Test("errors have location path and message", arguments: errorCases)
    func errorsHaveLocationPathAndMessage(_ errorCase: (String, Int, Int, Int, String, String)) {
        let (input, line, column, offset, path, message) = errorCase
        #expect(throws: JSONScanError.self) { try JSONScanner.scan(Array(input.utf8)) }
        do {
            _ = try JSONScanner.scan(Array(input.utf8))
        } catch let error as JSONScanError {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.byteOffset == offset)
            #expect(error.path.description == path)
            #expect(error.message == message)
            #expect(error.description == "\(line):\(column): \(path): \(message) (byte \(offset))")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("refuses invalid UTF-8 with the byte") func refusesInvalidUTF8WithTheByte() {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(throws: JSONScanError.self) { try JSONScanner.scan(bytes) }
        do { _ = try JSONScanner.scan(bytes) } catch let error as JSONScanError {
            #expect(error.message == "expected valid UTF-8, found byte 0x28")
            #expect(error.byteOffset == 5)
        } catch { Issue.record("\(error)") }
        // Overlong encodings and encoded surrogates are refused at their lead or second byte.
        #expect(throws: JSONScanError.self) { try JSONScanner.scan([0x22, 0xC0, 0xAF, 0x22]) }
        #expect(throws: JSONScanError.self) { try JSONScanner.scan([0x22, 0xED, 0xA0, 0x80, 0x22]) }
        #expect(throws: JSONScanError.self) { try JSONScanner.scan([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]) }
    }

    @Test("deep nesting stops at the limit without recursion") func deepNestingStopsAtTheLimitWithoutRecursion() {
        let deep =
            [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000)
        do {
            _ = try JSONScanner.scan(deep)
            Issue.record("100 000 levels must be refused")
        } catch let error as JSONScanError {
            #expect(error.isDepthLimit)
            #expect(error.byteOffset == 512)
            #expect(error.message == "expected at most 512 levels of nesting, found more")
            #expect(error.path.components.count == 512)
        } catch { Issue.record("\(error)") }
        let ok = [UInt8](repeating: UInt8(ascii: "["), count: 512) + [UInt8](repeating: UInt8(ascii: "]"), count: 512)
        #expect((try? JSONScanner.scan(ok))?.compactByteCount == 1024)
    }

    @Test("duplicate keys are found in large objects and after unescaping")
    func duplicateKeysAreFoundInLargeObjectsAndAfterUnescaping() {
        var text = "{"
        for index in 0..<100 { text += "\"k\(index)\":\(index)," }
        text += "\"k\\u0037\":0}"
        do {
            _ = try JSONScanner.scan(Array(text.utf8))
            Issue.record("duplicate 'k7' must be refused")
        } catch let error as JSONScanError {
            #expect(error.isDuplicateKey)
            #expect(error.message.hasPrefix("expected unique keys, found duplicate key 'k7' (first at byte "))
        } catch { Issue.record("\(error)") }
    }

    @Test("pointer escapes slash and tilde") func pointerEscapesSlashAndTilde() {
        let pointer = JSONPointer("a/b", "m~n").appending(index: 3)
        #expect(pointer.rawValue == "/a~1b/m~0n/3")
        #expect(JSONPointer.root.description == "(root)")
    }
}
