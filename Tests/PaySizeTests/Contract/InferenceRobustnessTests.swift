import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Types whose `init(from:)` does unusual things: inference must finish, not crash, and say what
/// it could not see.
@Suite("Inference on awkward types")
struct InferenceRobustnessTests {
    /// Reads its keys through a struct key type, which cannot be listed.
    struct Bag: Decodable {
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var values: [String: Int] = [:]
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
        }
    }

    /// Tries one type, then another, in a single value (as `AnyCodable` does).
    struct Flexible: Decodable {
        var text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    /// Skips elements that do not decode by retrying them: `JSONDecoder` never moves past a
    /// failed element, so on the device this loops forever on one.
    struct Spinning: Decodable {
        var values: [Int] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                if let value = try? container.decode(Int.self) { values.append(value) }
            }
        }
    }

    /// Throws before reading anything.
    struct Refuses: Decodable {
        struct Nope: Error {}
        init(from decoder: any Decoder) throws { throw Nope() }
    }

    /// Reads nothing at all.
    struct Empty: Codable {}

    /// A class hierarchy using `superDecoder()`.
    class Base: Decodable {
        var id: Int
        init(id: Int) { self.id = id }
    }

    final class Derived: Base, @unchecked Sendable {
        var extra: String
        enum CodingKeys: String, CodingKey { case extra }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            extra = try container.decode(String.self, forKey: .extra)
            try super.init(from: container.superDecoder())
        }
    }

    /// Deeply nested generic wrappers.
    struct Wrap<T: Decodable>: Decodable { var inner: T }

    struct Holder: Decodable {
        var bag: Bag
        var flexible: Flexible
        var refuses: Refuses?
        var empty: Empty
        var derived: Derived
        var deep: Wrap<Wrap<Wrap<[Wrap<Int>]>>>
        var spinning: Spinning
        var after: String
    }

    @Test("inference finishes and notes what it could not see")
    func awkward() throws {
        let schema = PayloadSchema.infer(from: Holder.self)
        let properties = schema.document["properties"]
        #expect(
            properties?.members?.map(\.key) == [
                "bag", "flexible", "refuses", "empty", "derived", "deep", "spinning", "after",
            ])
        #expect(properties?["spinning"]?["items"]?["x-paysize-note"]?.stringValue?.contains("loop forever") == true)
        #expect(
            properties?["bag"]?["x-paysize-note"]?.stringValue?.contains("the keys it accepts are not inferred") == true
        )
        // Tried as an Int, then as a String: both are accepted.
        #expect(
            properties?["flexible"]?["anyOf"]?.elements?.compactMap { $0["type"]?.stringValue } == [
                "integer", "string",
            ])
        #expect(
            properties?["refuses"]?["x-paysize-note"]?.stringValue
                == "init(from:) of 'Refuses' stopped (Nope()); keys it reads after that are not in this schema: give infer(from:examples:) a value of it"
        )
        // A synthesized init(from:) of a struct without properties reads nothing: anything decodes.
        #expect(properties?["empty"]?.members?.map(\.key) == ["x-paysize-note"])
        #expect(
            properties?["derived"]?["properties"]?["super"]?["properties"]?["id"]?["type"]?.stringValue == "integer")
        #expect(
            properties?["deep"]?["properties"]?["inner"]?["properties"]?["inner"]?["properties"]?["inner"]?["items"]?[
                "properties"]?["inner"]?["type"]?.stringValue == "integer")
        // The document is a valid schema and reads back.
        #expect(try PayloadSchema(jsonBytes: Array(schema.jsonData())) == schema)
    }

    @Test("inference runs each type a few times per member it reads, once per type however deep")
    func boundedRuns() {
        // Five probes per member at most (missing, null, another type, refused, unusual).
        let wide = SchemaInference()
        _ = wide.document(for: ContractCorpus.Dashboard.self)
        #expect(wide.runs <= 1 + 5 * 48)
        // Eight levels of one generic wrapper: each level is its own type, inferred once.
        typealias Deep = Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Wrap<Int>>>>>>>>
        let deep = SchemaInference()
        _ = deep.document(for: Deep.self)
        #expect(deep.runs <= 8 * (1 + 5))
    }

    @Test("deeply nested values validate without running out of stack")
    func deepValues() throws {
        let schema = try PayloadSchema(
            jsonBytes: Array(##"{"anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#"}}]}"##.utf8))
        // Three schemas a level (the `anyOf`, its array branch, the `items` whose `$ref` leads
        // back): 80 levels are checked, 500 pass SchemaValidator.maximumDepth and are refused.
        let checked = 80
        let good = String(repeating: "[", count: checked) + "1" + String(repeating: "]", count: checked)
        #expect(schema.findings(in: try ContractTestSupport.json(good)) == [])
        let bad = String(repeating: "[", count: checked) + "true" + String(repeating: "]", count: checked)
        #expect(
            schema.findings(in: try ContractTestSupport.json(bad)).map { "\($0.path) \($0.message)" } == [
                "\(String(repeating: "/0", count: checked)) expected integer or array, found boolean true"
            ])
        let depth = 500
        let deep = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        #expect(
            schema.findings(in: try ContractTestSupport.json(deep)).map(\.message) == [
                "checking this value applies more than 256 schemas inside each other, so it is not shown to be valid"
            ])
        let loop = try PayloadSchema(jsonBytes: Array(##"{"$ref":"#"}"##.utf8))
        #expect(loop.findings(in: try ContractTestSupport.json("1")) == [])
    }

    enum Single: Codable { case only(Int) }
    enum Keyed: Codable {
        case first(name: String)
        case second
        enum CodingKeys: String, CodingKey {
            case first = "FIRST"
            case second = "SECOND"
        }
    }

    @Test("enum cases are listed for one-case enums and custom case keys")
    func enumCases() {
        let single = PayloadSchema.infer(from: Single.self).document["oneOf"]?.elements ?? []
        #expect(single.compactMap { $0["required"]?.elements?.first?.stringValue } == ["only"])
        let keyed = PayloadSchema.infer(from: Keyed.self).document["oneOf"]?.elements ?? []
        #expect(keyed.compactMap { $0["required"]?.elements?.first?.stringValue } == ["FIRST", "SECOND"])
        #expect(keyed.first?["properties"]?["FIRST"]?["required"]?.elements?.first?.stringValue == "name")
    }
}
