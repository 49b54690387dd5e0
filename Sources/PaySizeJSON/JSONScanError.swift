/// Why `JSONScanner` refused its input, and where.
///
/// Every error has a byte offset, a 1-based line and column (the column counts bytes, as
/// compilers do) and the JSON Pointer of the value being read, so a message can say
/// `3:14: /aps/content-state: expected ',' or '}' after an object member, found 'x' (byte 52)`.
public struct JSONScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure; private so that adding one breaks nobody's `switch`.
    package enum Code: Sendable, Equatable {
        case unexpected(expected: String, found: String)
        case byteOrderMark
        case leadingZero
        case invalidUTF8(byte: UInt8)
        case unescapedControlCharacter(UInt8)
        case invalidEscape(found: String)
        case loneSurrogate(String)
        case duplicateKey(String, firstOffset: Int)
        /// A key canonically equivalent to an earlier one of the object, with other code points.
        case equivalentKey(String, first: String, firstOffset: Int)
        case tooDeep(limit: Int)
    }

    package let code: Code
    /// The offset, in bytes from the start of the input, where the problem was found.
    public let byteOffset: Int
    /// The 1-based line of ``byteOffset``.
    public let line: Int
    /// The 1-based column of ``byteOffset``, counted in bytes.
    public let column: Int
    /// The JSON Pointer of the value being read when the problem was found.
    public let path: JSONPointer

    package init(code: Code, byteOffset: Int, bytes: UnsafeBufferPointer<UInt8>, path: JSONPointer) {
        self.code = code
        self.byteOffset = byteOffset
        self.path = path
        let location = TextPosition(byteOffset: byteOffset, in: bytes)
        self.line = location.line
        self.column = location.column
    }

    /// Whether the input nests deeper than the scanner's limit.
    @_spi(Internals) public var isDepthLimit: Bool {
        if case .tooDeep = code { return true }
        return false
    }

    /// Whether the input repeats a key inside one object.
    @_spi(Internals) public var isDuplicateKey: Bool {
        switch code {
        case .duplicateKey, .equivalentKey: return true
        default: return false
        }
    }

    /// What went wrong, in one line, without the location.
    public var message: String {
        switch code {
        case .unexpected(let expected, let found):
            return "expected \(expected), found \(found)"
        case .byteOrderMark:
            return "expected a JSON value, found a UTF-8 byte order mark (JSON text must not start with U+FEFF)"
        case .leadingZero:
            return
                "expected ',', ']', '}' or the end of the number, found a digit after a leading zero (numbers may not have leading zeros)"
        case .invalidUTF8(let byte):
            return "expected valid UTF-8, found byte \(hex(byte))"
        case .unescapedControlCharacter(let byte):
            return
                "expected '\\\\' before control character U+\(hex4(UInt16(byte))) in string (control characters must be escaped)"
        case .invalidEscape(let found):
            return
                "expected an escape ('\\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t' or '\\uXXXX'), found \(found)"
        case .loneSurrogate(let escape):
            return "expected a surrogate pair, found lone surrogate '\(escape)' (it is not a Unicode scalar)"
        case .duplicateKey(let key, let firstOffset):
            return
                "expected unique keys, found duplicate key '\(JSONPointer.escapingControlCharacters(key))' (first at byte \(firstOffset))"
        case .equivalentKey(let key, let first, let firstOffset):
            func spelled(_ key: String) -> String {
                "'\(JSONPointer.escapingControlCharacters(key))' ("
                    + key.unicodeScalars.map(codePoint).joined(separator: " ") + ")"
            }
            return
                "expected unique keys, found key \(spelled(key)), canonically equivalent to key \(spelled(first)) (first at byte \(firstOffset)): the device's JSONDecoder compares keys as Swift strings and reads both as one"
        case .tooDeep(let limit):
            return "expected at most \(limit) levels of nesting, found more"
        }
    }

    /// `LINE:COLUMN: PATH: MESSAGE (byte OFFSET)`.
    public var description: String {
        "\(line):\(column): \(path): \(message) (byte \(byteOffset))"
    }
}

private let hexDigits = Array("0123456789abcdef")

private func hex(_ byte: UInt8) -> String {
    "0x" + String(hexDigits[Int(byte >> 4)]).uppercased() + String(hexDigits[Int(byte & 0xF)]).uppercased()
}

/// `U+0308`, `U+1F600`: four hex digits at least, as Unicode writes code points.
private func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16).uppercased()
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

private func hex4(_ value: UInt16) -> String {
    var text = ""
    for shift in stride(from: 12, through: 0, by: -4) {
        text.append(hexDigits[Int((value >> UInt16(shift)) & 0xF)])
    }
    return text.uppercased()
}
