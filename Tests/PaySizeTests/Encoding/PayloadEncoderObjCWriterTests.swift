import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// `PayloadEncoder.writer = .objc`: the bytes iOS 16's `JSONEncoder` wrote through
/// `JSONSerialization`, every non-integral number at `%.17g`, everything else as the Swift writer.
@Suite("PayloadEncoder as the Objective-C writer") struct PayloadEncoderObjCWriterTests {
    static func objcEncoder(_ formatting: JSONEncoder.OutputFormatting = [.sortedKeys]) -> PayloadEncoder {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = formatting
        encoder.writer = .objc
        return encoder
    }

    static func text<T: Encodable>(_ value: T, _ encoder: PayloadEncoder = objcEncoder()) throws -> String {
        String(decoding: try encoder.encodeBytes(value), as: UTF8.self)
    }

    @Test("each published data point is written as C's %.17g", arguments: DeviceWriterSamples.publishedPoints)
    func eachPublishedDataPointIsWrittenAsCs17g(_ point: (Double, String)) throws {
        #expect(try Self.text(point.0) == point.1)
        #expect(try Self.text([point.0]) == "[\(point.1)]")
        #expect(try Self.objcEncoder().encodedSize(of: ["k": point.0]) == point.1.utf8.count + 6)
    }

    @Test("a Float is widened first, and everything but numbers is the Swift writer's")
    func aFloatIsWidenedFirstAndEverythingButNumbersIsTheSwiftWriters() throws {
        struct State: Codable {
            var ratio: Float = 3.14
            var count = 7
            var big: UInt64 = .max
            var price = Decimal(string: "12.30")!
            var name = "a/b é"
            var at = Date(timeIntervalSinceReferenceDate: 786_193_800.7)
            var flag = true
            var missing: Double? = nil
        }
        #expect(
            try Self.text(State())
                == #"{"at":786193800.70000005,"big":18446744073709551615,"count":7,"flag":true,"name":"a\/b é","price":12.3,"ratio":3.1400001049041748}"#
        )
        #expect(try Self.objcEncoder().encodedSize(of: State()) == Self.text(State()).utf8.count)
    }

    /// The same values, each path: fast, plain, and counting, agree byte for byte.
    @Test("the fast path, the plain path and counting agree on seeded values")
    func theFastPathThePlainPathAndCountingAgreeOnSeededValues() throws {
        var rng = SplitMix64(seed: 1717)
        var plain = Self.objcEncoder()
        plain.path = .plain
        let fast = Self.objcEncoder()
        for _ in 0..<2000 {
            let values = (0..<Int.random(in: 1...8, using: &rng)).map { _ in
                Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &rng))
            }
            let floats = values.map { Float($0) }.filter(\.isFinite)
            let state = ["d": values.map { $0 / 1e300 }, "f": floats.map(Double.init)]
            let bytes = try fast.encodeBytes(state)
            #expect(try plain.encodeBytes(state) == bytes)
            #expect(try fast.encodedSize(of: state) == bytes.count)
            #expect(try fast.encodeBytes(floats) == plain.encodeBytes(floats))
            let expected = "[" + values.map { SeventeenDigitDecimal($0).text }.joined(separator: ",") + "]"
            #expect(try Self.text(values) == expected)
        }
    }

    @Test("a value only Foundation's tree reproduces has its numbers re-written")
    func aValueOnlyFoundationsTreeReproducesHasItsNumbersRewritten() throws {
        let late = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try nested.encode(1.1, forKey: "a")
            try container.encode(2, forKey: "b")
            try nested.encode(0.53, forKey: "c")
        }
        #expect(try Self.objcEncoder().encodeWithoutFallback(late, countingOnly: false) { _ in true } == nil)
        #expect(try Self.text(late) == #"{"a":{"a":1.1000000000000001,"c":0.53000000000000003},"b":2}"#)
        #expect(try Self.objcEncoder().encodedSize(of: late) == 60)
        #expect(
            try Self.text(late, Self.objcEncoder([.sortedKeys, .prettyPrinted])).contains(#""a" : 1.1000000000000001"#))
    }

    @Test("the Swift writer stays the default") func theSwiftWriterStaysTheDefault() throws {
        #expect(PayloadEncoder().writer == .swift)
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try String(decoding: encoder.encodeBytes([1.1, 0.53]), as: UTF8.self) == "[1.1,0.53]")
    }
}
