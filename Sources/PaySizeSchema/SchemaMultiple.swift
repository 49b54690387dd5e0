@_spi(Internals) import PaySizeJSON

/// `multipleOf`, decided exactly on the numbers as written: `0.3` is a multiple of `0.1`,
/// `1e308` of `0.5`, and `18446744073709551617` is not a multiple of `18446744073709551616`,
/// though binary floating point says otherwise for each.
///
/// With the dividend D·10^d and the divisor C·10^c (``JSONDecimal``: no trailing zero in D or
/// C), the quotient is an integer exactly when d ≥ c and C divides D·10^(d−c); for d < c it never
/// is (unless D is 0), since 10 does not divide D. Only the factors 2 and 5 of 10^(d−c) can help,
/// and C holds fewer than 4 per digit, so the scale is capped at 4 × C's digit count, and D·10^k
/// is reduced modulo C 18 digits at a time. The work is linear in the dividend's length and in
/// the divisor's size, which the schema bounds: a divisor has at most ``maximumDigits``
/// significant digits, and any exponent (``JSONDecimal/maximumWrittenExponent``).
package struct SchemaMultiple: Sendable {
    /// The most significant digits a divisor may have: a schema with more is refused.
    package static let maximumDigits = 1_000

    private let divisor: JSONDecimal
    /// C, the divisor's digits without its power of ten.
    private let modulus: BigUInt

    /// Reads the `multipleOf` value; nil unless it is a number greater than zero, with at most
    /// ``maximumDigits`` significant digits and an exponent within the bound.
    package init?(_ text: String) {
        guard let divisor = JSONDecimal(text), !divisor.isZero, !divisor.isNegative,
            divisor.digits.count <= Self.maximumDigits
        else { return nil }
        self.divisor = divisor
        modulus = Self.reduced(divisor.digits, trailingZeros: 0, modulo: nil)
    }

    /// The divisor as written in the schema.
    package var description: String { divisor.text }

    /// Whether the number token `instance` is an integer multiple of the divisor; `false` for a
    /// token whose exponent is beyond ``JSONDecimal/maximumWrittenExponent`` (not shown to be one).
    package func divides(_ instance: String) -> Bool {
        guard let dividend = JSONDecimal(instance) else { return false }
        return divides(dividend)
    }

    /// Whether `dividend` is an integer multiple of the divisor.
    package func divides(_ dividend: JSONDecimal) -> Bool {
        if dividend.isZero { return true }
        let scale = dividend.exponent - divisor.exponent
        guard scale >= 0 else { return false }
        let needed = min(scale, 4 * divisor.digits.count)
        return Self.reduced(dividend.digits, trailingZeros: needed, modulo: modulus).isZero
    }

    /// The digits followed by `trailingZeros` zeros, as a number, reduced modulo `modulus` when
    /// one is given. Each step keeps the value below the modulus, so a step's quotient is below
    /// 10^18 and fits the 64-bit quotient division.
    private static func reduced(_ digits: [UInt8], trailingZeros: Int, modulo modulus: BigUInt?) -> BigUInt {
        var value = BigUInt(0)
        var chunk: UInt64 = 0
        var chunkDigits = 0
        func flush() {
            var scale: UInt64 = 1
            for _ in 0..<chunkDigits { scale *= 10 }
            value.multiply(by: scale)
            value.add(chunk)
            if let modulus { value = value.dividedWithSmallQuotient(by: modulus).remainder }
            chunk = 0
            chunkDigits = 0
        }
        for digit in digits {
            chunk = chunk * 10 + UInt64(digit)
            chunkDigits += 1
            if chunkDigits == 18 { flush() }
        }
        for _ in 0..<trailingZeros {
            chunk *= 10
            chunkDigits += 1
            if chunkDigits == 18 { flush() }
        }
        flush()
        return value
    }
}
