import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("multipleOf, if/then/else, dependentRequired, dependentSchemas, contains")
struct ConditionalKeywordTests {
    private func schema(_ text: String) throws -> PayloadSchema {
        try PayloadSchema(jsonBytes: Array(text.utf8))
    }

    private func json(_ text: String) throws -> JSONElement {
        try JSONScanner.scan(Array(text.utf8))
    }

    private func messages(_ schema: PayloadSchema, _ text: String) throws -> [String] {
        try schema.findings(in: json(text)).map { "\($0.path) \($0.message)" }
    }

    @Test(
        "multipleOf is decided on the numbers as written",
        arguments: [
            ("0.1", "0.3", true), ("0.1", "0.35", false), ("0.01", "19.99", true), ("2", "7", false),
            ("2", "-8", true), ("0.5", "1e308", true), ("0.0001", "0.00751", false), ("1.5", "4.5e0", true),
            ("3", "0", true), ("1e-3", "0.123", true), ("1e-3", "0.1234", false), ("0.123456789", "1e308", false),
            ("10", "1E1", true), ("7", "12345678901234567890123456789", true),
            ("7", "1234567890123456789012345678", false), ("11", "1111111111111111111111111111111111", true),
        ])
    func multipleOf(_ divisor: String, _ value: String, _ valid: Bool) throws {
        let schema = try schema(#"{"multipleOf":\#(divisor)}"#)
        #expect(schema.isValid(try json(value)) == valid)
        #expect(try schema.findings(in: json(value)).isEmpty == valid)
    }

    @Test("a non-multiple is dropped with the divisor as written")
    func multipleOfMessage() throws {
        #expect(try messages(schema(#"{"multipleOf":0.25}"#), "1.1") == ["(root) 1.1 is not a multiple of 0.25"])
        #expect(throws: SchemaError.self) { try self.schema(#"{"multipleOf":0}"#) }
    }

    @Test("if/then/else applies then or else by whether if holds")
    func conditional() throws {
        let schema = try schema(
            #"{"if":{"properties":{"status":{"const":"delivered"}},"required":["status"]},"then":{"required":["deliveredAt"]},"else":{"required":["eta"]}}"#
        )
        #expect(schema.isValid(try json(#"{"status":"delivered","deliveredAt":1}"#)))
        #expect(!schema.isValid(try json(#"{"status":"delivered","eta":1}"#)))
        #expect(schema.isValid(try json(#"{"status":"onTheWay","eta":1}"#)))
        #expect(try messages(schema, #"{"status":"onTheWay"}"#) == ["/eta missing required key 'eta'"])
        #expect(try messages(schema, #"{"status":"delivered"}"#) == ["/deliveredAt missing required key 'deliveredAt'"])
        // then alone, with if false: nothing applies.
        #expect(try self.schema(#"{"if":false,"then":false}"#).isValid(json("1")))
    }

    @Test("dependentRequired and dependentSchemas apply when their key is present")
    func dependencies() throws {
        let schema = try schema(
            #"{"dependentRequired":{"pageIndex":["pageCount"]},"dependentSchemas":{"driver":{"required":["vehicle"]}}}"#
        )
        #expect(schema.isValid(try json(#"{"pageCount":3}"#)))
        #expect(
            try messages(schema, #"{"pageIndex":1,"driver":"Ann"}"#) == [
                "/pageCount missing key 'pageCount', required when 'pageIndex' is present",
                "/vehicle missing required key 'vehicle'",
            ])
        #expect(schema.isValid(try json(#"{"pageIndex":1,"pageCount":3,"driver":"Ann","vehicle":"van"}"#)))
    }

    @Test("contains counts matching items against minContains and maxContains")
    func contains() throws {
        let schema = try schema(#"{"contains":{"type":"integer"},"minContains":2,"maxContains":3}"#)
        #expect(schema.isValid(try json(#"[1,"a",2]"#)))
        #expect(try messages(schema, #"["a",1]"#) == ["(root) array has 1 items matching 'contains', fewer than 2"])
        #expect(try messages(schema, #"[1,2,3,4]"#) == ["(root) array has 4 items matching 'contains', more than 3"])
        #expect(try self.schema(#"{"contains":{"const":1}}"#).isValid(json("[2,1]")))
        #expect(try !self.schema(#"{"contains":{"const":1}}"#).isValid(json("[]")))
        #expect(try self.schema(#"{"contains":{"const":1},"minContains":0}"#).isValid(json("[]")))
    }

    @Test("keys that then or a dependent schema describe are not unknown keys")
    func suspicionsFollowTheBranchTaken() throws {
        let contract = PayloadContract(
            contentState: try schema(
                #"{"properties":{"kind":{"type":"string"}},"if":{"properties":{"kind":{"const":"a"}}},"then":{"properties":{"x":{}}}}"#
            ))
        let payload = #"{"aps":{"timestamp":1764504000,"event":"update","content-state":{"kind":"a","x":1,"y":2}}}"#
        #expect(try contract.findings(in: json(payload)).map { "\($0.path)" } == ["/aps/content-state/y"])
    }
}
