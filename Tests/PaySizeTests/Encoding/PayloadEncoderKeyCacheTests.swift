import Foundation
@_spi(Internals) import PaySize
import Testing

/// The per-key-type tag cache (`EncodingSession.KeySlot.tags`): a `CodingKey` of at most one byte is
/// looked up in its type's key table starting from the entry its bit pattern named last time,
/// in this call or an earlier one on the same thread. These keys break the idea that a key's
/// `stringValue` is a function of its bits, so each must still encode exactly as Foundation does,
/// on both encoder paths, call after call.
@Suite("PayloadEncoder one-byte keys whose text is not a function of their bits")
struct PayloadEncoderKeyCacheTests {
    /// Global state a key's `stringValue` reads: a task-local, so tests running in parallel do
    /// not see each other's value.
    enum KeyStyle {
        @TaskLocal static var suffix = ""
    }

    /// A payload-free enum (one byte) whose text depends on ``KeyStyle``.
    enum StyledKey: CodingKey {
        case name, eta, zone

        var stringValue: String {
            switch self {
            case .name: "name" + KeyStyle.suffix
            case .eta: "eta" + KeyStyle.suffix
            case .zone: KeyStyle.suffix.isEmpty ? "zone" : "a" + KeyStyle.suffix
            }
        }
        var intValue: Int? { nil }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    struct Styled: Encodable {
        var skipsEta = false

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: StyledKey.self)
            try container.encode("Ana", forKey: .name)
            if !skipsEta { try container.encode(5, forKey: .eta) }
            try container.encode(["x": 1], forKey: .zone)
        }
    }

    /// Encodes one `Styled` value under each suffix, in one call.
    struct Restyled: Encodable {
        var suffixes: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for suffix in suffixes {
                try KeyStyle.$suffix.withValue(suffix) { try container.encode(Styled()) }
            }
        }
    }

    /// A one-byte struct key whose text has its bits and the style.
    struct ByteKey: CodingKey {
        var byte: UInt8
        var stringValue: String { "k\(byte)" + KeyStyle.suffix }
        var intValue: Int? { nil }
        init(_ byte: UInt8) { self.byte = byte }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    /// A key of no bytes at all: every value has the same (empty) bit pattern.
    struct OnlyKey: CodingKey {
        var stringValue: String { KeyStyle.suffix.isEmpty ? "only" : "only" + KeyStyle.suffix }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    /// One-byte generic keys: the same bits under different type arguments name different text.
    struct GenericKey<Tag>: CodingKey {
        var flag: Bool
        var stringValue: String { "\(Tag.self)" + (flag ? "On" : "Off") }
        var intValue: Int? { nil }
        init(_ flag: Bool) { self.flag = flag }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    enum FirstKey: CodingKey { case b, a }
    enum SecondKey: CodingKey { case a, b }

    /// A class key (a reference, wider than a byte) whose text changes after it is made.
    final class BoxKey: CodingKey, @unchecked Sendable {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Bytes: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: ByteKey.self)
            for byte: UInt8 in [3, 0, 255, 7] { try container.encode(Int(byte), forKey: ByteKey(byte)) }
        }
    }

    struct Only: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: OnlyKey.self)
            try container.encode(true, forKey: OnlyKey())
            // Made under another style, so its key is another member; its path is read later.
            var nested = KeyStyle.$suffix.withValue("Nested") {
                container.nestedContainer(keyedBy: OnlyKey.self, forKey: OnlyKey())
            }
            try KeyStyle.$suffix.withValue("Inner") { try nested.encode(1, forKey: OnlyKey()) }
        }
    }

    enum Left {}
    enum Right {}

    /// Two key types with the same bit patterns in one encode, one object nested in the other.
    struct SameBits: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: FirstKey.self)
            try first.encode(1, forKey: .b)
            var inner = first.nestedContainer(keyedBy: SecondKey.self, forKey: .a)
            try inner.encode(2, forKey: .a)
            var generic = inner.nestedContainer(keyedBy: GenericKey<Left>.self, forKey: .b)
            try generic.encode(4, forKey: GenericKey(true))
            var other = generic.nestedContainer(keyedBy: GenericKey<Right>.self, forKey: GenericKey(false))
            try other.encode(5, forKey: GenericKey(true))
            try other.encode(6, forKey: GenericKey(false))
        }
    }

    struct Boxed: Encodable {
        let key: BoxKey

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: BoxKey.self)
            try container.encode(1, forKey: key)
            try container.encode(2, forKey: BoxKey("m"))
        }
    }

    static let options: [EncodingOptions] = [
        EncodingOptions(formatting: [.sortedKeys], label: "sorted"),
        EncodingOptions(formatting: [.sortedKeys, .prettyPrinted], label: "sorted pretty"),
        EncodingOptions(formatting: [.sortedKeys], key: .convertToSnakeCase, label: "sorted snake case"),
        // The whole coding path in every key: one-byte keys are rebuilt from their bits for it.
        EncodingOptions(
            formatting: [.sortedKeys],
            key: .custom { path in TestKey(stringValue: path.map(\.stringValue).joined(separator: ".")) },
            label: "sorted custom (whole path)"),
    ]

    @Test("an enum key's text changes between calls", arguments: options)
    func enumKeyChangesBetweenCalls(options: EncodingOptions) {
        for suffix in ["", "V2", "", "Z"] {
            KeyStyle.$suffix.withValue(suffix) {
                expectIdenticalCallAfterCall(Styled(), options)
                expectIdenticalCallAfterCall(Styled(skipsEta: true), options)
            }
        }
    }

    @Test("an enum key's text changes within one call", arguments: options)
    func enumKeyChangesWithinOneCall(options: EncodingOptions) {
        expectIdenticalCallAfterCall(Restyled(suffixes: ["", "X", "", "Y", "X"]), options)
    }

    @Test("a one-byte struct key's text changes between calls", arguments: options)
    func byteKeyChangesBetweenCalls(options: EncodingOptions) {
        for suffix in ["", "b", ""] {
            KeyStyle.$suffix.withValue(suffix) { expectIdenticalCallAfterCall(Bytes(), options) }
        }
    }

    @Test("a key of no bytes names different members", arguments: options)
    func zeroByteKey(options: EncodingOptions) {
        for suffix in ["", "Outer"] {
            KeyStyle.$suffix.withValue(suffix) { expectIdenticalCallAfterCall(Only(), options) }
        }
    }

    @Test("key types with the same bits in one encode", arguments: options)
    func sameBitsDifferentTypes(options: EncodingOptions) {
        expectIdenticalCallAfterCall(SameBits(), options)
    }

    @Test("a class key's text changes after it is made", arguments: options)
    func classKeyChanges(options: EncodingOptions) {
        let key = BoxKey("z")
        expectIdenticalCallAfterCall(Boxed(key: key), options)
        key.stringValue = "a"
        expectIdenticalCallAfterCall(Boxed(key: key), options)
    }

    @Test("the pinned bytes when an enum key's text changes between calls")
    func pinnedBytes() throws {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Warm: the table knows every key and the tags every bit pattern.
        for _ in 0..<3 { _ = try encoder.encode(Styled()) }
        let first = try encoder.encode(Styled())
        let second = try KeyStyle.$suffix.withValue("V2") { try encoder.encode(Styled()) }
        #expect(String(decoding: first, as: UTF8.self) == #"{"eta":5,"name":"Ana","zone":{"x":1}}"#)
        #expect(String(decoding: second, as: UTF8.self) == #"{"aV2":{"x":1},"etaV2":5,"nameV2":"Ana"}"#)
    }
}
