@_spi(Internals) import PaySize
import Testing

/// Inputs the fuzz targets (Fuzz/) once failed on, kept as unit tests; each also lives in
/// `Fuzz/Regressions/<target>/`, replayed before every fuzz run.
@Suite("JSONScanner regressions") struct JSONScannerRegressionTests {
    /// FuzzCheck, Regressions/FuzzCheck/control-character-key-in-path*.json: a key with an escaped
    /// newline put a raw line break into the error's JSON Pointer, so `paysize check` wrote a
    /// two-line diagnostic.
    @Test("control character in key stays escaped in path") func controlCharacterInKeyStaysEscapedInPath() {
        #expect {
            try JSONScanner.scan(Array(#"{"a\nb":x}"#.utf8))
        } throws: { error in
            let scanError = error as? JSONScanError
            return scanError?.description == #"1:9: /a\nb: expected a JSON value, found 'x' (byte 8)"#
                && scanError?.path.rawValue == "/a\nb"
        }
    }

    /// FuzzCheck, Regressions/FuzzCheck/control-character-duplicate-key.json: the duplicate-key
    /// message quoted the key raw.
    @Test("control character in duplicate key stays escaped") func controlCharacterInDuplicateKeyStaysEscaped() {
        #expect {
            try JSONScanner.scan(Array(#"{"a\tb":1,"a\tb":2}"#.utf8))
        } throws: { error in
            (error as? JSONScanError)?.message == #"expected unique keys, found duplicate key 'a\tb' (first at byte 1)"#
        }
    }

    @Test(
        "pointer description escapes only control characters",
        arguments: [
            ("\u{0}", #"/\u0000"#), ("\u{1B}[31m", #"/\u001b[31m"#), ("\u{7F}", #"/\u007f"#),
            ("\u{8}\u{C}\r", #"/\b\f\r"#), ("é/~", "/é~1~0"),
        ])
    func pointerDescriptionEscapesOnlyControlCharacters(key: String, description: String) {
        #expect(JSONPointer(key).description == description)
    }
}
