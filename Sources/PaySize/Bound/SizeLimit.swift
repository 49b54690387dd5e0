@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A schema keyword that bounds a value's size, declared from Swift and written into the inferred
/// schema at a JSON Pointer (see ``PayloadSchema/infer(from:limits:)``).
///
/// ```swift
/// let limits: [String: SizeLimit] = ["/items": .maxItems(12), "/items/*/name": .maxLength(40)]
/// ```
public enum SizeLimit: Sendable, Equatable {
    /// `maxLength`: at most this many Unicode scalars in a string.
    case maxLength(Int)
    /// `maxItems`: at most this many items in an array.
    case maxItems(Int)
    /// `maxProperties`: at most this many keys in a dictionary, and with `maxKeyLength`,
    /// `propertyNames.maxLength`: at most that many Unicode scalars in each key.
    case maxProperties(Int, maxKeyLength: Int? = nil)
    /// `minimum` and `maximum`: the numbers allowed.
    case range(ClosedRange<Double>)

    /// The JSON type the keyword applies to, for messages.
    var appliesTo: String {
        switch self {
        case .maxLength: "string"
        case .maxItems: "array"
        case .maxProperties: "object"
        case .range: "number"
        }
    }

    /// The keyword's name, for messages.
    var keyword: String {
        switch self {
        case .maxLength: "maxLength"
        case .maxItems: "maxItems"
        case .maxProperties: "maxProperties"
        case .range: "minimum and maximum"
        }
    }

    /// The keywords written into the schema document.
    var members: [(String, JSONElement)] {
        switch self {
        case .maxLength(let count): [("maxLength", .integer(count))]
        case .maxItems(let count): [("maxItems", .integer(count))]
        case .maxProperties(let count, let keyLength):
            [("maxProperties", .integer(count))]
                + (keyLength.map { [("propertyNames", .object([("maxLength", .integer($0))]))] } ?? [])
        case .range(let range):
            [
                ("minimum", .number(SchemaInference.numberText(range.lowerBound))),
                ("maximum", .number(SchemaInference.numberText(range.upperBound))),
            ]
        }
    }
}

/// A limit that cannot be placed: its pointer names no member, or its keyword does not apply there.
public struct SizeLimitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit's pointer, as given.
    package let pointer: String
    /// One line saying what is wrong, naming the pointer.
    public let description: String
}
