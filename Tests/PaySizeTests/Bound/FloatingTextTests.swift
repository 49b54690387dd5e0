import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The longest `%.17g` text in a range, against the C library's `%.17g` of every value where
/// the range is small enough to walk, and against the arithmetic the search rests on.
@Suite("Longest floating-point texts") struct FloatingTextTests {
    /// `%.17g` of a value widened to `Double`, by the C library.
    static func glibc<F: BinaryFloatingPoint>(_ value: F) -> String {
        String(format: "%.17g", Double(value))
    }

    /// The longest glibc text of every value from `lower` to `upper` (both zeros when zero is in
    /// the range), by walking them all.
    static func walkedLongest<F: BinaryFloatingPoint>(_ lower: F, _ upper: F) -> Int {
        var longest = 0
        var value = lower
        while value <= upper {
            longest = max(longest, glibc(value).utf8.count)
            value = value.nextUp
        }
        if lower <= 0, upper >= 0 { longest = max(longest, glibc(-F.zero).utf8.count) }
        return longest
    }

    /// Checks the search on `lower...upper` against a walk of every value.
    static func check<F: BinaryFloatingPoint & LosslessStringConvertible>(_ lower: F, _ upper: F) throws {
        let found = try #require(FloatingText.longestSeventeenDigits(in: lower, upper), "\(lower)...\(upper)")
        #expect(found.value >= lower && found.value <= upper, "\(lower)...\(upper): witness \(found.value)")
        #expect(found.text == glibc(found.value), "\(lower)...\(upper)")
        #expect(found.text.utf8.count == walkedLongest(lower, upper), "\(lower)...\(upper): found \(found.text)")
    }

    /// Values where the text's form, exponent or digit count changes, and where every value of
    /// a binade is a whole number or a short binary fraction.
    static let doubleEdges: [Double] = [
        0, .leastNonzeroMagnitude, .leastNonzeroMagnitude * 2, .leastNonzeroMagnitude * 8_096, .leastNormalMagnitude,
        1e-300, 1e-100, 9.9999999999999996e-100,
        1e-5, 1e-4, 0.001, 0.1, 0.5, 1, 2, 10, 100, 180, 1024, 1e15, 2_251_799_813_685_248, 4_503_599_627_370_496,
        9_007_199_254_740_992, 1e16, 1e17, 1e22, 1e23, 1e100, 1e300, .greatestFiniteMagnitude,
    ]
    static let floatEdges: [Float] = [
        0, .leastNonzeroMagnitude, .leastNonzeroMagnitude * 7, .leastNormalMagnitude, 1e-38, 1e-5, 1e-4, 0.1, 0.5, 1,
        3.14, 100, 4096,
        8_388_608, 16_777_216, 1e10, 1e16, 1e17, 1e20, 1e38, .greatestFiniteMagnitude,
    ]

    @Test("the longest text of a small Double range is the longest of its values")
    func smallDoubleRanges() throws {
        var random = SplitMix64(seed: 37)
        for edge in Self.doubleEdges {
            for _ in 0..<6 {
                let below = Int.random(in: 0...300, using: &random)
                let above = Int.random(in: 0...300, using: &random)
                var lower = edge
                var upper = edge
                for _ in 0..<below where lower > -.greatestFiniteMagnitude { lower = lower.nextDown }
                for _ in 0..<above where upper < .greatestFiniteMagnitude { upper = upper.nextUp }
                try Self.check(lower, upper)
                try Self.check(-upper, -lower)
                try Self.check(edge, edge)
            }
        }
    }

    @Test("the longest text of a small Float range is the longest of its values widened")
    func smallFloatRanges() throws {
        var random = SplitMix64(seed: 16)
        for edge in Self.floatEdges {
            for _ in 0..<6 {
                var lower = edge
                var upper = edge
                for _ in 0..<Int.random(in: 0...300, using: &random) where lower > -.greatestFiniteMagnitude {
                    lower = lower.nextDown
                }
                for _ in 0..<Int.random(in: 0...300, using: &random) where upper < .greatestFiniteMagnitude {
                    upper = upper.nextUp
                }
                try Self.check(lower, upper)
                try Self.check(-upper, -lower)
                try Self.check(edge, edge)
            }
        }
    }

