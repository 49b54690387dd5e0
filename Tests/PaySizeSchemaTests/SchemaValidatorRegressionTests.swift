@_spi(Internals) import PaySize
import Testing

/// Schemas and payloads the FuzzSchema target (Fuzz/) once failed on, kept as unit tests; each
/// also lives in `Fuzz/Regressions/FuzzSchema/`, replayed before every fuzz run.
@Suite("Schema validator regressions") struct SchemaValidatorRegressionTests {
    /// Regressions/FuzzSchema/ref-cycle-oneof-exponential.json and
    /// ref-cycle-allof-anyof-out-of-memory.json: `$ref`s that loop back through `oneOf`, `allOf`
    /// or `anyOf` without descending into the value were cut off only by a hop limit, after
    /// re-checking the loop once per route: 2^32 routes (a hang) for the first, and a list of
    /// applicable nodes that outgrew memory for the second. Each node is now checked once per value.
    @Test(
        "reference loops finish",
        arguments: [
            ##"{"minimum":5,"oneOf":[{"$ref":"#"},{"$ref":"#"}]}"##,
            ##"{"type":"object","properties":{"a":{"$ref":"#"},"b":{"not":{"$ref":"#/properties/b"}}},"anyOf":[{"$ref":"#/properties/a"},{"required":["a"]}],"allOf":[{"$ref":"#"}]}"##,
            ##"{"allOf":[{"$ref":"#"},{"$ref":"#"},{"$ref":"#"}],"anyOf":[{"$ref":"#"},{"$ref":"#"}],"oneOf":[{"$ref":"#"},{"$ref":"#"}],"not":{"$ref":"#"},"maximum":0}"##,
        ])
    func referenceLoopsFinish(schema text: String) throws {
        let schema = try PayloadSchema(jsonBytes: Array(text.utf8))
        for instance in ["1", "{}", ##"{"a":{"a":{"a":1}},"b":[]}"##, "[1,2]"] {
            let value = try JSONScanner.scan(Array(instance.utf8))
            let findings = schema.findings(in: value)
            #expect(schema.isValid(value) == !findings.contains { $0.code == .dropped }, "\(instance): \(findings)")
            #expect(Set(findings).count == findings.count, "\(instance): a finding repeats: \(findings)")
        }
    }

    /// Regressions/FuzzSchema/control-character-in-required-key.json and
    /// control-character-unknown-key.json: findings quoted a key from the schema or the payload
    /// raw, so a key holding a newline split the message over two lines. Messages are one line
    /// (a diagnostic never spans lines), with control characters written as JSON escapes, as the checker's are.
    @Test(
        "findings quote keys on one line",
        arguments: [
            (##"{"required":["y\n"]}"##, ##"{"y":1}"##),
            (##"{"properties":{"status":{"type":"string"}}}"##, ##"{"status":"a","a\nb":1}"##),
            (##"{"additionalProperties":false}"##, ##"{"\u001b[31m":1}"##),
            (##"{"enum":["a\rb"]}"##, ##""a\tb""##),
        ])
    func findingsQuoteKeysOnOneLine(schema text: String, instance: String) throws {
        let schema = try PayloadSchema(jsonBytes: Array(text.utf8))
        let findings = schema.findings(in: try JSONScanner.scan(Array(instance.utf8)))
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(
                !finding.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "\(finding.description.debugDescription)")
        }
    }
}
