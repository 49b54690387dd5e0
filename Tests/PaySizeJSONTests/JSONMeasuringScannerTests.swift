import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// `JSONMeasuringScanner` against the strict `JSONScanner`: the same texts accepted, the same
/// compact sizes, the same values at every pointer.
@Suite("JSONMeasuringScanner") struct JSONMeasuringScannerTests {
    static let pointers: [JSONPointer] = [
        .root, JSONPointer("aps"), JSONPointer("aps", "content-state"), JSONPointer("a"),
        JSONPointer(components: [.index(0)]), JSONPointer(components: [.key("a"), .index(1), .key("b")]),
        JSONPointer("é"), JSONPointer("K"),
    ]

    /// Measures `bytes` both ways and checks they agree; returns whether the text was accepted.
    @discardableResult
    static func expectAgreement(
        _ bytes: [UInt8], maximumDepth: Int = JSONScanner.defaultMaximumDepth,
        duplicateKeys: JSONScanner.DuplicateKeyPolicy = .reject, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var scanner = JSONMeasuringScanner(
            measuring: pointers, listingMembersOf: JSONPointer("aps"), maximumDepth: maximumDepth,
            duplicateKeys: duplicateKeys)
        let accepted = scanner.measure(bytes)
        let root = try? JSONScanner.scan(bytes, maximumDepth: maximumDepth, duplicateKeys: duplicateKeys)
        let text = String(decoding: bytes.prefix(300), as: UTF8.self)
        #expect(accepted == (root != nil), "acceptance differs for '\(text)'", sourceLocation: sourceLocation)
        guard let root, accepted else { return false }
        #expect(scanner.compactByteCount == root.compactByteCount, "size of '\(text)'", sourceLocation: sourceLocation)
        for (index, pointer) in pointers.enumerated() {
            #expect(
                scanner.measurement(at: index) == root.descendant(at: pointer).map(JSONMeasuredValue.init),
                "\(pointer) in '\(text)'", sourceLocation: sourceLocation)
        }
        let members = root["aps"]?.members ?? []
        let listed = (0..<scanner.memberCount).map { scanner.member(at: $0) }
        let expected = members.map { member in
            JSONMeasuredMember(
                keyRange: member.keyRange, keyIsVerbatim: !bytes[member.keyRange].contains(UInt8(ascii: "\\")),
                value: JSONMeasuredValue(member.value))
        }
        #expect(listed == expected, "members of /aps in '\(text)'", sourceLocation: sourceLocation)
        return true
    }

    @Test("agrees on every JSONTestSuite case", arguments: JSONTestSuiteTests.caseNames)
    func agreesOnEveryJSONTestSuiteCase(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: JSONTestSuiteTests.folder.appendingPathComponent(name)))
        Self.expectAgreement(bytes)
        Self.expectAgreement(bytes, duplicateKeys: .allow)
    }

    @Test("agrees on the scanner size cases", arguments: JSONScannerTests.sizeCases)
    func agreesOnTheScannerSizeCases(_ text: String) {
        #expect(Self.expectAgreement(Array(text.utf8)))
    }

    @Test("measures the pointers") func measuresThePointers() throws {
        let text = #"{ "a" : [0, {"b" : [ 1 , 2 ]}], "aps":{"event":"update","content-state": {"eta" : 5}} }"#
        var scanner = JSONMeasuringScanner(measuring: Self.pointers)
        let accepted = scanner.measure(Array(text.utf8))
        #expect(accepted)
        #expect(scanner.compactByteCount == 72)
        #expect(scanner.measurement(at: 2) == JSONMeasuredValue(kind: .object, byteRange: 73..<84, compactByteCount: 9))
        #expect(scanner.measurement(at: 5) == JSONMeasuredValue(kind: .array, byteRange: 19..<28, compactByteCount: 5))
        #expect(scanner.measurement(at: 4) == nil)
        Self.expectAgreement(Array(text.utf8))
    }

    @Test("the example of the type's documentation")
    func documentedExample() {
        var scanner = JSONMeasuringScanner(measuring: [JSONPointer("aps", "content-state")])
        let line = Array(#"{"aps":{"event":"update","content-state":{"eta":5}}}"#.utf8)
        let accepted = scanner.measure(line)
        #expect(accepted)
        #expect(scanner.compactByteCount == 52)
        #expect(scanner.measurement(at: 0)?.compactByteCount == 9)
    }

    /// Keys are compared as Swift strings, which treat canonically equivalent spellings as one.
    @Test(
        "duplicate keys as Swift strings",
        arguments: [
            (#"{"é":1,"e\u0301":2}"#, false),
            ("{\"\u{E9}\":1,\"e\u{301}\":2}", false),
            (#"{"K":1,"\u212a":2}"#, false),
            ("{\"K\":1,\"\u{212A}\":2}", false),
            (#"{"a":1,"\u0061":2}"#, false),
            (#"{"a":1,"b":{"a":2},"c":[{"a":3}]}"#, true),
            (#"{"\u00e9":{"x":1,"x":2}}"#, false),
            (#"{"ab":1,"a\u0062c":2,"abc":3}"#, false),
        ])
    func duplicateKeysAsSwiftStrings(_ text: String, accepted: Bool) {
        #expect(Self.expectAgreement(Array(text.utf8)) == accepted)
        #expect(Self.expectAgreement(Array(text.utf8), duplicateKeys: .allow))
    }

    @Test("duplicates in large objects") func duplicatesInLargeObjects() {
        for count in [15, 16, 17, 40, 300] {
            let keys = (0..<count).map { "\"key\($0 * 7919 % 1000)-\(String(repeating: "x", count: $0 % 11))\":\($0)" }
            #expect(Self.expectAgreement(Array(("{" + keys.joined(separator: ",") + "}").utf8)))
            for repeated in [0, count / 2, count - 1] {
                let text = "{" + (keys + [keys[repeated]]).joined(separator: ",") + "}"
                #expect(!Self.expectAgreement(Array(text.utf8)), "\(count) keys, #\(repeated) repeated")
            }
        }
    }

    @Test("depth limit") func depthLimit() {
        for depth in [1, 5, 511, 512, 513] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            #expect(Self.expectAgreement(Array(text.utf8)) == (depth <= 512))
            #expect(Self.expectAgreement(Array(text.utf8), maximumDepth: 5) == (depth <= 5))
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            #expect(Self.expectAgreement(Array(objects.utf8)) == (depth <= 512))
        }
    }

    /// A pointer follows the first member with its key, even where repeated keys are allowed.
    @Test("pointers follow the first member") func pointersFollowTheFirstMember() {
        let text = #"{"a":[1],"a":[0,{"b":2}],"aps":{"content-state":1},"aps":{"content-state":{}}}"#
        #expect(Self.expectAgreement(Array(text.utf8), duplicateKeys: .allow))
    }

    @Test("empty and blank inputs are refused") func emptyAndBlankInputsAreRefused() {
        #expect(!Self.expectAgreement([]))
        #expect(!Self.expectAgreement(Array("  \r\n".utf8)))
        var scanner = JSONMeasuringScanner()
        let accepted = scanner.measure(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(!accepted)
    }

    /// Seeded random texts, most of them then damaged by one edit: every one agrees.
    @Test("random texts agree", arguments: 0..<8)
    func randomTextsAgree(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 1000)
        var acceptedCount = 0
        for _ in 0..<1500 {
            var bytes = Array(RandomJSONText.value(depth: 0, using: &random).utf8)
            if random.chance(70) { RandomJSONText.damage(&bytes, using: &random) }
            if Self.expectAgreement(bytes) { acceptedCount += 1 }
            Self.expectAgreement(bytes, duplicateKeys: .allow)
            Self.expectAgreement(bytes, maximumDepth: 3)
        }
        // Both outcomes are exercised.
        #expect(acceptedCount > 300 && acceptedCount < 1400)
    }
}
