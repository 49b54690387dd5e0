/// A JSON number as a draft 2020-12 validator compares it for `minimum`, `maximum`, `enum` and
/// `const`: a number written as an integer (`9223372036854775808`) is that exact integer however
/// long; any other (`1.5`, `1e20`, `9223372036854775807.0`) is the nearest `Double`. The two kinds
/// compare exactly with each other, as Python's `jsonschema` compares Python `int`s and `float`s,
/// so `9223372036854775808` is more than the maximum `9223372036854775807` though both round to
/// the same `Double`.
package enum JSONNumber: Comparable, Sendable, CustomStringConvertible {
    /// An integer token: its sign and its digits without leading zeros (`"0"` for zero, never negative).
    case integer(isNegative: Bool, digits: [UInt8])
    case double(Double)

    /// Reads a JSON number token; `nil` when `text` is not one.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        let isNegative = bytes.first == UInt8(ascii: "-")
        let body = isNegative ? bytes.dropFirst() : bytes[...]
        guard !body.isEmpty else { return nil }
        if body.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            let digits = Array(body.drop(while: { $0 == UInt8(ascii: "0") }))
            self =
                digits.isEmpty
                ? .integer(isNegative: false, digits: [UInt8(ascii: "0")])
                : .integer(isNegative: isNegative, digits: digits)
        } else if let value = Double(text) {
            self = .double(value)
        } else {
            return nil
        }
    }

    /// The nearest `Double`.
    package var doubleValue: Double {
        switch self {
        case .double(let value): value
        case .integer(let isNegative, let digits):
            Double((isNegative ? "-" : "") + String(decoding: digits, as: UTF8.self)) ?? .nan
        }
    }

    /// The number as `JSONEncoder` would write it: digits for an integer, a `Double`'s
    /// description without a trailing `.0` otherwise.
    package var description: String {
        switch self {
        case .integer(let isNegative, let digits): (isNegative ? "-" : "") + String(decoding: digits, as: UTF8.self)
        case .double(let value): RewrittenNumber.swiftText(of: value)
        }
    }

    package static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        compare(lhs, rhs) == 0
    }

    package static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        compare(lhs, rhs) < 0
    }

    /// -1, 0 or 1. NaN cannot occur: JSON has no such token.
    private static func compare(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        switch (lhs, rhs) {
        case (.double(let a), .double(let b)):
            return a < b ? -1 : (a > b ? 1 : 0)
        case (.integer(let negativeA, let a), .integer(let negativeB, let b)):
            if negativeA != negativeB { return negativeA ? -1 : 1 }
            let magnitude = compareMagnitudes(a, b)
            return negativeA ? -magnitude : magnitude
        case (.integer, .double(let b)):
            return compareInteger(lhs, with: b)
        case (.double(let a), .integer):
            return -compareInteger(rhs, with: a)
        }
    }

    private static func compareMagnitudes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// An exact integer against a `Double`. Rounding to the nearest `Double` keeps order, so
    /// where the rounded integer differs from `value` its order is the answer; where they are
    /// equal and at least 2^53 the `Double` is a whole number, compared digit by digit.
    private static func compareInteger(_ integer: JSONNumber, with value: Double) -> Int {
        guard case .integer(let isNegative, let digits) = integer else { return 0 }
        // An integer token of any length is finite, so below +∞ and above -∞.
        guard value.isFinite else { return value > 0 ? -1 : 1 }
        let rounded = integer.doubleValue
        if rounded != value || rounded.magnitude < 0x1p53 {
            return rounded < value ? -1 : (rounded > value ? 1 : 0)
        }
        let magnitude = compareMagnitudes(digits, wholeDigits(of: value.magnitude))
        return isNegative ? -magnitude : magnitude
    }

    /// The decimal digits of a finite whole `Double` of at least 2^53, exactly.
    package static func wholeDigits(of value: Double) -> [UInt8] {
        // value = significand × 2^shift with an integer significand; double it `shift` times in
        // base 10^9 limbs, least significant first.
        var limbs: [UInt64] = []
        var significand = value.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        while significand > 0 {
            limbs.append(significand % 1_000_000_000)
            significand /= 1_000_000_000
        }
        let shift = Int(value.exponent) - Double.significandBitCount
        for _ in 0..<max(0, shift) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return Array(text.utf8)
    }
}
