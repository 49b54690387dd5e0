import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// The per-key-type tables (`EncodingKeyTable`): keys are learned on first use and served from
/// the table afterwards, so every case here is encoded several times (cold, then warm) and must
/// match Foundation each time.
@Suite("PayloadEncoder key tables against Foundation")
struct PayloadEncoderKeyTableTests {
    /// A string key; each test names its own `Test` type, so each has a key type (and so a key
    /// table) of its own and tables do not leak between tests.
    struct TableKey<Test>: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    enum Special {}
    enum Repeat {}
    enum Many {}
    enum Equivalent {}
    enum Other {}
    enum Size {}
    typealias SpecialKey = TableKey<Special>
    typealias RepeatKey = TableKey<Repeat>
    typealias ManyKey = TableKey<Many>
    typealias EquivalentKey = TableKey<Equivalent>
    typealias OtherKey = TableKey<Other>
    typealias SizeKey = TableKey<Size>

    /// Writes 1, 2, … under the given keys, in order, through one keyed container.
    struct Members<Key: CodingKey>: Encodable {
        var keys: [String]
        var make: (String) -> Key

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (offset, key) in keys.enumerated() { try container.encode(offset + 1, forKey: make(key)) }
        }
    }

    /// Writes each string value under its key, in order, through one keyed container.
    struct StringMembers: Encodable {
        var members: [(key: String, value: String)]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: SizeKey.self)
            for member in members { try container.encode(member.value, forKey: SizeKey(member.key)) }
        }
    }

    /// Writes through two containers of different key types on one encoder.
    struct TwoKeyTypes: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: OtherKey.self)
            try first.encode(1, forKey: OtherKey("m"))
            try first.encode(2, forKey: OtherKey("b"))
            var second = encoder.container(keyedBy: SpecialKey.self)
            try second.encode(3, forKey: SpecialKey("a"))
            try second.encode(4, forKey: SpecialKey("z"))
            try first.encode(5, forKey: OtherKey("c"))
        }
    }

    static let formattings: [EncodingOptions] = [
        EncodingOptions(formatting: [.sortedKeys], label: "sorted"),
        EncodingOptions(formatting: [.sortedKeys, .prettyPrinted], label: "sorted pretty"),
        EncodingOptions(formatting: [.sortedKeys, .withoutEscapingSlashes], label: "sorted no slash escapes"),
        EncodingOptions(formatting: [.sortedKeys], key: .convertToSnakeCase, label: "sorted snake case"),
    ]

    @Test("escaped slashed and non-ASCII keys", arguments: formattings)
    func escapedSlashedAndNonASCIIKeys(options: EncodingOptions) {
        let keys = ["z", "a/b", "q\"", "c\u{1}", "tab\t", "é", "", "aB", "a", "back\\slash", "/"]
        expectIdenticalCallAfterCall(Members(keys: keys, make: SpecialKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: keys.reversed(), make: SpecialKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: Array(keys.prefix(3)), make: SpecialKey.init), options)
    }

    @Test("repeated keys keep the last value", arguments: formattings)
    func repeatedKeysKeepTheLastValue(options: EncodingOptions) {
        expectIdenticalCallAfterCall(Members(keys: ["b", "a"], make: RepeatKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: ["b", "a", "b"], make: RepeatKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: ["a", "a", "a", "c"], make: RepeatKey.init), options)
    }

    @Test("more keys than a table holds", arguments: formattings)
    func moreKeysThanATableHolds(options: EncodingOptions) {
        let keys = (0..<80).map { "k\(($0 * 37) % 80)" }
        expectIdenticalCallAfterCall(Members(keys: keys, make: ManyKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: Array(keys.suffix(20)), make: ManyKey.init), options)
        expectIdenticalCallAfterCall(Members(keys: Array(keys.prefix(10)) + ["k3"], make: ManyKey.init), options)
    }

    /// Objects whose keys arrive out of order are rewritten in rank order: small compact ones
    /// through the session's scratch buffer (members copied 1 to 16, 17 to 32, 33 to 128 and more
    /// bytes at a time), larger ones (past 1,024 bytes) and pretty ones through a buffer of their
    /// own. Every object size from a few bytes to past 2,000, in reverse and shuffled order.
    @Test("objects of every size reordered by rank", arguments: formattings)
    func objectsOfEverySizeReorderedByRank(options: EncodingOptions) {
        var generator = SplitMix64(seed: 1_024)
        let keys = (0..<40).map { "key\(String(format: "%02d", $0))" }
        var totalLengths: Set<Int> = []
        for count in [2, 3, 5, 9, 17, 40] {
            for valueLength in [0, 1, 3, 7, 8, 15, 16, 17, 31, 33, 60, 100, 127, 128, 129, 200] {
                var members: [(key: String, value: String)] = keys.prefix(count).reversed().map { key in
                    let length = Int(generator.next() % UInt64(valueLength + 1))
                    return (key, String(repeating: "v", count: length))
                }
                expectIdenticalCallAfterCall(StringMembers(members: members), options)
                members.shuffle(using: &generator)
                let comparison = EncodingComparison(StringMembers(members: members), options: options)
                #expect(comparison.isIdentical, "\(count) members up to \(valueLength) bytes: \(comparison)")
                if case .bytes(let bytes) = comparison.payload { totalLengths.insert(bytes.count) }
            }
        }
        // The sizes on both sides of the scratch buffer's 1,024 bytes were met.
        #expect(totalLengths.contains { $0 < 64 })
        #expect(totalLengths.contains { $0 > 200 && $0 <= 1_024 })
        #expect(totalLengths.contains { $0 > 1_100 })
    }

    /// A compact object of up to 1,024 bytes from after its `{` is gathered in the session's
    /// scratch buffer, with one comma past its members; a larger one is not. Both sides of that
    /// edge, with the last member written lowest, middle or highest in rank order, and nested
    /// one level down (an object that does not start the output).
    @Test("objects at the edge of the scratch buffer", arguments: formattings)
    func objectsAtTheEdgeOfTheScratchBuffer(options: EncodingOptions) {
        struct Nested: Encodable {
            let inner: StringMembers
        }
        for length in 1_020...1_027 {
            // `"c":"…","b":"…","a":"…"` is 20 bytes besides the values.
            let first = String(repeating: "x", count: 300)
            let second = String(repeating: "y", count: 400)
            let third = String(repeating: "z", count: length - 720)
            for members in [
                [("c", first), ("b", second), ("a", third)], [("b", first), ("a", second), ("c", third)],
                [("a", first), ("c", second), ("b", third)],
            ] {
                let object = StringMembers(members: members.map { (key: $0.0, value: $0.1) })
                let comparison = EncodingComparison(object, options: options)
                #expect(comparison.isIdentical, "\(length) bytes: \(comparison)")
                if !options.formatting.contains(.prettyPrinted), case .bytes(let bytes) = comparison.payload {
                    #expect(bytes.count == length + 2)
                }
                expectIdenticalCallAfterCall(Nested(inner: object), options)
            }
        }
    }

    @Test("containers of two key types on one encoder", arguments: formattings)
    func containersOfTwoKeyTypesOnOneEncoder(options: EncodingOptions) {
        expectIdenticalCallAfterCall(TwoKeyTypes(), options)
    }

    /// Canonically equivalent keys (equal `String`s, different bytes) are one member for
    /// Foundation, whether they are served from the key table (warm rounds) or not (cold), and
    /// however they mix with ASCII keys; keys that are only similar stay two members.
    @Test("canonically equivalent keys are one member", arguments: formattings)
    func canonicallyEquivalentKeysAreOneMember(options: EncodingOptions) {
        let cases: [[String]] = [
            ["a", "\u{E9}"],
            ["\u{E9}", "x", "e\u{301}"],
            ["e\u{301}", "b", "\u{E9}", "a"],
            ["K", "\u{212A}"],
            ["\u{212A}", "z", "K"],
            ["\u{212B}", "\u{C5}", "A\u{30A}", "A"],
            ["e\u{301}", "e", "\u{301}"],
            [";", "\u{37E}", "q/\u{E9}", "q/e\u{301}"],
        ]
        for keys in cases {
            expectIdenticalCallAfterCall(Members(keys: keys, make: EquivalentKey.init), options)
            expectIdenticalCallAfterCall(Members(keys: keys.reversed(), make: EquivalentKey.init), options)
        }
        // Each key alone in its object (the table holds them all by now).
        for key in cases.joined() {
            expectIdenticalCallAfterCall(Members(keys: [key, "k"], make: EquivalentKey.init), options)
        }
    }
}
