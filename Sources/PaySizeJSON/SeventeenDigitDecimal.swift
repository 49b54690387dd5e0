/// A finite `Double` rounded to 17 significant digits and laid out as C's `%.17g` prints it:
/// the text `JSONSerialization`, the Objective-C writer, gives a number (<doc:WhatTheDeviceCounts>).
///
/// `%.17g` rounds the exact binary value to 17 significant digits (halfway cases to the even
/// digit), drops trailing zeros after the point, and uses exponent notation (`e+17`, `e-05`,
/// at least two exponent digits) when the decimal exponent is below -4 or at least 17:
/// `1.1` is `1.1000000000000001`, `1e-7` is `9.9999999999999995e-08`, `1e16` is
/// `10000000000000000`, `3.0` is `3`, `-0.0` is `-0`.
///
/// The rounding is exact integer arithmetic. For values from 10^-11 up to 10^17 (prices,
/// coordinates, progress, timestamps) the value times a power of five fits 128 bits, so the
/// 17 digits are one multiplication and a shift; other values take ``BigUInt``.
///
/// ```swift
/// SeventeenDigitDecimal(1.91).text        // "1.9099999999999999"
/// SeventeenDigitDecimal(0.53).byteCount   // 19
/// ```
package struct SeventeenDigitDecimal: Sendable, Equatable {
    /// The 17 significant digits, 10^16 ≤ `digits` < 10^17; 0 for zero.
    package let digits: UInt64
    /// The power of ten of the first digit: the value is `digits` · 10^(`exponent` - 16).
    package let exponent: Int
    /// Whether the sign is minus (negative zero included).
    package let isNegative: Bool

    /// 5^0 through 5^27, the largest power of five in 64 bits.
    private static let powersOfFive: [UInt64] = (0...27).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 5 }
    }

    private static let lowestSeventeenDigits: UInt64 = 10_000_000_000_000_000
    private static let highestSeventeenDigits: UInt64 = 100_000_000_000_000_000

    /// The 17-digit rounding of a finite `value`.
    package init(_ value: Double) {
        precondition(value.isFinite, "SeventeenDigitDecimal of a value that is not finite")
        isNegative = value.sign == .minus
        let bits = value.bitPattern
        let biased = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        let fraction = bits & (1 << 52 - 1)
        guard biased != 0 || fraction != 0 else {
            digits = 0
            exponent = 0
            return
        }
        // value = significand · 2^binaryExponent exactly.
        let significand = biased == 0 ? fraction : fraction | 1 << 52
        let binaryExponent = biased == 0 ? -1074 : biased - 1075
        let powerOfTwo = binaryExponent + (64 - significand.leadingZeroBitCount) - 1
        // About powerOfTwo · log10(2) (78913 / 2^18 ≈ log10(2)): within one of the decimal
        // exponent, which the loop then finds from the scaled value's digit count.
        var decimalExponent = (powerOfTwo * 78_913) >> 18
        while true {
            let scaled =
                Self.fastScaled(significand, binaryExponent, 16 - decimalExponent)
                ?? Self.exactScaled(significand, binaryExponent, 16 - decimalExponent)
            if scaled.quotient >= Self.highestSeventeenDigits {
                decimalExponent += 1
                continue
            }
            if scaled.quotient < Self.lowestSeventeenDigits {
                decimalExponent -= 1
                continue
            }
            var rounded = scaled.quotient
            if scaled.remainder == .aboveHalf || (scaled.remainder == .half && rounded & 1 == 1) { rounded += 1 }
            if rounded == Self.highestSeventeenDigits {
                rounded = Self.lowestSeventeenDigits
                decimalExponent += 1
            }
            digits = rounded
            exponent = decimalExponent
            return
        }
    }

    /// Where the part dropped by rounding down sits against one half.
    private enum Remainder {
        case zero, belowHalf, half, aboveHalf
    }

    /// ⌊significand · 2^binaryExponent · 10^scale⌋ and what is dropped, in 128 bits; `nil` when
    /// `scale` is outside 0...27 (5^27 is the largest power of five in 64 bits).
    private static func fastScaled(
        _ significand: UInt64, _ binaryExponent: Int, _ scale: Int
    ) -> (quotient: UInt64, remainder: Remainder)? {
        guard scale >= 0, scale <= 27 else { return nil }
        let power = powersOfFive[scale]
        // significand · 5^scale · 2^(binaryExponent + scale).
        let (high, low) = significand.multipliedFullWidth(by: power)
        let shift = binaryExponent + scale
        if shift >= 0 {
            // An integer: exact, no remainder. The caller's exponent keeps it below 10^18.
            guard high == 0, shift < 64, low.leadingZeroBitCount >= shift else { return nil }
            return (low << UInt64(shift), .zero)
        }
        let right = -shift
        guard right < 128 else { return nil }
        let quotient: UInt64
        let remainder: Remainder
        if right >= 64 {
            let highShift = right - 64
            quotient = highShift == 0 ? high : high >> UInt64(highShift)
            // The dropped part: the low word and high's bits below highShift.
            let droppedHigh = highShift == 0 ? 0 : high & (1 << UInt64(highShift) - 1)
            remainder = Self.compareToHalf(high: droppedHigh, low: low, width: right)
        } else {
            guard high >> UInt64(right) == 0 else { return nil }
            quotient = high << UInt64(64 - right) | low >> UInt64(right)
            remainder = Self.compareToHalf(high: 0, low: low & (1 << UInt64(right) - 1), width: right)
        }
        return (quotient, remainder)
    }

    /// Compares the `width`-bit fraction `high:low` / 2^width with one half.
    private static func compareToHalf(high: UInt64, low: UInt64, width: Int) -> Remainder {
        if high == 0 && low == 0 { return .zero }
        let halfHigh: UInt64 = width > 64 ? 1 << UInt64(width - 65) : 0
        let halfLow: UInt64 = width > 64 ? 0 : 1 << UInt64(width - 1)
        if high != halfHigh { return high < halfHigh ? .belowHalf : .aboveHalf }
        if low != halfLow { return low < halfLow ? .belowHalf : .aboveHalf }
        return .half
    }

    /// The same as ``fastScaled(_:_:_:)`` for any scale, with arbitrary-precision integers.
    private static func exactScaled(
        _ significand: UInt64, _ binaryExponent: Int, _ scale: Int
    ) -> (quotient: UInt64, remainder: Remainder) {
        // numerator / denominator = significand · 2^binaryExponent · 10^scale.
        var numerator = BigUInt(significand)
        var denominator = BigUInt(1)
        if binaryExponent >= 0 {
            numerator.shiftLeft(by: binaryExponent)
        } else {
            denominator.shiftLeft(by: -binaryExponent)
        }
        if scale >= 0 {
            numerator.multiply(byPowerOfFive: scale)
            numerator.shiftLeft(by: scale)
        } else {
            denominator.multiply(byPowerOfFive: -scale)
            denominator.shiftLeft(by: -scale)
        }
        let (quotient, remainder) = numerator.dividedWithSmallQuotient(by: denominator)
        if remainder.isZero { return (quotient, .zero) }
        var twice = remainder
        twice.shiftLeft(by: 1)
        if twice < denominator { return (quotient, .belowHalf) }
        return (quotient, twice == denominator ? .half : .aboveHalf)
    }

    /// The significant digits left once trailing zeros are dropped (1 for zero).
    package var significantDigitCount: Int {
        guard digits != 0 else { return 1 }
        var value = digits
        var count = 17
        while value % 10 == 0 {
            value /= 10
            count -= 1
        }
        return count
    }

    /// Whether `%.17g` uses exponent notation for this value.
    private var usesExponent: Bool { digits != 0 && (exponent < -4 || exponent >= 17) }

    /// The length of the text in bytes.
    package var byteCount: Int {
        let sign = isNegative ? 1 : 0
        let count = significantDigitCount
        if digits == 0 { return sign + 1 }
        if usesExponent {
            let magnitude = abs(exponent)
            let exponentDigits = magnitude >= 100 ? 3 : 2
            return sign + count + (count > 1 ? 1 : 0) + 2 + exponentDigits
        }
        if exponent >= 0 {
            let integerDigits = exponent + 1
            let fractionDigits = max(0, count - integerDigits)
            return sign + integerDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        }
        // 0.000ddd: "0.", the zeros after the point, then the digits.
        return sign + 2 + (-exponent - 1) + count
    }

    /// The text, as `String(format: "%.17g", value)` prints it.
    package var text: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The most bytes the text takes: `-2.2250738585072014e-308`.
    package static let maximumByteCount = 24

    /// The text's UTF-8 bytes.
    package var utf8: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.maximumByteCount) { buffer, count in
            count = write(to: buffer.baseAddress!)
        }
    }

    /// Writes the text to `output`, which has room for ``maximumByteCount`` bytes.
    ///
    /// - Returns: The number of bytes written, ``byteCount``.
    package func write(to output: UnsafeMutablePointer<UInt8>) -> Int {
        var position = 0
        if isNegative {
            output[0] = UInt8(ascii: "-")
            position = 1
        }
        guard digits != 0 else {
            output[position] = UInt8(ascii: "0")
            return position + 1
        }
        let count = significantDigitCount
        // The 17 digits, most significant first, in a scratch area past where they may land.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw -> Int in
            let digit = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var value = digits
            var index = 16
            while index >= 0 {
                digit[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
                index -= 1
            }
            if usesExponent {
                output[position] = digit[0]
                position += 1
                if count > 1 {
                    output[position] = UInt8(ascii: ".")
                    (output + position + 1).update(from: digit + 1, count: count - 1)
                    position += count
                }
                output[position] = UInt8(ascii: "e")
                output[position + 1] = UInt8(ascii: exponent < 0 ? "-" : "+")
                position += 2
                let magnitude = abs(exponent)
                if magnitude >= 100 {
                    output[position] = UInt8(ascii: "0") &+ UInt8(magnitude / 100)
                    position += 1
                }
                output[position] = UInt8(ascii: "0") &+ UInt8(magnitude / 10 % 10)
                output[position + 1] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
                return position + 2
            }
            if exponent >= 0 {
                let integerDigits = exponent + 1
                (output + position).update(from: digit, count: integerDigits)
                position += integerDigits
                if count > integerDigits {
                    output[position] = UInt8(ascii: ".")
                    (output + position + 1).update(from: digit + integerDigits, count: count - integerDigits)
                    position += 1 + count - integerDigits
                }
                return position
            }
            output[position] = UInt8(ascii: "0")
            output[position + 1] = UInt8(ascii: ".")
            position += 2
            let zeros = -exponent - 1
            (output + position).update(repeating: UInt8(ascii: "0"), count: zeros)
            position += zeros
            (output + position).update(from: digit, count: count)
            return position + count
        }
    }
}
