import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Our valid/invalid verdicts on (schema, instance) pairs. The test checks them against the
/// verdicts written here and writes every pair to `.build/jsonschema-cases/` so that
/// `Tests/Schemas/compare_with_jsonschema.py` can check them against Python's `jsonschema`
/// (`Draft202012Validator`): "dropped" findings ⇔ invalid. Python skips PaySize's own keywords
/// (`x-paysize-number`, `x-paysize-format`, …), so the verdict written for it is ours without
/// them; with them, a schema may refuse more (what the device refuses), never less.
@Suite("Verdicts shared with Python jsonschema")
struct JSONSchemaAgreementTests: ContractFixtureNames {
    struct Case: Sendable {
        var name: String
        var schema: String
        var instance: String
        /// The verdict of draft 2020-12 alone.
        var valid: Bool
        /// The verdict with PaySize's keywords, when it differs.
        var validForTheDevice: Bool? = nil
        /// Why Python's `jsonschema` gives the other verdict, when the specification's text is
        /// on our side: the comparison script then expects the two to differ.
        var jsonschemaDiffers: String? = nil
    }

    static let handWritten: [Case] = [
        // type
        Case(name: "type-string-ok", schema: #"{"type":"string"}"#, instance: #""a""#, valid: true),
        Case(name: "type-string-bad", schema: #"{"type":"string"}"#, instance: "1", valid: false),
        Case(name: "type-integer-1.0", schema: #"{"type":"integer"}"#, instance: "1.0", valid: true),
        Case(name: "type-integer-1e2", schema: #"{"type":"integer"}"#, instance: "1e2", valid: true),
        Case(name: "type-integer-fraction", schema: #"{"type":"integer"}"#, instance: "1.5", valid: false),
        Case(name: "type-number-integer", schema: #"{"type":"number"}"#, instance: "7", valid: true),
        Case(name: "type-boolean-not-number", schema: #"{"type":"number"}"#, instance: "true", valid: false),
        Case(name: "type-array-of-types", schema: #"{"type":["string","null"]}"#, instance: "null", valid: true),
        Case(name: "type-array-of-types-bad", schema: #"{"type":["string","null"]}"#, instance: "{}", valid: false),
        Case(name: "type-object", schema: #"{"type":"object"}"#, instance: "[]", valid: false),
        // properties, required, additionalProperties
        Case(
            name: "properties-ok", schema: #"{"properties":{"a":{"type":"integer"}}}"#, instance: #"{"a":1,"b":"x"}"#,
            valid: true),
        Case(
            name: "properties-bad", schema: #"{"properties":{"a":{"type":"integer"}}}"#, instance: #"{"a":"1"}"#,
            valid: false),
        Case(name: "required-missing", schema: #"{"required":["a"]}"#, instance: #"{"b":1}"#, valid: false),
        Case(name: "required-not-object", schema: #"{"required":["a"]}"#, instance: #""a""#, valid: true),
        Case(
            name: "additional-false", schema: #"{"properties":{"a":{}},"additionalProperties":false}"#,
            instance: #"{"a":1,"b":2}"#, valid: false),
        Case(
            name: "additional-schema", schema: #"{"additionalProperties":{"type":"number"}}"#,
            instance: #"{"x":1,"y":2.5}"#, valid: true),
        Case(
            name: "additional-schema-bad", schema: #"{"additionalProperties":{"type":"number"}}"#,
            instance: #"{"x":"1"}"#, valid: false),
        Case(name: "min-properties", schema: #"{"minProperties":2}"#, instance: #"{"a":1}"#, valid: false),
        Case(name: "max-properties", schema: #"{"maxProperties":1}"#, instance: #"{"a":1}"#, valid: true),
        // items, prefixItems, counts, uniqueItems
        Case(name: "items-ok", schema: #"{"items":{"type":"string"}}"#, instance: #"["a","b"]"#, valid: true),
        Case(name: "items-bad", schema: #"{"items":{"type":"string"}}"#, instance: #"["a",2]"#, valid: false),
        Case(
            name: "prefix-items", schema: #"{"prefixItems":[{"type":"number"},{"type":"string"}]}"#,
            instance: #"[1,"a",true]"#, valid: true),
        Case(
            name: "prefix-items-bad", schema: #"{"prefixItems":[{"type":"number"},{"type":"string"}]}"#,
            instance: #"["a"]"#, valid: false),
        Case(
            name: "prefix-items-closed", schema: #"{"prefixItems":[{"type":"number"}],"items":false}"#,
            instance: "[1,2]", valid: false),
        Case(name: "min-items", schema: #"{"minItems":2}"#, instance: "[1]", valid: false),
        Case(name: "max-items", schema: #"{"maxItems":2}"#, instance: "[1,2]", valid: true),
        Case(name: "unique-items-bad", schema: #"{"uniqueItems":true}"#, instance: #"[1,{"a":1},1.0]"#, valid: false),
        Case(name: "unique-items-ok", schema: #"{"uniqueItems":true}"#, instance: #"[1,true,"1"]"#, valid: true),
        // enum, const
        Case(name: "enum-ok", schema: #"{"enum":["a",1,null]}"#, instance: "null", valid: true),
        Case(name: "enum-bad", schema: #"{"enum":["a",1]}"#, instance: #""b""#, valid: false),
        Case(name: "enum-number-value", schema: #"{"enum":[1]}"#, instance: "1.0", valid: true),
        Case(name: "enum-bool-not-number", schema: #"{"enum":[1]}"#, instance: "true", valid: false),
        Case(name: "enum-object", schema: #"{"enum":[{"a":[1,2]}]}"#, instance: #"{"a":[1,2]}"#, valid: true),
        Case(name: "const-ok", schema: #"{"const":"update"}"#, instance: #""update""#, valid: true),
        Case(name: "const-bad", schema: #"{"const":"update"}"#, instance: #""Update""#, valid: false),
        // numbers
        Case(name: "minimum-equal", schema: #"{"minimum":0}"#, instance: "0", valid: true),
        Case(name: "minimum-bad", schema: #"{"minimum":0}"#, instance: "-0.5", valid: false),
        Case(name: "maximum-bad", schema: #"{"maximum":255}"#, instance: "256", valid: false),
        Case(name: "exclusive-minimum", schema: #"{"exclusiveMinimum":0}"#, instance: "0", valid: false),
        Case(name: "exclusive-maximum", schema: #"{"exclusiveMaximum":1}"#, instance: "0.999", valid: true),
        Case(name: "bounds-ignore-strings", schema: #"{"minimum":5}"#, instance: #""1""#, valid: true),
        // strings: code points
        Case(name: "min-length-code-points", schema: #"{"minLength":2}"#, instance: #""😀""#, valid: false),
        Case(name: "max-length-code-points", schema: #"{"maxLength":1}"#, instance: #""😀""#, valid: true),
        Case(name: "max-length-combining", schema: #"{"maxLength":1}"#, instance: #""e\u0301""#, valid: false),
        Case(name: "min-length-ok", schema: #"{"minLength":3}"#, instance: #""abc""#, valid: true),
        // combinators
        Case(
            name: "any-of-ok", schema: #"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#, instance: "3",
            valid: true),
        Case(
            name: "any-of-bad", schema: #"{"anyOf":[{"type":"string"},{"type":"integer"}]}"#, instance: "3.5",
            valid: false),
        Case(
            name: "one-of-two-match", schema: #"{"oneOf":[{"type":"number"},{"type":"integer"}]}"#, instance: "3",
            valid: false),
        Case(
            name: "one-of-one-match", schema: #"{"oneOf":[{"type":"number"},{"type":"integer"}]}"#,
            instance: "3.5", valid: true),
        Case(
            name: "all-of", schema: #"{"allOf":[{"required":["a"]},{"required":["b"]}]}"#, instance: #"{"a":1}"#,
            valid: false),
        Case(name: "not", schema: #"{"not":{"type":"null"}}"#, instance: "null", valid: false),
        Case(name: "not-ok", schema: #"{"not":{"type":"null"}}"#, instance: "0", valid: true),
        // $ref / $defs
        Case(
            name: "ref-defs",
            schema:
                ##"{"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"v":{"type":"integer"}}}},"$ref":"#/$defs/node"}"##,
            instance: #"{"v":1,"next":{"v":2,"next":{"v":"3"}}}"#, valid: false),
        Case(
            name: "ref-root", schema: ##"{"type":"object","properties":{"child":{"$ref":"#"}}}"##,
            instance: #"{"child":{"child":{}}}"#, valid: true),
        Case(
            name: "ref-escaped", schema: ##"{"$defs":{"a/b":{"type":"string"}},"$ref":"#/$defs/a~1b"}"##,
            instance: "1", valid: false),
        Case(
            name: "ref-sibling-keywords",
            schema: ##"{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":2}"##, instance: #""abc""#,
            valid: false),
        // boolean schemas and annotations
        Case(name: "true-schema", schema: "true", instance: #"{"x":[1]}"#, valid: true),
        Case(name: "false-schema", schema: "false", instance: "null", valid: false),
        // Numbers compare as the decimals written, however long (Python reads a number with a
        // point or an exponent as the nearest float, so it differs where that float is not the number).
        Case(
            name: "maximum-int64-exact", schema: #"{"maximum":9223372036854775807}"#, instance: "9223372036854775808",
            valid: false),
        Case(
            name: "maximum-int64-equal", schema: #"{"maximum":9223372036854775807}"#, instance: "9223372036854775807",
            valid: true),
        Case(
            name: "maximum-int64-fraction", schema: #"{"maximum":9223372036854775807}"#,
            instance: "9223372036854775807.0", valid: true,
            jsonschemaDiffers: "json.loads reads 9223372036854775807.0 as the float 2^63, above the maximum"),
        Case(
            name: "maximum-int64-fraction-above", schema: #"{"maximum":9223372036854775807}"#,
            instance: "9223372036854775807.5", valid: false),
        Case(
            name: "minimum-int64-exact", schema: #"{"minimum":-9223372036854775808}"#, instance: "-9223372036854775809",
            valid: false),
        Case(
            name: "maximum-uint64", schema: #"{"maximum":18446744073709551615}"#, instance: "18446744073709551616",
            valid: false),
        Case(
            name: "exclusive-maximum-big", schema: #"{"exclusiveMaximum":100000000000000000001}"#, instance: "1e20",
            valid: true),
        Case(
            name: "enum-big-integers", schema: #"{"enum":[9007199254740993]}"#, instance: "9007199254740992",
            valid: false),
        Case(
            name: "enum-big-integer-as-double", schema: #"{"enum":[9007199254740992]}"#, instance: "9007199254740992.0",
            valid: true),
        Case(name: "maximum-huge-exponent", schema: #"{"maximum":1e308}"#, instance: "1e400", valid: false),
        // propertyNames and false properties
        Case(
            name: "property-names-enum", schema: #"{"propertyNames":{"enum":["a","b"]}}"#, instance: #"{"a":1,"c":2}"#,
            valid: false),
        Case(
            name: "property-names-ok", schema: #"{"propertyNames":{"enum":["a","b"]}}"#, instance: #"{"b":1}"#,
            valid: true),
        Case(name: "property-false", schema: #"{"properties":{"x":false}}"#, instance: #"{"x":1}"#, valid: false),
        // PaySize keywords: skipped by jsonschema, checked by PaySize as the device decodes.
        Case(
            name: "paysize-number-int-exponent", schema: #"{"type":"integer","x-paysize-number":"Int"}"#,
            instance: "1e2", valid: true),
        Case(
            name: "paysize-number-int-overflow", schema: #"{"type":"integer","x-paysize-number":"Int"}"#,
            instance: "1e20", valid: true, validForTheDevice: false),
        Case(
            name: "paysize-number-int-fraction-near-max",
            schema: #"{"type":"integer","x-paysize-number":"Int64","maximum":9223372036854775807}"#,
            instance: "9223372036854775295.0", valid: true),
        Case(
            name: "paysize-number-float-overflow", schema: #"{"type":"number","x-paysize-number":"Float"}"#,
            instance: "1e39", valid: true, validForTheDevice: false),
        Case(
            name: "paysize-number-double-underflow", schema: #"{"type":"number","x-paysize-number":"Double"}"#,
            instance: "1e-400", valid: true, validForTheDevice: false),
        Case(
            name: "paysize-number-decimal-exponent", schema: #"{"type":"number","x-paysize-number":"Decimal"}"#,
            instance: "1e128", valid: true, validForTheDevice: false),
        Case(
            name: "paysize-number-float-enum", schema: #"{"enum":[0.1],"x-paysize-number":"Float"}"#,
            instance: "0.10000000149011612", valid: false, validForTheDevice: true),
        Case(
            name: "paysize-format-url-empty", schema: #"{"type":"string","x-paysize-format":"URL"}"#,
            instance: #""""#, valid: true, validForTheDevice: false),
        Case(
            name: "paysize-format-uuid-lowercase", schema: #"{"type":"string","x-paysize-format":"UUID"}"#,
            instance: #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, valid: true),
        Case(
            name: "paysize-format-base64-unpadded", schema: #"{"type":"string","x-paysize-format":"base64"}"#,
            instance: #""Bg""#, valid: true, validForTheDevice: false),
        Case(
            name: "paysize-integer-keys", schema: #"{"propertyNames":{"x-paysize-integer-text":{"enum":[1,2]}}}"#,
            instance: #"{"01":true,"+2":false}"#, valid: true),
        Case(
            name: "paysize-integer-key-unknown",
            schema: #"{"propertyNames":{"x-paysize-integer-text":{"enum":[1,2]}}}"#, instance: #"{"1.0":true}"#,
            valid: true, validForTheDevice: false),
        Case(
            name: "paysize-pairs-odd",
            schema: #"{"type":"array","x-paysize-pairs":[{"type":"string"},{"type":"integer"}]}"#,
            instance: #"["a",1,"b"]"#, valid: true, validForTheDevice: false),
        Case(
            name: "paysize-pairs-ok",
            schema: #"{"type":"array","x-paysize-pairs":[{"type":"string"},{"type":"integer"}]}"#,
            instance: #"["a",1,"b",2]"#, valid: true),
        Case(
            name: "annotations-ignored",
            schema:
                #"{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"t","description":"d","format":"email","contentEncoding":"base64","default":1,"examples":[2],"x-paysize-date":"reference-date","type":"string"}"#,
            instance: #""not an email""#, valid: true),
    ]

    /// Inferred schemas with payloads: correct ones, each mistake, and suspicious-but-valid ones.
    static func inferredCases() throws -> [(String, PayloadSchema, JSONElement, Bool)] {
        typealias Support = ContractTestSupport
        let delivery = PayloadSchema.infer(from: DeliveryState.self)
        let sports = PayloadSchema.infer(from: SportsScoreState.self)
        let ride = PayloadSchema.infer(from: RideState.self)
        let timer = PayloadSchema.infer(from: TimerState.self)
        let flight = PayloadSchema.infer(from: FlightState.self)
        let thread = PayloadSchema.infer(from: CommentThread.self)
        let expression = PayloadSchema.infer(from: Expression.self)
        let unix = JSONEncoder()
        unix.dateEncodingStrategy = .secondsSince1970
        let iso = JSONEncoder()
        iso.dateEncodingStrategy = .iso8601
        let snake = JSONEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        let deliveryState = try Support.element(Support.delivery)
        return [
            ("delivery-ok", delivery, deliveryState, true),
            ("delivery-unix-date-suspicious", delivery, try Support.element(Support.delivery, encoder: unix), true),
            ("delivery-iso-date", delivery, try Support.element(Support.delivery, encoder: iso), false),
            ("delivery-snake-case", delivery, try Support.element(Support.delivery, encoder: snake), false),
            ("delivery-unknown-status", delivery, deliveryState.setting("status", to: .string("lost")), false),
            ("delivery-null-note", delivery, deliveryState.setting("note", to: .null), true),
            ("delivery-extra-key", delivery, deliveryState.setting("tip", to: .number("3")), true),
            ("sports-ok", sports, try Support.element(Support.sports), true),
            (
                "sports-unknown-case", sports,
                try Support.element(Support.sports).setting("period", to: .object([("halftime", .object([]))])), false
            ),
            (
                "sports-two-cases", sports,
                try Support.element(Support.sports).setting(
                    "period", to: .object([("final", .object([])), ("pregame", .object([]))])), false
            ),
            ("ride-ok", ride, try Support.element(Support.ride), true),
            (
                "ride-fare-negative", ride, try Support.element(Support.ride).setting("fareCents", to: .number("-1")),
                false
            ),
            ("ride-snake-case", ride, try Support.element(Support.ride, encoder: snake), false),
            ("timer-ok", timer, try Support.element(Support.timer), true),
            (
                "timer-lap-string", timer,
                try Support.element(Support.timer).setting("laps", to: .object([("a", .string("1"))])), false
            ),
            ("flight-ok", flight, try Support.element(Support.flight), true),
            (
                "flight-delay-overflow", flight,
                try Support.element(Support.flight).setting("delay", to: .number("40000")), false
            ),
            ("flight-unix-dates", flight, try Support.element(Support.flight, encoder: unix), true),
            (
                "thread-ok", thread,
                try Support.json(#"{"text":"a","replies":[{"text":"b","replies":[]}],"parent":null}"#), true
            ),
            ("thread-bad", thread, try Support.json(#"{"text":"a","replies":[{"replies":[]}]}"#), false),
            (
                "expression-ok", expression,
                try Support.json(#"{"pair":{"_0":{"number":{"_0":1}},"_1":{"number":{"_0":2.5}}}}"#), true
            ),
            (
                "expression-bad", expression,
                try Support.json(#"{"pair":{"_0":{"number":{"_0":1}},"_1":{"number":{}}}}"#), false
            ),
        ]
    }

    @Test("our verdicts are the expected ones, and the cases are written for jsonschema")
    func verdicts() throws {
        let directory = ContractTestSupport.packageRoot.appendingPathComponent(".build/jsonschema-cases")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written = 0
        func write(
            _ name: String, _ schema: JSONElement, _ instance: JSONElement, _ valid: Bool, differs: String? = nil
        ) throws {
            var members: [(String, JSONElement)] = [
                ("schema", schema), ("instance", instance), ("valid", .bool(valid)),
            ]
            if let differs { members.append(("jsonschemaDiffers", .string(differs))) }
            let document = JSONElement.object(members)
            try Data(JSONDocumentWriter.write(document)).write(to: directory.appendingPathComponent("\(name).json"))
            written += 1
        }
        for item in Self.handWritten {
            let schema = try PayloadSchema(jsonBytes: Array(item.schema.utf8))
            let instance = try ContractTestSupport.json(item.instance)
            let standard = schema.isValidByStandardKeywords(instance)
            let ours = schema.isValid(instance)
            #expect(standard == item.valid, "\(item.name)")
            #expect(ours == item.validForTheDevice ?? item.valid, "\(item.name)")
            #expect(ours == !schema.findings(in: instance).contains { $0.code == .dropped }, "\(item.name)")
            try write(item.name, schema.document, instance, standard, differs: item.jsonschemaDiffers)
        }
        for (name, schema, instance, expected) in try Self.inferredCases() {
            let ours = schema.isValid(instance)
            #expect(ours == expected, "\(name)")
            // PaySize's keywords only ever refuse more.
            #expect(!ours || schema.isValidByStandardKeywords(instance), "\(name)")
            try write(name, schema.document, instance, schema.isValidByStandardKeywords(instance))
        }
        // Every place in each example state, replaced by a value of each JSON type or removed:
        // only jsonschema knows the answer, and our two checkers must agree with each other.
        typealias Support = ContractTestSupport
        let examples: [(String, PayloadSchema, JSONElement)] = [
            ("delivery", .infer(from: DeliveryState.self), try Support.element(Support.delivery)),
            ("sports", .infer(from: SportsScoreState.self), try Support.element(Support.sports)),
            ("ride", .infer(from: RideState.self), try Support.element(Support.ride)),
            ("timer", .infer(from: TimerState.self), try Support.element(Support.timer)),
            ("flight", .infer(from: FlightState.self), try Support.element(Support.flight)),
        ]
        for (name, schema, state) in examples {
            for (label, mutated) in Self.mutations(of: state) {
                let ours = schema.isValid(mutated)
                #expect(ours == !schema.findings(in: mutated).contains { $0.code == .dropped }, "\(name) \(label)")
                let standard = schema.isValidByStandardKeywords(mutated)
                #expect(!ours || standard, "\(name) \(label)")
                try write("mutation-\(name)-\(label)", schema.document, mutated, standard)
            }
        }
        #expect(written >= 40)
    }

    static let replacements: [(String, JSONElement)] = [
        ("string", .string("x")), ("integer", .number("7")), ("fraction", .number("1.5")),
        ("big", .number("1764504000")), ("null", .null), ("true", .bool(true)), ("object", .object([])),
        ("array", .array([])),
    ]

    /// `element` with each place replaced by each of `replacements`, and each object member removed.
    static func mutations(of element: JSONElement, label: String = "") -> [(String, JSONElement)] {
        var results: [(String, JSONElement)] = []
        if let members = element.members {
            for (offset, member) in members.enumerated() {
                let here = label + "~" + member.key
                var pairs = members.map { ($0.key, $0.value) }
                pairs.remove(at: offset)
                results.append((here + "-removed", .object(pairs)))
                for (name, value) in replacements {
                    results.append((here + "-" + name, element.setting(member.key, to: value)))
                }
                for (inner, mutated) in mutations(of: member.value, label: here) {
                    results.append((inner, element.setting(member.key, to: mutated)))
                }
            }
        } else if let elements = element.elements {
            for (offset, child) in elements.enumerated() {
                let here = label + "~\(offset)"
                for (name, value) in replacements {
                    var copy = elements
                    copy[offset] = value
                    results.append((here + "-" + name, .array(copy)))
                }
                for (inner, mutated) in mutations(of: child, label: here) {
                    var copy = elements
                    copy[offset] = mutated
                    results.append((inner, .array(copy)))
                }
            }
        }
        return results
    }
}
