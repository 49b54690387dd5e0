import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The digit writers behind numbers: ``ShortestDecimal`` (the digits `Double.description`
/// prints for long decimals) and ``JSONByteWriter/writeEightDigits(_:to:)``, checked against the
/// standard library and, through `PayloadEncoder`, against Foundation byte for byte.
@Suite("Number digits")
struct NumberDigitsTests {
    /// `digits` with a point before the last `fractionDigits`, as `description` spells it.
    static func plainText(_ digits: UInt64, fractionDigits: Int) -> String {
        var text = String(digits)
        if text.count <= fractionDigits { text = String(repeating: "0", count: fractionDigits - text.count + 1) + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -fractionDigits))
        return text
    }

    /// Doubles between 0.001 and 10^15 that are not integers, from the families where the
    /// shortest digits are hardest: any bit pattern (mostly 16 or 17 digits), a few ulps either
    /// side of a short decimal (`0.1 + 0.2`), values exactly halfway between two candidates
    /// (`2^46 + 0.625` prints as `…0.62`), binade edges (the neighbour below is half as far) and
    /// the ulps around each power of ten.
    static func longDecimals(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        var values: [Double] = [
            0.1 + 0.2, 6.000000000000001, 0.6200000000000001, 100_753_600_158_194.625, 137_343_350_915_544.375,
            1_809_410_307_687.21875, 0.001, 999_999_999_999_999.9,
        ]
        var power = 0.001
        while power < 1e15 {
            var up = power
            var down = power
            for _ in 0..<40 {
                up = up.nextUp
                down = down.nextDown
                values += [up, down]
            }
            power *= 10
        }
        for exponent in -9...49 {
            let edge = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [edge.nextUp, edge.nextDown, edge.nextDown.nextDown]
        }
        while values.count < count {
            let biased = UInt64.random(in: 1013...1072, using: &rng)
            values.append(Double(bitPattern: biased << 52 | rng.next() >> 12))
            let scale = pow(10, Double(Int.random(in: 1...15, using: &rng)))
            let short = Double(Int64.random(in: 1...999_999_999_999, using: &rng)) / scale
            values += [short.nextUp, short.nextUp.nextUp, short.nextDown, short.nextDown.nextDown]
            values.append(
                Double(UInt64.random(in: 1...999_999_999_999_999, using: &rng)) + Double(
                    Int.random(in: 1...255, using: &rng)) / 256)
            let left = Double(Int.random(in: 1...100_000, using: &rng)) / 100
            let right = Double(Int.random(in: 1...100_000, using: &rng)) / 1000
            values += [left + right, left * right, left / right]
        }
        return values.filter { $0 >= 0.001 && $0 < 1e15 && $0 != $0.rounded(.towardZero) }
    }

    @Test("shortest digits match Double.description for 300 000 long decimals")
    func shortestDigitsMatchDescription() {
        var mismatches: [String] = []
        var unanswered = 0
        for value in Self.longDecimals(count: 300_000, seed: 23) {
            guard let (digits, fractionDigits) = ShortestDecimal.digits(of: value) else {
                unanswered += 1
                continue
            }
            let text = Self.plainText(digits, fractionDigits: fractionDigits)
            if text != value.description && mismatches.count < 10 {
                mismatches.append("\(value.description) -> \(text)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Every value in range gets an answer: halfway cases round to the even digit.
        #expect(unanswered == 0)
    }

    /// Every digit count with every point position, written one after another into a writer
    /// that starts small, so numbers land at every offset of the buffer and across its growth.
    @Test("fixed-point numbers of 1 to 19 digits, the point at every position, in both modes")
    func fixedPointAtEveryPosition() {
        var rng = SplitMix64(seed: 41)
        var cases: [(digits: UInt64, fractionDigits: Int, negative: Bool)] = []
        for digitCount in 1...19 {
            let lowest: UInt64 = digitCount == 1 ? 1 : (1...(digitCount - 1)).reduce(1) { value, _ in value * 10 }
            let highest = digitCount == 19 ? 9_999_999_999_999_999_999 : lowest * 10 - 1
            for fractionDigits in 1...19 {
                for digits in [lowest, highest, UInt64.random(in: lowest...highest, using: &rng)] {
                    cases += [(digits, fractionDigits, false), (digits, fractionDigits, true)]
                }
            }
        }
        var expected = ""
        for (digits, fractionDigits, negative) in cases {
            expected += (negative ? "-" : "") + Self.plainText(digits, fractionDigits: fractionDigits) + ","
        }
        for countingOnly in [false, true] {
            var writer = JSONByteWriter(storage: .allocate(capacity: 8), capacity: 8)
            defer { writer.deallocate() }
            writer.reset(countingOnly: countingOnly, escapesSlashes: true)
            for (digits, fractionDigits, negative) in cases {
                writer.appendFixed(digits, fractionDigits: fractionDigits, negative: negative)
                writer.append(UInt8(ascii: ","))
            }
            if countingOnly {
                #expect(writer.countedBytes == expected.utf8.count)
            } else {
                #expect(String(decoding: writer.written, as: UTF8.self) == expected)
            }
        }
    }

    @Test("out of range, the standard library's formatter is left to answer")
    func outOfRange() {
        for value in [0.000_999_999, 1e15 + 0.5, 1e300, .leastNonzeroMagnitude, .infinity, .nan] {
            #expect(ShortestDecimal.digits(of: value) == nil, "\(value)")
        }
        #expect(ShortestDecimal.digits(of: 0.1 + 0.2)! == (30_000_000_000_000_004, 17))
        #expect(ShortestDecimal.digits(of: 100_753_600_158_194.625)! == (10_075_360_015_819_462, 2))
    }

    @Test("long decimals are written as Foundation writes them, in both modes")
    func longDecimalsThroughEncoder() {
        let values = Self.longDecimals(count: 20_000, seed: 29)
        let negated = values.map { -$0 }
        for options in [EncodingOptions(), EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] }] {
            for array in [values, negated] where !EncodingComparison(array, options: options).isIdentical {
                let first = array.first { !EncodingComparison([$0], options: options).isIdentical }
                Issue.record("\(options): first value written differently: \(String(describing: first))")
            }
        }
        let keyed = Dictionary(
            uniqueKeysWithValues: values.prefix(500).enumerated().map { ("k\($0.offset)", $0.element) })
        #expect(EncodingComparison(keyed, options: EncodingOptions()).isIdentical)
    }

    /// Floats between 0.001 and 2^24 that are not integers: any bit pattern in range, a few ulps
    /// either side of a short decimal (`Float(0.1)`), binade edges and the ulps around each
    /// power of ten.
    static func floatDecimals(count: Int, seed: UInt64) -> [Float] {
        var rng = SplitMix64(seed: seed)
        var values: [Float] = [0.1, 1.0 / 3, 0.001, 16_777_215.5, 8_388_607.5, 123_456.79, 0.62, 4.91]
        var power: Float = 0.001
        while power < 16_777_216 {
            var up = power
            var down = power
            for _ in 0..<40 {
                up = up.nextUp
                down = down.nextDown
                values += [up, down]
            }
            power *= 10
        }
        for exponent in -10...24 {
            let edge = Float(sign: .plus, exponent: exponent, significand: 1)
            values += [edge.nextUp, edge.nextDown, edge.nextDown.nextDown]
        }
        while values.count < count {
            let biased = UInt32.random(in: 117...150, using: &rng)
            values.append(Float(bitPattern: biased << 23 | UInt32(truncatingIfNeeded: rng.next()) >> 9))
            let scale = Float(pow(10, Double(Int.random(in: 1...7, using: &rng))))
            let short = Float(Int.random(in: 1...9_999_999, using: &rng)) / scale
            values += [short, short.nextUp, short.nextDown]
        }
        return values.filter { $0 >= 0.001 && $0 < 16_777_216 && $0 != $0.rounded(.towardZero) }
    }

    @Test("shortest digits match Float.description for 300 000 floats")
    func floatShortestDigitsMatchDescription() {
        var mismatches: [String] = []
        var unanswered = 0
        for value in Self.floatDecimals(count: 300_000, seed: 37) {
            guard let (digits, fractionDigits) = ShortestDecimal.digits(of: value) else {
                unanswered += 1
                continue
            }
            let text = Self.plainText(digits, fractionDigits: fractionDigits)
            if text != value.description && mismatches.count < 10 {
                mismatches.append("\(value.description) -> \(text)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(unanswered == 0)
        for value: Float in [0.000_999_9, 16_777_216, 1e30, .leastNonzeroMagnitude, .infinity, .nan] {
            #expect(ShortestDecimal.digits(of: value) == nil, "\(value)")
        }
        #expect(ShortestDecimal.digits(of: Float(1) / 3)! == (33_333_334, 8))
    }

    @Test("floats are written as Foundation writes them, in both modes")
    func floatsThroughEncoder() {
        var rng = SplitMix64(seed: 53)
        let values =
            Self.floatDecimals(count: 20_000, seed: 59)
            + (0..<5_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: rng.next())) }.filter(\.isFinite)
        for options in [EncodingOptions(), EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] }] {
            for array in [values, values.map { -$0 }] where !EncodingComparison(array, options: options).isIdentical {
                let first = array.first { !EncodingComparison([$0], options: options).isIdentical }
                Issue.record("\(options): first value written differently: \(String(describing: first))")
            }
        }
    }

    /// The values (the first ten) that ``JSONByteWriter/writeEightDigits(_:to:)`` does not write
    /// as their eight decimal digits.
    static func eightDigitMismatches(_ values: some Sequence<UInt64>) -> [UInt64] {
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: 8)
        defer { output.deallocate() }
        var mismatches: [UInt64] = []
        for value in values {
            JSONByteWriter.writeEightDigits(value, to: output)
            var rest = value
            var matches = true
            for position in (0..<8).reversed() {
                if output[position] != 0x30 + UInt8(rest % 10) { matches = false }
                rest /= 10
            }
            if !matches && mismatches.count < 10 { mismatches.append(value) }
        }
        return mismatches
    }

    @Test("eight digits at a time: every value below 10^6 and a million more across 10^8")
    func eightDigits() {
        #expect(Self.eightDigitMismatches(0..<1_000_000).isEmpty)
        #expect(Self.eightDigitMismatches(stride(from: 1_000_000, to: 100_000_000, by: 99)).isEmpty)
        #expect(Self.eightDigitMismatches(99_999_000..<100_000_000).isEmpty)
    }

    /// All 10^8 values (a few minutes in a debug build): `PAYSIZE_EXHAUSTIVE=1 swift test
    /// --filter NumberDigitsTests`.
    @Test(
        "eight digits at a time: all 10^8 values",
        .enabled(if: ProcessInfo.processInfo.environment["PAYSIZE_EXHAUSTIVE"] != nil))
    func eightDigitsExhaustive() {
        #expect(Self.eightDigitMismatches(0..<100_000_000).isEmpty)
    }

    @Test("integers and dates of every length, through blocks of eight digits")
    func longIntegers() {
        var integers: [UInt64] = [0, 1, UInt64.max, UInt64.max - 1]
        var signed: [Int64] = [Int64.min, Int64.max, Int64.min + 1]
        var power: UInt64 = 1
        for exponent in 1...19 {
            power &*= 10
            integers += [power - 1, power, power + 1]
            if exponent <= 18 { signed += [Int64(power - 1), -Int64(power), -Int64(power + 1)] }
        }
        var rng = SplitMix64(seed: 31)
        for _ in 0..<2_000 {
            integers.append(rng.next() >> UInt64.random(in: 0...63, using: &rng))
            signed.append(Int64(bitPattern: rng.next()) >> Int64.random(in: 0...63, using: &rng))
        }
        let dates = (0..<500).map { _ in
            Date(
                timeIntervalSinceReferenceDate: Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &rng)))
        }
        let options = EncodingOptions()
        #expect(EncodingComparison(integers, options: options).isIdentical)
        #expect(EncodingComparison(signed, options: options).isIdentical)
        #expect(EncodingComparison(dates, options: options).isIdentical)
        let doubles = integers.map { Double($0 >> 11) }
        #expect(EncodingComparison(doubles, options: options).isIdentical)
    }
}
