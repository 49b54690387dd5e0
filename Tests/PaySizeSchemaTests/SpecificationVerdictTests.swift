@_spi(Internals) import PaySize
import Testing

/// The last wrong verdicts of issue 41, each against the specification's text: `format: regex`
/// past a lookaround or a backreference (W3), canonically equivalent keys under `codepoints`
/// (W4) and A-labels that do not round-trip (W5).
@Suite("Specification verdicts: regex syntax, twin keys, A-labels")
struct SpecificationVerdictTests {
    // MARK: - W3

    @Test(
        "format regex reads the whole ECMA-262 grammar, lookarounds and backreferences included",
        arguments: [
            ("(?=a)b", true), ("(?!a)b", true), ("(?<=a)b", true), ("(?<!a)b", true), ("(a)\\1", true),
            ("\\1(a)", true), ("(?<n>a)\\k<n>", true), ("\\p{Script=Greek}", true), ("(?=(a)\\1)", true),
            ("(?=a", false), ("\\1(", false), ("(?<=a)[", false), ("(a)\\2", false), ("\\k<m>(?<n>a)", false),
            ("(?=a)*", false), ("(?<!a){2}", false), ("(?=a)\\", false), ("\\k", false), ("(?=a)(?i)", false),
        ])
    func regexFormat(pattern: String, isValid: Bool) {
        #expect(StandardFormat.regex.accepts(pattern) == isValid)
    }

