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

    /// The text of a string token (quotes included) that the scanner accepted: one of the three
    /// events comes back as a constant, as ``verbatimKey(_:)`` returns keys.
    static func string(_ token: UnsafeRawBufferPointer) -> String {
        let inner = UnsafeRawBufferPointer(rebasing: token[1..<(token.count - 1)])
        if let event = knownEvent(inner) { return event }
        if !inner.contains(UInt8(ascii: "\\")) { return text(inner) }
        return (try? JSONScanner.scan(Array(token)))?.stringValue ?? ""
    }

    /// `update`, `start` or `end` when `bytes` spell one of them, else `nil`.
    static func knownEvent(_ bytes: UnsafeRawBufferPointer) -> String? {
        if let base = bytes.baseAddress, bytes.count >= 4 && bytes.count < 8 {
            // The first and last four bytes (overlapping) cover the whole text, little-endian.
            switch (bytes.count, load32(base, 0), load32(base, bytes.count - 4)) {
            case (6, 0x6164_7075, 0x6574_6164): return "update"
            case (5, 0x7261_7473, 0x7472_6174): return "start"
            default: return nil
            }
        }
        if bytes.count == 3, bytes[0] == UInt8(ascii: "e"), bytes[1] == UInt8(ascii: "n"), bytes[2] == UInt8(ascii: "d")
        {
            return "end"
        }
        return nil
    }

    /// The text of a key written without escapes (quotes excluded): one of the keys a Live
    /// Activity push's `aps` uses comes back as a constant, without decoding and validating its
    /// bytes again; any other key is read as ``text(_:)`` reads it.
    static func verbatimKey(_ bytes: UnsafeRawBufferPointer) -> String {
        knownKey(bytes) ?? text(bytes)
    }

    /// The `aps` key of a Live Activity push that `bytes` spell, or `nil`.
    ///
    /// A key is matched by its length and the words at its two ends (overlapping, little-endian,
    /// which hold every byte of a key of 4 to 16 bytes; the longest key's middle two bytes are
    /// compared on their own). The constants are those keys' bytes, which
    /// `LogPipelineTests` "aps keys and events are recognized by their bytes" checks.
    static func knownKey(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        if count >= 8 {
            switch (count, load64(base, 0), load64(base, count - 8)) {
            case (9, 0x6D61_7473_656D_6974, 0x706D_6174_7365_6D69): return "timestamp"
            case (10, 0x6164_2D65_6C61_7473, 0x6574_6164_2D65_6C61): return "stale-date"
            case (10, 0x7475_6269_7274_7461, 0x7365_7475_6269_7274): return "attributes"
            case (13, 0x2D74_6E65_746E_6F63, 0x6574_6174_732D_746E): return "content-state"
            case (14, 0x6173_7369_6D73_6964, 0x6574_6164_2D6C_6173): return "dismissal-date"
            case (15, 0x636E_6176_656C_6572, 0x6572_6F63_732D_6563): return "relevance-score"
            case (15, 0x7475_6269_7274_7461, 0x6570_7974_2D73_6574): return "attributes-type"
            case (16, 0x7570_2D74_7570_6E69, 0x6E65_6B6F_742D_6873): return "input-push-token"
            case (18, 0x7570_2D74_7570_6E69, 0x6C65_6E6E_6168_632D)
            where bytes[8] == UInt8(ascii: "s") && bytes[9] == UInt8(ascii: "h"):
                return "input-push-channel"
            default: return nil
            }
        } else if count >= 4 {
            switch (count, load32(base, 0), load32(base, count - 4)) {
            case (5, 0x6E65_7665, 0x746E_6576): return "event"
            case (5, 0x7265_6C61, 0x7472_656C): return "alert"
            case (6, 0x6E65_7665, 0x7374_6E65): return "events"
            default: return nil
            }
        }
        return nil
    }

    /// The eight bytes at `offset`, the first lowest.
    @inline(__always)
    private static func load64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four bytes at `offset`, the first lowest.
    @inline(__always)
    private static func load32(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
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
