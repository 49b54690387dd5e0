import Foundation

@_spi(Internals) @testable import PaySize

/// Compact JSON of an `Encodable` value as the Objective-C writer writes it: what `JSONEncoder`
/// writes with default strategies, except that every `Double` and `Float` (widened to `Double`
/// first), a `Date`'s seconds among them, is glibc's `String(format: "%.17g", …)`. The device
/// figures of the worst-case bound are checked against it, independently of
/// ``SeventeenDigitDecimal``.
enum SeventeenDigitJSON {
    /// The value's compact JSON text.
    static func text<T: Encodable>(_ value: T) throws -> String {
        let root = Node()
        try SeventeenDigitEncoder(node: root).encodeValue(value)
        return root.text
    }

    /// `%.17g` of a finite value, by the C library.
    static func number(_ value: Double) -> String {
        String(format: "%.17g", value)
    }

    /// One value being written; containers fill theirs in as the value encodes itself.
    final class Node {
        enum Content {
            case empty
            case scalar(String)
            case array([Node])
            case object([(String, Node)])
        }

        var content = Content.empty

        var text: String {
            switch content {
            case .empty: "{}"
            case .scalar(let text): text
            case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
            case .object(let members):
                "{" + members.map { EncodedText.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
            }
        }

        func append(_ node: Node) {
            if case .array(let items) = content { content = .array(items + [node]) } else { content = .array([node]) }
        }

        func set(_ key: String, _ node: Node) {
            var members: [(String, Node)] = []
            if case .object(let existing) = content { members = existing }
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = node
            } else {
                members.append((key, node))
            }
            content = .object(members)
        }
    }

    struct SeventeenDigitEncoder: Encoder {
        var node: Node
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

        /// Writes `value` into ``node``: the types `JSONEncoder` writes itself, then the rest.
        func encodeValue<T: Encodable>(_ value: T) throws {
            switch value {
            case let double as Double: node.content = .scalar(SeventeenDigitJSON.number(double))
            case let float as Float: node.content = .scalar(SeventeenDigitJSON.number(Double(float)))
            case let url as URL: node.content = .scalar(EncodedText.quoted(url.absoluteString))
            case let data as Data: node.content = .scalar(EncodedText.quoted(data.base64EncodedString()))
            case let decimal as Decimal: node.content = .scalar(decimal.description)
            case let date as Date:
                node.content = .scalar(SeventeenDigitJSON.number(date.timeIntervalSinceReferenceDate))
            case let string as String: node.content = .scalar(EncodedText.quoted(string))
            case let flag as Bool: node.content = .scalar(flag ? "true" : "false")
            case let integer as any BinaryInteger: node.content = .scalar("\(integer)")
            default: try value.encode(to: self)
            }
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var node: Node
        var codingPath: [any CodingKey]

        func child(_ key: Key) -> SeventeenDigitEncoder {
            let child = Node()
            node.set(key.stringValue, child)
            return SeventeenDigitEncoder(node: child, codingPath: codingPath + [key])
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).node.content = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).encodeValue(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            child(key).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            child(key).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { child(Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        var node: Node
        var codingPath: [any CodingKey]
        var count: Int {
            if case .array(let items) = node.content { return items.count }
            return 0
        }

        func child() -> SeventeenDigitEncoder {
            let child = Node()
            node.append(child)
            return SeventeenDigitEncoder(node: child, codingPath: codingPath)
        }

        mutating func encodeNil() throws { child().node.content = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T) throws { try child().encodeValue(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            child().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { child().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { child() }
    }

    struct Single: SingleValueEncodingContainer {
        var node: Node
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .scalar("null") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try SeventeenDigitEncoder(node: node, codingPath: codingPath).encodeValue(value)
        }
    }
}
