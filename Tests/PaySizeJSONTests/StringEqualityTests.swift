import Testing

@_spi(Internals) @testable import PaySize

/// `"ä"` (U+00E4) against `"a\u{308}"` (`a` and a combining diaeresis) in every keyword that
/// compares strings: equal by default (canonical equivalence, as the device's decoder compares),
/// different under ``StringEquality/codepoints`` (as the specification compares).
@Suite("String equality: canonical equivalence by default, code points on request")
struct StringEqualityTests {
    static let precomposed = "\u{E4}"
    static let decomposed = "a\u{308}"

    /// `(schema, instance)`: valid under canonical equivalence, invalid under code points.
    static let cases: [(keyword: String, schema: String, instance: String)] = [
        ("const", #"{"const":"\#(precomposed)"}"#, #""\#(decomposed)""#),
        ("enum", #"{"enum":["x","\#(precomposed)"]}"#, #""\#(decomposed)""#),
        ("const, nested", #"{"const":{"k":["\#(precomposed)"]}}"#, #"{"k":["\#(decomposed)"]}"#),
        ("const, key", #"{"const":{"\#(precomposed)":1}}"#, #"{"\#(decomposed)":1}"#),
        ("required", #"{"required":["\#(precomposed)"]}"#, #"{"\#(decomposed)":1}"#),
        (
            "properties", #"{"properties":{"\#(precomposed)":{"type":"string"}},"additionalProperties":false}"#,
            #"{"\#(decomposed)":"x"}"#
        ),
        (
            "additionalProperties",
            #"{"properties":{"\#(precomposed)":true},"additionalProperties":{"type":"string"}}"#,
            #"{"\#(decomposed)":1}"#
        ),
        ("propertyNames", #"{"propertyNames":{"enum":["\#(precomposed)"]}}"#, #"{"\#(decomposed)":1}"#),
        ("dependentRequired", #"{"dependentRequired":{"x":["\#(precomposed)"]}}"#, #"{"x":1,"\#(decomposed)":1}"#),
        ("dependentSchemas", #"{"dependentSchemas":{"\#(precomposed)":false}}"#, #"{"x":1,"\#(decomposed)":2}"#),
    ]

    @Test("canonical equivalence by default", arguments: 0..<cases.count)
    func canonical(_ index: Int) throws {
        let (keyword, schemaText, instanceText) = Self.cases[index]
        let schema = try PayloadSchema(jsonBytes: Array(schemaText.utf8))
        #expect(schema.stringEquality == .canonicalEquivalence)
        let verdict = schema.isValid(try JSONScanner.scan(Array(instanceText.utf8)))
        // dependentSchemas is the one keyword where a match makes the value invalid.
        #expect(verdict == (keyword != "dependentSchemas"), "\(keyword)")
    }

    @Test("code points on request", arguments: 0..<cases.count)
    func codepoints(_ index: Int) throws {
        let (keyword, schemaText, instanceText) = Self.cases[index]
        var schema = try PayloadSchema(jsonBytes: Array(schemaText.utf8))
        schema.stringEquality = .codepoints
        let instance = try JSONScanner.scan(Array(instanceText.utf8))
        #expect(schema.isValid(instance) == (keyword == "dependentSchemas"), "\(keyword)")
        // `findings` agrees with `isValid`.
        #expect(schema.findings(in: instance).contains { $0.code == .dropped } != schema.isValid(instance))
    }

    @Test("uniqueItems") func uniqueItems() throws {
        var schema = try PayloadSchema(jsonBytes: Array(#"{"uniqueItems":true}"#.utf8))
        let instance = try JSONScanner.scan(Array(#"["\#(Self.precomposed)","\#(Self.decomposed)"]"#.utf8))
        #expect(
            schema.findings(in: instance).map(\.description) == [
                "(root): dropped: items 0 and 1 are equal, items must be unique; fix: remove the duplicate"
            ])
        schema.stringEquality = .codepoints
        #expect(schema.isValid(instance))
        #expect(schema.findings(in: instance) == [])
    }

    @Test("const message under code points") func constMessageUnderCodepoints() throws {
        var schema = try PayloadSchema(jsonBytes: Array(#"{"const":"\#(Self.precomposed)"}"#.utf8))
        let instance = try JSONScanner.scan(Array(#""\#(Self.decomposed)""#.utf8))
        #expect(schema.findings(in: instance) == [])
        schema.stringEquality = .codepoints
        #expect(
            schema.findings(in: instance).map(\.message) == [
                "expected '\(Self.precomposed)', found '\(Self.decomposed)'"
            ])
    }

    @Test("identical strings are equal either way") func identicalStringsAreEqualEitherWay() throws {
        for equality in StringEquality.allCases {
            var schema = try PayloadSchema(jsonBytes: Array(#"{"required":["\#(Self.decomposed)"]}"#.utf8))
            schema.stringEquality = equality
            #expect(schema.isValid(try JSONScanner.scan(Array(#"{"\#(Self.decomposed)":1}"#.utf8))))
            #expect(!schema.isValid(try JSONScanner.scan(Array(#"{"a":1}"#.utf8))))
        }
    }
}
