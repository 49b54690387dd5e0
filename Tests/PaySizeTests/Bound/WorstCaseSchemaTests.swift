import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Hand-written schemas: each figure worked out by hand from JSONEncoder's rules.
@Suite("Worst-case bounds of schemas") struct WorstCaseSchemaTests {
    static func bound(_ text: String) throws -> (PayloadSchema, WorstCaseBound) {
        let schema = try PayloadSchema(jsonBytes: Array(text.utf8))
        return (schema, WorstCaseBound(schema: schema))
    }

    @Test(
        "exact figures",
        arguments: [
            // A Double: sign, 17 digits, point, a three-digit negative exponent.
            (#"{"type":"number"}"#, 24),
            (#"{"type":"integer","minimum":-5,"maximum":1000}"#, 4),
            (#"{"type":"integer","x-paysize-number":"Int8"}"#, 4),
            (#"{"type":"string","maxLength":3}"#, 2 + 3 * 6),
            (#"{"type":"string","x-paysize-format":"base64","maxLength":9}"#, 2 + 2 * 8),
            (#"{"enum":["a/b","\u0001"],"type":"string"}"#, 8),
            // 27 one-scalar strings escape to \u00XX (8 bytes quoted); three more take a 4-byte scalar.
            (
                #"{"type":"array","items":{"type":"string","maxLength":1},"maxItems":30,"uniqueItems":true}"#,
                2 + 29 + 27 * 8 + 3 * 6
            ),
            (#"{"type":"object","properties":{"a":{"type":["boolean","null"]}},"required":[]}"#, 2 + 4 + 5),
        ])
    func exactFigures(_ example: (String, Int)) throws {
        let (schema, bound) = try Self.bound(example.0)
        #expect(bound.byteCount == example.1, "\(example.0)")
        let witness = try #require(bound.witnessJSON)
        #expect(schema.isValid(try JSONScanner.scan(Array(witness.utf8))), "\(example.0)")
    }

    /// A Decimal writes its `description`: plain digits, never an exponent.
    @Test(
        "Decimal figures",
        arguments: [
            // A minus sign, 2^128 - 1 and 127 zeros.
            (#"{"type":"number","x-paysize-number":"Decimal"}"#, 167),
            // `0.` and 128 digits: 38 of the mantissa behind 90 zeros.
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":0,"maximum":100}"#, 130),
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":-1,"maximum":1}"#, 131),
            // 39 digits and a point: 1.00000000000000000000000000000000000001.
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":1,"maximum":100}"#, 40),
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":100,"maximum":1000}"#, 40),
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":-1000,"maximum":-100}"#, 41),
            // 1e101 is 1 and 101 zeros (the integer 10^101 is above the Double 1e101, while the
            // number 1e101 is compared as that Double); a fraction has at most 40 bytes.
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":1e100,"maximum":1e101}"#, 102),
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":0,"maximum":0}"#, 1),
            // 0.50000000000000000000000000000000000001 is compared as its nearest Double, 0.5.
            (#"{"type":"number","x-paysize-number":"Decimal","minimum":0.5,"maximum":0.5}"#, 40),
            (#"{"type":"number","x-paysize-number":"Decimal","exclusiveMinimum":0,"maximum":1e-90}"#, 130),
        ])
    func decimalFigures(_ example: (String, Int)) throws {
        let (schema, bound) = try Self.bound(example.0)
        #expect(bound.byteCount == example.1, "\(example.0)")
        let witness = try #require(bound.witnessJSON)
        #expect(schema.isValid(try JSONScanner.scan(Array(witness.utf8))), "\(example.0)")
        let decoded = try JSONDecoder().decode(Decimal.self, from: Data(witness.utf8))
        #expect(try JSONEncoder().encode(decoded).count == example.1, "\(example.0): \(witness)")
    }

    struct Tagged: Codable {
        var tags: Set<String>
    }

    /// A `uniqueItems` array's items differ: the bound draws distinct items, and a repeated item
    /// is refused, as the specification says. An inferred `Set` has no `uniqueItems` (the device
    /// decodes repeated items, the set keeping one), so its bound counts repeated items.
    @Test("uniqueItems draw distinct items") func uniqueItemsDrawDistinctItems() throws {
        let (schema, bound) = try Self.bound(
            #"{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","maxLength":1},"maxItems":2,"uniqueItems":true}},"required":["tags"]}"#
        )
        // {"tags":["\u0000","\u0001"]}
        #expect(bound.byteCount == 1 + 7 + (2 + 8 + 1 + 8) + 1)
        #expect(bound.witnessJSON == #"{"tags":["\u0000","\u0001"]}"#)
        let repeated = schema.findings(in: try JSONScanner.scan(Array(#"{"tags":["a","a"]}"#.utf8)))
        #expect(repeated.map(\.code) == [.dropped])
        let inferred = try PayloadSchema.infer(
            from: Tagged.self, limits: ["/tags": .maxItems(2), "/tags/*": .maxLength(1)])
        #expect(inferred.document["properties"]?["tags"]?["uniqueItems"] == nil)
    }

    @Test("recursion and missing limits are named") func recursionAndMissingLimitsAreNamed() throws {
        let (_, recursive) = try Self.bound(
            ##"{"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}},"$ref":"#/$defs/N"}"##)
        #expect(recursive.byteCount == nil)
        #expect(recursive.unbounded.map(\.path.boundText) == ["/next"])
        let (_, open) = try Self.bound(
            #"{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}}}"#)
        #expect(
            open.unbounded == [
                .init(path: JSONPointer("a"), why: "a string without maxLength", fix: "add maxLength to /a")
            ])
        #expect(open.witnessJSON == nil)
        // The rest: {"a":"","b":-9223372036854775808} with /a at its shortest.
        #expect(open.boundedRestByteCount == 1 + 4 + 2 + 1 + 4 + 20 + 1)
        // The recursion cut: {} ("next" is not required, so it is left out).
        #expect(recursive.boundedRestByteCount == 2)
        let (_, lists) = try Self.bound(
            #"{"type":"object","properties":{"a":{"type":"array","items":{"type":"string","maxLength":2},"minItems":2},"d":{"type":"object","additionalProperties":{"type":"boolean"},"minProperties":1}},"required":["a","d"]}"#
        )
        // Two items at their worst (\u0000\u0000), one dictionary entry keyed "".
        #expect(lists.unbounded.map(\.path.boundText) == ["/a", "/d"])
        #expect(lists.boundedRestByteCount == 1 + 4 + (2 + 2 * 14 + 1) + 1 + 4 + (2 + 2 + 1 + 5) + 1)
    }
}
