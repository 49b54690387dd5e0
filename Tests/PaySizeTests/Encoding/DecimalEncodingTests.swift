import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// `Decimal` written from its mantissa and exponent (``DecimalText``): the same text as
/// `Decimal.description`, which Foundation's `JSONEncoder` writes, for every `Decimal`: the
/// public API's values and every bit pattern the storage can hold.
@Suite("Decimal written from its fields")
struct DecimalEncodingTests {
    /// A `Decimal` with exactly these storage fields, in swift-foundation's layout (see
    /// ``DecimalText``): the public API cannot make most of them (uncompacted, negative zero,
    /// a length field that disagrees with the mantissa).
    static func decimal(
        exponent: Int8, length: UInt8, isNegative: Bool, flags: UInt8 = 0, reserved: UInt16 = 0, mantissa: [UInt16]
    ) -> Decimal {
        var bytes = [UInt8](repeating: 0, count: 20)
        bytes[0] = UInt8(bitPattern: exponent)
        bytes[1] = length << 4 | (isNegative ? 0x08 : 0) | flags & 0x07
        bytes[2] = UInt8(truncatingIfNeeded: reserved)
        bytes[3] = UInt8(truncatingIfNeeded: reserved >> 8)
        for (index, word) in mantissa.prefix(8).enumerated() {
            bytes[4 + 2 * index] = UInt8(truncatingIfNeeded: word)
            bytes[5 + 2 * index] = UInt8(truncatingIfNeeded: word >> 8)
        }
        var value = Decimal()
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
        return value
    }

    /// Storage bit patterns: every exponent and length field, both signs, the flag and reserved
    /// bits set at random, mantissas of every length (the largest, zero words in the middle,
    /// all zero) and lengths that disagree with them.
    static func storagePatterns(count: Int, seed: UInt64) -> [Decimal] {
        var rng = SplitMix64(seed: seed)
        var values: [Decimal] = []
        for exponent in Int8.min...Int8.max {
            let words = Int.random(in: 0...8, using: &rng)
            let mantissa = (0..<words).map { _ in UInt16.random(in: 0...UInt16.max, using: &rng) }
            values.append(
                decimal(exponent: exponent, length: UInt8(words), isNegative: rng.chance(50), mantissa: mantissa))
            values.append(
                decimal(
                    exponent: exponent, length: 8, isNegative: rng.chance(50),
                    mantissa: Array(repeating: 0xFFFF, count: 8)))
        }
        while values.count < count {
            let words = Int.random(in: 0...8, using: &rng)
            var mantissa = (0..<words).map { _ in
                rng.chance(20) ? 0 : UInt16.random(in: 0...UInt16.max, using: &rng)
            }
            if rng.chance(10) { mantissa = Array(repeating: 0xFFFF, count: words) }
            let length = rng.chance(80) ? UInt8(max(words, 1)) : UInt8.random(in: 0...15, using: &rng)
            values.append(
                decimal(
                    exponent: rng.chance(30)
                        ? Int8.random(in: -6...6, using: &rng) : Int8.random(in: .min ... .max, using: &rng),
                    length: length, isNegative: rng.chance(50), flags: UInt8.random(in: 0...7, using: &rng),
                    reserved: rng.chance(20) ? UInt16.random(in: 0...UInt16.max, using: &rng) : 0, mantissa: mantissa))
        }
        return values
    }

    /// Values the public API makes: parsed decimals of 1 to 38 digits at every exponent the
    /// parser accepts, quotients with 38-digit mantissas, conversions from `Double`, prices.
    static func publicValues(count: Int, seed: UInt64) -> [Decimal] {
        var rng = SplitMix64(seed: seed)
        var values: [Decimal] = [
            0, -0, .nan, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
            .leastFiniteMagnitude, .pi, Decimal(UInt64.max), Decimal(Int64.min), Decimal(-0.0), Decimal(0.1),
            Decimal(sign: .minus, exponent: -2, significand: 150), Decimal(sign: .plus, exponent: 3, significand: 5),
        ]
        for exponent in -128...127 {
            let digits = (0..<Int.random(in: 1...38, using: &rng)).map { _ in String(Int.random(in: 0...9, using: &rng))
            }
            if let value = Decimal(string: "\(rng.chance(50) ? "-" : "")\(digits.joined())e\(exponent)") {
                values.append(value)
            }
        }
        while values.count < count {
            let numerator = Decimal(Int.random(in: -1_000_000...1_000_000, using: &rng))
            let denominator = Decimal(Int.random(in: 1...9_999, using: &rng))
            values.append(numerator / denominator)
            values.append(Decimal(Double.random(in: -1e6...1e6, using: &rng)))
            let cents = Int.random(in: 0...999_999, using: &rng)
            values.append(Decimal(string: "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)")!)
        }
        return values
    }

    #if !canImport(Darwin)
        @Test("the storage layout is swift-foundation's on this toolchain")
        func layoutIsKnown() {
            #expect(DecimalText.layoutIsKnown)
        }
    #endif

