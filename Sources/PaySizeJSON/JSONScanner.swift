/// A strict RFC 8259 JSON reader that keeps byte positions.
///
/// Foundation's `JSONSerialization` forgets where each value came from and how its tokens were
/// written; a size checker needs both. `JSONScanner` returns a ``JSONElement`` tree whose nodes
/// carry their byte range and their compact size (whitespace outside strings removed, every
/// token kept as written), so any member can be measured without re-encoding.
///
/// It is strict where lenient readers are not: it validates UTF-8, refuses a byte order mark,
/// trailing garbage, `NaN` and `Infinity`, leading zeros, unescaped control characters, lone
/// surrogate escapes such as `\ud800`, and (unless told otherwise) duplicate keys inside one
/// object. Nesting is limited
/// (512 levels by default) and read with an explicit stack, so deep input cannot overflow the
/// call stack.
///
/// ```swift
/// let root = try JSONScanner.scan(Array("{ \"a\" : [1, 2] }".utf8))
/// root.compactByteCount        // 11, the size of {"a":[1,2]}
/// root["a"]?.byteRange         // 8..<14
/// ```
@_spi(Internals) public enum JSONScanner {
    /// The nesting limit used when none is given: 512 levels, as Foundation's JSON reader uses.
    @_spi(Internals) public static let defaultMaximumDepth = 512

    /// What to do with a key that appears twice in one object.
    ///
    /// RFC 8259 says keys SHOULD be unique and leaves repeats to the reader; decoders disagree on
    /// which value wins, so a payload that repeats a key means different things to different
    /// readers. PaySize refuses them by default.
    @_spi(Internals) public enum DuplicateKeyPolicy: Sendable {
        /// Throw a ``JSONScanError`` naming the repeated key and where it first appeared.
        case reject
        /// Keep every member, in order, as RFC 8259 permits.
        case allow
    }

    /// Reads one JSON text.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - maximumDepth: How many arrays and objects may nest inside each other; default 512.
    ///   - duplicateKeys: Whether a repeated key in one object is an error; default ``DuplicateKeyPolicy/reject``.
    ///   - keyEquality: When two keys are the same key: by default canonically equivalent ones
    ///     are (`"ä"` and `"a\u{308}"`, as the device's `JSONDecoder` reads them, and the error
    ///     says so); under ``StringEquality/codepoints`` only equal code points are, as RFC 8259
    ///     and JSON Schema compare names.
    /// - Returns: The root value.
    /// - Throws: ``JSONScanError`` with the byte offset, line, column and JSON Pointer of the
    ///   first problem.
    @_spi(Internals) public static func scan(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth, duplicateKeys: DuplicateKeyPolicy = .reject,
        keyEquality: StringEquality = .canonicalEquivalence
    ) throws -> JSONElement {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONTextReader(
                bytes: buffer, maximumDepth: maximumDepth, rejectsDuplicateKeys: duplicateKeys == .reject,
                keyEquality: keyEquality)
            return try reader.readDocument()
        }
    }
}

/// The scanner's working state over one buffer.
private struct JSONTextReader {
    /// An open container on the explicit stack.
    private enum Frame {
        case object(ObjectFrame)
        case array(ArrayFrame)
    }

    private struct ObjectFrame {
        var start: Int
        var members: [JSONMember] = []
        var compactByteCount = 1
        var pendingKey = ""
        var pendingKeyRange = 0..<0
        /// Built once an object grows past a few members, so duplicate checks stay linear.
        var keyOffsets: [String: Int]? = nil
    }

    private struct ArrayFrame {
        var start: Int
        var elements: [JSONElement] = []
        var compactByteCount = 1
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    let rejectsDuplicateKeys: Bool
    let keyEquality: StringEquality
    private var index = 0
    private var stack: [Frame] = []
    private var scratch: [UInt8] = []

    init(
        bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, rejectsDuplicateKeys: Bool,
        keyEquality: StringEquality = .canonicalEquivalence
    ) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.keyEquality = keyEquality
    }

