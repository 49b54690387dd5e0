import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// The values a ``DecodingTracer`` hands a type for its scalar reads. A type that refuses the
/// first (an empty name, a string that is not an ISO-8601 date) is run again with the next
/// variant: first a few common values, then the strings and numbers of the examples the caller
/// gave; ``unusual(_:)`` is a value a type that checks its input is likely to refuse.
struct PlaceholderValues {
    /// How many built-in variants there are.
    static let builtInCount = 7
    /// How many example values are tried at most.
    static let exampleLimit = 16

    private static let strings = [
        "", "paysize", "2001-01-01T00:00:00Z", "https://example.com/paysize", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "0", "true",
    ]

    /// Strings and number tokens taken from examples, tried after the built-in values.
    var exampleStrings: [String] = []
    var exampleNumbers: [String] = []

    /// How many variants a run may try.
    var variantCount: Int { Self.builtInCount + max(exampleStrings.count, exampleNumbers.count) }

    /// Collects the scalars of `element` (an encoded example) as variants.
    mutating func add(scalarsOf element: JSONElement) {
        switch element.content {
        case .string(let text):
            if exampleStrings.count < Self.exampleLimit, !exampleStrings.contains(text) { exampleStrings.append(text) }
        case .number(let text):
            if exampleNumbers.count < Self.exampleLimit, !exampleNumbers.contains(text) { exampleNumbers.append(text) }
        case .object(let members): for member in members { add(scalarsOf: member.value) }
        case .array(let elements): for element in elements { add(scalarsOf: element) }
        case .bool, .null: break
        }
    }

    /// The scalar value of `type` for `variant`; `nil` for a type that is not a scalar.
    func value<T>(_ type: T.Type, variant: Int) -> T? {
        if variant >= Self.builtInCount, let example = exampleValue(type, index: variant - Self.builtInCount) {
            return example
        }
        return Self.builtIn(type, variant: variant)
    }

    private func exampleValue<T>(_ type: T.Type, index: Int) -> T? {
        if type == String.self { return index < exampleStrings.count ? exampleStrings[index] as? T : nil }
        guard index < exampleNumbers.count, let number = SchemaInference.numberType(of: type) else { return nil }
        let text = exampleNumbers[index]
        switch number.read(text) {
        case .integer(let value)?: return (T.self as? any LosslessStringConvertible.Type)?.init(value.description) as? T
        case .float(let value)?: return value as? T
        case .double(let value)?: return value as? T
        case .decimal(let value)?: return value as? T
        case nil: return nil
        }
    }

    /// The built-in value of `type` for `variant`.
    static func builtIn<T>(_ type: T.Type, variant: Int) -> T? {
        func pick<V>(_ values: [V]) -> T? { values[min(max(0, variant), values.count - 1)] as? T }
        switch type {
        case is String.Type: return pick(strings)
        case is Bool.Type: return pick([false, true])
        case is Double.Type: return pick([0.0, 1, 0.5])
        case is Float.Type: return pick([Float(0), 1, 0.5])
        case is Decimal.Type: return pick([Decimal(0), 1])
        case is Int.Type: return pick([0, 1, 100, 2])
        case is Int8.Type: return pick([Int8(0), 1, 100, 2])
        case is Int16.Type: return pick([Int16(0), 1, 100, 2])
        case is Int32.Type: return pick([Int32(0), 1, 100, 2])
        case is Int64.Type: return pick([Int64(0), 1, 100, 2])
        case is UInt.Type: return pick([UInt(0), 1, 100, 2])
        case is UInt8.Type: return pick([UInt8(0), 1, 100, 2])
        case is UInt16.Type: return pick([UInt16(0), 1, 100, 2])
        case is UInt32.Type: return pick([UInt32(0), 1, 100, 2])
        case is UInt64.Type: return pick([UInt64(0), 1, 100, 2])
        case is Date.Type:
            return pick([Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 8e8)])
        case is Data.Type: return pick([Data(), Data([1])])
        case is URL.Type: return URL(string: "https://example.com/paysize") as? T
        case is UUID.Type: return UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") as? T
        default: return nil
        }
    }

    /// A value of `type` that a type checking its input (a range, a format, a list of known
    /// values) probably refuses; `nil` when there is none worth trying. Large but far from the
    /// type's limits, so arithmetic the type does on it (`amount * 100`) does not trap.
    static func unusual<T>(_ type: T.Type) -> T? {
        switch type {
        case is String.Type: return "paysize-unlisted-value" as? T
        case is Bool.Type: return true as? T
        case is Double.Type: return 98_765.4321 as? T
        case is Float.Type: return Float(98_765.43) as? T
        case is Int.Type: return 987_654_321 as? T
        case is Int8.Type: return Int8(113) as? T
        case is Int16.Type: return Int16(31_415) as? T
        case is Int32.Type: return Int32(987_654_321) as? T
        case is Int64.Type: return Int64(987_654_321) as? T
        case is UInt.Type: return UInt(3_987_654_321) as? T
        case is UInt8.Type: return UInt8(251) as? T
        case is UInt16.Type: return UInt16(65_021) as? T
        case is UInt32.Type: return UInt32(3_987_654_321) as? T
        case is UInt64.Type: return UInt64(3_987_654_321) as? T
        default: return nil
        }
    }
}
