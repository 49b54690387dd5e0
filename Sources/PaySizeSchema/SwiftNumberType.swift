import Foundation
@_spi(Internals) import PaySizeJSON

/// The Swift number type a JSON number is decoded into: the value of the `x-paysize-number`
/// keyword. `JSONDecoder` refuses numbers the type cannot hold, and how it reads a number is not
/// a plain range check: `1e2` and `1.0` are the `Int` 100 and 1, `9223372036854775807.0` is no
/// `Int` at all (its nearest `Double` is 2^63), `1e39` is no `Float`, `1e-400` no `Double` (it
/// rounds to zero) and `1e128` no `Decimal` (while `10e127` is).
///
/// A number is checked with Foundation's own `JSONDecoder` whenever it is not plainly inside the
/// type (an integer written without fraction or exponent, a small decimal), so the verdict is
/// the device's. See <doc:DeviceDecoding>.
package enum SwiftNumberType: String, CaseIterable, Sendable {
    case int = "Int"
    case int8 = "Int8"
    case int16 = "Int16"
    case int32 = "Int32"
    case int64 = "Int64"
    case uint = "UInt"
    case uint8 = "UInt8"
    case uint16 = "UInt16"
    case uint32 = "UInt32"
    case uint64 = "UInt64"
    case float = "Float"
    case double = "Double"
    case decimal = "Decimal"

    /// The value the decoder reads, compared as the decoded Swift value: two number tokens that
    /// decode to the same `Float` are the same raw value of a `Float` enum.
    package enum Reading: Equatable {
        case integer(JSONNumber)
        case float(Float)
        case double(Double)
        case decimal(Decimal)
    }

    /// ``integerBounds`` read once.
    private static let bounds: [SwiftNumberType: (minimum: JSONNumber, maximum: JSONNumber)] = {
        var table: [SwiftNumberType: (minimum: JSONNumber, maximum: JSONNumber)] = [:]
        for type in allCases {
            if let bounds = type.integerBounds, let minimum = JSONNumber(bounds.minimum),
                let maximum = JSONNumber(bounds.maximum)
            {
                table[type] = (minimum, maximum)
            }
        }
        return table
    }()

    /// The smallest and largest value of an integer type, as JSON numbers; `nil` for the others.
    package var integerBounds: (minimum: String, maximum: String)? {
        switch self {
        case .int: (String(Int.min), String(Int.max))
        case .int8: (String(Int8.min), String(Int8.max))
        case .int16: (String(Int16.min), String(Int16.max))
        case .int32: (String(Int32.min), String(Int32.max))
        case .int64: (String(Int64.min), String(Int64.max))
        case .uint: ("0", String(UInt.max))
        case .uint8: ("0", String(UInt8.max))
        case .uint16: ("0", String(UInt16.max))
        case .uint32: ("0", String(UInt32.max))
        case .uint64: ("0", String(UInt64.max))
        case .float, .double, .decimal: nil
        }
    }

    /// What the type holds, for messages: `a whole number from -128 to 127`.
    package var range: String {
        if let bounds = integerBounds { return "a whole number from \(bounds.minimum) to \(bounds.maximum)" }
        switch self {
        case .float: return "a number within ±3.4028235e38 that does not round to 0 as a Float"
        case .double: return "a number within ±1.7976931348623157e308 that does not round to 0 as a Double"
        default: return "a number with a decimal exponent from -128 to 127 (38 significant digits)"
        }
    }

    /// The decoded value of `text` (a JSON number token), or `nil` when `JSONDecoder` refuses it.
    package func read(_ text: String) -> Reading? {
        switch readPlainly(text) {
        case .read(let reading): reading
        case .refused: nil
        case .unsure: readWithFoundation(text)
        }
    }

    private enum PlainAnswer {
        case read(Reading)
        case refused
        case unsure
    }

    /// The answer without Foundation, for numbers plainly inside (or outside) the type.
    private func readPlainly(_ text: String) -> PlainAnswer {
        let hasExponent = text.contains(where: { $0 == "e" || $0 == "E" })
        if let bounds = Self.bounds[self] {
            // Written as an integer, the decoder reads it exactly: within the range or refused.
            guard !hasExponent, !text.contains("."), let number = JSONNumber(text) else { return .unsure }
            guard bounds.minimum <= number, number <= bounds.maximum else { return .refused }
            return .read(.integer(number))
        }
        switch self {
        case .float, .double:
            guard let value = Double(text), value.isFinite else { return .unsure }
            let plainly: ClosedRange<Double> = self == .float ? 1e-37...1e38 : 1e-300...1e300
            // A zero with an exponent is left to Foundation: it refuses some (`0e1`, `0.00e1`) and
            // not others (`0e10`, `0.0e1`), by a rule that is no property of the number.
            guard plainly.contains(value.magnitude) || (value == 0 && !hasExponent && !Self.hasNonzeroDigit(text))
            else {
                return .unsure
            }
            if self == .double { return .read(.double(value)) }
            return Float(text).map { .read(.float($0)) } ?? .unsure
        default:
            // Decimal: without an exponent and within 38 digits, the decimal exponent is at least -38.
            guard !hasExponent, text.utf8.count(where: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) <= 38,
                let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else { return .unsure }
            return .read(.decimal(value))
        }
    }

    private func readWithFoundation(_ text: String) -> Reading? {
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        func decoded<T: Decodable & BinaryInteger>(_ type: T.Type) -> Reading? {
            guard let value = try? decoder.decode(T.self, from: data) else { return nil }
            return JSONNumber(String(value)).map(Reading.integer)
        }
        switch self {
        case .int: return decoded(Int.self)
        case .int8: return decoded(Int8.self)
        case .int16: return decoded(Int16.self)
        case .int32: return decoded(Int32.self)
        case .int64: return decoded(Int64.self)
        case .uint: return decoded(UInt.self)
        case .uint8: return decoded(UInt8.self)
        case .uint16: return decoded(UInt16.self)
        case .uint32: return decoded(UInt32.self)
        case .uint64: return decoded(UInt64.self)
        case .float: return (try? decoder.decode(Float.self, from: data)).map(Reading.float)
        case .double: return (try? decoder.decode(Double.self, from: data)).map(Reading.double)
        case .decimal: return (try? decoder.decode(Decimal.self, from: data)).map(Reading.decimal)
        }
    }

    private static func hasNonzeroDigit(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte) { return true }
        }
        return false
    }
}