    @Test("a regex's error names what is wrong after a lookaround or a backreference")
    func regexMessages() {
        #expect(ECMAScriptPattern.syntaxError(in: "(?=a")?.message == "missing ')' for the group opened at 0")
        #expect(ECMAScriptPattern.syntaxError(in: "\\1(")?.message == "missing ')' for the group opened at 2")
        #expect(
            ECMAScriptPattern.syntaxError(in: "(a)\\2")
                == ECMAScriptPatternError("backreference '\\2' names no group (the pattern has 1)", offset: 3))
        #expect(
            ECMAScriptPattern.syntaxError(in: "\\k<m>(?<n>a)")
                == ECMAScriptPatternError("named backreference '\\k<m>' names no group", offset: 0))
        #expect(
            ECMAScriptPattern.syntaxError(in: "(?=a)*")
                == ECMAScriptPatternError("nothing to repeat before '*'", offset: 5))
        // `pattern` still refuses to run them, with the same words as before.
        #expect(throws: ECMAScriptPatternError("lookahead assertions ('(?=' and '(?!') are not supported", offset: 0)) {
            try ECMAScriptPattern("(?=a)")
        }
    }

    // MARK: - W4

    static let twins = #"{"\u00e4":1,"a\u0308":2}"#
    static let twinMessage =
        "expected unique keys, found key 'a\u{308}' (U+0061 U+0308), canonically equivalent to key '\u{e4}' (U+00E4) (first at byte 1): the device's JSONDecoder compares keys as Swift strings and reads both as one"

    @Test("by default twin keys are one key, and the error says why")
    func twinKeysCanonical() throws {
        let error = #expect(throws: JSONScanError.self) { try JSONScanner.scan(Array(Self.twins.utf8)) }
        #expect(error?.message == Self.twinMessage)
        #expect(error?.byteOffset == 12)
        #expect(error?.isDuplicateKey == true)
        var scanner = JSONMeasuringScanner()
        #expect(!Array(Self.twins.utf8).withUnsafeBytes { scanner.measure($0) })
    }

    @Test("under codepoints twin keys are two names, and a repeated key is still refused")
    func twinKeysCodepoints() throws {
        let root = try JSONScanner.scan(Array(Self.twins.utf8), keyEquality: .codepoints)
        #expect(root.members?.map { Array($0.key.unicodeScalars) } == [["\u{e4}"], ["a", "\u{308}"]])
        // Past eight members the scanner looks keys up in a table: the same verdicts there.
        let many = #"{"k0":0,"k1":0,"k2":0,"k3":0,"k4":0,"k5":0,"k6":0,"k7":0,"\u00e4":1,"a\u0308":2,"a\\u0308":3}"#
        #expect(try JSONScanner.scan(Array(many.utf8), keyEquality: .codepoints).members?.count == 11)
        let tableError = #expect(throws: JSONScanError.self) { try JSONScanner.scan(Array(many.utf8)) }
        #expect(
            tableError?.message
                == "expected unique keys, found key 'a\u{308}' (U+0061 U+0308), canonically equivalent to key '\u{e4}' (U+00E4) (first at byte 57): the device's JSONDecoder compares keys as Swift strings and reads both as one"
        )
        let repeated = #"{"a\u0308":1,"a\u0308":2}"#
        let error = #expect(throws: JSONScanError.self) {
            try JSONScanner.scan(Array(repeated.utf8), keyEquality: .codepoints)
        }
        #expect(error?.message == "expected unique keys, found duplicate key 'a\u{308}' (first at byte 1)")
        var scanner = JSONMeasuringScanner(keyEquality: .codepoints)
        #expect(Array(Self.twins.utf8).withUnsafeBytes { scanner.measure($0) })
        #expect(!Array(repeated.utf8).withUnsafeBytes { scanner.measure($0) })
    }

    @Test("under codepoints a payload and a schema may hold twin keys, each its own name")
    func twinKeysInPayloadsAndSchemas() throws {
        let schemaText =
            #"{"properties":{"\u00e4":{"type":"integer"},"a\u0308":{"type":"string"}},"required":["\u00e4","a\u0308"]}"#
        var schema = try PayloadSchema(
            document: JSONScanner.scan(Array(schemaText.utf8), keyEquality: .codepoints))
        schema.stringEquality = .codepoints
        let checker = PayloadChecker(contract: PayloadContract(contentState: schema))
        let payload =
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"\u00e4":1,"a\u0308":"x"}}}"#
        let report = try checker.check(Array(payload.utf8))
        #expect(report.findings.filter { $0.code == .dropped }.isEmpty)
        let swapped =
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"\u00e4":"x","a\u0308":1}}}"#
        #expect(
            try checker.check(Array(swapped.utf8)).findings.filter { $0.code == .dropped }.map(\.message) == [
                "expected integer, found string 'x'", "expected string, found number 1",
            ])
        let canonical = PayloadChecker(
            contract: PayloadContract(contentState: try PayloadSchema(jsonBytes: Array("{}".utf8))))
        let error = #expect(throws: JSONScanError.self) { try canonical.check(Array(payload.utf8)) }
        #expect(error?.message.hasPrefix("expected unique keys, found key 'a\u{308}' (U+0061 U+0308)") == true)
    }

    // MARK: - W5

    @Test(
        "an A-label must decode and encode back to itself (RFC 5891 5.4)",
        arguments: [
            ("xn--bcher-kva.example", true), ("XN--bcher-KVA.example", true), ("xn--4gbwdl.example", true),
            ("xn---4gbwdl", false), ("xn---bcher-kva", false), ("xn--bcher-kva-", false), ("xn--", false),
            ("xn--bcher--kva", false),
        ])
    func aLabels(hostname: String, isValid: Bool) {
        #expect(StandardFormat.hostname.accepts(hostname) == isValid)
    }

    @Test("Punycode encodes RFC 3492's samples")
    func punycodeSamples() {
        #expect(
            Punycode.encode(Array("bücher".unicodeScalars)).map { String(decoding: $0, as: UTF8.self) } == "bcher-kva")
        #expect(
            Punycode.encode(Array("他们为什么不说中文".unicodeScalars)).map { String(decoding: $0, as: UTF8.self) }
                == "ihqwcrb4cv8a8dqg056pqjye")
        #expect(
            Punycode.encode(Array("3年B組金八先生".unicodeScalars)).map { String(decoding: $0, as: UTF8.self) }
                == "3B-ww4c5e180e575a65lsy2b")
    }
}
