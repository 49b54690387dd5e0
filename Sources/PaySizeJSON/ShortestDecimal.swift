/// The digits `Double.description` prints for a value ``JSONByteWriter``'s short path does not
/// take (more than eight fraction digits, as in `0.6200000000000001` and `0.30000000000000004`,
/// or 10^9 and above), found with exact integer arithmetic instead of the standard library's
/// general formatter.
///
/// `description` prints the shortest decimal that reads back as the same `Double` and, among
/// decimals of that length, the one closest to the value. In plain notation between 0.001 and
/// 10^15 that decimal can be found exactly in 128 bits:
///
/// 1. With `value = m · 2^e` and `k` chosen so that `value · 10^k` has 17 integer digits, the
///    value and the ends of its rounding interval (halfway to each neighbour) are
///    `(4m + {0, +2, -2 or -1}) · 10^k / 2^(2 - e)`: a 55-bit times a 64-bit product, shifted.
///    Reading rounds halfway cases to the even significand, so the ends count when `m` is even.
/// 2. Digits are dropped from the integers inside the interval while the shortened interval
///    still holds one (`⌈lo / 10⌉ ≤ ⌊hi / 10⌋`); 17 digits always leave one in.
/// 3. The value rounded to the remaining digits (halfway cases to the even one, as
///    `description` does: 100753600158194.625 prints as 100753600158194.62), clamped into the
///    interval, is the closest.
///
/// A `Float` is found the same way, with its own 24-bit significand and rounding interval,
/// between 0.001 and 2^24 (`Float.description` is the same algorithm at `Float`'s precision).
///
/// Values outside the ranges above are left to the general formatter (the caller gets nil).
package enum ShortestDecimal {
    /// The decimal `description` prints for `magnitude` (positive, finite, not an integer) as
    /// its digits and the number of them after the point, or nil out of range.
    ///
    /// ```swift
    /// ShortestDecimal.digits(of: 0.1 + 0.2)  // (30000000000000004, 17)
    /// ```
    package static func digits(of magnitude: Double) -> (digits: UInt64, fractionDigits: Int)? {
        guard magnitude >= 0.001, magnitude < 1e15 else { return nil }
        let bits = magnitude.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: bits >> 52)
        let storedFraction = bits & (1 << 52 - 1)
        // magnitude = significand · 2^binaryExponent; the range keeps the exponent in -62...-3.
        return digits(
            significand: storedFraction | 1 << 52, binaryExponent: biasedExponent - 1075,
            powerOfTwo: biasedExponent - 1023, isBinadeBottom: storedFraction == 0 && biasedExponent > 1,
            magnitude: magnitude)
    }

    /// The decimal `Float.description` prints for `magnitude` (positive, finite, not an
    /// integer), as for a `Double`: the shortest that reads back as the same `Float`, the
    /// closest of that length. Nil out of 0.001 up to 2^24, where `description` turns to
    /// exponent notation.
    ///
    /// ```swift
    /// ShortestDecimal.digits(of: Float(1) / 3)  // (33333334, 8)
    /// ```
    package static func digits(of magnitude: Float) -> (digits: UInt64, fractionDigits: Int)? {
        guard magnitude >= 0.001, magnitude < 16_777_216 else { return nil }
        let bits = magnitude.bitPattern
        let biasedExponent = Int(truncatingIfNeeded: bits >> 23)
        let storedFraction = UInt64(truncatingIfNeeded: bits & (1 << 23 - 1))
        // The range keeps the binary exponent in -33...0; the Double holds the value exactly.
        return digits(
            significand: storedFraction | 1 << 23, binaryExponent: biasedExponent - 150,
            powerOfTwo: biasedExponent - 127, isBinadeBottom: storedFraction == 0 && biasedExponent > 1,
            magnitude: Double(magnitude))
    }

    /// The shortest digits of `magnitude = significand · 2^binaryExponent` within its rounding
    /// interval in its own format, whose neighbours are one unit of `significand` away (the one
    /// below half a unit at the bottom of a binade).
    ///
    /// - Parameter powerOfTwo: floor(log2(magnitude)), for the decimal exponent.
    @inline(__always)
    private static func digits(
        significand: UInt64, binaryExponent: Int, powerOfTwo: Int, isBinadeBottom: Bool, magnitude: Double
    ) -> (digits: UInt64, fractionDigits: Int)? {
        // floor(log10(magnitude)): log10(2) ≈ 1233 / 4096 gives it or one less.
        var decimalExponent = (powerOfTwo * 1233) >> 12
        if magnitude >= powerOfTen(decimalExponent + 1) { decimalExponent += 1 }
        // magnitude · 10^scale has 17 integer digits; the ranges keep scale in 2...19.
        let scale = 16 - decimalExponent
        let multiplier = integerPowerOfTen(scale)
        let shift = 2 - binaryExponent

        // At a power of two (the bottom of its binade) the neighbour below is half as far.
        let lowerGap: UInt64 = isBinadeBottom ? 1 : 2
        let endsCount = significand & 1 == 0
        let four = significand << 2
        let twiceValue = scaled(four, times: multiplier, shiftedBy: shift - 1)
        let lower = scaled(four - lowerGap, times: multiplier, shiftedBy: shift)
        let upper = scaled(four + 2, times: multiplier, shiftedBy: shift)
        guard twiceValue.fits, lower.fits, upper.fits else { return nil }

        // The integers inside the interval.
        var low = lower.quotient &+ (lower.isExact && endsCount ? 0 : 1)
        var high = upper.quotient &- (upper.isExact && !endsCount ? 1 : 0)
        guard low <= high else { return nil }
        // The value's integer part, and what was cut off it: a last digit and whether all
        // below that digit is zero. The half bit stands for the first cut-off digit: 5 or 0.
        var digits = twiceValue.quotient >> 1
        var lastCutDigit: UInt64 = twiceValue.quotient & 1 == 0 ? 0 : 5
        var restIsZero = twiceValue.isExact
        // Drop digits while the shorter interval still holds an integer.
        var dropped = 0
        while true {
            let shorterLow = (low &+ 9) / 10
            let shorterHigh = high / 10
            if shorterLow > shorterHigh { break }
            low = shorterLow
            high = shorterHigh
            restIsZero = restIsZero && lastCutDigit == 0
            lastCutDigit = digits % 10
            digits /= 10
            dropped &+= 1
        }
        // Rounded to nearest, halfway to even (as `description` rounds), then into the interval.
        if lastCutDigit > 5 || (lastCutDigit == 5 && (!restIsZero || digits & 1 == 1)) { digits &+= 1 }
        digits = min(max(digits, low), high)
        let fractionDigits = scale - dropped
        guard fractionDigits > 0 else { return nil }
        return (digits, fractionDigits)
    }

    /// `factor · multiplier / 2^shift` rounded down, from the full 128-bit product: the
    /// quotient, whether no bits were shifted out, and whether the quotient fits 64 bits.
    @inline(__always)
    private static func scaled(
        _ factor: UInt64, times multiplier: UInt64, shiftedBy shift: Int
    ) -> (quotient: UInt64, isExact: Bool, fits: Bool) {
        let (high, low) = factor.multipliedFullWidth(by: multiplier)
        if shift >= 64 {
            let highShift = shift &- 64
            guard highShift < 64 else { return (0, false, false) }
            return (high >> highShift, low == 0 && high & ((1 << highShift) &- 1) == 0, true)
        }
        guard shift > 0 else { return (0, false, false) }
        return (high << (64 &- shift) | low >> shift, low & ((1 << shift) &- 1) == 0, high >> shift == 0)
    }

    /// 10^`exponent` for 2...19.
    @inline(__always)
    private static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case ...2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// 10^`exponent` as the nearest `Double`, for -3...16: exact from 10^0 up. The nearest
    /// doubles to 10^-1, 10^-2 and 10^-3 lie above them, so `x >= powerOfTen(-n)` holds exactly
    /// when `x >= 10^-n`.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case ...(-3): 1e-3
        case -2: 1e-2
        case -1: 1e-1
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        default: 1e16
        }
    }
}