    @Test("a layout read wrongly fails the check, so description is written instead")
    func wrongLayoutFailsTheCheck() {
        // Apple's NSDecimal packs the length in the low bits of byte 1 and the sign above it.
        let appleOrder = { (value: Decimal) -> DecimalText in
            withUnsafeBytes(of: value) { raw in
                DecimalText(
                    exponent: Int(raw.load(fromByteOffset: 0, as: Int8.self)), hasNoLength: raw[1] & 0x0F == 0,
                    isNegative: raw[1] & 0x10 != 0, low: raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self),
                    high: raw.loadUnaligned(fromByteOffset: 12, as: UInt64.self))
            }
        }
        #expect(!DecimalText.layoutMatches(reading: appleOrder))
        // Mantissa words in the other byte order.
        let swapped = { (value: Decimal) -> DecimalText in
            let fields = DecimalText(reading: value)
            return DecimalText(
                exponent: fields.exponent, hasNoLength: fields.hasNoLength, isNegative: fields.isNegative,
                low: fields.low.byteSwapped, high: fields.high.byteSwapped)
        }
        #expect(!DecimalText.layoutMatches(reading: swapped))
        #expect(DecimalText.layoutMatches(reading: DecimalText.init(reading:)))
    }

    @Test("the text of each storage field, spelled out")
    func spelledOut() throws {
        let cases: [(Decimal, String)] = [
            (Self.decimal(exponent: 0, length: 0, isNegative: true, mantissa: [5]), "NaN"),
            (Self.decimal(exponent: 9, length: 0, isNegative: false, mantissa: [5]), "0"),
            (Self.decimal(exponent: 0, length: 1, isNegative: true, mantissa: [0]), "-0"),
            (Self.decimal(exponent: -2, length: 1, isNegative: true, mantissa: [0]), "-0.00"),
            (Self.decimal(exponent: 2, length: 1, isNegative: false, mantissa: [0]), "000"),
            (Self.decimal(exponent: -3, length: 1, isNegative: false, mantissa: [5]), "0.005"),
            (Self.decimal(exponent: -1, length: 1, isNegative: false, mantissa: [50]), "5.0"),
            (Self.decimal(exponent: -2, length: 1, isNegative: true, mantissa: [150]), "-1.50"),
            (Self.decimal(exponent: -3, length: 1, isNegative: false, mantissa: [150]), "0.150"),
            (Self.decimal(exponent: 2, length: 1, isNegative: false, mantissa: [5]), "500"),
            // The length field says one word; description reads all eight.
            (
                Self.decimal(exponent: 0, length: 1, isNegative: false, mantissa: [1, 0, 0, 0, 1]),
                "18446744073709551617"
            ),
            (
                Self.decimal(exponent: -38, length: 8, isNegative: false, mantissa: Array(repeating: 0xFFFF, count: 8)),
                "3.40282366920938463463374607431768211455"
            ),
            (
                Self.decimal(exponent: -40, length: 8, isNegative: true, mantissa: Array(repeating: 0xFFFF, count: 8)),
                "-0.0340282366920938463463374607431768211455"
            ),
            (
                Self.decimal(exponent: 127, length: 1, isNegative: false, mantissa: [7]),
                "7" + String(repeating: "0", count: 127)
            ),
            (
                Self.decimal(exponent: -128, length: 1, isNegative: true, mantissa: [7]),
                "-0." + String(repeating: "0", count: 127) + "7"
            ),
        ]
        let encoder = PayloadEncoder()
        for (value, text) in cases {
            #expect(value.description == text, "Foundation's description moved: \(value.description)")
            #expect(DecimalText(reading: value).string == text)
            #expect(String(decoding: try encoder.encode([value]), as: UTF8.self) == "[\(text)]")
            #expect(try encoder.encodedSize(of: [value]) == text.utf8.count + 2)
        }
    }

    @Test("NaN is written as Foundation writes it (NaN, not an error)")
    func notANumber() throws {
        // Foundation's JSONEncoder writes Decimal's description, NaN included, and throws nothing.
        let foundation = try JSONEncoder().encode(["reading": Decimal.nan])
        #expect(String(decoding: foundation, as: UTF8.self) == #"{"reading":NaN}"#)
        #expect(try PayloadEncoder().encode(["reading": Decimal.nan]) == foundation)
        #expect(try PayloadEncoder().encodedSize(of: Decimal.nan) == 3)
    }

    @Test("every storage bit pattern reads as description does: 200 000 patterns")
    func storagePatternsMatchDescription() {
        var mismatches: [String] = []
        for value in Self.storagePatterns(count: 200_000, seed: 41) {
            let fields = DecimalText(reading: value)
            let text = fields.string
            if (text != value.description || fields.byteCount != text.utf8.count) && mismatches.count < 10 {
                mismatches.append("\(withUnsafeBytes(of: value) { Array($0) }): \(value.description) -> \(text)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("Decimals are written as Foundation writes them, byte for byte, in both modes")
    func differentialAgainstFoundation() {
        let values = Self.storagePatterns(count: 20_000, seed: 43) + Self.publicValues(count: 20_000, seed: 47)
        for options in [
            EncodingOptions(), EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] },
        ] {
            for chunk in stride(from: 0, to: values.count, by: 1_000) {
                let array = Array(values[chunk..<min(chunk + 1_000, values.count)])
                guard !EncodingComparison(array, options: options).isIdentical else { continue }
                let first = array.first { !EncodingComparison([$0], options: options).isIdentical }
                Issue.record(
                    "\(options): first Decimal written differently: \(String(describing: first)) \(String(describing: first.map { withUnsafeBytes(of: $0) { Array($0) } }))"
                )
            }
        }
        // As members, optionals and dictionary values, through every container.
        struct Reading: Codable {
            var value: Decimal
            var previous: Decimal?
            var history: [Decimal]
            var byUnit: [String: Decimal]
        }
        let readings = values.prefix(2_000).enumerated().map { index, value in
            Reading(
                value: value, previous: index % 3 == 0 ? nil : -value, history: [value, value],
                byUnit: ["mmol/L": value, "mg/dL": value * 18])
        }
        #expect(EncodingComparison(readings, options: EncodingOptions()).isIdentical)
    }
}
