@_spi(Internals) import PaySize
import Testing

/// Unknown keywords: near misses refused with the keyword meant, vendor annotations collected,
/// the rest as the policy says.
@Suite("Unknown keywords: did you mean, vendor annotations, and the policy")
struct UnknownKeywordTests {
    private static func schema(_ text: String, _ policy: UnknownKeywordPolicy = .warn) throws -> PayloadSchema {
        try PayloadSchema(jsonBytes: Array(text.utf8), unknownKeywords: policy)
    }

    private static func refusal(_ text: String, _ policy: UnknownKeywordPolicy = .warn) -> String? {
        do {
            _ = try schema(text, policy)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "a near miss of a 2020-12 keyword is refused with the keyword meant, under refuse and warn",
        arguments: [
            ("maxLenght", "maxLength"), ("minLenght", "minLength"), ("requierd", "required"), ("readonly", "readOnly"),
            ("types", "type"), ("id", "$id"), ("addtionalProperties", "additionalProperties"), ("Enum", "enum"),
            ("exclusiveMinimun", "exclusiveMinimum"),
        ])
    func nearMiss(keyword: String, meant: String) throws {
        for policy in [UnknownKeywordPolicy.refuse, .warn] {
            #expect(
                Self.refusal(#"{"properties":{"a":{"\#(keyword)":3}}}"#, policy)
                    == "/properties/a/\(keyword): unknown keyword '\(keyword)', did you mean '\(meant)'? A near miss of a draft 2020-12 keyword is refused, not skipped"
            )
        }
        let ignored = try Self.schema(#"{"properties":{"a":{"\#(keyword)":3}}}"#, .ignore)
        #expect(ignored.unknownKeywords == [JSONPointer("properties", "a", keyword)])
    }

    @Test("vendor annotations are collected, not warned about, under every policy")
    func vendorAnnotations() throws {
        // The shape of SchemaStore's package.json schema and VS Code settings schemas.
        let text = #"""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "properties":{
               "bin":{"tsType":"string | Record<string, string>","markdownDescription":"*bin*"},
               "old":{"deprecationMessage":"use bin","errorMessage":"no","x-intellij-html-description":"<b>x</b>"},
               "kind":{"enum":["a","b"],"enumDescriptions":["A","B"],"example":"a"}},
             "x-vendor":{"maxLength":1}}
            """#
        for policy in UnknownKeywordPolicy.allCases {
            let schema = try Self.schema(text, policy)
            #expect(schema.unknownKeywords == [])
            #expect(
                schema.vendorAnnotations.map(\.location.rawValue) == [
                    "/properties/bin/tsType", "/properties/bin/markdownDescription",
                    "/properties/old/deprecationMessage", "/properties/old/errorMessage",
                    "/properties/old/x-intellij-html-description", "/properties/kind/enumDescriptions",
                    "/properties/kind/example", "/x-vendor",
                ])
            #expect(schema.isValid(try JSONScanner.scan(Array(#"{"bin":"x","kind":"a"}"#.utf8))))
            #expect(!schema.isValid(try JSONScanner.scan(Array(#"{"kind":"c"}"#.utf8))))
        }
    }

    @Test("anything else: skipped and listed under warn, refused under refuse, skipped under ignore")
    func otherKeywords() throws {
        let text = #"{"properties":{"a":{"colour":"red","type":"string"}},"units":"mm"}"#
        let warned = try Self.schema(text)
        #expect(warned.unknownKeywords == [JSONPointer("properties", "a", "colour"), JSONPointer("units")])
        #expect(!warned.isValid(try JSONScanner.scan(Array(#"{"a":1}"#.utf8))))
        #expect(try Self.schema(text, .ignore).unknownKeywords == warned.unknownKeywords)
        #expect(
            Self.refusal(text, .refuse)
                == "/properties/a/colour: unsupported keyword 'colour': the validator cannot honour it, so it refuses the schema"
        )
        // PaySize's own prefix stays refused under every policy: it may be a newer assertion.
        for policy in UnknownKeywordPolicy.allCases {
            #expect(
                Self.refusal(#"{"x-paysize-pattern":"^a"}"#, policy)
                    == "/x-paysize-pattern: unsupported keyword 'x-paysize-pattern': the validator cannot honour it, so it refuses the schema"
            )
        }
    }

    @Test("the default is warn")
    func defaultPolicy() throws {
        let schema = try PayloadSchema(jsonBytes: Array(#"{"units":"mm"}"#.utf8))
        #expect(schema.unknownKeywords == [JSONPointer("units")])
    }
}
