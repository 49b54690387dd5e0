import Foundation
@_spi(Internals) import PaySize

/// `JSONElement`s for values ``JSONMeasuringScanner`` measured, read from their bytes.
enum MeasuredValueReader {
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

    /// The keys a Live Activity push's `aps` uses, as bytes and as the string they spell.
    private static let apsKeys: [(bytes: StaticString, key: String)] = [
        ("event", "event"), ("alert", "alert"), ("events", "events"), ("timestamp", "timestamp"),
        ("attributes", "attributes"), ("stale-date", "stale-date"), ("content-state", "content-state"),
        ("dismissal-date", "dismissal-date"), ("attributes-type", "attributes-type"),
        ("relevance-score", "relevance-score"), ("input-push-token", "input-push-token"),
        ("input-push-channel", "input-push-channel"),
    ]

    /// The text of a key written without escapes (quotes excluded): one of the `aps` keys comes
    /// back as a constant, without decoding and validating its bytes again; any other key is
    /// read as ``text(_:)`` reads it.
    static func verbatimKey(_ bytes: UnsafeRawBufferPointer) -> String {
        if let base = bytes.baseAddress {
            for known in apsKeys where known.bytes.utf8CodeUnitCount == bytes.count {
                if memcmp(base, known.bytes.utf8Start, bytes.count) == 0 { return known.key }
            }
        }
        return text(bytes)
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
