import Foundation

// Builders for schema documents made in memory (inference, tests). A built element was read from
// no bytes, so its `byteRange` is empty; its `compactByteCount` is what `JSONDocumentWriter`
// would write without whitespace.
extension JSONElement {
    package static func object(_ members: [(String, JSONElement)]) -> JSONElement {
        var byteCount = 2 + max(0, members.count - 1)
        let built = members.map { key, value in
            byteCount += JSONDocumentWriter.quotedByteCount(key) + 1 + value.compactByteCount
            return JSONMember(key: key, keyRange: 0..<0, value: value)
        }
        return JSONElement(content: .object(built), byteRange: 0..<0, compactByteCount: byteCount)
    }

    package static func array(_ elements: [JSONElement]) -> JSONElement {
        let byteCount = 2 + max(0, elements.count - 1) + elements.reduce(0) { $0 + $1.compactByteCount }
        return JSONElement(content: .array(elements), byteRange: 0..<0, compactByteCount: byteCount)
    }

    package static func string(_ value: String) -> JSONElement {
        JSONElement(
            content: .string(value), byteRange: 0..<0,
            compactByteCount: JSONDocumentWriter.quotedByteCount(value))
    }

    package static func number(_ text: String) -> JSONElement {
        JSONElement(content: .number(text), byteRange: 0..<0, compactByteCount: text.utf8.count)
    }

    package static func integer(_ value: some BinaryInteger) -> JSONElement {
        number(String(value))
    }

    package static func bool(_ value: Bool) -> JSONElement {
        JSONElement(content: .bool(value), byteRange: 0..<0, compactByteCount: value ? 4 : 5)
    }

    package static var null: JSONElement {
        JSONElement(content: .null, byteRange: 0..<0, compactByteCount: 4)
    }

    /// This object with `key` set to `value` (replacing an existing member), or `self` unchanged
    /// when this is not an object.
    package func setting(_ key: String, to value: JSONElement) -> JSONElement {
        guard var pairs = members?.map({ ($0.key, $0.value) }) else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) {
            pairs[index].1 = value
        } else {
            pairs.append((key, value))
        }
        return .object(pairs)
    }

    /// This object without the member `key`.
    package func removing(_ key: String) -> JSONElement {
        guard let pairs = members?.filter({ $0.key != key }).map({ ($0.key, $0.value) }) else { return self }
        return .object(pairs)
    }

    /// Whether two values are equal as JSON: numbers by value (``JSONNumber``), objects
    /// regardless of member order, and `true` never equal to `1` (as JSON Schema's `enum` and
    /// `const` compare). Strings and keys compare as `equality` says: by default as Swift compares
    /// them (canonical equivalence, `"ä"` equal to `"a\u{308}"`), or code point by code point.
    /// With `exactNumbers`, numbers compare as the decimals written (``JSONDecimal``), as JSON
    /// Schema says: `1e400` is not `1e401`, and a number past the exact bound equals only
    /// itself as written.
    package func isJSONEqual(
        to other: JSONElement, strings equality: StringEquality = .canonicalEquivalence, exactNumbers: Bool = false
    ) -> Bool {
        switch (content, other.content) {
        case (.null, .null):
            return true
        case (.bool(let a), .bool(let b)):
            return a == b
        case (.string(let a), .string(let b)):
            return equality.equal(a, b)
        case (.number(let a), .number(let b)):
            if a == b { return true }
            if exactNumbers {
                guard let x = JSONDecimal(a), let y = JSONDecimal(b) else { return false }
                return x == y
            }
            guard let x = JSONNumber(a), let y = JSONNumber(b) else { return false }
            return x == y
        case (.array(let a), .array(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.isJSONEqual(to: $1, strings: equality, exactNumbers: exactNumbers) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in
                guard let match = b.first(where: { equality.equal($0.key, member.key) }) else { return false }
                return member.value.isJSONEqual(to: match.value, strings: equality, exactNumbers: exactNumbers)
            }
        default:
            return false
        }
    }
}
