import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Raw-value enums of every number raw type, checked against the real `JSONDecoder`: for thousands
/// of numbers (the raw values spelled other ways, their neighbours as `Float` and `Double`, the
/// numbers halfway between, fractions, negatives, overflows, exponents, random ones), the inferred
/// schema must accept exactly the numbers the decoder accepts.
@Suite("Raw-value enums: inferred schema against JSONDecoder")
struct RawValueEnumDifferentialTests {
    enum Brightness: Float, Codable, CaseIterable {
        case dim = 0.1
        case half = 0.5
        case bright = 0.9
        case full = 1
    }
    /// Not `CaseIterable`: its cases are listed by their tags.
    enum Extreme: Float, Codable {
        case zero = 0
        case negative = -2.5
        case tenBillion = 1e10
        case largest = 3.4028235e38
        case smallest = 0x1p-149
        case afterOne = 1.0000001
        case twoToThe24 = 16_777_216
        case third = 0.33333334
    }
    enum Gain: Double, Codable, CaseIterable {
        case low = 0.25
        case high = 2.5
        case tenth = 0.1
        case tiny = -1e-300
        case largest = 1.7976931348623157e308
        case smallest = 0x1p-1074
        case zero = 0
    }
    enum Tiny: Int8, Codable, CaseIterable {
        case minimum = -128
        case zero = 0
        case maximum = 127
    }
    enum Byte: UInt8, Codable, CaseIterable {
        case zero = 0
        case maximum = 255
    }
    enum Short: Int16, Codable, CaseIterable {
        case minimum = -32768
        case seven = 7
    }
    enum Word: UInt16, Codable, CaseIterable { case maximum = 65535 }
    enum Medium: Int32, Codable, CaseIterable {
        case minimum = -2_147_483_648
        case maximum = 2_147_483_647
    }
    enum UnsignedMedium: UInt32, Codable, CaseIterable { case maximum = 4_294_967_295 }
    enum Long: Int64, Codable, CaseIterable {
        case minimum = -9_223_372_036_854_775_808
        case maximum = 9_223_372_036_854_775_807
        case twoToThe53Plus1 = 9_007_199_254_740_993
    }
    enum UnsignedLong: UInt64, Codable, CaseIterable {
        case maximum = 18_446_744_073_709_551_615
        case twoToThe63 = 9_223_372_036_854_775_808
    }
    enum Plain: Int, Codable, CaseIterable {
        case one = 1
        case thousand = 1000
    }
    enum Unsigned: UInt, Codable, CaseIterable { case three = 3 }

    struct Holder<Value: Codable>: Codable {
        var value: Value
    }

    struct Outcome {
        var numbers = 0
        var accepted = 0
        var falseAlarms: [String] = []
        var silentMisses: [String] = []
    }

    static func check<E: Codable>(_ type: E.Type, raws: [String]) throws -> Outcome {
        let schema = PayloadSchema.infer(from: Holder<E>.self)
        var outcome = Outcome()
        for text in Self.numbers(around: raws) {
            let json = #"{"value":"# + text + "}"
            let decodes = (try? JSONDecoder().decode(Holder<E>.self, from: Data(json.utf8))) != nil
            let valid = schema.isValid(try JSONScanner.scan(Array(json.utf8)))
            outcome.numbers += 1
            if decodes { outcome.accepted += 1 }
            if decodes, !valid { outcome.falseAlarms.append(text) }
            if !decodes, valid { outcome.silentMisses.append(text) }
        }
        return outcome
    }

    @Test(
        "the schema accepts a number exactly when JSONDecoder decodes it",
        arguments: [
            "Float", "Float (not CaseIterable)", "Double", "Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32",
            "Int64", "UInt64", "Int", "UInt",
        ])
    func agreement(_ name: String) throws {
        let outcome: Outcome
        switch name {
        case "Float": outcome = try Self.check(Brightness.self, raws: Brightness.allCases.map { "\($0.rawValue)" })
        case "Float (not CaseIterable)":
            outcome = try Self.check(
                Extreme.self,
                raws: ["0", "-2.5", "1e10", "3.4028235e38", "1e-45", "1.0000001", "16777216", "0.33333334"])
        case "Double": outcome = try Self.check(Gain.self, raws: Gain.allCases.map { "\($0.rawValue)" })
        case "Int8": outcome = try Self.check(Tiny.self, raws: Tiny.allCases.map { "\($0.rawValue)" })
        case "UInt8": outcome = try Self.check(Byte.self, raws: Byte.allCases.map { "\($0.rawValue)" })
        case "Int16": outcome = try Self.check(Short.self, raws: Short.allCases.map { "\($0.rawValue)" })
        case "UInt16": outcome = try Self.check(Word.self, raws: Word.allCases.map { "\($0.rawValue)" })
        case "Int32": outcome = try Self.check(Medium.self, raws: Medium.allCases.map { "\($0.rawValue)" })
        case "UInt32":
            outcome = try Self.check(UnsignedMedium.self, raws: UnsignedMedium.allCases.map { "\($0.rawValue)" })
        case "Int64": outcome = try Self.check(Long.self, raws: Long.allCases.map { "\($0.rawValue)" })
        case "UInt64":
            outcome = try Self.check(UnsignedLong.self, raws: UnsignedLong.allCases.map { "\($0.rawValue)" })
        case "Int": outcome = try Self.check(Plain.self, raws: Plain.allCases.map { "\($0.rawValue)" })
        default: outcome = try Self.check(Unsigned.self, raws: Unsigned.allCases.map { "\($0.rawValue)" })
        }
        print(
            "raw-value enum \(name): \(outcome.numbers) numbers, \(outcome.accepted) decoded, \(outcome.falseAlarms.count) false alarms, \(outcome.silentMisses.count) silent misses"
        )
        #expect(outcome.numbers >= 1000)
        #expect(outcome.accepted > 0)
        #expect(outcome.falseAlarms == [])
        #expect(outcome.silentMisses == [])
    }