    /// Ranges too wide to walk: the witness is in range and as long as claimed, and no value
    /// drawn from the range, at random or next to a power of ten, is longer.
    @Test("no value of a wide range is longer than the longest found")
    func wideRanges() throws {
        var random = SplitMix64(seed: 4096)
        let ranges: [(Double, Double)] = [
            (0, 1), (-180, 180), (-90, 90), (0, 100), (1, 100), (0.001, 0.002), (1e15, 1e16), (1e16, 1e17),
            (1e16, 1e20), (-1e-300, 1e-300), (7e8, 8e8),
        ]
        for (lower, upper) in ranges {
            let found = try #require(FloatingText.longestSeventeenDigits(in: lower, upper))
            #expect(found.value >= lower && found.value <= upper)
            #expect(found.text == Self.glibc(found.value))
            var samples = (0..<2000).map { _ in Double.random(in: lower...upper, using: &random) }
            for exponent in -330...310 {
                guard let power = Double("1e\(exponent)"), power >= lower, power <= upper else { continue }
                samples += [power.nextDown, power, power.nextUp]
            }
            let longest = samples.filter { $0 >= lower && $0 <= upper }.map { Self.glibc($0).utf8.count }.max() ?? 0
            #expect(longest <= found.text.utf8.count, "\(lower)...\(upper)")
        }
    }

    @Test(
        "named ranges have their exact longest text",
        arguments: [
            // Every positive value down to the smallest: 17 digits and a three-digit exponent.
            (0.0, 1.0, "9.9999999999999982e-100"),
            (-180, 180, "-9.9999999999999982e-100"),
            (0, 100, "9.9999999999999982e-100"),
            // 17 digits with one or two before the point.
            (1, 100, "9.9999999999999982"),
            // Whole numbers only: 17 digits, no point, no exponent; 1e17 itself is 1e+17.
            (1e16, 1e17, "99999999999999984"),
            (-Double.greatestFiniteMagnitude, .greatestFiniteMagnitude, "-1.7976931348623157e+308"),
            (1.1, 1.1, "1.1000000000000001"),
            (0.53, 0.53, "0.53000000000000003"),
            (1.91, 1.91, "1.9099999999999999"),
            (1e-7, 1e-7, "9.9999999999999995e-08"),
            (3, 3, "3"),
            (0.5, 0.5, "0.5"),
            (0, 0, "-0"),
            (.leastNonzeroMagnitude, .leastNonzeroMagnitude, "4.9406564584124654e-324"),
        ])
    func namedRanges(_ example: (Double, Double, String)) throws {
        let found = try #require(FloatingText.longestSeventeenDigits(in: example.0, example.1))
        #expect(found.text == example.2)
        #expect(Self.glibc(found.value) == example.2)
    }

    @Test(
        "named Float ranges have their exact longest text",
        arguments: [
            // 0.000 and 17 digits, as long as a two-digit exponent with 17 digits.
            (Float(0), Float(1), "0.00099999993108212948"),
            (-Float.greatestFiniteMagnitude, .greatestFiniteMagnitude, "-3.4028234663852886e+38"),
            (3.14, 3.14, "3.1400001049041748"),
            (-180, 180, "-0.00099999993108212948"),
        ])
    func namedFloatRanges(_ example: (Float, Float, String)) throws {
        let found = try #require(FloatingText.longestSeventeenDigits(in: example.0, example.1))
        #expect(found.text == example.2)
        #expect(Self.glibc(found.value) == example.2)
    }

    @Test("an empty or infinite range has no text")
    func emptyRange() {
        #expect(FloatingText.longestSeventeenDigits(in: 2.0, 1.0) == nil)
        #expect(FloatingText.longestSeventeenDigits(in: 0, Double.infinity) == nil)
    }