    mutating func readDocument() throws -> JSONElement {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw error(.byteOrderMark, at: 0)
        }
        let root = try readValue()
        skipWhitespace()
        if index < bytes.count {
            throw error(
                .unexpected(expected: "the end of the input after the top-level value", found: found(at: index)),
                at: index)
        }
        return root
    }

    // MARK: - Structure

    /// Reads one value, driving nested containers with the explicit stack.
    private mutating func readValue() throws -> JSONElement {
        var completed: JSONElement
        valueLoop: while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw error(.unexpected(expected: "a JSON value", found: "end of input"), at: index)
            }
            let start = index
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try push(.object(ObjectFrame(start: start)), at: start)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                    completed = JSONElement(content: .object([]), byteRange: start..<index, compactByteCount: 2)
                } else {
                    try readKeyAndColon(afterComma: false)
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                try push(.array(ArrayFrame(start: start)), at: start)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                    completed = JSONElement(content: .array([]), byteRange: start..<index, compactByteCount: 2)
                } else {
                    continue valueLoop
                }
            default:
                completed = try readScalar()
            }

            // Hand the finished value to the containers above it, closing those that end here.
            while true {
                guard let top = stack.popLast() else { return completed }
                skipWhitespace()
                switch top {
                case .object(var frame):
                    frame.compactByteCount += (frame.pendingKeyRange.count + 1) + completed.compactByteCount
                    frame.members.append(
                        JSONMember(key: frame.pendingKey, keyRange: frame.pendingKeyRange, value: completed))
                    frame.pendingKeyRange = 0..<0
                    let next = index < bytes.count ? bytes[index] : nil
                    if next == UInt8(ascii: ",") {
                        index += 1
                        frame.compactByteCount += 1
                        stack.append(.object(frame))
                        try readKeyAndColon(afterComma: true)
                        continue valueLoop
                    } else if next == UInt8(ascii: "}") {
                        index += 1
                        completed = JSONElement(
                            content: .object(frame.members), byteRange: frame.start..<index,
                            compactByteCount: frame.compactByteCount + 1)
                    } else {
                        stack.append(.object(frame))
                        throw error(
                            .unexpected(expected: "',' or '}' after an object member", found: found(at: index)),
                            at: index)
                    }
                case .array(var frame):
                    frame.compactByteCount += completed.compactByteCount
                    frame.elements.append(completed)
                    let next = index < bytes.count ? bytes[index] : nil
                    if next == UInt8(ascii: ",") {
                        index += 1
                        frame.compactByteCount += 1
                        stack.append(.array(frame))
                        continue valueLoop
                    } else if next == UInt8(ascii: "]") {
                        index += 1
                        completed = JSONElement(
                            content: .array(frame.elements), byteRange: frame.start..<index,
                            compactByteCount: frame.compactByteCount + 1)
                    } else {
                        stack.append(.array(frame))
                        throw error(
                            .unexpected(expected: "',' or ']' after an array element", found: found(at: index)),
                            at: index)
                    }
                }
            }
        }
    }

    private mutating func push(_ frame: Frame, at offset: Int) throws {
        if stack.count >= maximumDepth {
            throw error(.tooDeep(limit: maximumDepth), at: offset)
        }
        stack.append(frame)
    }

    /// Reads `"key" :` for the object on top of the stack and checks the key is new.
    private mutating func readKeyAndColon(afterComma: Bool) throws {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            let expected = afterComma ? "an object key (a string) after ','" : "an object key (a string) or '}'"
            throw error(.unexpected(expected: expected, found: found(at: index)), at: index)
        }
        let keyStart = index
        let key = try readString()
        let keyRange = keyStart..<index
        guard case .object(var frame) = stack.removeLast() else { preconditionFailure("key outside an object") }

        if rejectsDuplicateKeys, let firstOffset = firstOffset(of: key, at: keyStart, in: &frame) {
            stack.append(.object(frame))
            // Keys one only by canonical equivalence get an error that says why they collide.
            if let first = frame.members.first(where: { $0.keyRange.lowerBound == firstOffset })?.key,
                !first.utf8.elementsEqual(key.utf8)
            {
                throw error(.equivalentKey(key, first: first, firstOffset: firstOffset), at: keyStart)
            }
            throw error(.duplicateKey(key, firstOffset: firstOffset), at: keyStart)
        }
        frame.pendingKey = key
        frame.pendingKeyRange = keyRange
        stack.append(.object(frame))

        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error(.unexpected(expected: "':' after an object key", found: found(at: index)), at: index)
        }
        index += 1
    }

    /// The offset of an earlier member named `key`, or `nil`; records `key` as seen.
    /// Where the object's earlier key equal to `key` (read at `keyStart`) starts, or nil when
    /// `key` is new, then recorded.
    private func firstOffset(of key: String, at keyStart: Int, in frame: inout ObjectFrame) -> Int? {
        // Under `codepoints` the table is keyed by a spelling that keeps every code point, so
        // `Dictionary`'s canonical-equivalence hashing cannot merge two names.
        let identity = keyEquality.identity(of: key)
        if frame.keyOffsets == nil, frame.members.count >= 8 {
            var offsets: [String: Int] = [:]
            for member in frame.members { offsets[keyEquality.identity(of: member.key)] = member.keyRange.lowerBound }
            frame.keyOffsets = offsets
        }
        if frame.keyOffsets != nil {
            if let offset = frame.keyOffsets![identity] { return offset }
            frame.keyOffsets![identity] = keyStart
            return nil
        }
        return frame.members.first(where: { keyEquality.equal($0.key, key) })?.keyRange.lowerBound
    }

    // MARK: - Scalars

    private mutating func readScalar() throws -> JSONElement {
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let string = try readString()
            return JSONElement(content: .string(string), byteRange: start..<index, compactByteCount: index - start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try readNumber()
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            return JSONElement(content: .number(text), byteRange: start..<index, compactByteCount: index - start)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONElement(content: .bool(true), byteRange: start..<index, compactByteCount: 4)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONElement(content: .bool(false), byteRange: start..<index, compactByteCount: 5)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONElement(content: .null, byteRange: start..<index, compactByteCount: 4)
        default:
            throw error(.unexpected(expected: "a JSON value", found: found(at: index)), at: index)
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard bytes.count - index >= count else { return false }
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else {
            throw error(.unexpected(expected: "a JSON value", found: found(at: start)), at: start)
        }
        index += count
    }

    /// Checks `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and moves past it.
    private mutating func readNumber() throws {
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(.unexpected(expected: "a digit after '-'", found: found(at: index)), at: index)
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error(.leadingZero, at: index) }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(.unexpected(expected: "a digit after '.'", found: found(at: index)), at: index)
            }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error(.unexpected(expected: "a digit in the exponent", found: found(at: index)), at: index)
            }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Reads a string token starting at its opening quote and returns its decoded text.
    private mutating func readString() throws -> String {
        index += 1
        let contentStart = index
        var hasEscapes = false
        scratch.removeAll(keepingCapacity: true)
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw error(.unexpected(expected: "'\"' to close the string", found: "end of input"), at: index)
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if hasEscapes {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    text = String(decoding: scratch, as: UTF8.self)
                } else {
                    text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
                }
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape()
                runStart = index
            } else if byte < 0x20 {
                throw error(.unescapedControlCharacter(byte), at: index)
            } else if byte < 0x80 {
                index += 1
            } else {
                try skipUTF8Sequence()
            }
        }
    }

    /// Decodes one escape starting at its backslash into `scratch`.
    private mutating func readEscape() throws {
        let start = index
        index += 1
        guard index < bytes.count else {
            throw error(.invalidEscape(found: "end of input"), at: index)
        }
        let decoded: UInt8
        switch bytes[index] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            index += 1
            let unit = try readHex4(escapeStart: start)
            try appendCodeUnit(unit, escapeStart: start)
            return
        default:
            throw error(.invalidEscape(found: found(at: index)), at: index)
        }
        scratch.append(decoded)
        index += 1
    }

    private mutating func readHex4(escapeStart: Int) throws -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw error(.unexpected(expected: "four hex digits after '\\u'", found: "end of input"), at: index)
            }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(.unexpected(expected: "four hex digits after '\\u'", found: found(at: index)), at: index)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Appends the UTF-8 of a `\u` escape, pairing surrogates.
    private mutating func appendCodeUnit(_ unit: UInt16, escapeStart: Int) throws {
        var scalarValue = UInt32(unit)
        if (0xDC00...0xDFFF).contains(unit) {
            throw error(.loneSurrogate(escapeText(escapeStart)), at: escapeStart)
        }
        if (0xD800...0xDBFF).contains(unit) {
            let lowStart = index
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error(.loneSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            index += 2
            let low = try readHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.loneSurrogate(escapeText(escapeStart)), at: escapeStart)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        }
        // Every value here is a valid scalar: surrogates were paired or refused above.
        let scalar = Unicode.Scalar(scalarValue)!
        scratch.append(contentsOf: UTF8.encode(scalar)!)
    }

    private func escapeText(_ start: Int) -> String {
        let end = min(start + 6, bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Validates one multi-byte UTF-8 sequence (Unicode Table 3-7) and moves past it.
    private mutating func skipUTF8Sequence() throws {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw error(.invalidUTF8(byte: lead), at: index)
        }
        for offset in 1..<length {
            let position = index + offset
            guard position < bytes.count else {
                throw error(.unexpected(expected: "the rest of a UTF-8 sequence", found: "end of input"), at: position)
            }
            let byte = bytes[position]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { throw error(.invalidUTF8(byte: byte), at: position) }
        }
        index += length
    }

    // MARK: - Whitespace and messages

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// Describes the input at `offset` for an "expected …, found …" message.
    private func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F {
            return "control character U+00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
        }
        if byte >= 0x80 {
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]).makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return "'\(Character(scalar))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        if isWordByte(byte) {
            var end = offset
            while end < bytes.count, end - offset < 24, isWordByte(bytes[end]) { end += 1 }
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) + "'"
        }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// The JSON Pointer of the value being read, from the open containers.
    private var currentPath: JSONPointer {
        var components: [JSONPointer.Component] = []
        components.reserveCapacity(stack.count)
        for frame in stack {
            switch frame {
            case .object(let object):
                if object.pendingKeyRange.isEmpty { continue }
                components.append(.key(object.pendingKey))
            case .array(let array):
                components.append(.index(array.elements.count))
            }
        }
        return JSONPointer(components: components)
    }

    private func error(_ code: JSONScanError.Code, at offset: Int) -> JSONScanError {
        JSONScanError(code: code, byteOffset: offset, bytes: bytes, path: currentPath)
    }
}
