/// One member of the object whose members ``JSONMeasuringScanner`` lists: where its key sits and
/// the measurement of its value.
@_spi(Internals) public struct JSONMeasuredMember: Sendable, Equatable {
    /// The byte range of the key token, quotes included.
    @_spi(Internals) public var keyRange: Range<Int>
    /// Whether the key token holds no escape, so the key is exactly the UTF-8 between its quotes.
    @_spi(Internals) public var keyIsVerbatim: Bool
    /// The member's value.
    @_spi(Internals) public var value: JSONMeasuredValue

    /// Creates a member from its key token's range and its value's measurement.
    ///
    /// - Parameters:
    ///   - keyRange: The byte range of the key token, quotes included.
    ///   - keyIsVerbatim: Whether the key token holds no escape.
    ///   - value: The measurement of the member's value.
    @_spi(Internals) public init(keyRange: Range<Int>, keyIsVerbatim: Bool, value: JSONMeasuredValue) {
        self.keyRange = keyRange
        self.keyIsVerbatim = keyIsVerbatim
        self.value = value
    }
}
