import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Each key slot keeps one boxed keyed container and lends it again whenever no caller holds it
/// (`Encoding/README.md`, assumption 14). These tests pin the representation that rests on and
/// every way a caller can still hold a container when the next one of its key type is asked for.
@Suite("PayloadEncoder keyed containers lent again")
struct PayloadEncoderKeptContainerTests {
    enum Key: String, CodingKey {
        case alpha, beta, gamma
    }

    /// A value whose objects nest through one key type, each while its parent's container is open.
    struct Tree: Codable {
        var name: String
        var children: [Tree]
        var leaf: Leaf?
    }

    struct Leaf: Codable {
        var weight: Double
        var tags: [String]
    }

    static let tree = Tree(
        name: "root",
        children: [
            Tree(
                name: "a", children: [Tree(name: "a1", children: [], leaf: Leaf(weight: 0.5, tags: ["x"]))], leaf: nil),
            Tree(name: "b", children: [], leaf: Leaf(weight: 2, tags: [])),
        ],
        leaf: Leaf(weight: 1.25, tags: ["y", "z"]))

    final class Stash: @unchecked Sendable {
        var container: KeyedEncodingContainer<Key>?
    }

    /// Keeps its container in `stash` past its `encode(to:)`; the next value asks for a container
    /// of the same key type and, while that one is open, writes through the kept one. Foundation
    /// writes the late member into the first object; lending the kept box to the second object
    /// would put it there instead.
    static func lateWrite() -> CustomEncodable {
        let stash = Stash()
        return CustomEncodable { encoder in
            var top = encoder.container(keyedBy: TestKey.self)
            try top.encode(
                CustomEncodable { inner in
                    var first = inner.container(keyedBy: Key.self)
                    try first.encode(1, forKey: .alpha)
                    stash.container = first
                }, forKey: "first")
            try top.encode(
                CustomEncodable { inner in
                    var second = inner.container(keyedBy: Key.self)
                    try second.encode(2, forKey: .beta)
                    try stash.container?.encode(3, forKey: .gamma)
                    stash.container = nil
                }, forKey: "second")
        }
    }

    static let strategies: [EncodingOptions] = [
        EncodingOptions(formatting: [.sortedKeys], label: "default keys"),
        EncodingOptions(formatting: [.sortedKeys, .prettyPrinted], label: "pretty"),
        EncodingOptions(formatting: [.sortedKeys], key: .convertToSnakeCase, label: "snake case"),
    ]

    @Test("objects nested through one key type, and arrays of them, match Foundation", arguments: strategies)
    func nestedSameKeyType(options: EncodingOptions) {
        expectIdenticalCallAfterCall(Self.tree, options)
        expectIdenticalCallAfterCall([Self.tree, Self.tree], options)
    }

    @Test("a container kept by the caller is never lent to another object", arguments: strategies)
    func keptByCallerDuringCall(options: EncodingOptions) {
        expectIdenticalCallAfterCall(Self.lateWrite(), options)
        expectIdenticalCallAfterCall(Self.tree, options)
    }

    @Test("a keyed encoding container is one reference to its box")
    func representation() {
        #expect(MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size)
        let session = EncodingSession()
        let cell = KeyedContainerCell(session: session, serial: 7)
        let kept = KeptKeyedContainerOf(KeyedEncodingContainer(PayloadKeyedContainer<Key>(cell: cell)), cell: cell)
        #expect(kept.isHeldOnlyHere)
        do {
            let lent = kept.boxed
            #expect(!kept.isHeldOnlyHere)
            // The copy is the box that holds the container: writes reach its cell.
            cell.serial = 9
            #expect(lent.codingPath.isEmpty)
            withExtendedLifetime(lent) {}
        }
        #expect(kept.isHeldOnlyHere)
        do {
            let copies = [kept.boxed, kept.boxed]
            withExtendedLifetime(copies) { #expect(!kept.isHeldOnlyHere) }
        }
        #expect(kept.isHeldOnlyHere)
    }

    @Test("after a call each kept container is held by its slot alone and lets go of the session")
    func parkedAfterCall() throws {
        var session = EncodingSession()
        session.begin(options: PayloadEncoder(), countingOnly: false)
        try session.run(Self.tree)
        #expect(!session.needsFallback)
        session.endCall()
        #expect(session.lentSlotCount == 0)
        var keptCount = 0
        for slot in session.keySlots.indices {
            guard let kept = session.keySlots[slot].kept else { continue }
            keptCount += 1
            #expect(kept.isHeldOnlyHere)
            #expect(kept.cell.owner == nil)
        }
        #expect(keptCount == 2)
        // Nothing the slots keep holds the session, so the pool can take it back.
        #expect(isKnownUniquelyReferenced(&session))

        var plain = EncodingSession(isPlain: true)
        plain.begin(options: PayloadEncoder(), countingOnly: false)
        try plain.run(Self.tree)
        plain.endCall()
        #expect(plain.keySlots.allSatisfy { $0.kept == nil })
        #expect(isKnownUniquelyReferenced(&plain))
    }

    @Test("a container kept past the call keeps its session; the slot keeps another")
    func keptPastCall() throws {
        let stash = Stash()
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .alpha)
            stash.container = container
        }
        var session = EncodingSession()
        session.begin(options: PayloadEncoder(), countingOnly: false)
        try session.run(value)
        session.endCall()
        #expect(session.keySlots.allSatisfy { $0.kept == nil })
        #expect(!isKnownUniquelyReferenced(&session))
        try stash.container?.encode(2, forKey: .beta)
        stash.container = nil
        #expect(isKnownUniquelyReferenced(&session))

        session.begin(options: PayloadEncoder(), countingOnly: false)
        try session.run(Self.tree)
        session.endCall()
        #expect(session.keySlots.contains { $0.kept != nil })
    }
}
