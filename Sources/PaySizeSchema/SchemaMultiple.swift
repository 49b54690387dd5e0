@_spi(Internals) import PaySizeJSON

/// `multipleOf`, decided exactly on the numbers as written: `0.3` is a multiple of `0.1`, and
/// `1e308` of `0.5`, though neither division is exact in binary floating point.
///
/// A number token reads as an integer coefficient times a power of ten. The dividend is a
/// multiple when its coefficient, scaled to the divisor's power of ten, leaves no remainder
/// modulo the divisor's coefficient, computed a digit at a time. Divisors whose coefficient does
/// not fit 18 digits, or powers of ten further apart than ``maximumScale``, fall back to `Double`
/// division, as most validators do.
package struct SchemaMultiple: Sendable {
    /// The most powers of ten the dividend is scaled by before the check falls back to `Double`.
    package static let maximumScale = 10_000

    private let text: String
    private let divisor: DecimalToken?
    private let divisorValue: Double

    /// Reads the `multipleOf` value; nil unless it is a number greater than zero.
    package init?(_ text: String) {
        guard let value = Double(text), value > 0, value.isFinite else { return nil }
        self.text = text
        divisorValue = value
        divisor = DecimalToken(text).flatMap { $0.coefficient > 0 ? $0 : nil }
    }

    /// The divisor as written in the schema.
    package var description: String { text }

    /// Whether the number token `instance` is an integer multiple of the divisor.
    package func divides(_ instance: String) -> Bool {
        if let divisor, let dividend = DecimalToken(digitsOf: instance) {
            // dividend = D·10^d, divisor = C·10^c: a multiple iff D·10^(d−c) ≡ 0 (mod C) for d ≥ c,
            // or D ≡ 0 (mod C·10^(c−d)) otherwise.
            let scale = dividend.exponent - divisor.exponent
            if scale >= 0, scale <= Self.maximumScale {
                var remainder: UInt64 = 0
                for digit in dividend.digits { remainder = (remainder * 10 + UInt64(digit)) % divisor.coefficient }
                for _ in 0..<scale { remainder = remainder * 10 % divisor.coefficient }
                return remainder == 0
            }
            if scale < 0, -scale <= 18, let modulus = Self.scaled(divisor.coefficient, by: -scale) {
                var remainder: UInt64 = 0
                for digit in dividend.digits { remainder = (remainder * 10 + UInt64(digit)) % modulus }
                return remainder == 0
            }
        }
        guard let value = Double(instance) else { return false }
        let quotient = value / divisorValue
        return quotient.isFinite && quotient.rounded() == quotient
    }

    private static func scaled(_ value: UInt64, by powerOfTen: Int) -> UInt64? {
        var result = value
        for _ in 0..<powerOfTen {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow || product > UInt64.max / 10 { return nil }
            result = product
        }
        return result
    }
}

/// A JSON number token as decimal digits times a power of ten (the sign dropped: `multipleOf`
/// does not depend on it).
private struct DecimalToken {
    /// The coefficient's decimal digits, most significant first, leading zeros dropped.
    package var digits: [UInt8]
    package var exponent: Int

    /// The coefficient as an integer, when it has at most 18 digits.
    package var coefficient: UInt64 {
        digits.reduce(0) { $0 * 10 + UInt64($1) }
    }

    /// A divisor: its coefficient must fit 18 digits.
    package init?(_ text: String) {
        guard let token = DecimalToken(digitsOf: text), token.digits.count <= 18 else { return nil }
        self = token
    }

    /// Any number token; nil for text that is not one or whose exponent is out of reach.
    package init?(digitsOf text: String) {
        let bytes = Array(text.utf8)
        var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var any = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            any = true
            if seenPoint { exponent -= 1 }
            if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte - UInt8(ascii: "0")) }
        }
        guard any else { return nil }
        if index < bytes.count {
            guard let power = Int(String(decoding: bytes[(index + 1)...], as: UTF8.self)), power.magnitude < 1 << 40
            else { return nil }
            exponent += power
        }
        self.digits = digits.isEmpty ? [0] : digits
        self.exponent = exponent
    }
}
