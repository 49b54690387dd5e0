import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// One corner at a time: PaySize's bytes (or error) against Foundation's under `.sortedKeys`, and
/// `encodedSize` against the encoded length.
@Suite("PayloadEncoder corner cases against Foundation")
struct PayloadEncoderCornerCaseTests {
    static let sorted = EncodingOptions()
    static let pretty = EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] }
    static let slashes = EncodingOptions().with { $0.formatting = [.sortedKeys, .withoutEscapingSlashes] }
    static let all = EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] }
    static let formattings = [sorted, pretty, slashes, all]

    /// Checks identity under each formatting and equal sizes without `.sortedKeys`.
    func expectIdentical<T: Encodable>(
        _ value: T,
        _ options: [EncodingOptions] = formattings,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for option in options {
            let comparison = EncodingComparison(value, options: option)
            #expect(
                comparison.isIdentical,
                "[\(option.formatting.rawValue)]\nfoundation: \(comparison.foundation)\npayload:    \(comparison.payload)\nplain:      \(comparison.plain)\nsize: \(String(describing: comparison.payloadSize))",
                sourceLocation: sourceLocation
            )
            let unsorted = EncodingComparison(value, options: option.with { $0.formatting.remove(.sortedKeys) })
            #expect(
                unsorted.sizesMatch, "unsorted: \(unsorted.foundation) vs \(unsorted.payload)",
                sourceLocation: sourceLocation)
        }
    }

    func payloadText<T: Encodable>(_ value: T, _ options: EncodingOptions = sorted) throws -> String {
        String(decoding: try options.payload().encode(value), as: UTF8.self)
    }

    // MARK: Scalars and fragments

    @Test("top-level fragments")
    func fragments() throws {
        expectIdentical(42)
        expectIdentical("x")
        expectIdentical(Int?.none)
        expectIdentical(true)
        expectIdentical(-0.0)
        expectIdentical(Date(timeIntervalSinceReferenceDate: 721_692_800))
        expectIdentical(Data([1, 2, 3]))
        expectIdentical(URL(string: "https://example.com/a b/ü")!)
        expectIdentical(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!)
        expectIdentical(Decimal(string: "-1e30")!)
        #expect(try payloadText(42) == "42")
        #expect(try payloadText("x") == "\"x\"")
        #expect(try payloadText(Int?.none) == "null")
        #expect(
            try payloadText(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!)
                == "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"")
    }

    @Test("integers of every width at their limits")
    func integers() {
        expectIdentical([Int.min, Int.max, 0, -1])
        expectIdentical([Int8.min, Int8.max])
        expectIdentical([Int16.min, Int16.max])
        expectIdentical([Int32.min, Int32.max])
        expectIdentical([Int64.min, Int64.max])
        expectIdentical([UInt.min, UInt.max])
        expectIdentical([UInt8.min, UInt8.max])
        expectIdentical([UInt16.min, UInt16.max])
        expectIdentical([UInt32.max])
        expectIdentical([UInt64.max])
        expectIdentical([Int128.min, Int128.max, 0])
        expectIdentical([UInt128.max, 0])
        expectIdentical(["a": Int128.max])
    }

    @Test(
        "doubles and floats in their shortest form",
        arguments: RandomEncodable.edgeDoubles + [1e-4, 9.999e-5, 123_456_789.123, 0.5, 1e8 + 0.5, 999_999_999.99999])
    func doubles(value: Double) throws {
        expectIdentical([value, -value], [Self.sorted])
        expectIdentical(["v": Float(value)], [Self.sorted])
        expectIdentical(Float(value), [Self.sorted])
    }

    @Test("pinned number spellings")
    func pinnedNumbers() throws {
        #expect(
            try payloadText([2.0, -0.0, 0.1, 1e-7, 1e21, 9_007_199_254_740_994])
                == "[2,-0,0.1,1e-07,1e+21,9.007199254740994e+15]")
        #expect(try payloadText([Float(0.1), 3.4028235e38, .leastNonzeroMagnitude]) == "[0.1,3.4028235e+38,1e-45]")
    }

    @Test("short decimals match Double.description for 30 000 values")
    func shortDecimals() throws {
        var rng = SplitMix64(seed: 7)
        var values: [Double] = []
        for _ in 0..<10_000 {
            let scale = pow(10, Double(Int.random(in: 0...9, using: &rng)))
            let digits = Double(
                Int64.random(in: -2_000_000_000_000...2_000_000_000_000, using: &rng)
                    >> Int.random(in: 0...40, using: &rng))
            values.append(digits / scale)
            values.append(Double.random(in: -1e9...1e9, using: &rng))
            values.append(Double(Float.random(in: 0...1000, using: &rng)))
        }
        expectIdentical(values, [Self.sorted])
    }

    /// Numbers the short paths leave to `ShortestDecimal` (plain notation, 0.001 to 10^15) or to
    /// the standard library's formatter, which writes them into the output without a `String`
    /// (`DescriptionSink`): any bit pattern, so 16 and 17 digits, exponents both ways and
    /// subnormals, in both modes (`expectIdentical` checks `encodedSize` too).
    /// `NumberDigitsTests` covers `ShortestDecimal`'s range closely.
    @Test("descriptions written without a String match Foundation for 40 000 bit patterns")
    func descriptionsWithoutString() throws {
        var rng = SplitMix64(seed: 11)
        var doubles: [Double] = [
            6.000000000000001, 0.6200000000000001, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0.1 + 0.2,
        ]
        var floats: [Float] = [16_777_218, -.greatestFiniteMagnitude, .leastNormalMagnitude, 0.3]
        while doubles.count < 20_000 {
            let value = Double(bitPattern: rng.next())
            if value.isFinite { doubles.append(value) }
        }
        while floats.count < 20_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
            if value.isFinite { floats.append(value) }
        }
        expectIdentical(doubles, [Self.sorted])
        expectIdentical(floats, [Self.sorted])
        #expect(try payloadText([6.000000000000001, 1e100, -2.5e-300]) == "[6.000000000000001,1e+100,-2.5e-300]")
    }

    // MARK: Strings and escapes

    @Test("every escape, in values and keys")
    func escapes() throws {
        let text = "/\u{8}\t\n\u{C}\r\"\\\u{0}\u{1}\u{1F}\u{7F}\u{2028}\u{2029}é😀 long enough to use the word scan/"
        expectIdentical([text: text])
        expectIdentical([text])
        #expect(try payloadText(["/\u{1}\u{7F}"]) == "[\"\\/\\u0001\u{7F}\"]")
        #expect(try payloadText(["a/b"], Self.slashes) == "[\"a/b\"]")
        #expect(try payloadText(["\u{8}\t\n\u{C}\r"]) == "[\"\\b\\t\\n\\f\\r\"]")
    }

    /// A table's members are copied into key order by size class (8, 16, 32 and 128 bytes):
    /// every member size across those up to 76 bytes, written first, between and last.
    @Test("members of 6 to 76 bytes put in key order, at every position")
    func membersOfEveryLengthPutInKeyOrder() throws {
        for length in 0...70 {
            let long = String(repeating: "q", count: length)
            for value in [
                ReversedKeys(z: long, y: "y", x: "x"), ReversedKeys(z: "z", y: long, x: "x"),
                ReversedKeys(z: "z", y: "y", x: long), ReversedKeys(z: long, y: long, x: long),
            ] {
                expectIdentical(value, [Self.sorted, Self.slashes])
            }
        }
        #expect(try payloadText(ReversedKeys(z: "qq", y: "", x: "/")) == #"{"x":"\/","y":"","z":"qq"}"#)
    }

    @Test("keys sort by raw UTF-8 bytes, escapes included")
    func keyOrder() throws {
        let keys = ["B", "a", "a10", "a9", "é", "/", "\u{1}", "\"", "\\", "", " ", "\u{7F}", "😀", "z\u{0}", "z"]
        let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        expectIdentical(dictionary)
        #expect(try payloadText(["B": 1, "a": 2, "a10": 3, "a9": 4, "é": 5]) == #"{"B":1,"a":2,"a10":3,"a9":4,"é":5}"#)
        var big: [String: Int] = [:]
        for index in 0..<300 { big["k\(index * 7919 % 1000)"] = index }
        expectIdentical(big)
    }

    // MARK: Containers

    @Test("synthesized Codable with every common field kind")
    func synthesized() {
        expectIdentical(SynthesizedState())
        expectIdentical([SynthesizedState(), SynthesizedState()])
    }

    @Test("pretty printing, empty containers included")
    func prettyPrinting() throws {
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode([Int](), forKey: "a")
            try container.encode([1, 2], forKey: "b")
            try container.encode([String: Int](), forKey: "c")
            try container.encode(["x": ["y": 1]], forKey: "d")
            _ = container.nestedContainer(keyedBy: TestKey.self, forKey: "e")
            _ = container.nestedUnkeyedContainer(forKey: "f")
        }
        expectIdentical(value)
        expectIdentical([String: Int](), [Self.pretty])
        expectIdentical([Int](), [Self.pretty])
        expectIdentical([[[Int]]()], [Self.pretty])
        #expect(
            try payloadText(["b": [1], "a": []] as [String: [Int]], Self.pretty)
                == "{\n  \"a\" : [\n\n  ],\n  \"b\" : [\n    1\n  ]\n}")
    }

    @Test("optionals: nil omitted by synthesized code, explicit nil written as null")
    func optionals() throws {
        struct Fields: Encodable {
            var a: Int? = nil
            var b: Int? = 1
        }
        expectIdentical(Fields())
        #expect(try payloadText(Fields()) == #"{"b":1}"#)
        expectIdentical([1, nil, 3] as [Int?])
        expectIdentical(
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encodeNil(forKey: "n")
                try container.encode(Int?.none, forKey: "o")
                try container.encodeIfPresent(Int?.none, forKey: "p")
            })
    }

    @Test("enums with raw values and associated values")
    func enums() throws {
        expectIdentical(RawStatus.allCases)
        expectIdentical([
            Activity.idle, .running(1), .paused(reason: "x", at: 1), .nested(.running(2), [1]), .nested(nil, []),
        ])
        #expect(try payloadText(Activity.running(1)) == #"{"running":{"_0":1}}"#)
    }

    @Test("dictionaries keyed by String, Int and other types")
    func dictionaries() throws {
        expectIdentical(["b": 1, "a": 2])
        expectIdentical([3: "a", 10: "b", -1: "c"])
        expectIdentical([Int8(3): "a"])
        expectIdentical([true: 1])
        expectIdentical([UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!: 1])
        expectIdentical([RawStatus.confirmed: 1])
        expectIdentical([KeyRepresentableStatus.confirmed: 1, .delivered: 2])
        expectIdentical([1.5: "x"])
        #expect(try payloadText([10: "b", 3: "a"]) == #"{"10":"b","3":"a"}"#)
        #expect(try payloadText([RawStatus.confirmed: 1]) == #"["confirmed",1]"#)
        #expect(try payloadText([KeyRepresentableStatus.confirmed: 1]) == #"{"confirmed":1}"#)
    }

    @Test("URL, nested and relative; UUID; Decimal")
    func foundationTypes() {
        let relative = URL(string: "c/d", relativeTo: URL(string: "https://a.b/x/")!)!
        expectIdentical([relative])
        expectIdentical(["u": relative])
        expectIdentical(CustomEncodable { encoder in try relative.encode(to: encoder) })
        expectIdentical([Decimal(string: "3.14159")!, 0, Decimal(string: "-1e30")!])
    }

    @Test("super encoders: keyed, for a key, unkeyed, and left empty")
    func superEncoders() throws {
        expectIdentical(DerivedState())
        expectIdentical(SuperEncodedState())
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "b")
            try [2].encode(to: container.superEncoder())
            _ = container.superEncoder(forKey: "empty")
            var array = container.nestedUnkeyedContainer(forKey: "list")
            try array.encode(1)
            try "s".encode(to: array.superEncoder())
            try array.encode(3)
        }
        expectIdentical(value)
        #expect(try payloadText(value) == #"{"b":1,"empty":{},"list":[1,"s",3],"super":[2]}"#)
    }

    @Test("nested containers, and a key written twice keeps its last value")
    func nestedAndDuplicates() throws {
        let duplicates = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "b")
            try container.encode(2, forKey: "a")
            try container.encode(3, forKey: "b")
            var again = encoder.container(keyedBy: TestKey.self)
            try again.encode(4, forKey: "c")
        }
        expectIdentical(duplicates)
        #expect(try payloadText(duplicates) == #"{"a":2,"b":3,"c":4}"#)
        expectIdentical(
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "n")
                try nested.encode(1, forKey: "z")
                var deeper = nested.nestedUnkeyedContainer(forKey: "y")
                try deeper.encode("q")
                var inArray = deeper.nestedContainer(keyedBy: TestKey.self)
                try inArray.encode(true, forKey: "k")
                try container.encode(2, forKey: "a")
            })
    }

    @Test("patterns only Foundation's tree reproduces fall back to it, still identical")
    func fallbacks() throws {
        let late = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try nested.encode(1, forKey: "a")
            try container.encode(2, forKey: "b")
            try nested.encode(3, forKey: "c")
        }
        let merged = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            var first = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try first.encode(1, forKey: "a")
            var second = container.nestedContainer(keyedBy: TestKey.self, forKey: "a")
            try second.encode(2, forKey: "b")
            var list = container.nestedUnkeyedContainer(forKey: "c")
            try list.encode(1)
            var list2 = container.nestedUnkeyedContainer(forKey: "c")
            try list2.encode(2)
        }
        expectIdentical(late)
        expectIdentical(merged)
        #expect(try payloadText(late) == #"{"a":{"a":1,"c":3},"b":2}"#)
        #expect(try payloadText(merged) == #"{"a":{"a":1,"b":2},"c":[1,2]}"#)
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encodeWithoutFallback(late, countingOnly: false) { _ in true } == nil)
        #expect(try encoder.encodeWithoutFallback(SynthesizedState(), countingOnly: false) { _ in true } != nil)
    }

    @Test("coding paths reported to encode(to:) match Foundation's, quirks included")
    func codingPaths() {
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(PathReporter(), forKey: "direct")
            try container.encode([PathReporter()], forKey: "array")
            try container.encode(["k": PathReporter()], forKey: "dictionary")
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "nested")
            try nested.encode(PathReporter(), forKey: "inNested")
            var nestedArray = nested.nestedUnkeyedContainer(forKey: "nestedArray")
            try nestedArray.encode(PathReporter())
            try PathReporter().encode(to: nested.superEncoder())
            try PathReporter().encode(to: container.superEncoder(forKey: "superKey"))
            try Optional(PathReporter()).encode(to: container.superEncoder(forKey: "optional"))
        }
        expectIdentical(value, [Self.sorted])
        expectIdentical(["outer": value], [Self.sorted])
    }

    // MARK: Strategies

    static let customDateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS/"
        return formatter
    }()

    static let dateStrategies: [(String, JSONEncoder.DateEncodingStrategy)] = [
        ("deferredToDate", .deferredToDate),
        ("secondsSince1970", .secondsSince1970),
        ("millisecondsSince1970", .millisecondsSince1970),
        ("iso8601", .iso8601),
        ("formatted", .formatted(customDateFormatter)),
        (
            "custom string",
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("d\(date.timeIntervalSince1970)")
            }
        ),
        (
            "custom keyed",
            .custom { date, encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(date.timeIntervalSinceReferenceDate, forKey: "t")
                try container.encode(PathReporter(), forKey: "path")
            }
        ),
        ("custom nothing", .custom { _, _ in }),
    ]

    @Test("every date strategy", arguments: dateStrategies.map(\.0))
    func dates(strategy name: String) {
        let strategy = Self.dateStrategies.first { $0.0 == name }!.1
        let dates = [
            Date(timeIntervalSinceReferenceDate: 721_692_800.25), Date(timeIntervalSinceReferenceDate: 0),
            Date(timeIntervalSinceReferenceDate: -1e9 + 0.5), Date(timeIntervalSince1970: 1_764_502_200.125),
        ]
        for formatting in Self.formattings {
            let options = formatting.with { $0.date = strategy }
            expectIdentical(dates, [options])
            expectIdentical(["when": dates[0]], [options])
            expectIdentical(dates[0], [options])
            expectIdentical(SynthesizedState(), [options])
        }
    }

    static let dataStrategies: [(String, JSONEncoder.DataEncodingStrategy)] = [
        ("base64", .base64),
        ("deferredToData", .deferredToData),
        (
            "custom",
            .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
                try container.encode(PathReporter())
            }
        ),
        ("custom nothing", .custom { _, _ in }),
    ]

    @Test("every data strategy", arguments: dataStrategies.map(\.0))
    func data(strategy name: String) {
        let strategy = Self.dataStrategies.first { $0.0 == name }!.1
        let blobs = [
            Data(), Data([0xFB]), Data([0xFB, 0xFF]), Data([0xFB, 0xFF, 0xFE]),
            Data((0..<100).map { UInt8($0 * 37 % 256) }),
        ]
        for formatting in Self.formattings {
            let options = formatting.with { $0.data = strategy }
            expectIdentical(blobs, [options])
            expectIdentical(["blob": blobs[3]], [options])
            expectIdentical(blobs[4], [options])
        }
    }

    @Test("key strategies: snake case (Foundation's splitting rules) and custom")
    func keyStrategies() throws {
        let snake = Self.sorted.with { $0.key = .convertToSnakeCase }
        let custom = Self.sorted.with {
            $0.key = .custom { path in TestKey(stringValue: "\(path.count):\(path.last!.stringValue)/") }
        }
        let keys = [
            "myURLValue", "HTTPServer", "_lead", "trail_", "aB", "already_snake", "ÉtéX", "a1B2", "ABC", "", "x",
            "ǅungla", "ßtraße", "URLs",
        ]
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            for (index, key) in keys.enumerated() { try container.encode(index, forKey: TestKey(stringValue: key)) }
            try container.encode(["myKey": 1], forKey: "dictionaryValue")
            try container.encode([3: 1], forKey: "intKeys")
            var nested = container.nestedContainer(keyedBy: TestKey.self, forKey: "nestedValue")
            try nested.encode(1, forKey: "innerKey")
            try 2.encode(to: container.superEncoder())
        }
        expectIdentical(value, [snake, custom, snake.with { $0.formatting = [.sortedKeys, .prettyPrinted] }])
        expectIdentical(SynthesizedState(), [snake, custom])
        #expect(SnakeCaseKeyConversion.convert("myURLValue") == "my_url_value")
        #expect(SnakeCaseKeyConversion.convert("HTTPServer") == "h_ttp_server")
    }

    @Test("non-conforming floats written as the strategy's strings")
    func nonConformingStrings() throws {
        let options = Self.sorted.with {
            $0.float = .convertToString(positiveInfinity: "+inf/", negativeInfinity: "-\"inf", nan: "nan\u{1}")
        }
        expectIdentical([Double.nan, .infinity, -.infinity], [options])
        expectIdentical(["f": Float.nan, "g": -Float.infinity], [options])
    }

    @Test("userInfo reaches encode(to:)")
    func userInfo() throws {
        let key = CodingUserInfoKey(rawValue: "tenant")!
        var encoder = PayloadEncoder()
        encoder.userInfo = [key: "acme"]
        let value = CustomEncodable { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[key] as? String ?? "missing")
        }
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == "\"acme\"")
        let sendable: any Sendable = encoder
        _ = sendable
    }

    @Test("a copy's options are its own: setting one on a copy leaves the original as it was")
    func optionsHaveValueSemantics() throws {
        struct Reading: Encodable {
            var takenAt = Date(timeIntervalSinceReferenceDate: 86_400.5)
            var sensorName = "a/b"
        }
        let key = CodingUserInfoKey(rawValue: "tenant")!
        var original = PayloadEncoder()
        original.outputFormatting = [.sortedKeys]
        // An encoder with the default strategies holds no box: copying it retains nothing.
        #expect(original.strategies == nil)
        var copy = original
        copy.keyEncodingStrategy = .convertToSnakeCase
        copy.dateEncodingStrategy = .secondsSince1970
        copy.userInfo[key] = "acme"
        #expect(original.strategies == nil)
        #expect(copy.strategies?.values.areDefaults == false)
        #expect(original.userInfo.isEmpty && copy.userInfo[key] as? String == "acme")

        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        #expect(try original.encode(Reading()) == foundation.encode(Reading()))
        foundation.keyEncodingStrategy = .convertToSnakeCase
        foundation.dateEncodingStrategy = .secondsSince1970
        #expect(try copy.encode(Reading()) == foundation.encode(Reading()))
        #expect(
            String(decoding: try copy.encode(Reading()), as: UTF8.self)
                == #"{"sensor_name":"a\/b","taken_at":978393600.5}"#)
        // The thread's session, back from the copy's call, holds the defaults again.
        #expect(
            String(decoding: try original.encode(Reading()), as: UTF8.self)
                == #"{"sensorName":"a\/b","takenAt":86400.5}"#)

        // Set back to the defaults, the copy holds no box again (its calls keep nothing).
        copy.keyEncodingStrategy = .useDefaultKeys
        copy.dateEncodingStrategy = .deferredToDate
        copy.userInfo = [:]
        #expect(copy.strategies == nil)
        #expect(try copy.encode(Reading()) == original.encode(Reading()))
    }

    @Test("encodeBytes, encode and encodedSize agree")
    func entryPoints() throws {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let value = SynthesizedState()
        #expect(try Array(encoder.encode(value)) == encoder.encodeBytes(value))
        #expect(try encoder.encodedSize(of: value) == encoder.encodeBytes(value).count)
    }
}

/// Keys declared against their sorted order, so `.sortedKeys` reorders every member.
private struct ReversedKeys: Encodable {
    var z: String
    var y: String
    var x: String
}
