import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// `JSONMeasuringScanner` against the strict `JSONScanner`: the same texts accepted, the same
/// compact sizes, the same values at every pointer, and the same sizes as each of Foundation's
/// writers writes those values back as `JSONElement.rewrittenSize(by:)` gives.
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
            let element = root.descendant(at: pointer)
            #expect(
                scanner.measurement(at: index) == element.map(JSONMeasuredValue.init),
                "\(pointer) in '\(text)'", sourceLocation: sourceLocation)
            #expect(
                scanner.rewrittenMeasurement(at: index) == element.map(Self.rewrittenMeasurement),
                "\(pointer) as written back in '\(text)'", sourceLocation: sourceLocation)
            if let element, let rewritten = scanner.rewrittenMeasurement(at: index) {
                for writer in JSONWriter.allCases {
                    let size = bytes.withUnsafeBytes { rewritten.rewrittenSize(by: writer, in: $0) }
                    #expect(
                        size == element.rewrittenSize(by: writer), "\(pointer) by \(writer) in '\(text)'",
                        sourceLocation: sourceLocation)
                }
            }
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

    /// The strict tree's figures in the scanner's form: `rewrittenSize(by:)` for the sizes and
    /// counts, and the byte range of the first number each writer writes longer, found by a walk
    /// in document order.
    static func rewrittenMeasurement(_ element: JSONElement) -> JSONRewrittenMeasurement {
        func figures(_ writer: JSONWriter) -> JSONRewrittenMeasurement.Figures {
            let size = element.rewrittenSize(by: writer)
            return .init(
                byteCount: size.byteCount, grownNumberCount: size.grownNumberCount,
                firstGrownNumber: firstGrownNumber(in: element, writer: writer))
        }
        return JSONRewrittenMeasurement(swift: figures(.swift), objc: figures(.objc))
    }

    static func firstGrownNumber(in element: JSONElement, writer: JSONWriter) -> Range<Int>? {
        var pending = [element]
        while let next = pending.popLast() {
            switch next.content {
            case .object(let members): pending += members.reversed().map(\.value)
            case .array(let elements): pending += elements.reversed()
            case .number(var token):
                let written = token.withUTF8 { RewrittenNumber.byteCount(ofToken: $0, writer: writer) }
                if written > token.utf8.count { return next.byteRange }
            default: break
            }
        }
        return nil
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

    /// Measures `text` at the root and returns its figures as each writer writes it back.
    static func rootFigures(_ text: String) -> JSONRewrittenMeasurement? {
        var scanner = JSONMeasuringScanner(measuring: [.root])
        guard scanner.measure(Array(text.utf8)) else { return nil }
        return scanner.rewrittenMeasurement(at: 0)
    }

    /// (token, Swift writer's bytes, Objective-C writer's bytes): every kind of number, as the
    /// rules of `RewrittenNumber` count it.
    static let numberTokens: [(String, Int, Int)] = [
        ("1.91", 4, 18), ("0.53", 4, 19), ("-139.745438", 11, 19), ("786193800.7", 11, 18), ("1.50", 3, 3),
        ("3.0", 1, 1), ("1e2", 3, 3), ("1E-7", 5, 22), ("0.00001", 5, 22), ("0.0001", 6, 6), ("1e16", 5, 17),
        ("1e17", 5, 5), ("0.53125", 7, 7), ("-0.0", 2, 2), ("-0", 2, 2), ("0", 1, 1), ("42", 2, 2),
        ("-9223372036854775808", 20, 20), ("18446744073709551615", 20, 20), ("18446744073709551616", 22, 22),
        ("123456789012345678901234567890", 30, 30), ("1e400", 5, 5), ("-1e400", 6, 6), ("1e-400", 1, 1),
        ("-1e-400", 2, 2),
        ("0.1000000000000000055511151231257827", 3, 19), ("0.30000000000000004", 19, 19),
        ("5e-324", 6, 23), ("2.2250738585072014e-308", 23, 23), ("1.7976931348623157e308", 23, 23),
        ("123456789.123456789", 18, 18), ("9007199254740993.5", 21, 16), ("1234567.25", 10, 10),
        ("1e22", 5, 5), ("1e23", 5, 22), ("1E-22", 5, 5), ("12.5e-1", 4, 4), ("52.123456", 9, 18),
    ]

    /// Each token alone, at the end of a longer text (the word-at-a-time paths), in an array, and
    /// after a minus sign where it has none: the scanner counts what `RewrittenNumber` counts.
    @Test("numbers of every kind are counted as each writer writes them", arguments: numberTokens)
    func numbersOfEveryKindAreCountedAsEachWriterWritesThem(_ case: (String, Int, Int)) throws {
        let (token, swift, objc) = `case`
        var copy = token
        let counts = copy.withUTF8 { RewrittenNumber.byteCounts(ofToken: $0) }
        #expect(counts.swift == swift && counts.objc == objc, "RewrittenNumber counts \(token) as \(counts)")
        // (text, bytes around the tokens, copies of the token, where the first one starts)
        let texts = [
            (token, 0, 1, 0), (token + "          ", 0, 1, 0), ("[" + token + "]", 2, 1, 1),
            ("[\(token),\(token)]     ", 3, 2, 1),
        ]
        let sent = token.utf8.count
        for (text, around, copies, start) in texts {
            let figures = try #require(Self.rootFigures(text), "\(text)")
            for (writer, written) in [(JSONWriter.swift, swift), (.objc, objc)] {
                #expect(figures[writer].byteCount == around + copies * written, "\(text) by \(writer)")
                #expect(figures[writer].grownNumberCount == (written > sent ? copies : 0), "\(text) by \(writer)")
                #expect(
                    figures[writer].firstGrownNumber == (written > sent ? start..<(start + sent) : nil),
                    "\(text) by \(writer)")
            }
            Self.expectAgreement(Array(text.utf8))
        }
    }

    /// Seeded random number tokens of 1 to 22 integer digits, 0 to 22 fraction digits and an
    /// optional exponent, each placed so that its digits end anywhere from the end of the text
    /// to sixteen bytes before it: the scanner's digit words and its fast count agree with the
    /// general rules of `RewrittenNumber` on every one.
    @Test("random number tokens agree with the general count wherever they sit", arguments: 0..<4)
    func randomNumberTokensAgreeWithTheGeneralCountWhereverTheySit(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 3100)
        func digits(_ count: Int, leading: Bool) -> String {
            String(
                (0..<count).map { index in
                    let low = leading && index == 0 ? 1 : 0
                    return Character(String(Int.random(in: low...9, using: &random)))
                })
        }
        for _ in 0..<3000 {
            let integerCount = Int.random(in: 1...22, using: &random)
            var token = random.chance(30) ? "0" : digits(integerCount, leading: true)
            if random.chance(20) { token = "-" + token }
            if random.chance(85) { token += "." + digits(Int.random(in: 1...22, using: &random), leading: false) }
            if random.chance(20) {
                token +=
                    ["e", "E", "e+", "e-"].randomElement(using: &random)!
                    + String(Int.random(in: 0...330, using: &random))
            }
            var copy = token
            let expected = copy.withUTF8 { RewrittenNumber.byteCounts(ofToken: $0) }
            let text = "[" + token + "]" + String(repeating: " ", count: Int.random(in: 0...16, using: &random))
            let figures = try #require(Self.rootFigures(text), "\(text)")
            #expect(figures.swift.byteCount == 2 + expected.swift, "\(token)")
            #expect(figures.objc.byteCount == 2 + expected.objc, "\(token)")
        }
    }

    /// (string token, bytes each writer writes for it): escapes decoded and escaped again as
    /// Foundation escapes, `/` as `\/`, non-ASCII raw.
    static let stringTokens: [(String, Int)] = [
        (#""plain""#, 7), (#""a/b""#, 6), (#""a\/b""#, 6), (#""caf\u00e9""#, 7), (#""\u0041""#, 3),
        (#""\u0000""#, 8), (#""\u001f""#, 8), (#""\u0008\u000C\u000a\u000D\u0009""#, 12),
        (#""\b\f\n\r\t""#, 12), (#""\u0022\u005C\u002F""#, 8), (#""\"\\""#, 6), (#""\u007f""#, 3),
        ("\"\u{7F}\"", 3), (#""\u07ff\u0800\uffff""#, 10), (#""\ud83c\udfc8""#, 6), ("\"\u{1F3C8}\"", 6),
        (#""////////////////""#, 34), (#""a long string with a / in its second word""#, 44),
        (#""\u00e9\u00e9\u00e9\u00e9 and /""#, 17),
    ]

    /// A string as a value, as a key, and several times over so that its bytes fall at every
    /// offset of the eight-byte words.
    @Test("strings and keys are counted with Foundation's escapes", arguments: stringTokens)
    func stringsAndKeysAreCountedWithFoundationsEscapes(_ case: (String, Int)) throws {
        let (token, written) = `case`
        for text in [token, "{\(token):1}", "[" + Array(repeating: token, count: 9).joined(separator: ",") + "]"] {
            let figures = try #require(Self.rootFigures(text), "\(text)")
            let count = text.hasPrefix("[") ? 9 : 1
            let others = text.hasPrefix("{") ? 4 : text.hasPrefix("[") ? 10 : 0
            for writer in JSONWriter.allCases {
                #expect(figures[writer].byteCount == others + count * written, "\(text) by \(writer)")
            }
            Self.expectAgreement(Array(text.utf8))
        }
    }

    /// Forum thread 845605: a 2027-byte content state holding 200 values of `1.91` is 4827 bytes
    /// as the Objective-C writer writes it, the first grown number the first `1.91`.
    @Test("the forum's content state is 4827 bytes as the Objective-C writer writes it")
    func theForumsContentStateIs4827BytesAsTheObjectiveCWriterWritesIt() throws {
        let line = DeviceFixtures.update(DeviceFixtures.forumState)
        var scanner = JSONMeasuringScanner(measuring: [JSONPointer("aps", "content-state")])
        let accepted = scanner.measure(Array(line.utf8))
        #expect(accepted)
        let measured = try #require(scanner.measurement(at: 0))
        let figures = try #require(scanner.rewrittenMeasurement(at: 0))
        #expect(measured.compactByteCount == 2027)
        let firstStart = measured.byteRange.lowerBound + 11
        #expect(
            figures.objc
                == .init(byteCount: 4827, grownNumberCount: 200, firstGrownNumber: firstStart..<(firstStart + 4)))
        #expect(figures.swift == .init(byteCount: 2027, grownNumberCount: 0, firstGrownNumber: nil))
        let size = Array(line.utf8).withUnsafeBytes { figures.rewrittenSize(by: .objc, in: $0) }
        #expect(size.firstGrownNumber?.sent == "1.91")
        #expect(size.firstGrownNumber?.written == "1.9099999999999999")
    }

    /// Values nested in measured values: each names its own first grown number, the outer one
    /// the first in it even when an inner value closed before it.
    @Test("each measured value names its own first grown number")
    func eachMeasuredValueNamesItsOwnFirstGrownNumber() throws {
        let text = #"{"a":[1,{"b":[2,0.5]},1.1,{"c":2.2}],"d":3.3}"#
        var scanner = JSONMeasuringScanner(
            measuring: [
                .root, JSONPointer("a"), JSONPointer(components: [.key("a"), .index(1)]),
                JSONPointer(components: [.key("a"), .index(3)]), JSONPointer("d"),
            ])
        let accepted = scanner.measure(Array(text.utf8))
        #expect(accepted)
        let expected: [Range<Int>?] = [22..<25, 22..<25, nil, 31..<34, 41..<44]
        for (index, range) in expected.enumerated() {
            #expect(scanner.rewrittenMeasurement(at: index)?.objc.firstGrownNumber == range, "target \(index)")
        }
        #expect(scanner.rewrittenMeasurement(at: 0)?.objc.grownNumberCount == 3)
        #expect(scanner.rewrittenMeasurement(at: 1)?.objc.grownNumberCount == 2)
        #expect(scanner.rewrittenMeasurement(at: 0)?.swift.grownNumberCount == 0)
        Self.expectAgreement(Array(text.utf8))
    }
}
