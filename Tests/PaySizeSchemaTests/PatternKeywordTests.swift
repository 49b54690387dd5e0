import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("pattern and patternProperties in hand-written schemas")
struct PatternKeywordTests {
    private func schema(_ text: String) throws -> PayloadSchema {
        try PayloadSchema(jsonBytes: Array(text.utf8))
    }

    private func json(_ text: String) throws -> JSONElement {
        try JSONScanner.scan(Array(text.utf8))
    }

    @Test("a string that does not match is dropped, with the pattern and a fix")
    func patternViolation() throws {
        let schema = try schema(#"{"properties":{"orderID":{"type":"string","pattern":"^ORD-[0-9]{6}$"}}}"#)
        #expect(schema.isValid(try json(#"{"orderID":"ORD-123456"}"#)))
        #expect(!schema.isValid(try json(#"{"orderID":"ord-123456"}"#)))
        let findings = schema.findings(in: try json(#"{"orderID":"ORD-12345"}"#))
        #expect(findings.map(\.path.description) == ["/orderID"])
        #expect(findings.map(\.message) == ["'ORD-12345' does not match the pattern '^ORD-[0-9]{6}$'"])
        #expect(findings.map(\.fix) == ["send a value that matches '^ORD-[0-9]{6}$'"])
        #expect(findings.map(\.code) == [.dropped])
        // Not a string: the keyword does not apply.
        #expect(try self.schema(#"{"pattern":"^a"}"#).findings(in: json("7")).isEmpty)
    }

    @Test("patternProperties validate matching keys; additionalProperties takes the rest")
    func patternProperties() throws {
        let schema = try schema(
            #"{"properties":{"title":{"type":"string"}},"patternProperties":{"^item_[0-9]+$":{"type":"integer"},"^item_":{"minimum":0}},"additionalProperties":false}"#
        )
        #expect(schema.isValid(try json(#"{"title":"t","item_1":3,"item_22":0}"#)))
        // Both patterns apply to item_3; the second one refuses -1.
        #expect(!schema.isValid(try json(#"{"item_3":-1}"#)))
        #expect(
            try schema.findings(in: json(#"{"item_3":-1,"item_x":2.5,"other":1}"#)).map { "\($0.path) \($0.message)" }
                == [
                    "/item_3 -1 is less than the minimum 0",
                    "/other key 'other' is not allowed here",
                ])
        // item_x matches only "^item_" (no type), so 2.5 is fine; "other" is caught by additionalProperties.
        #expect(!schema.isValid(try json(#"{"other":1}"#)))
        #expect(schema.isValid(try json(#"{"item_x":2.5}"#)))
    }

    @Test("a key a pattern covers is not an unknown key")
    func patternKeysAreKnown() throws {
        let contract = PayloadContract(
            contentState: try schema(#"{"properties":{"a":{"type":"integer"}},"patternProperties":{"^x-":{}}}"#))
        let findings = try contract.findings(
            in: json(#"{"aps":{"timestamp":1764504000,"event":"update","content-state":{"a":1,"x-trace":"t","b":2}}}"#))
        #expect(findings.map { "\($0.path) \($0.code!)" } == ["/aps/content-state/b suspicious"])
    }

    @Test("a pattern is searched for anywhere in the string, as JSON Schema says")
    func unanchored() throws {
        let schema = try schema(#"{"pattern":"[0-9]"}"#)
        #expect(schema.isValid(try json(#""abc1def""#)))
        #expect(!schema.isValid(try json(#""abcdef""#)))
    }

    @Test("a catastrophic-backtracking pattern is checked in one pass")
    func reDoSProbe() throws {
        let schema = try schema(#"{"pattern":"^(a+)+$"}"#)
        let text = "\"" + String(repeating: "a", count: 30) + "!\""
        #expect(!schema.isValid(try json(text)))
        #expect(try schema.findings(in: json(text)).count == 1)
    }
}
