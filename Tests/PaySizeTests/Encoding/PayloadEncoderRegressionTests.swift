import Foundation
@_spi(Internals) import PaySize
import Testing

/// Values the FuzzEncoderDifferential target (Fuzz/) found PayloadEncoder and JSONEncoder
/// disagreeing on, kept as unit tests; each input also lives in
/// `Fuzz/Regressions/FuzzEncoderDifferential/`.
@Suite("PayloadEncoder regressions") struct PayloadEncoderRegressionTests {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes 1, 2, … under the given keys, in order, through one keyed container.
    private struct Members: Encodable {
        var keys: [String]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (offset, key) in keys.enumerated() { try container.encode(offset + 1, forKey: Key(key)) }
        }
    }

    /// Regressions/FuzzEncoderDifferential/canonically-equivalent-keys.bin: Foundation keys a
    /// container by `String`, so `"\u{E9}"` and `"e\u{301}"` (canonically equivalent) are one
    /// member, spelled as first written, holding the last value: `{"é":2}`. PayloadEncoder
    /// used to compare keys by UTF-8 bytes only and wrote both (`{"é":2,"é":1}`); an object
    /// with such keys now goes to Foundation.
    @Test(
        "canonically equivalent keys are one member",
        arguments: [["\u{E9}", "e\u{301}"], ["e\u{301}", "\u{E9}"], ["\u{212B}", "\u{C5}", "A\u{30A}"]])
    func canonicallyEquivalentKeysAreOneMember(keys: [String]) throws {
        var ours = PayloadEncoder()
        ours.outputFormatting = [.sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let value = Members(keys: keys)
        let expected = Array(try foundation.encode(value))
        let bytes = try ours.encodeBytes(value)
        let size = try ours.encodedSize(of: value)
        #expect(bytes == expected)
        #expect(size == expected.count)
    }

    /// Regressions/FuzzEncoderDifferential/snake-case-cache-*.bin: under `.convertToSnakeCase`,
    /// PayloadEncoder caches converted keys in a `[String: String]`, whose lookup treats
    /// canonically equivalent keys as one; so `"e\u{301}"`, met after `"\u{E9}"` anywhere in the
    /// value, was written as `"\u{E9}"`. Foundation converts each key as given; the cache now
    /// holds ASCII keys only.
    @Test("snake case keeps the spelling of each key") func snakeCaseKeepsTheSpellingOfEachKey() throws {
        struct Inner: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(false, forKey: Key("e\u{301}"))
            }
        }
        struct Outer: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(Inner(), forKey: Key("\u{E9}"))
            }
        }
        var ours = PayloadEncoder()
        ours.outputFormatting = [.sortedKeys]
        ours.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let expected = Array(try foundation.encode(Outer()))
        #expect(expected == Array("{\"\u{E9}\":{\"e\u{301}\":false}}".utf8))
        let bytes = try ours.encodeBytes(Outer())
        #expect(bytes == expected)
        #expect(try ours.encodedSize(of: Outer()) == expected.count)
    }

    /// Regressions/FuzzEncoderDifferential/nonconforming-date-*.bin: Foundation applies
    /// `.convertToString` to `Double` and `Float` only; a `Date` written as seconds or
    /// milliseconds since 1970 whose number is NaN or infinite throws `invalidValue` ("Unable to
    /// encode Double.nan directly in JSON."). PayloadEncoder used to write the replacement
    /// string (`"nan"`); now it throws the same error at the same path.
    @Test(
        "non-conforming dates throw as Foundation does",
        arguments: [
            (JSONEncoder.DateEncodingStrategy.secondsSince1970, Double.nan),
            (.millisecondsSince1970, .nan),
            (.millisecondsSince1970, .infinity),
            (.secondsSince1970, -.infinity),
        ])
    func nonConformingDatesThrowAsFoundationDoes(strategy: JSONEncoder.DateEncodingStrategy, seconds: Double) throws {
        let floats = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        var ours = PayloadEncoder()
        ours.dateEncodingStrategy = strategy
        ours.nonConformingFloatEncodingStrategy = floats
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = strategy
        foundation.nonConformingFloatEncodingStrategy = floats
        let date = ["eta": Date(timeIntervalSinceReferenceDate: seconds)]
        #expect(throws: EncodingError.self) { try foundation.encode(date) }
        let expected = Self.errorSummary { _ = try foundation.encode(date) }
        #expect(
            expected
                == "invalidValue [eta] Unable to encode Double.\(Double(seconds * (strategy.isMilliseconds ? 1000 : 1))) directly in JSON."
        )
        #expect(Self.errorSummary { _ = try ours.encodeBytes(date) } == expected)
        #expect(Self.errorSummary { _ = try ours.encodedSize(of: date) } == expected)
    }

    /// `CASE [PATH] DESCRIPTION` of the `EncodingError` `body` throws, or `nil` when it throws none.
    private static func errorSummary(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch EncodingError.invalidValue(_, let context) {
            return
                "invalidValue [\(context.codingPath.map(\.stringValue).joined(separator: "."))] \(context.debugDescription)"
        } catch {
            return "\(error)"
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    fileprivate var isMilliseconds: Bool {
        if case .millisecondsSince1970 = self { return true }
        return false
    }
}
