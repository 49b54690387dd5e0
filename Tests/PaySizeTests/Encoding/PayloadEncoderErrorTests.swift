import Foundation
@_spi(Internals) import PaySize
import Testing

/// Errors match Foundation's: same case, coding path, value and text (pinned here).
@Suite("PayloadEncoder errors against Foundation")
struct PayloadEncoderErrorTests {
    func expectSameError<T: Encodable>(
        _ value: T,
        _ options: EncodingOptions = EncodingOptions(),
        pinned: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let comparison = EncodingComparison(value, options: options)
        guard case .failure(let message) = comparison.foundation else {
            Issue.record("Foundation did not throw: \(comparison.foundation)", sourceLocation: sourceLocation)
            return
        }
        #expect(comparison.payload == comparison.foundation, "\(comparison.payload)", sourceLocation: sourceLocation)
        #expect(comparison.sizeFailure == message, sourceLocation: sourceLocation)
        #expect(comparison.plain == comparison.foundation, "plain: \(comparison.plain)", sourceLocation: sourceLocation)
        #expect(comparison.plainSizeFailure == message, sourceLocation: sourceLocation)
        if let pinned {
            #expect(message.contains(pinned), "\(message)", sourceLocation: sourceLocation)
        }
    }

    @Test("NaN and infinities throw invalidValue with Foundation's text and path")
    func nonConforming() {
        expectSameError(Double.nan, pinned: "path=[] 'Unable to encode Double.nan directly in JSON.'")
        expectSameError(
            ["a": [1.0, .infinity]],
            pinned: "path=[\"a#-\", \"Index 1#1\"] 'Unable to encode Double.inf directly in JSON.'")
        expectSameError([-Double.infinity], pinned: "'Unable to encode Double.-inf directly in JSON.'")
        expectSameError([Float.nan], pinned: "path=[\"Index 0#0\"] 'Unable to encode Float.nan directly in JSON.'")
        expectSameError(["d": Date(timeIntervalSinceReferenceDate: .nan)])
        expectSameError(
            [Date(timeIntervalSinceReferenceDate: .infinity)],
            EncodingOptions().with { $0.date = .millisecondsSince1970 })
        expectSameError(
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "n")
                var deeper = nested.nestedContainer(keyedBy: TestKey.self, forKey: "nn")
                try deeper.encode([Double.nan], forKey: "bad")
            })
        expectSameError(
            [
                "t": CustomEncodable { encoder in
                    var container = encoder.container(keyedBy: TestKey.self)
                    var nested = container.nestedUnkeyedContainer(forKey: "u")
                    try nested.encode(1)
                    try nested.encode(-Double.infinity)
                }
            ], pinned: "path=[\"t#-\", \"Index 1#1\"]")
    }

    @Test("a top-level value that encodes nothing")
    func encodesNothing() {
        expectSameError(CustomEncodable { _ in }, pinned: "'Top-level CustomEncodable did not encode any values.'")
        expectSameError(CustomEncodable { encoder in _ = encoder.singleValueContainer() })
    }

    @Test("nested values that encode nothing become {}")
    func nestedNothing() throws {
        let value = [CustomEncodable { _ in }, CustomEncodable { encoder in _ = encoder.singleValueContainer() }]
        let comparison = EncodingComparison(value)
        #expect(comparison.isIdentical)
        #expect(comparison.payload == .bytes(Array("[{},{}]".utf8)))
    }

    indirect enum Nest: Encodable {
        case leaf
        case array(Nest)
        case object(Nest)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .leaf:
                _ = encoder.unkeyedContainer()
            case .array(let inner):
                var container = encoder.unkeyedContainer()
                try container.encode(inner)
            case .object(let inner):
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(inner, forKey: "k")
            }
        }

        static func depth(_ containers: Int) -> Nest {
            var value = Nest.leaf
            for level in 1..<containers { value = level.isMultiple(of: 2) ? .array(value) : .object(value) }
            return value
        }
    }

    @Test("511 nested containers encode; 512 throw as Foundation's writer does")
    func depthLimit() {
        #expect(EncodingComparison(Nest.depth(511)).isIdentical)
        expectSameError(Nest.depth(512), pinned: "path=[] 'Unable to encode the given top-level value to JSON.'")
        expectSameError(Nest.depth(600))
    }

    @Test("an encoding error thrown by the value itself passes through")
    func passThrough() {
        struct Refusal: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(
                    1, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "no"))
            }
        }
        expectSameError(["x": [Refusal()]], pinned: "path=[\"x#-\", \"Index 0#0\"] 'no'")
    }

    @Test("an error the value catches and recovers from leaves no trace, as in Foundation")
    func swallowedErrors() throws {
        // Foundation itself traps when a nested value that opened a container throws and the
        // error is swallowed, so only the patterns it survives are compared.
        let recovering = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
            do { try container.encode(Double.nan, forKey: "nan") } catch {}
            do { try container.encode([1, .infinity], forKey: "list") } catch {}
            try container.encode(2, forKey: "b")
        }
        let comparison = EncodingComparison(recovering)
        #expect(comparison.isIdentical, "\(comparison.foundation) vs \(comparison.payload)")
        #expect(comparison.payload == .bytes(Array(#"{"a":1,"b":2}"#.utf8)))
    }
}
