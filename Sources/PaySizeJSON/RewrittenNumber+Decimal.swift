extension RewrittenNumber {
    /// Both writers' byte counts for a non-integral number token already split into its decimal
    /// parts, as ``JSONMeasuringScanner`` reads them; `nil` outside the common range, where the
    /// caller counts the token with ``byteCounts(ofToken:)``, which gives the same figures
    /// wherever this one does (`README.md`, assumption 5).
    ///
    /// The range: a significand of at most 2^53 (not zero) and a power of ten within 10^±22, so
    /// the token's value is one correctly rounded division or multiplication, whose first digit
    /// is at most 10^15 and at least 10^-11, so the `%.17g` digits are one 64 × 64-bit product.
    ///
    /// - Parameters:
    ///   - significand: The token's digits as one integer (leading zeros add nothing).
    ///   - scale: The power of ten that multiplies `significand` to give the token's magnitude.
    ///   - isNegative: Whether the token starts with `-`.
    ///   - isPlainFraction: The token has no exponent and does not end in `0` (`1.25`, not
    ///     `1.250` or `125e-2`).
    ///   - sentByteCount: The token's length.
    @_transparent
    package static func byteCounts(
        significand: UInt64, scale: Int, isNegative: Bool, isPlainFraction: Bool, sentByteCount: Int
    ) -> (swift: Int, objc: Int)? {
        guard significand != 0, significand <= 1 << 53, scale >= -22, scale <= 22 else { return nil }
        let digitCount = Self.decimalDigitCount(ofNonZero: significand)
        let power = exactPowersOfTen[scale < 0 ? 0 &- scale : scale]
        let magnitude = scale < 0 ? Double(significand) / power : Double(significand) * power
        guard let objc = Self.seventeenDigitByteCount(ofNormal: magnitude, firstDigitExponent: digitCount &- 1 &+ scale)
        else { return nil }
        let sign = isNegative ? 1 : 0
        // Already the Swift writer's text (``byteCounts(ofToken:)``'s rule): at most 15
        // significant digits, which only this value reads back from, in plain notation.
        if isPlainFraction && digitCount <= 15 && scale &+ digitCount &- 1 >= -4 {
            return (sentByteCount, sign &+ objc)
        }
        return (swiftByteCount(of: isNegative ? -magnitude : magnitude), sign &+ objc)
    }

    /// The length of `%.17g` for a positive normal `magnitude` whose first significant digit is
    /// at 10^`firstDigitExponent` or one place either side; `nil` when that exponent is outside
    /// -11...15.
    ///
    /// The same exact rounding as ``SeventeenDigitDecimal``, restricted to one product:
    /// `magnitude · 10^(16 - e)` is `significand · 5^(16 - e)` shifted right, and the shifted-out
    /// bits say how to round (halfway cases to the even digit).
    @_transparent
    static func seventeenDigitByteCount(ofNormal magnitude: Double, firstDigitExponent: Int) -> Int? {
        let bits = magnitude.bitPattern
        let significand = bits & (1 << 52 &- 1) | 1 << 52
        let binaryExponent = Int(truncatingIfNeeded: bits &>> 52) &- 1075
        var exponent = firstDigitExponent
        var digits: UInt64 = 0
        var attempts = 0
        while true {
            attempts &+= 1
            let scale = 16 &- exponent
            guard attempts <= 3, scale >= 1, scale <= 27 else { return nil }
            let (high, low) = significand.multipliedFullWidth(by: powersOfFive[scale])
            let right = 0 &- (binaryExponent &+ scale)
            guard right > 0, right < 128 else { return nil }
            let quotient: UInt64
            let roundsUp: Bool
            if right < 64 {
                if high &>> UInt64(right) != 0 {
                    exponent &+= 1
                    continue
                }
                quotient = high &<< UInt64(64 &- right) | low &>> UInt64(right)
                let dropped = low & (1 &<< UInt64(right) &- 1)
                let half: UInt64 = 1 &<< UInt64(right &- 1)
                roundsUp = dropped > half || (dropped == half && quotient & 1 == 1)
            } else {
                let highShift = right &- 64
                quotient = high &>> UInt64(highShift)
                if highShift == 0 {
                    roundsUp = low > 1 &<< 63 || (low == 1 &<< 63 && quotient & 1 == 1)
                } else {
                    let droppedHigh = high & (1 &<< UInt64(highShift) &- 1)
                    let halfHigh: UInt64 = 1 &<< UInt64(highShift &- 1)
                    roundsUp =
                        droppedHigh != halfHigh ? droppedHigh > halfHigh : (low != 0 || quotient & 1 == 1)
                }
            }
            if quotient >= 100_000_000_000_000_000 {
                exponent &+= 1
                continue
            }
            if quotient < 10_000_000_000_000_000 {
                exponent &-= 1
                continue
            }
            digits = quotient &+ (roundsUp ? 1 : 0)
            break
        }
        if digits == 100_000_000_000_000_000 {
            digits = 10_000_000_000_000_000
            exponent &+= 1
        }
        // A number that grows ends in a digit other than 0: one test.
        let count = digits % 10 != 0 ? 17 : Self.significantDigitCount(ofSeventeen: digits)
        if exponent < -4 || exponent >= 17 {
            // d.ddde±XX: the exponents here have two digits.
            return count &+ (count > 1 ? 1 : 0) &+ 4
        }
        if exponent >= 0 {
            let integerDigits = exponent &+ 1
            return count > integerDigits ? count &+ 1 : integerDigits
        }
        // 0.000ddd
        return 1 &- exponent &+ count
    }

    /// The digits of a 17-digit integer left once trailing zeros are dropped: 16 of them, or
    /// up to 15 found by halves.
    @inline(__always)
    private static func significantDigitCount(ofSeventeen digits: UInt64) -> Int {
        if digits % 10_000_000_000_000_000 == 0 { return 1 }
        var value = digits
        var count = 17
        if value % 100_000_000 == 0 {
            value /= 100_000_000
            count &-= 8
        }
        if value % 10_000 == 0 {
            value /= 10_000
            count &-= 4
        }
        if value % 100 == 0 {
            value /= 100
            count &-= 2
        }
        if value % 10 == 0 { count &-= 1 }
        return count
    }

    /// 10^`exponent` for 0...19.
    @inline(__always)
    static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
        integerPowersOfTen[exponent]
    }

    /// The number of decimal digits of a value from 1 up to 2^53.
    @inline(__always)
    static func decimalDigitCount(ofNonZero value: UInt64) -> Int {
        // floor(log10(2^bits)) by 1233 / 4096 ≈ log10(2): the count or one less.
        let estimate = ((64 &- value.leadingZeroBitCount) &* 1233) &>> 12
        return value >= integerPowersOfTen[estimate] ? estimate &+ 1 : estimate
    }
}

/// 10^k for k in 0...19, the powers of ten that fit 64 bits.
private let integerPowersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]

/// 10^k for k in 0...22, each exactly a `Double`.
private let exactPowersOfTen: [Double] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]

/// 5^k for k in 0...27, the powers of five that fit 64 bits.
private let powersOfFive: [UInt64] = [
    1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125, 9_765_625, 48_828_125, 244_140_625,
    1_220_703_125, 6_103_515_625, 30_517_578_125, 152_587_890_625, 762_939_453_125, 3_814_697_265_625,
    19_073_486_328_125, 95_367_431_640_625, 476_837_158_203_125, 2_384_185_791_015_625,
    11_920_928_955_078_125, 59_604_644_775_390_625, 298_023_223_876_953_125, 1_490_116_119_384_765_625,
    7_450_580_596_923_828_125,
]
