import PaySize

/// `JSONElement`s for values ``JSONMeasuringScanner`` measured, read from their bytes.
enum JSONOutline {
    /// The element of a measured value: scalars read from their token, containers by
    /// ``JSONScanner`` (their byte ranges then count from the container's start); `nil` if the
    /// bytes do not hold the value.
    static func element(_ value: JSONMeasuredValue, in bytes: UnsafeRawBufferPointer) -> JSONElement? {
        let token = UnsafeRawBufferPointer(rebasing: bytes[value.byteRange])
        let content: JSONElement.Content
        switch value.kind {
        case .string: content = .string(string(token))
        case .number: content = .number(text(token))
        case .bool: content = .bool(token.first == UInt8(ascii: "t"))
        case .null: content = .null
        case .object, .array: return try? JSONScanner.scan(Array(token))
        }
        return JSONElement(content: content, byteRange: value.byteRange, compactByteCount: value.compactByteCount)
    }

    /// The text of a string token (quotes included) that the scanner accepted.
    static func string(_ token: UnsafeRawBufferPointer) -> String {
        let inner = UnsafeRawBufferPointer(rebasing: token[1..<(token.count - 1)])
        if !inner.contains(UInt8(ascii: "\\")) { return text(inner) }
        return (try? JSONScanner.scan(Array(token)))?.stringValue ?? ""
    }

    /// UTF-8 as a string, through the typed buffer so the standard library takes its fast path
    /// (a raw buffer goes through the generic, repairing one).
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        guard let base = bytes.baseAddress else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count),
            as: UTF8.self)
    }
}
