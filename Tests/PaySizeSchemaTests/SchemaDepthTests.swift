import Foundation
@_spi(Internals) import PaySize
import Synchronization
import Testing

/// How deep the validator goes: every schema up to ``SchemaValidator/maximumDepth`` applied inside
/// another is checked, a walk that would go deeper refuses the value with one finding, and loops
/// that do not move into the value end.
@Suite("Schema depth: deep chains and values are checked or refused, never accepted unchecked")
struct SchemaDepthTests {
    enum Nesting: String, CaseIterable, Sendable {
        case ref = "$ref"
        case allOf, anyOf, oneOf, not
    }

    static let refusal =
        "(root) checking this value applies more than 256 schemas inside each other, so it is not shown to be valid"

    private static func json(_ text: String, maximumDepth: Int = 512) throws -> JSONElement {
        try JSONScanner.scan(Array(text.utf8), maximumDepth: maximumDepth)
    }

    private static func messages(_ schema: PayloadSchema, _ instance: JSONElement) -> [String] {
        schema.findings(in: instance).filter { $0.code == .dropped }.map { "\($0.path) \($0.message)" }
    }

    /// `levels` of `nesting` around `{"type":"string"}`, written inside each other.
    private static func nested(_ nesting: Nesting, levels: Int) -> String {
        var text = #"{"type":"string"}"#
        for _ in 0..<levels {
            switch nesting {
            case .ref: preconditionFailure("a chain of references is written with $defs")
            case .not: text = #"{"not":\#(text)}"#
            default: text = #"{"\#(nesting.rawValue)":[\#(text)]}"#
            }
        }
        return text
    }

