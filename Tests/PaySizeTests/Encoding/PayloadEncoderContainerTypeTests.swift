import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Keyed containers are made through the container type each key slot keeps
/// (`ConstructibleKeyedContainer`), not spelled per call. These tests hold every way to get a
/// keyed container to Foundation's bytes and coding paths, cold and warm, under each key
/// strategy, and pin the representation the kept type relies on.
@Suite("PayloadEncoder keyed containers through kept container types")
struct PayloadEncoderContainerTypeTests {
    /// A key type per tag type: `TaggedKey<A>` and `TaggedKey<B>` are two key types, two slots.
    struct TaggedKey<Tag>: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    enum ByteKey: String, CodingKey {
        case zulu, alpha, mike, yankee
    }

    /// A key type of no bytes at all.
    enum OnlyKey: String, CodingKey {
        case onlyMember
    }

    struct Wrap<Inner> {}

    /// Nests `depth` objects, each through a key type of its own (`TaggedKey<Wrap<…>>`), and
    /// writes each object's coding path into it, so a container of the wrong key type or path
    /// shows in the bytes.
    struct Nest<Tag>: Encodable {
        var depth: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TaggedKey<Tag>.self)
            try container.encode(depth, forKey: TaggedKey("zDepth"))
            try container.encode(
                container.codingPath.map(\.stringValue).joined(separator: "."), forKey: TaggedKey("aPath"))
            if depth > 0 { try container.encode(Nest<Wrap<Tag>>(depth: depth - 1), forKey: TaggedKey("mChild")) }
        }
    }

    /// Every route to a keyed container: from the encoder (twice on one encoder), nested in a
    /// keyed container, nested in an unkeyed one, and from a super encoder; key types of one
    /// byte, of no bytes and of a `String`.
    struct EveryRoute: Encodable {
        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: ByteKey.self)
            try top.encode("first", forKey: .mike)
            var again = encoder.container(keyedBy: ByteKey.self)
            try again.encode("second", forKey: .alpha)
            var nested = top.nestedContainer(keyedBy: TaggedKey<Int>.self, forKey: .zulu)
            try nested.encode(1, forKey: TaggedKey("innerValue"))
            try nested.encode(nested.codingPath.map(\.stringValue), forKey: TaggedKey("innerPath"))
            var list = nested.nestedUnkeyedContainer(forKey: TaggedKey("listOfObjects"))
            for index in 0..<3 {
                var element = list.nestedContainer(keyedBy: OnlyKey.self)
                try element.encode(element.codingPath.map(\.stringValue) + ["\(index)"], forKey: .onlyMember)
            }
            var element = list.nestedContainer(keyedBy: TaggedKey<String>.self)
            try element.encode(true, forKey: TaggedKey("lastElement"))
            let superEncoder = top.superEncoder(forKey: .yankee)
            var fromSuper = superEncoder.container(keyedBy: TaggedKey<Double>.self)
            try fromSuper.encode(2.5, forKey: TaggedKey("superValue"))
            try fromSuper.encode(fromSuper.codingPath.map(\.stringValue), forKey: TaggedKey("superPath"))
        }
    }

    static let strategies: [EncodingOptions] = [
        EncodingOptions(formatting: [.sortedKeys], label: "default keys"),
        EncodingOptions(formatting: [.sortedKeys, .prettyPrinted], label: "pretty"),
        EncodingOptions(formatting: [.sortedKeys], key: .convertToSnakeCase, label: "snake case"),
        EncodingOptions(
            formatting: [.sortedKeys],
            key: .custom { path in TaggedKey<Bool>("k\(path.count)_" + (path.last?.stringValue ?? "")) },
            label: "custom keys"),
    ]

    @Test("every route to a keyed container matches Foundation", arguments: strategies)
    func everyRoute(options: EncodingOptions) {
        expectIdenticalCallAfterCall(EveryRoute(), options)
    }

    /// 60 key types in one call: more slots than a session keeps between calls
    /// (`EncodingSession.keptKeySlotLimit`), so later calls start over and fill them again.
    @Test("sixty key types in one call, cold and warm", arguments: strategies)
    func manyKeyTypesInOneCall(options: EncodingOptions) {
        #expect(EncodingSession.keptKeySlotLimit < 60)
        expectIdenticalCallAfterCall(Nest<Int>(depth: 59), options)
        expectIdenticalCallAfterCall(Nest<Int>(depth: 3), options)
    }

    @Test("the kept container type is the slot's PayloadKeyedContainer, read back under the key type")
    func keptContainerTypeRepresentation() throws {
        // The bit cast in `makeKeyedContainer` relies on the constrained existential metatype
        // having the unconstrained one's representation.
        #expect(
            MemoryLayout<any ConstructibleKeyedContainer.Type>.size
                == MemoryLayout<any ConstructibleKeyedContainer<ByteKey>.Type>.size)
        #expect(MemoryLayout<any ConstructibleKeyedContainer.Type>.size == 2 * MemoryLayout<Int>.size)
        let erased: any ConstructibleKeyedContainer.Type = PayloadKeyedContainer<ByteKey>.self
        let typed = unsafeBitCast(
            erased as any ConstructibleKeyedContainer.Type, to: (any ConstructibleKeyedContainer<ByteKey>.Type).self)
        #expect(ObjectIdentifier(typed) == ObjectIdentifier(PayloadKeyedContainer<ByteKey>.self))

        // Each slot a call leaves behind holds the container type of its own key type.
        let session = EncodingSession()
        session.begin(options: PayloadEncoder(), countingOnly: false)
        try session.run(EveryRoute())
        #expect(!session.needsFallback)
        session.endCall()
        let byType = Dictionary(
            session.keySlots.map { ($0.type, ObjectIdentifier($0.containerType)) }, uniquingKeysWith: { $1 })
        #expect(byType[ObjectIdentifier(ByteKey.self)] == ObjectIdentifier(PayloadKeyedContainer<ByteKey>.self))
        #expect(byType[ObjectIdentifier(OnlyKey.self)] == ObjectIdentifier(PayloadKeyedContainer<OnlyKey>.self))
        #expect(
            byType[ObjectIdentifier(TaggedKey<Int>.self)]
                == ObjectIdentifier(PayloadKeyedContainer<TaggedKey<Int>>.self))
        #expect(
            byType[ObjectIdentifier(TaggedKey<Double>.self)]
                == ObjectIdentifier(PayloadKeyedContainer<TaggedKey<Double>>.self))
    }
}
