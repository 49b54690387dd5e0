/// One JSON value read by ``JSONScanner``, with the byte range it was read from.
///
/// Numbers keep the token exactly as written (`1.50`, `1e3`), so a checker can measure and
/// report what a server sent without re-encoding it. Object members keep their order.
///
/// ```swift
/// let root = try JSONScanner.scan(Array(#"{"aps": {"event": "update"}}"#.utf8))
/// root["aps"]?["event"]?.stringValue   // "update"
/// root.compactByteCount                // 26
/// ```
@_spi(Internals) public struct JSONElement: Sendable, Equatable {
    /// The kind of value and its children.
    @_spi(Internals) public enum Content: Sendable, Equatable {
        /// An object's members, in the order they were written.
        case object([JSONMember])
        /// An array's elements.
        case array([JSONElement])
        /// A string with its escapes decoded.
        case string(String)
        /// A number token as written in the source, for example `-0.5e3`.
        case number(String)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
    }

    /// The value and, for containers, its children.
    @_spi(Internals) public var content: Content
    /// Where the value's tokens sit in the scanned bytes (from its first byte to just past its last).
    @_spi(Internals) public var byteRange: Range<Int>
    /// The value's size with the whitespace outside strings removed and every token kept as written.
    @_spi(Internals) public var compactByteCount: Int

    /// An element with its content, source range and compact size, as ``JSONScanner`` builds it.
    @_spi(Internals) public init(content: Content, byteRange: Range<Int>, compactByteCount: Int) {
        self.content = content
        self.byteRange = byteRange
        self.compactByteCount = compactByteCount
    }
}

/// One member of a JSON object: the decoded key, where the key token sits, and the value.
@_spi(Internals) public struct JSONMember: Sendable, Equatable {
    /// The key with its escapes decoded.
    @_spi(Internals) public var key: String
    /// The byte range of the key token, quotes included.
    @_spi(Internals) public var keyRange: Range<Int>
    /// The member's value.
    @_spi(Internals) public var value: JSONElement

    /// A member with its decoded key, the key token's byte range and its value.
    @_spi(Internals) public init(key: String, keyRange: Range<Int>, value: JSONElement) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

extension JSONElement {
    /// The member value for `key` when this is an object, else `nil`.
    @_spi(Internals) public subscript(key: String) -> JSONElement? {
        guard case .object(let members) = content else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The object's members, or `nil` when this is not an object.
    @_spi(Internals) public var members: [JSONMember]? {
        if case .object(let members) = content { return members }
        return nil
    }

    /// The array's elements, or `nil` when this is not an array.
    @_spi(Internals) public var elements: [JSONElement]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    /// The decoded string, or `nil` when this is not a string.
    @_spi(Internals) public var stringValue: String? {
        if case .string(let string) = content { return string }
        return nil
    }

    /// The number token as written, or `nil` when this is not a number.
    @_spi(Internals) public var numberText: String? {
        if case .number(let text) = content { return text }
        return nil
    }

    /// The number as a `Double` (which may round), or `nil` when this is not a number.
    @_spi(Internals) public var doubleValue: Double? {
        numberText.flatMap(Double.init)
    }

    /// Whether this is a number written without a fraction or an exponent (`42`, `-7`).
    @_spi(Internals) public var isIntegerToken: Bool {
        guard let text = numberText else { return false }
        // Over UTF-8 bytes, not Characters: a number token is ASCII, and grapheme breaking costs
        // more than the check when a log's every line asks.
        func isInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes where byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") { return false }
            return true
        }
        if let answer = text.utf8.withContiguousStorageIfAvailable(isInteger) { return answer }
        var copy = text
        return copy.withUTF8(isInteger)
    }

    /// The Boolean, or `nil` when this is not `true` or `false`.
    @_spi(Internals) public var boolValue: Bool? {
        if case .bool(let value) = content { return value }
        return nil
    }

    /// Whether this is `null`.
    @_spi(Internals) public var isNull: Bool {
        content == .null
    }

    /// The JSON type name used in messages and schemas: `object`, `array`, `string`, `number`,
    /// `boolean` or `null`.
    @_spi(Internals) public var typeName: String {
        switch content {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}