    // MARK: - The numbers

    /// Numbers near and far from the raw values `raws` (as `JSONEncoder` writes them).
    static func numbers(around raws: [String]) -> [String] {
        var texts: [String] = []
        for raw in raws {
            texts += spellings(of: raw)
            guard let double = Double(raw) else { continue }
            for value in [
                double, -double, double + 0.5, double - 0.5, double + 0.25, double / 3, double * 10, double + 1,
                double - 1, double * (1 + 1e-9), double * (1 - 1e-9), double * (1 + 1e-15), double.nextUp,
                double.nextDown,
            ] {
                texts += spellings(of: value)
            }
            let float = Float(double)
            var neighbours = [
                float, float.nextUp, float.nextDown, float.nextUp.nextUp, float.nextDown.nextDown, -float,
            ]
            neighbours += neighbours.map { -$0 }
            for neighbour in neighbours where neighbour.isFinite {
                texts += spellings(of: "\(neighbour)")
                texts += spellings(of: Double(neighbour))
                // Halfway to the next Float, and around it: where rounding picks a side.
                for next in [neighbour.nextUp, neighbour.nextDown] where next.isFinite {
                    let half = (Double(neighbour) + Double(next)) / 2
                    texts += [half, half.nextUp, half.nextDown].flatMap { spellings(of: $0) }
                    texts += exactlyAround(half)
                }
            }
            texts += integerNeighbours(of: raw)
        }
        texts += [
            "0", "-0", "0.0", "-0.0", "0e5", "1e39", "-1e39", "3.4028236e38", "3.40282357e38", "3.4028235677973366e38",
            "3.4028235677973367e38", "1e-46", "1e-45", "7e-46", "7.1e-46", "1e309", "-1e309", "1e-400", "2e-324",
            "3e-324", "1e308", "128", "-129", "256", "-1", "32768", "65536", "2147483648", "4294967296",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "9223372036854775807.0", "9223372036854775806.0", "1e19", "1.8446744073709552e19",
            "9007199254740993", "9007199254740993.0", "9007199254740992.5", "1e2", "1E2", "1e+2", "100e-2", "0.5e1",
            "12.5", "-0.75", "3.5", "99999999999999999999999999999999999999999", "1.5", "2.0", "1.00", "127.0",
            "127.5", "-128.0", "-128.5", "255.0", "255.4",
        ]
        var random = SplitMix64(seed: 28)
        for _ in 0..<400 {
            let bits = UInt32.random(in: 0...UInt32.max, using: &random)
            let float = Float(bitPattern: bits)
            if float.isFinite { texts.append(SchemaInference.numberText(float.description)) }
            let exponent = Int.random(in: -50...50, using: &random)
            let mantissa = Int.random(in: -99_999...99_999, using: &random)
            texts.append("\(mantissa)e\(exponent)")
            texts.append(String(Int64.random(in: Int64.min...Int64.max, using: &random)))
            texts.append(String(Double.random(in: -300...300, using: &random)))
        }
        var seen: Set<String> = []
        return texts.filter { isJSONNumber($0) && seen.insert($0).inserted }
    }

    /// `raw` itself and other ways to write the same number.
    static func spellings(of raw: String) -> [String] {
        var found = [raw, raw + "0"]
        if !raw.contains("e"), !raw.contains("E") {
            found.append(raw + "e0")
            found.append(raw + "E+0")
            if !raw.contains(".") { found.append(raw + ".0") }
            if let double = Double(raw) { found.append(String(format: "%.17g", double)) }
            found.append(raw + "0000000001")
        }
        return found
    }

    static func spellings(of value: Double) -> [String] {
        guard value.isFinite else { return [] }
        return [
            SchemaInference.numberText(value), String(format: "%.17g", value), String(format: "%.9g", value),
            String(format: "%.25e", value),
        ]
    }

    /// The exact decimal of `value` and the numbers just above and below it, closer than half a
    /// `Double` ulp (they read as `value` when parsed as a `Double`, but not as a `Float`).
    static func exactlyAround(_ value: Double) -> [String] {
        let text = String(format: "%.120e", value)
        guard let e = text.firstIndex(of: "e") else { return [] }
        var mantissa = String(text[..<e])
        let exponent = String(text[e...])
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        // Fewer than 120 digits after trimming: the expansion is exact.
        guard mantissa.count < 110, mantissa.hasSuffix("5") else { return [] }
        let below = String(mantissa.dropLast()) + "49999999999" + exponent
        return [mantissa + exponent, mantissa + "00000000001" + exponent, below]
    }

    static func integerNeighbours(of raw: String) -> [String] {
        guard let value = Int64(raw) else { return [] }
        return [value &+ 1, value &- 1, value &+ 1000, value &- 1000].map { String($0) } + [
            "\(raw).5", "\(raw).0000000000000001", "\(raw)e0", "\(raw)0",
        ]
    }

    static func isJSONNumber(_ text: String) -> Bool {
        (try? JSONScanner.scan(Array(text.utf8)))?.numberText != nil
    }
}
