@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A schema keyword that bounds a value's size, declared from Swift and written into the inferred
/// schema at a JSON Pointer (see ``PayloadSchema/infer(from:limits:dateEncodingStrategy:)``).
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
    /// `minLength` and `maxLength`: from the lower to the upper count of Unicode scalars in a
    /// string, `.length(1...40)` for a non-empty string of at most 40.
    case length(ClosedRange<Int>)
    /// `minItems` and `maxItems`: from the lower to the upper count of items in an array.
    case items(ClosedRange<Int>)
    /// `exclusiveMinimum` and `exclusiveMaximum`: the numbers strictly between `lower` and
    /// `upper`.
    case exclusiveRange(lower: Double, upper: Double)
    /// At most this many levels of a type that contains itself, at the place where it does
    /// (`"/replies/*": .maxDepth(3)` for a `Comment` with `replies: [Comment]`): the schema
    /// there is unrolled that many levels, with nothing allowed below the last (an array there
    /// empty, an optional absent). `0` allows no value there.
    case maxDepth(Int)

    /// The JSON type the keyword applies to, for messages.
    var appliesTo: String {
        switch self {
        case .maxLength, .length: "string"
        case .maxItems, .items: "array"
        case .maxProperties: "object"
        case .range, .exclusiveRange: "number"
        case .maxDepth: "type that contains itself"
        }
    }

    /// The keyword's name, for messages.
    var keyword: String {
        switch self {
        case .maxLength: "maxLength"
        case .maxItems: "maxItems"
        case .maxProperties: "maxProperties"
        case .range: "minimum and maximum"
        case .length: "minLength and maxLength"
        case .items: "minItems and maxItems"
        case .exclusiveRange: "exclusiveMinimum and exclusiveMaximum"
        case .maxDepth: "maxDepth"
        }
    }

    /// Whether the limit unrolls a recursive place rather than writing keywords.
    var isDepth: Bool {
        if case .maxDepth = self { return true }
        return false
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
        case .length(let counts):
            [("minLength", .integer(counts.lowerBound)), ("maxLength", .integer(counts.upperBound))]
        case .items(let counts):
            [("minItems", .integer(counts.lowerBound)), ("maxItems", .integer(counts.upperBound))]
        case .exclusiveRange(let lower, let upper):
            [
                ("exclusiveMinimum", .number(SchemaInference.numberText(lower))),
                ("exclusiveMaximum", .number(SchemaInference.numberText(upper))),
            ]
        case .maxDepth: []
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
