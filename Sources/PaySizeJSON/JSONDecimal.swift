/// A JSON number token read exactly, as the decimal value it writes: JSON Schema decides
/// `minimum`, `multipleOf`, `const` and the rest on that value, not on the nearest `Double`
/// (`0.30000000000000001` is more than `0.3`, and `1e400` is an integer).
///
/// The value is ``digits`` × 10^``exponent``, with no leading or trailing zero digit, so each
/// number has one form and equality is equality of the parts. Reading and comparing take time
/// linear in the token's length whatever its exponent: the exponent is kept as an integer and
/// never expanded into digits.
///
/// The one bound: the exponent part as written (`e…`) must be within ±``maximumWrittenExponent``.
/// Beyond it `init` returns `nil` and the caller refuses the number with an error that says so.
/// Every exponent sum then stays far inside `Int`, whatever the length of the digits.
package struct JSONDecimal: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The largest magnitude of an exponent part read: 10^15.
    package static let maximumWrittenExponent = 1_000_000_000_000_000

    /// Whether the value is below zero (never for zero, so `-0` equals `0`).
    package let isNegative: Bool
    /// The significant digits (0...9), most significant first; empty for zero.
    package let digits: [UInt8]
    /// The power of ten of the last significant digit (0 for zero).
    package let exponent: Int
    /// The token as written.
    package let text: String

    /// Reads a JSON number token; `nil` when `text` is not one, or when its exponent part is
    /// beyond ±``maximumWrittenExponent``.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var seenDigit = false
        var seenPoint = false
        while index < bytes.count, bytes[index] | 0x20 != UInt8(ascii: "e") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, seenDigit else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            seenDigit = true
            if seenPoint { fractionDigits += 1 }
            // Leading zeros carry no value; the count of fraction digits keeps the scale.
            if !digits.isEmpty || byte != UInt8(ascii: "0") { digits.append(byte - UInt8(ascii: "0")) }
        }
        guard seenDigit, bytes.last != UInt8(ascii: ".") else { return nil }
        var written = 0
        if index < bytes.count {
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count else { return nil }
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                written = written * 10 + Int(byte - UInt8(ascii: "0"))
                // Checked at every digit, so `written` never nears `Int`'s limit.
                guard written <= Self.maximumWrittenExponent else { return nil }
                index += 1
            }
            if negativeExponent { written = -written }
        }
        var trailingZeros = 0
        while let last = digits.last, last == 0 {
            digits.removeLast()
            trailingZeros += 1
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        // |written| ≤ 10^15 and the digit counts are bounded by memory, so this cannot overflow.
        self.exponent = digits.isEmpty ? 0 : written - fractionDigits + trailingZeros
        self.text = text
    }

    /// Whether the value is zero.
    package var isZero: Bool { digits.isEmpty }

    /// The same number with the other sign; zero stays as it is.
    package var negated: JSONDecimal {
        if isZero { return self }
        let trimmed = text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text
        // A valid token with its sign changed is a valid token.
        return JSONDecimal(trimmed)!
    }

    /// The text of this number moved by one unit in the `places`-th decimal place past its last
    /// significant digit, away from zero or toward it; the sign is kept (`0.3` moved by 2 away
    /// from zero is `0.301`, toward zero `0.299`). Not for zero.
    package func text(movedBy places: Int, awayFromZero: Bool) -> String {
        precondition(!isZero && places > 0, "a nonzero number moved by at least one place")
        var moved = digits
        if awayFromZero {
            moved += [UInt8](repeating: 0, count: places - 1) + [1]
        } else {
            // The last digit is not zero, so taking one from it borrows nothing.
            moved[moved.count - 1] -= 1
            moved += [UInt8](repeating: 9, count: places)
            while moved.first == 0 { moved.removeFirst() }
        }
        let scale = exponent - places
        let digitText = String(decoding: moved.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        let sign = isNegative ? "-" : ""
        // Plain decimals while they stay short; an exponent otherwise.
        if scale >= 0 { return sign + digitText + (scale == 0 ? "" : "e\(scale)") }
        if -scale < moved.count { return sign + digitText.prefix(moved.count + scale) + "." + digitText.suffix(-scale) }
        if -scale - moved.count < 20 {
            return sign + "0." + String(repeating: "0", count: -scale - moved.count) + digitText
        }
        return sign + digitText + "e\(scale)"
    }

    /// Whether the value is a whole number (`1.0`, `1e2`, `1e400`; not `1.5` or `1e-1`).
    package var isInteger: Bool { exponent >= 0 }

    /// The power of ten of the first significant digit: the number's order of magnitude.
    private var leadingExponent: Int { exponent + digits.count - 1 }

    /// The number as `JSONEncoder` writes its nearest `Double` (`1e2` as `100`) when that is the
    /// same number, else as written: a message never shows `0.3` for `0.30000000000000001`.
    package var description: String {
        if let number = JSONNumber(text), JSONDecimal(number.description) == self { return number.description }
        return text
    }

    package static func == (lhs: JSONDecimal, rhs: JSONDecimal) -> Bool {
        lhs.isNegative == rhs.isNegative && lhs.exponent == rhs.exponent && lhs.digits == rhs.digits
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(isNegative)
        hasher.combine(exponent)
        hasher.combine(digits)
    }

    package static func < (lhs: JSONDecimal, rhs: JSONDecimal) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitude = compareMagnitudes(lhs, rhs)
        return lhs.isNegative ? magnitude > 0 : magnitude < 0
    }

    /// -1, 0 or 1 as |lhs| is below, equal to or above |rhs|.
    private static func compareMagnitudes(_ lhs: JSONDecimal, _ rhs: JSONDecimal) -> Int {
        if lhs.isZero || rhs.isZero { return lhs.isZero ? (rhs.isZero ? 0 : -1) : 1 }
        if lhs.leadingExponent != rhs.leadingExponent { return lhs.leadingExponent < rhs.leadingExponent ? -1 : 1 }
        // Same order of magnitude: the digits compare from the first, a missing digit as zero.
        for (a, b) in zip(lhs.digits, rhs.digits) where a != b { return a < b ? -1 : 1 }
        return lhs.digits.count == rhs.digits.count ? 0 : (lhs.digits.count < rhs.digits.count ? -1 : 1)
    }
}
