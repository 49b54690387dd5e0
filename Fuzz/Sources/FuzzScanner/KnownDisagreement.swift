@_spi(Internals) import PaySize

/// Where JSONScanner and Foundation's `JSONSerialization` (swift-corelibs-foundation, Swift 6.3.1
/// on Linux) disagree on purpose. Each case was found by this fuzz target and checked by hand;
/// anything else is a bug in one of them and stops the fuzzer.
///
/// Where they agree though one might expect otherwise: nesting (both accept 512 levels of arrays
/// and objects and refuse 513; seeds `deep-*` in the corpus), lone surrogate escapes, invalid and
/// overlong UTF-8, surrogates encoded in UTF-8, `NaN` and `Infinity`, leading zeros, raw control
/// characters in strings, form feed and NBSP as whitespace, comments (all refused by both), and
/// raw DEL in strings (accepted by both). Foundation also drops a raw U+FEFF that starts a string
/// or follows an escape; FoundationJSON.difference allows for that when comparing values.
enum KnownDisagreement {
    /// Why Foundation may refuse a text JSONScanner accepted, or `nil` if it should not.
    static func foundationRefuses(_ root: JSONElement) -> String? {
        // 1e400 and 400-digit integers: Foundation converts every number and refuses one no Swift
        // type holds ("Number 1e400 is not representable in Swift"). RFC 8259 section 6 leaves
        // range to implementations, and PaySize keeps number tokens as written (a payload is
        // measured, not converted), so the scanner accepts them.
        if containsNumber(in: root, where: { Double($0)?.isFinite != true }) {
            return "a number beyond Double's range"
        }
        return nil
    }

    /// Why JSONScanner may refuse a text Foundation accepted, or `nil` if it should not.
    static func scannerRefuses(_ bytes: [UInt8], error: JSONScanError) -> String? {
        // A UTF-8 byte order mark: Foundation skips it; RFC 8259 section 8.1 says implementations
        // "MUST NOT add a byte order mark", and APNs counts it as payload, so the scanner refuses it.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return "a byte order mark"
        }
        // UTF-16 and UTF-32: Foundation guesses the encoding from a BOM or from zero bytes among
        // the first four (`1\0` is UTF-16LE "1"); RFC 8259 section 8.1 requires UTF-8 and APNs
        // takes UTF-8, and a zero byte is never valid JSON text in UTF-8, so the scanner refuses.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return "UTF-16 or UTF-32 text"
        }
        // A trailing comma, `[1,]` or `{"a":1,}`: Foundation accepts it, RFC 8259's grammar does not.
        if error.byteOffset < bytes.count,
            bytes[error.byteOffset] == UInt8(ascii: "]") || bytes[error.byteOffset] == UInt8(ascii: "}"),
            let previous = bytes[..<error.byteOffset].last(where: { !isWhitespace($0) }), previous == UInt8(ascii: ",")
        {
            return "a trailing comma"
        }
        return nil
    }

    private static func containsNumber(in root: JSONElement, where predicate: (String) -> Bool) -> Bool {
        var pending = [root]
        while let element = pending.popLast() {
            switch element.content {
            case .number(let text): if predicate(text) { return true }
            case .array(let elements): pending += elements
            case .object(let members): pending += members.map(\.value)
            default: break
            }
        }
        return false
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
