/// One value that ``JSONMeasuringScanner`` measured: its kind, where it sits and its compact size.
///
/// The figures are the ones ``JSONScanner`` gives the same value's ``JSONElement``: the byte range
/// from its first byte to just past its last, and its size with the whitespace outside strings
/// removed and every token kept as written.
public struct JSONMeasuredValue: Sendable, Equatable {
    /// The JSON type of a measured value.
    public enum Kind: Sendable, Equatable {
        case object
        case array
        case string
        case number
        case bool
        case null
    }

    /// What kind of value was found.
    public var kind: Kind
    /// Where the value's tokens sit in the measured bytes.
    public var byteRange: Range<Int>
    /// The value's compact size in bytes.
    public var compactByteCount: Int

    public init(kind: Kind, byteRange: Range<Int>, compactByteCount: Int) {
        self.kind = kind
        self.byteRange = byteRange
        self.compactByteCount = compactByteCount
    }

    /// The measurement of a value ``JSONScanner`` read, for comparing the two scanners.
    public init(_ element: JSONElement) {
        let kind: Kind
        switch element.content {
        case .object: kind = .object
        case .array: kind = .array
        case .string: kind = .string
        case .number: kind = .number
        case .bool: kind = .bool
        case .null: kind = .null
        }
        self.init(kind: kind, byteRange: element.byteRange, compactByteCount: element.compactByteCount)
    }
}