    /// `levels` of `nesting`, each a distinct `$defs` entry reached by `$ref` from the one before,
    /// the last `{"type":"string"}`.
    private static func chained(_ nesting: Nesting, levels: Int) -> String {
        var definitions: [String] = []
        for level in 1...levels {
            let next = ##"{"$ref":"#/$defs/d\##(level + 1)"}"##
            let body =
                switch nesting {
                case .ref: next
                case .not: #"{"not":\#(next)}"#
                default: #"{"\#(nesting.rawValue)":[\#(next)]}"#
                }
            definitions.append(#""d\#(level)":\#(body)"#)
        }
        definitions.append(#""d\#(levels + 1)":{"type":"string"}"#)
        return ##"{"$ref":"#/$defs/d1","$defs":{\##(definitions.joined(separator: ","))}}"##
    }

    /// What `{"a":1}` gets from `levels` of `nesting` around a `type: string` that refuses it.
    private static func expected(_ nesting: Nesting, levels: Int) -> [String] {
        if nesting == .not {
            return levels % 2 == 1 ? [] : ["(root) matches a schema it must not match ('not')"]
        }
        return ["(root) expected string, found object"]
    }

    @Test(
        "63, 64 and 200 levels at one place are all checked",
        arguments: Nesting.allCases, [63, 64, 200])
    func checkedLevels(_ nesting: Nesting, levels: Int) throws {
        let text = nesting == .ref ? Self.chained(.ref, levels: levels) : Self.nested(nesting, levels: levels)
        let schema = try PayloadSchema(jsonBytes: Array(text.utf8))
        let instance = try Self.json(#"{"a":1}"#)
        let expected = Self.expected(nesting, levels: levels)
        #expect(Self.messages(schema, instance) == expected)
        #expect(schema.isValid(instance) == expected.isEmpty)
        #expect(schema.isValid(try Self.json(#""s""#)) == (nesting != .not || levels % 2 == 0))
    }

    @Test("a chain of 10 000 levels refuses the value with one finding", arguments: Nesting.allCases)
    func refusedLevels(_ nesting: Nesting) throws {
        let schema = try PayloadSchema(jsonBytes: Array(Self.chained(nesting, levels: 10_000).utf8))
        for text in [#"{"a":1}"#, #""s""#] {
            let instance = try Self.json(text)
            #expect(Self.messages(schema, instance) == [Self.refusal])
            #expect(!schema.isValid(instance))
        }
    }

    @Test("a chain within the limit is checked through $defs too", arguments: Nesting.allCases)
    func chainWithinLimit(_ nesting: Nesting) throws {
        // Each level but a `$ref` chain's is two schemas: the combinator and the `$ref` in it.
        let levels = nesting == .ref ? 200 : 100
        let schema = try PayloadSchema(jsonBytes: Array(Self.chained(nesting, levels: levels).utf8))
        #expect(Self.messages(schema, try Self.json(#"{"a":1}"#)) == Self.expected(nesting, levels: levels))
    }

    @Test("nested values are checked to the limit and refused past it")
    func deepValues() throws {
        let schema = try PayloadSchema(jsonBytes: Array(##"{"type":["array","integer"],"items":{"$ref":"#"}}"##.utf8))
        // Two schemas a level (the node and its `items`, whose `$ref` leads back): 100 levels fit.
        let good = String(repeating: "[", count: 100) + "1" + String(repeating: "]", count: 100)
        #expect(Self.messages(schema, try Self.json(good)) == [])
        let bad = String(repeating: "[", count: 100) + #""x""# + String(repeating: "]", count: 100)
        let path = String(repeating: "/0", count: 100)
        #expect(Self.messages(schema, try Self.json(bad)) == ["\(path) expected array or integer, found string 'x'"])
        let deep = String(repeating: "[", count: 200) + "1" + String(repeating: "]", count: 200)
        #expect(Self.messages(schema, try Self.json(deep)) == [Self.refusal])
        #expect(!schema.isValid(try Self.json(deep)))
    }

    @Test("100 000 nested arrays are refused, not walked into the stack")
    func hundredThousandLevels() throws {
        let schema = try PayloadSchema(jsonBytes: Array(##"{"items":{"$ref":"#"}}"##.utf8))
        let levels = 100_000
        let text = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        let instance = try Self.json(text, maximumDepth: levels + 1)
        #expect(Self.messages(schema, instance) == [Self.refusal])
        #expect(!schema.isValid(instance))
        Self.release(consume instance)
    }

    @Test("loops that do not move into the value end; each schema on them is checked once")
    func loops() throws {
        let loop = try PayloadSchema(jsonBytes: Array(##"{"allOf":[{"$ref":"#"}],"type":"string"}"##.utf8))
        #expect(Self.messages(loop, try Self.json("1")) == ["(root) expected string, found number 1"])
        #expect(loop.isValid(try Self.json(#""s""#)))
        // The repeat holds, so the `not` around it fails, in both walks.
        let negated = try PayloadSchema(jsonBytes: Array(##"{"not":{"$ref":"#"}}"##.utf8))
        #expect(Self.messages(negated, try Self.json("1")) == ["(root) matches a schema it must not match ('not')"])
        #expect(!negated.isValid(try Self.json("1")))
    }

    @Test("the deepest walks fit a 4 MiB thread stack")
    func stackBound() throws {
        let chain = try PayloadSchema(jsonBytes: Array(Self.chained(.anyOf, levels: 10_000).utf8))
        let nested = try PayloadSchema(
            jsonBytes: Array(##"{"anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#"}}]}"##.utf8))
        let text = String(repeating: "[", count: 500) + "true" + String(repeating: "]", count: 500)
        let instance = try Self.json(text)
        let results = Self.onThread(stackSize: 4 << 20) {
            [
                Self.messages(chain, instance), Self.messages(nested, instance),
                chain.isValid(instance) ? ["valid"] : [], nested.isValid(instance) ? ["valid"] : [],
            ]
        }
        #expect(results == [[Self.refusal], [Self.refusal], [], []])
    }

    /// `body`'s result, computed on a new thread with a stack of `stackSize` bytes.
    private static func onThread<Result: Sendable>(stackSize: Int, _ body: @escaping @Sendable () -> Result) -> Result {
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    /// Lets go of a deeply nested value one level at a time: releasing it whole would recurse
    /// once per level.
    private static func release(_ instance: consuming JSONElement) {
        var current = consume instance
        while case .array(let elements) = current.content, let first = elements.first {
            current = first
        }
    }
}
