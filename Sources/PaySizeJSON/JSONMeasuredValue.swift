/// One value that ``JSONMeasuringScanner`` measured: its kind, where it sits and its compact size.
///
/// The figures are the ones ``JSONScanner`` gives the same value's ``JSONElement``: the byte range
/// from its first byte to just past its last, and its size with the whitespace outside strings
/// removed and every token kept as written.
@_spi(Internals) public struct JSONMeasuredValue: Sendable, Equatable {
    /// The JSON type of a measured value.
    @_spi(Internals) public enum Kind: Sendable, Equatable {
        /// An object, `{…}`.
        case object
        /// An array, `[…]`.
        case array
        /// A string, quotes included in its range.
        case string
        /// A number, as written.
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null
    }

    /// What kind of value was found.
    @_spi(Internals) public var kind: Kind
    /// Where the value's tokens sit in the measured bytes.
    @_spi(Internals) public var byteRange: Range<Int>
    /// The value's compact size in bytes.
    @_spi(Internals) public var compactByteCount: Int

    /// Creates a measurement.
    ///
    /// - Parameters:
    ///   - kind: The value's JSON type.
    ///   - byteRange: Where its tokens sit in the measured bytes, from its first byte to just
    ///     past its last.
    ///   - compactByteCount: Its size in bytes without the whitespace outside strings.
    @_spi(Internals) public init(kind: Kind, byteRange: Range<Int>, compactByteCount: Int) {
        self.kind = kind
        self.byteRange = byteRange
        self.compactByteCount = compactByteCount
    }

    /// The measurement of a value ``JSONScanner`` read: the figures ``JSONMeasuringScanner``
    /// gives for the same value, so results of the two scanners compare with `==`.
    ///
    /// - Parameter element: A value from ``JSONScanner/scan(_:maximumDepth:duplicateKeys:)``.
    @_spi(Internals) public init(_ element: JSONElement) {
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
