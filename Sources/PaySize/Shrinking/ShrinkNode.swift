@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// One value of a payload being shrunk: a JSON tree whose untouched strings and keys keep the
/// bytes they were written with, so a payload that no edit touched measures exactly as scanned.
struct ShrinkNode: Sendable {
    /// How a string or a key is written: its token as read, or the bytes of a new value.
    enum Text: Sendable {
        /// The token's place in the document's source, quotes and escapes as written.
        case token(Range<Int>)
        /// New bytes, quotes included.
        case encoded([UInt8])

        var byteCount: Int {
            switch self {
            case .token(let range): range.count
            case .encoded(let bytes): bytes.count
            }
        }
    }

    /// One object member.
    struct Member: Sendable {
        var key: String
        /// The key as first read: edits find members by it, so a shortened key still matches.
        let originalKey: String
        var keyText: Text
        var value: ShrinkNode
    }

    enum Content: Sendable {
        case object([Member])
        case array([ShrinkNode])
        case string(String, Text)
        /// A number token as written (`1.50` stays four bytes).
        case number(String)
        case bool(Bool)
        case null
    }

    /// The value; setting it measures the node again from its children's kept sizes, so a
    /// change deep in the tree costs the path to it, not the whole payload.
    var content: Content {
        didSet { (byteCount, writtenByteCounts) = Self.measure(content) }
    }

    /// The compact size: no whitespace outside strings, every token as written.
    private(set) var byteCount: Int
    /// The compact size once each of Foundation's writers has read the value and written it
    /// again, as the device does (numbers by ``RewrittenNumber``'s rules, strings and keys
    /// escaped as Foundation escapes them): the same rules as `JSONElement.rewrittenSize(by:)`.
    private(set) var writtenByteCounts: WrittenByteCounts

    init(content: Content) {
        self.content = content
        (byteCount, writtenByteCounts) = Self.measure(content)
    }

    /// The tree of a scanned element, its strings and keys kept as tokens of the scanned bytes.
    init(_ element: JSONElement) {
        let content: Content
        switch element.content {
        case .object(let members):
            content = .object(
                members.map { member in
                    Member(
                        key: member.key, originalKey: member.key, keyText: .token(member.keyRange),
                        value: ShrinkNode(member.value))
                })
        case .array(let elements):
            content = .array(elements.map(ShrinkNode.init))
        case .string(let string):
            content = .string(string, .token(element.byteRange))
        case .number(let text):
            content = .number(text)
        case .bool(let value):
            content = .bool(value)
        case .null:
            content = .null
        }
        self.init(content: content)
    }

    /// Whether this is `null`.
    var isNull: Bool {
        if case .null = content { return true }
        return false
    }

    /// The compact size of `content` as written and as each writer writes it, its children's
    /// sizes taken as kept.
    private static func measure(_ content: Content) -> (Int, WrittenByteCounts) {
        switch content {
        case .object(let members):
            let punctuation = 2 + members.count + max(members.count - 1, 0)
            var total = punctuation - members.count
            var written = WrittenByteCounts(swift: punctuation, objc: punctuation)
            for member in members {
                total += member.keyText.byteCount + 1 + member.value.byteCount
                let key = writtenQuotedByteCount(member.key)
                written += WrittenByteCounts(swift: key, objc: key) + member.value.writtenByteCounts
            }
            return (total, written)
        case .array(let elements):
            let punctuation = 2 + max(elements.count - 1, 0)
            var total = punctuation
            var written = WrittenByteCounts(swift: punctuation, objc: punctuation)
            for element in elements {
                total += element.byteCount
                written += element.writtenByteCounts
            }
            return (total, written)
        case .string(let string, let text):
            let quoted = writtenQuotedByteCount(string)
            return (text.byteCount, WrittenByteCounts(swift: quoted, objc: quoted))
        case .number(let text):
            var token = text
            let counts = token.withUTF8 { RewrittenNumber.byteCounts(ofToken: $0) }
            return (text.utf8.count, WrittenByteCounts(swift: counts.swift, objc: counts.objc))
        case .bool(let value):
            let count = value ? 4 : 5
            return (count, WrittenByteCounts(swift: count, objc: count))
        case .null:
            return (4, WrittenByteCounts(swift: 4, objc: 4))
        }
    }

    /// A decoded string's length once quoted and escaped as both of Foundation's writers escape
    /// it (`/` as `\/`, non-ASCII raw).
    private static func writtenQuotedByteCount(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { 2 + JSONEscaping.escapedCount($0, mask: JSONEscaping.controlQuoteAndSlashMask) }
    }

    /// Appends the compact JSON text, reading tokens from `source`.
    func write(into output: inout [UInt8], source: [UInt8]) {
        switch content {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                Self.write(member.keyText, into: &output, source: source)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output, source: source)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output, source: source)
            }
            output.append(UInt8(ascii: "]"))
        case .string(_, let text):
            Self.write(text, into: &output, source: source)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }

    private static func write(_ text: Text, into output: inout [UInt8], source: [UInt8]) {
        switch text {
        case .token(let range): output.append(contentsOf: source[range])
        case .encoded(let bytes): output.append(contentsOf: bytes)
        }
    }

    /// Calls `body` with every node `path` reaches below this one (every element for a `*`),
    /// letting it change them in place.
    mutating func modify(_ path: ArraySlice<JSONPointer.Component>, _ body: (inout ShrinkNode) -> Void) {
        guard let first = path.first else {
            body(&self)
            return
        }
        let rest = path.dropFirst()
        switch (first, content) {
        case (.key(let key), .object(var members)):
            content = .null  // drop the second reference so the members change in place
            for index in members.indices where members[index].originalKey == key {
                members[index].value.modify(rest, body)
            }
            content = .object(members)
        case (.index(let position), .array(var elements)) where elements.indices.contains(position):
            content = .null
            elements[position].modify(rest, body)
            content = .array(elements)
        case (.anyIndex, .array(var elements)):
            content = .null
            for index in elements.indices { elements[index].modify(rest, body) }
            content = .array(elements)
        default:
            return
        }
    }

    /// Every node `path` reaches below this one, in document order.
    func nodes(at path: ArraySlice<JSONPointer.Component>) -> [ShrinkNode] {
        guard let first = path.first else { return [self] }
        let rest = path.dropFirst()
        switch (first, content) {
        case (.key(let key), .object(let members)):
            return members.filter { $0.originalKey == key }.flatMap { $0.value.nodes(at: rest) }
        case (.index(let position), .array(let elements)) where elements.indices.contains(position):
            return elements[position].nodes(at: rest)
        case (.anyIndex, .array(let elements)):
            return elements.flatMap { $0.nodes(at: rest) }
        default:
            return []
        }
    }
}
