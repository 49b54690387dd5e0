import Foundation
@_spi(Internals) import PaySize

/// Foundation's `JSONSerialization`, the reference reader for differential fuzzing.
package enum FoundationJSON {
    /// Reads `bytes` as Foundation does for a top-level fragment (`[.fragmentsAllowed]`).
    package static func parse(_ bytes: [UInt8]) -> Result<Any, any Error> {
        do {
            return .success(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
        } catch {
            return .failure(error)
        }
    }

    /// Reads a record the command wrote (`--format json`) with `JSONDecoder`, or nil when it
    /// cannot: not with `JSONSerialization`, which drops a raw U+FEFF that starts a run of a string
    /// (``foundationString(_:tokenStart:input:)``), so a report echoing a payload's text (an
    /// `event`, a key in a path) would read back changed.
    package static func decodeRecord<Record: Decodable>(_ type: Record.Type, from bytes: some Sequence<UInt8>)
        -> Record?
    {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Describes the first place where `element` and Foundation's `object` disagree, or returns `nil`.
    ///
    /// Objects compare by key set (Foundation keeps one value per key; a repeated key's value is
    /// compared only when the key appears once); strings by Unicode scalars (stricter than `==`,
    /// which would hide a normalization); numbers by `Double` value when the token is finite as a
    /// `Double` (loosely when Foundation made a `Decimal`); everything else by kind.
    ///
    /// - Parameters:
    ///   - element: What JSONScanner read from `input`.
    ///   - object: What `JSONSerialization` read from the same bytes.
    ///   - input: The bytes, to see how each string token was written.
    package static func difference(
        between element: JSONElement, and object: Any, input: [UInt8], at path: JSONPointer = .root
    ) -> String? {
        switch element.content {
        case .object(let members):
            guard let dictionary = object as? [String: Any] else { return "\(path): object vs \(type(of: object))" }
            var counts: [String: Int] = [:]
            let keys = members.map { foundationString($0.key, tokenStart: $0.keyRange.lowerBound, input: input) }
            for key in keys { counts[key, default: 0] += 1 }
            guard counts.count == dictionary.count else {
                return "\(path): \(counts.count) distinct keys vs Foundation's \(dictionary.count)"
            }
            for (member, key) in zip(members, keys) {
                guard let value = dictionary[key] else {
                    return "\(path): key '\(member.key)' missing in Foundation's object"
                }
                if counts[key] == 1,
                    let difference = difference(
                        between: member.value, and: value, input: input, at: path.appending(member.key))
                {
                    return difference
                }
            }
            return nil
        case .array(let elements):
            guard let array = object as? [Any] else { return "\(path): array vs \(type(of: object))" }
            guard array.count == elements.count else {
                return "\(path): \(elements.count) elements vs Foundation's \(array.count)"
            }
            for (index, child) in elements.enumerated() {
                if let difference = difference(
                    between: child, and: array[index], input: input, at: path.appending(index: index))
                {
                    return difference
                }
            }
            return nil
        case .string(let decoded):
            let string = foundationString(decoded, tokenStart: element.byteRange.lowerBound, input: input)
            guard let other = object as? String else { return "\(path): string vs \(type(of: object))" }
            guard string.unicodeScalars.elementsEqual(other.unicodeScalars) else {
                return
                    "\(path): string scalars \(string.unicodeScalars.map(\.value)) vs Foundation's \(other.unicodeScalars.map(\.value))"
            }
            return nil
        case .number(let text):
            guard let number = object as? NSNumber, !isBoolean(number) else {
                return "\(path): number '\(text)' vs \(type(of: object))"
            }
            guard let value = Double(text), value.isFinite else { return nil }
            // Foundation reads integers past UInt64 and some long fractions as `Decimal`, whose
            // 38-digit mantissa rounds before `doubleValue` does: compare those loosely.
            let tolerance = number is NSDecimalNumber ? abs(value) * 1e-12 : 0
            if abs(number.doubleValue - value) > tolerance {
                return "\(path): number '\(text)' is \(value) vs Foundation's \(number.doubleValue)"
            }
            return nil
        case .bool(let value):
            guard let number = object as? NSNumber, isBoolean(number), number.boolValue == value else {
                return "\(path): \(value) vs \(object) (\(type(of: object)))"
            }
            return nil
        case .null:
            guard object is NSNull else { return "\(path): null vs \(type(of: object))" }
            return nil
        }
    }

    /// Whether Foundation made this number from `true` or `false`.
    ///
    /// On Linux `number is Bool` holds for every `NSNumber` (bridging), so the boolean is told
    /// apart by its Objective-C type encoding, `c`, which JSON numbers never get.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// The string as Foundation reads it.
    ///
    /// swift-corelibs-foundation builds a string from its unescaped runs, and drops a raw
    /// (unescaped) U+FEFF that starts a run, as if it were a byte order mark: at the start of the
    /// string or right after an escape (`"\u{FEFF}x"` and `"\\n\u{FEFF}x"` lose it; `"a\u{FEFF}x"`
    /// and `"\\ufeffx"` keep it). A Foundation bug: U+FEFF inside a string is a character (ZERO
    /// WIDTH NO-BREAK SPACE), and JSONScanner keeps it.
    private static func foundationString(_ decoded: String, tokenStart: Int, input: [UInt8]) -> String {
        var dropped: Set<Int> = []
        var scalarIndex = 0
        var atRunStart = true
        var offset = tokenStart + 1
        while offset < input.count, input[offset] != UInt8(ascii: "\"") {
            if input[offset] == UInt8(ascii: "\\") {
                // One escape is one scalar; a surrogate pair (two escapes) is one too.
                let isHighSurrogate =
                    input[offset + 1] == UInt8(ascii: "u")
                    && (0xD800...0xDBFF).contains(
                        UInt32(String(decoding: input[(offset + 2)..<(offset + 6)], as: UTF8.self), radix: 16) ?? 0)
                offset += input[offset + 1] == UInt8(ascii: "u") ? (isHighSurrogate ? 12 : 6) : 2
                scalarIndex += 1
                atRunStart = true
                continue
            }
            if atRunStart, input[offset...].starts(with: [0xEF, 0xBB, 0xBF]) { dropped.insert(scalarIndex) }
            atRunStart = false
            // Count lead bytes only: continuation bytes (10xxxxxx) belong to the scalar before.
            if input[offset] & 0xC0 != 0x80 { scalarIndex += 1 }
            offset += 1
        }
        guard !dropped.isEmpty else { return decoded }
        var kept = String.UnicodeScalarView()
        for (index, scalar) in decoded.unicodeScalars.enumerated() where !dropped.contains(index) {
            kept.append(scalar)
        }
        return String(kept)
    }
}
