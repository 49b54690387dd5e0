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
    /// `maxProperties`: at most this many keys in a dictionary.
    case maxProperties(Int)
    /// `propertyNames.maxLength`: at most this many Unicode scalars in each dictionary key.
    case maxKeyLength(Int)
    /// `minimum`: the smallest number allowed.
    case minimum(Double)
    /// `maximum`: the largest number allowed.
    case maximum(Double)

    /// The JSON type the keyword applies to, for messages.
    var appliesTo: String {
        switch self {
        case .maxLength: "string"
        case .maxItems: "array"
        case .maxProperties, .maxKeyLength: "object"
        case .minimum, .maximum: "number"
        }
    }

    var keyword: String {
        switch self {
        case .maxLength: "maxLength"
        case .maxItems: "maxItems"
        case .maxProperties: "maxProperties"
        case .maxKeyLength: "propertyNames"
        case .minimum: "minimum"
        case .maximum: "maximum"
        }
    }

    /// The keyword's value in the schema document.
    var value: JSONElement {
        switch self {
        case .maxLength(let count), .maxItems(let count), .maxProperties(let count): .integer(count)
        case .maxKeyLength(let count): .object([("maxLength", .integer(count))])
        case .minimum(let number), .maximum(let number): .number(SchemaInference.numberText(number))
        }
    }
}

/// A limit that cannot be placed: its pointer names no member, or its keyword does not apply there.
public struct SizeLimitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The limit's pointer, as given.
    public let pointer: String
    /// One line saying what is wrong, naming the pointer.
    public let description: String
}
