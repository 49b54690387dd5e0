import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("$id, $anchor, $dynamicRef, references across documents, unevaluated keywords")
struct ReferenceKeywordTests {
    private func schema(_ text: String, documents: [String: String] = [:]) throws -> PayloadSchema {
        try PayloadSchema(document: json(text), uri: "https://example.com/root.json") { uri in
            try documents[uri].map { try JSONScanner.scan(Array($0.utf8)) }
        }
    }

    private func json(_ text: String) throws -> JSONElement {
        try JSONScanner.scan(Array(text.utf8))
    }

    private func messages(_ schema: PayloadSchema, _ text: String) throws -> [String] {
        try schema.findings(in: json(text)).filter { $0.code == .dropped }.map { "\($0.path) \($0.message)" }
    }

    @Test("a subschema $id changes the base URI of the references inside it")
    func embeddedIdentifiers() throws {
        let schema = try schema(
            ##"""
            {"$defs":{"a":{"$id":"https://example.com/nested/a.json","$defs":{"n":{"type":"integer"}},
              "$ref":"#/$defs/n"},
             "b":{"$id":"urn:uuid:deadbeef-1234-0000-0000-4321feebdaed","type":"string"}},
             "properties":{"x":{"$ref":"nested/a.json"},"y":{"$ref":"urn:uuid:deadbeef-1234-0000-0000-4321feebdaed"}}}
            """##)
        #expect(schema.isValid(try json(#"{"x":1,"y":"s"}"#)))
        #expect(
            try messages(schema, #"{"x":"1","y":2}"#) == [
                "/x expected integer, found string '1'", "/y expected string, found number 2",
            ])
    }

    @Test("JSON Pointer fragments are percent-decoded and unescape ~0 and ~1")
    func pointerEscapes() throws {
        let schema = try schema(
            ##"{"$defs":{"a/b":{"type":"integer"},"c~d":{"type":"string"},"e%f":{"type":"boolean"}},"properties":{"p":{"$ref":"#/$defs/a~1b"},"q":{"$ref":"#/$defs/c~0d"},"r":{"$ref":"#/$defs/e%25f"}}}"##
        )
        #expect(schema.isValid(try json(#"{"p":1,"q":"s","r":true}"#)))
        #expect(!schema.isValid(try json(#"{"r":1}"#)))
    }

    @Test("$anchor names a subschema; $ref beside other keywords applies both")
    func anchors() throws {
        let schema = try schema(##"{"$defs":{"n":{"$anchor":"count","minimum":2}},"$ref":"#count","maximum":5}"##)
        #expect(schema.isValid(try json("3")))
        #expect(try messages(schema, "1") == ["(root) 1 is less than the minimum 2"])
        #expect(try messages(schema, "6") == ["(root) 6 is more than the maximum 5"])
    }

    @Test("$dynamicRef resolves to the outermost $dynamicAnchor in the dynamic scope")
    func dynamicReferences() throws {
        let tree = ##"""
            {"$id":"https://example.com/tree","$dynamicAnchor":"node","type":"object",
             "properties":{"data":true,"children":{"type":"array","items":{"$dynamicRef":"#node"}}}}
            """##
        let strict = try schema(
            ##"{"$id":"https://example.com/strict-tree","$dynamicAnchor":"node","$ref":"tree","unevaluatedProperties":false}"##,
            documents: ["https://example.com/tree": tree])
        #expect(strict.isValid(try json(#"{"children":[{"data":1}]}"#)))
        #expect(
            try messages(strict, #"{"children":[{"daat":1}]}"#) == [
                "/children/0/daat key 'daat' is not allowed here (unevaluatedProperties)"
            ])
        // Without the outer anchor the reference is static: the inner tree allows unknown keys.
        let loose = try schema(##"{"$ref":"https://example.com/tree"}"##, documents: ["https://example.com/tree": tree])
        #expect(loose.isValid(try json(#"{"children":[{"daat":1}]}"#)))
    }

    @Test("unevaluatedProperties sees what $ref, allOf and the anyOf branches that hold evaluated")
    func unevaluatedProperties() throws {
        let schema = try schema(
            ##"{"allOf":[{"properties":{"a":true}}],"anyOf":[{"properties":{"b":true},"required":["b"]},{"properties":{"c":true},"required":["c"]}],"unevaluatedProperties":false}"##
        )
        #expect(schema.isValid(try json(#"{"a":1,"b":2}"#)))
        #expect(schema.isValid(try json(#"{"a":1,"b":2,"c":3}"#)))
        // `c` is declared only by a branch that fails (it lacks nothing, but `b` is required there).
        #expect(try messages(schema, #"{"c":3,"d":4}"#) == ["/d key 'd' is not allowed here (unevaluatedProperties)"])
    }

    @Test("unevaluatedItems sees prefixItems, items and contains of the subschemas applied")
    func unevaluatedItems() throws {
        let schema = try schema(
            ##"{"prefixItems":[true],"anyOf":[{"contains":{"const":"x"}}],"unevaluatedItems":{"type":"integer"}}"##)
        #expect(schema.isValid(try json(#"["any","x",3]"#)))
        #expect(try messages(schema, #"["any","x","y"]"#) == ["/2 expected integer, found string 'y'"])
    }

    @Test("a $ref to the draft 2020-12 metaschema works offline")
    func metaschemaReference() throws {
        let schema = try schema(##"{"$ref":"https://json-schema.org/draft/2020-12/schema"}"##)
        #expect(schema.isValid(try json(#"{"type":"string","minLength":1}"#)))
        #expect(try messages(schema, #"{"minLength":-1}"#) == ["/minLength -1 is less than the minimum 0"])
        #expect(!schema.isValid(try json(#"{"$defs":{"a":{"type":"strnig"}}}"#)))
    }

    @Test(
        "a metaschema's $vocabulary: validation left out makes its keywords annotations; an unknown required one refuses"
    )
    func vocabularies() throws {
        let noValidation = ##"""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/meta",
             "$vocabulary":{"https://json-schema.org/draft/2020-12/vocab/core":true,
                            "https://json-schema.org/draft/2020-12/vocab/applicator":true}}
            """##
        let schema = try schema(
            ##"{"$schema":"https://example.com/meta","properties":{"a":{"minimum":5}},"minProperties":9}"##,
            documents: ["https://example.com/meta": noValidation])
        #expect(schema.isValid(try json(#"{"a":1}"#)))
        let unknown = ##"""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$vocabulary":{"https://example.com/vocab/x":true}}
            """##
        let error = #expect(throws: SchemaError.self) {
            try self.schema(
                ##"{"$schema":"https://example.com/meta"}"##, documents: ["https://example.com/meta": unknown])
        }
        #expect(
            error?.description
                == "/$schema: the metaschema requires the vocabulary 'https://example.com/vocab/x', which PaySize does not implement"
        )
    }

    @Test("an unresolvable reference in a referenced document names the document")
    func unresolvableInOtherDocument() throws {
        let error = #expect(throws: SchemaError.self) {
            try self.schema(
                ##"{"$ref":"other.json"}"##,
                documents: ["https://example.com/other.json": ##"{"$ref":"#/$defs/gone"}"##])
        }
        #expect(
            error?.description
                == "https://example.com/other.json: /$ref: reference '#/$defs/gone' does not point to a schema")
    }

    @Test("reference cycles end, and exponential dynamic recursion is cut with one finding")
    func cycles() throws {
        let loop = try schema(
            ##"{"$ref":"other.json"}"##, documents: ["https://example.com/other.json": ##"{"$ref":"root.json"}"##])
        #expect(loop.isValid(try json("1")))
        let unevaluatedLoop = try schema(##"{"allOf":[{"$ref":"#"},{"$ref":"#"}],"unevaluatedProperties":false}"##)
        #expect(!unevaluatedLoop.isValid(try json(#"{"a":1}"#)))
        // A key under propertyNames is a value built while checking, with no answer kept for it.
        for doubling in [
            ##"{"$defs":{"d":{"anyOf":[{"$ref":"#/$defs/d"},{"$ref":"#/$defs/d"}],"not":{"$ref":"#/$defs/d"}}}}"##,
            ##"{"$defs":{"d":{"$dynamicAnchor":"n","anyOf":[{"$dynamicRef":"#n"},{"$dynamicRef":"#n"}],"not":{"$dynamicRef":"#n"}}}}"##,
        ] {
            let schema = try schema(
                String(doubling.dropLast()) + ##","propertyNames":{"$ref":"#/$defs/d"}}"##)
            #expect(
                try messages(schema, #"{"a":1}"#).last
                    == "(root) checking this value against the schema takes more than 1000000 steps, so it is not shown to be valid"
            )
            #expect(!schema.isValid(try json(#"{"a":1}"#)))
        }
        // Answers are kept per dynamic scope: a scanned value is checked once per scope.
        let doubling = try schema(
            ##"{"$dynamicAnchor":"n","anyOf":[{"$dynamicRef":"#n"},{"$dynamicRef":"#n"}],"not":{"$dynamicRef":"#n"}}"##)
        #expect(try messages(doubling, "1").allSatisfy { !$0.contains("steps") })
    }

    @Test(
        "URI references resolve as RFC 3986 section 5.4 says",
        arguments: [
            ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
            ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("#s", "http://a/b/c/d;p?q#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"), ("..", "http://a/b/"), ("../g", "http://a/b/g"), ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"), ("g/../h", "http://a/b/c/h"), ("urn:uuid:x#/a", "urn:uuid:x#/a"),
        ])
    func uriResolution(_ reference: String, _ expected: String) {
        #expect(SchemaURI.resolve(reference, against: "http://a/b/c/d;p?q") == expected)
    }

    @Test("a file path becomes a file: URI and back, with reserved characters escaped")
    func fileURIs() {
        let uri = SchemaURI.file(path: "/tmp/my schemas/a#b\n.json")
        #expect(uri == "file:///tmp/my%20schemas/a%23b%0A.json")
        #expect(SchemaURI.filePath(uri + "#/$defs/x") == "/tmp/my schemas/a#b\n.json")
        #expect(SchemaURI.resolve("c.json#/x", against: uri) == "file:///tmp/my%20schemas/c.json#/x")
    }
}
