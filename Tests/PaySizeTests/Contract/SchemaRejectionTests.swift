import Testing

@_spi(Internals) @testable import PaySize

@Suite("Schemas the validator cannot honour are refused")
struct SchemaRejectionTests {
    static let refused: [(String, String)] = [
        (
            #"{"patternProperties":{"^(?=a)":{}}}"#,
            "/patternProperties/^(?=a): pattern '^(?=a)' cannot be used: lookahead assertions ('(?=' and '(?!') are not supported (at character 1)"
        ),
        (
            ##"{"properties":{"a":{"$dynamicRef":"#meta"}}}"##,
            "/properties/a/$dynamicRef: reference '#meta' does not point to a schema"
        ),
        (#"{"multipleOf":-2}"#, "(root): 'multipleOf' must be a number greater than 0"),
        (#"{"dependentRequired":{"a":"b"}}"#, "(root): 'dependentRequired' must be an object of string arrays"),
        (
            #"{"$ref":"https://example.com/state.json"}"#,
            "/$ref: reference 'https://example.com/state.json' names the document 'https://example.com/state.json', which was not found (it is not in this schema, not a bundled metaschema and not a schema file PaySize was given)"
        ),
        (
            ##"{"$ref":"other.json#/$defs/A"}"##,
            "/$ref: reference 'other.json#/$defs/A' names the document 'urn:other.json', which was not found (it is not in this schema, not a bundled metaschema and not a schema file PaySize was given)"
        ),
        (
            ##"{"$ref":"#/$defs/Missing"}"##,
            "/$ref: reference '#/$defs/Missing' does not point to a schema"
        ),
        (
            ##"{"$ref":"#anchor"}"##,
            "/$ref: reference '#anchor' does not point to a schema"
        ),
        (
            ##"{"$anchor":"1a"}"##,
            "(root): '$anchor' must be a plain name such as 'node' (a letter or '_', then letters, digits, '-', '.', '_')"
        ),
        (
            ##"{"$defs":{"a":{"$id":"https://example.com/a#frag"}}}"##,
            "/$defs/a/$id: '$id' must be a URI without a fragment (name a place with '$anchor')"
        ),
        (
            ##"{"properties":{"a":{"$schema":"https://json-schema.org/draft/2020-12/schema"}}}"##,
            "/properties/a/$schema: unsupported keyword '$schema in a subschema without '$id'': the validator cannot honour it, so it refuses the schema"
        ),
        (
            ##"{"$schema":"http://json-schema.org/draft-07/schema#"}"##,
            "/$schema: unsupported '$schema' 'http://json-schema.org/draft-07/schema#': only draft 2020-12 is supported"
        ),
        (
            #"{"items":[{"type":"string"}]}"#,
            "(root): 'items' must be one schema (draft 2020-12 writes tuples as 'prefixItems')"
        ),
        (#"{"type":"text"}"#, "(root): 'type' must be a type name or an array of them"),
        (#"{"minLength":-1}"#, "(root): 'minLength' must be a non-negative integer"),
        (
            #"{"pattern":"^(a)\\1$"}"#,
            "/pattern: pattern '^(a)\\1$' cannot be used: backreferences ('\\1') are not supported (at character 4)"
        ),
        (#"{"pattern":["^a"]}"#, "(root): 'pattern' must be a string"),
        (#"{"patternProperties":["^a"]}"#, "(root): 'patternProperties' must be an object of schemas"),
        (#"{"anyOf":[]}"#, "(root): 'anyOf' must be a non-empty array of schemas"),
        // A PaySize keyword this version does not know may be an assertion: refused, not skipped.
        (
            #"{"properties":{"a":{"x-paysize-pattern":"^a"}}}"#,
            "/properties/a/x-paysize-pattern: unsupported keyword 'x-paysize-pattern': the validator cannot honour it, so it refuses the schema"
        ),
        (
            #"{"x-paysize-number":"Int9"}"#,
            "(root): 'x-paysize-number' must be one of 'Int', 'Int8', 'Int16', 'Int32', 'Int64', 'UInt', 'UInt8', 'UInt16', 'UInt32', 'UInt64', 'Float', 'Double', 'Decimal'"
        ),
        (
            #"{"x-paysize-format":"email"}"#,
            "(root): 'x-paysize-format' must be one of 'URL', 'UUID', 'base64'"
        ),
        (
            #"{"x-paysize-pairs":[{}]}"#,
            "(root): 'x-paysize-pairs' must be an array of two schemas, the key's and the value's"
        ),
        (#"{"maximum":"10"}"#, "(root): 'maximum' must be a number"),
        (#"[1]"#, "(root): a schema must be an object or a boolean"),
    ]

    @Test("unsupported schemas throw a clear error", arguments: refused.indices)
    func refuses(_ index: Int) throws {
        let (text, message) = Self.refused[index]
        let error = #expect(throws: SchemaError.self) {
            _ = try PayloadSchema(jsonBytes: Array(text.utf8))
        }
        #expect(error?.description == message)
    }

    @Test("annotations and x- keywords are accepted and ignored")
    func annotations() throws {
        let schema = try PayloadSchema(
            jsonBytes: Array(
                #"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://example.com/s","title":"t","description":"d","$comment":"c","default":1,"examples":[1],"format":"email","contentEncoding":"base64","x-anything":{"if":1},"deprecated":false}"#
                    .utf8))
        #expect(schema.isValid(try ContractTestSupport.json(#""anything""#)))
    }
}
