@_spi(Internals) import PaySizeJSON

/// An integer from -2^64+1 to 2^64-1, enough for every Swift integer type JSONDecoder reads
/// (`Int64.min` to `UInt64.max`) without `Int128`, which older Apple systems lack.
struct WideInteger: Comparable, Sendable {
    var isNegative: Bool
    var magnitude: UInt64

    init(isNegative: Bool, magnitude: UInt64) {
        self.isNegative = isNegative && magnitude != 0
        self.magnitude = magnitude
    }

    static let smallest = WideInteger(isNegative: true, magnitude: UInt64(Int64.max) + 1)
    static let largest = WideInteger(isNegative: false, magnitude: .max)

    /// The text `JSONEncoder` writes for the integer.
    var text: String { (isNegative ? "-" : "") + String(magnitude) }

    /// The integer at or above `number` (`ceiling`) or at or below it, clamped to
    /// ``smallest``...``largest``: from the exact decimal, so an end just past an integer
    /// (`100000000000000000.5`) is not first rounded onto it as a `Double` would be.
    init(rounding number: JSONDecimal, up: Bool) {
        let saturated: WideInteger = number.isNegative ? .smallest : .largest
        // The integer part: the digits before the point, then the zeros a positive exponent adds.
        let integerDigits = number.digits.count + Swift.min(number.exponent, 0)
        let zeros = Swift.max(number.exponent, 0)
        // 2^64 has 20 digits.
        guard integerDigits + zeros <= 20,
            var magnitude = UInt64(
                "0" + number.digits.prefix(Swift.max(integerDigits, 0)).map(String.init).joined()
                    + String(repeating: "0", count: zeros))
        else {
            self = saturated
            return
        }
        // Trailing zeros are not digits, so a negative exponent means a nonzero fraction: rounding
        // away from zero (up for a positive number, down for a negative one) adds one.
        if number.exponent < 0 && up != number.isNegative {
            guard magnitude < .max else {
                self = saturated
                return
            }
            magnitude += 1
        }
        self.init(isNegative: number.isNegative, magnitude: magnitude)
        if self < .smallest { self = .smallest }
    }

    static func < (lhs: WideInteger, rhs: WideInteger) -> Bool {
        switch (lhs.isNegative, rhs.isNegative) {
        case (true, false): true
        case (false, true): false
        case (true, true): lhs.magnitude > rhs.magnitude
        case (false, false): lhs.magnitude < rhs.magnitude
        }
    }

    /// The next integer up (`step` 1) or down (`step` -1); `nil` past the ends.
    func stepped(up: Bool) -> WideInteger? {
        if up == !isNegative {
            guard magnitude < .max else { return nil }
            return WideInteger(isNegative: isNegative, magnitude: magnitude + 1)
        }
        if magnitude == 0 { return WideInteger(isNegative: !up, magnitude: 1) }
        return WideInteger(isNegative: isNegative, magnitude: magnitude - 1)
    }
}