    @Test("the Swift writer's longest text of a range at zero is negative zero")
    func swiftNegativeZero() throws {
        let found = try #require(
            FloatingText.longest(in: 0.0, 0.0, maximumDigits: 17, plainUpperBound: 9_007_199_254_740_992))
        #expect(found.text == "-0")
        #expect(found.value.sign == .minus)
    }

    /// The search walks each piece of one binade and one 17-digit exponent only
    /// `seventeenDigitWalkLength` values down. Where the spacing `u` is not a whole number of
    /// the 17th digit's unit, neighbours' digits step by ⌊r⌋ or ⌈r⌉ (`r = u / 10^(E-16)`), so a
    /// run of values whose digits all end in zero is at most `1 + 1/|r - 10j|` long for the
    /// multiple of ten `10j` next to `r` (and one value when neither step is one). Worked out
    /// exactly for every such piece of `Double` and `Float`.
    @Test("every run of neighbours whose 17 digits end in zero is shorter than the walk")
    func zeroRunsAreShorterThanTheWalk() throws {
        let double = Self.longestZeroRun(
            significandBits: Double.significandBitCount, minimumExponent: -1022, maximumExponent: 1023,
            smallestSpacingExponent: -1074)
        let float = Self.longestZeroRun(
            significandBits: Float.significandBitCount, minimumExponent: -126, maximumExponent: 127,
            smallestSpacingExponent: -149)
        #expect(double == 97)
        #expect(float == 24)
        #expect(max(double, float) < FloatingText.seventeenDigitWalkLength)
    }

    /// The longest run over every binade (the subnormals, then each normal one) and every
    /// 17-digit exponent in it whose 17 digits are not exact.
    static func longestZeroRun(
        significandBits: Int, minimumExponent: Int, maximumExponent: Int, smallestSpacingExponent: Int
    ) -> Int {
        var longest = 0
        let binades =
            [(nil as Int?, smallestSpacingExponent)]
            + (minimumExponent...maximumExponent).map {
                (Optional($0), $0 - significandBits)
            }
        for (binade, spacing) in binades {
            // The binade's values, as exact binary powers: [2^low, 2^high).
            let lowPower = binade ?? smallestSpacingExponent
            let highPower = (binade ?? minimumExponent - 1) + 1
            let lowest = SeventeenDigitDecimal(Double(sign: .plus, exponent: lowPower, significand: 1)).exponent
            let highest = SeventeenDigitDecimal(Double(sign: .plus, exponent: highPower, significand: 1).nextDown)
                .exponent
            for exponent in lowest...highest where !(exponent <= 16 && spacing + 16 - exponent >= 0) {
                longest = max(longest, zeroRun(spacingExponent: spacing, decimalExponent: exponent))
            }
        }
        return longest
    }

    /// The longest run for `r = 2^spacingExponent / 10^(decimalExponent - 16)`, by exact
    /// arithmetic; `Int.max` when `r` is whole or within 2^-32 of a multiple of ten.
    static func zeroRun(spacingExponent: Int, decimalExponent: Int) -> Int {
        var numerator = BigUInt(1)
        var denominator = BigUInt(1)
        let twos = spacingExponent - (decimalExponent - 16)
        let fives = -(decimalExponent - 16)
        if twos >= 0 { numerator.shiftLeft(by: twos) } else { denominator.shiftLeft(by: -twos) }
        if fives >= 0 {
            numerator.multiply(byPowerOfFive: fives)
        } else {
            denominator.multiply(byPowerOfFive: -fives)
        }
        let (whole, remainder) = numerator.dividedWithSmallQuotient(by: denominator)
        guard !remainder.isZero else { return Int.max }
        // The distance to the multiple of ten among ⌊r⌋ and ⌈r⌉, as a fraction of the denominator.
        var distance: BigUInt
        if whole % 10 == 0 {
            distance = remainder
        } else if (whole + 1) % 10 == 0 {
            distance = denominator
            distance.subtract(remainder)
        } else {
            return 1
        }
        var scaled = distance
        scaled.shiftLeft(by: 32)
        guard !(scaled < denominator) else { return Int.max }
        return 1 + Int(denominator.dividedWithSmallQuotient(by: distance).quotient)
    }
}
