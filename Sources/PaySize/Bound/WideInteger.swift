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
    /// ``smallest``...``largest``.
    init(rounding number: JSONNumber, up: Bool) {
        switch number {
        case .integer(let isNegative, let digits):
            if let magnitude = UInt64(String(decoding: digits, as: UTF8.self)) {
                self.init(isNegative: isNegative, magnitude: magnitude)
            } else {
                self = isNegative ? .smallest : .largest
            }
        case .double(let value):
            let rounded = up ? value.rounded(.up) : value.rounded(.down)
            if !(rounded > -1.8e19) {
                self = .smallest
            } else if !(rounded < 1.8e19) {
                self = .largest
            } else {
                self.init(isNegative: rounded < 0, magnitude: UInt64(rounded.magnitude))
            }
        }
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
