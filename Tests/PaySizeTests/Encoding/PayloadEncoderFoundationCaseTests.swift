import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// The encoding cases of Foundation's own JSONEncoder suites (written anew in
/// ``FoundationEncoderCases``), each run under every key strategy and every output formatting:
/// PaySize's bytes (or error) must be Foundation's under `.sortedKeys`, the sizes equal without
/// it, and a `.custom` key closure must see the same paths in the same order.
@Suite("Foundation's JSONEncoder cases, every key strategy × every output formatting")
struct PayloadEncoderFoundationCaseTests {
    typealias Cases = FoundationEncoderCases

    /// Every combination of `.sortedKeys`, `.prettyPrinted` and `.withoutEscapingSlashes`.
    static let formattings: [JSONEncoder.OutputFormatting] = (0..<8).map { bits in
        var formatting: JSONEncoder.OutputFormatting = []
        if bits & 1 != 0 { formatting.insert(.sortedKeys) }
        if bits & 2 != 0 { formatting.insert(.prettyPrinted) }
        if bits & 4 != 0 { formatting.insert(.withoutEscapingSlashes) }
        return formatting
    }

    /// The key strategies, each logging the paths a `.custom` closure is called with.
    static let keyStrategies: [(name: String, make: @Sendable (KeyConversionLog) -> JSONEncoder.KeyEncodingStrategy)] =
        [
            ("useDefaultKeys", { _ in .useDefaultKeys }),
            ("convertToSnakeCase", { _ in .convertToSnakeCase }),
            (
                "custom, last key prefixed",
                { log in
                    .custom { path in
                        log.append(path)
                        return TestKey(stringValue: "QQQ" + path.last!.stringValue)
                    }
                }
            ),
            (
                "custom, whole path joined",
                { log in
                    .custom { path in
                        log.append(path)
                        return TestKey(stringValue: path.map(\.stringValue).joined(separator: "."))
                    }
                }
            ),
        ]

    static var cases: [(name: String, value: any Encodable)] {
        [
            ("empty struct", Cases.Empty()),
            ("empty class", Cases.EmptyClass()),
            ("single-value enum", Cases.Switch.on),
            ("single-value enum wrapped", Cases.Wrapper(value: Cases.Switch.off)),
            ("single-value struct", Cases.Timestamp(value: 3_141_592_653)),
            ("single-value struct wrapped", Cases.Wrapper(value: Cases.Timestamp(value: 0.5))),
            ("single-value class", Cases.Counter()),
            ("single-value class wrapped", Cases.Wrapper(value: Cases.Counter())),
            ("structured struct", Cases.Address()),
            ("structured class", Cases.Person()),
            ("class sharing its encoder with super", Cases.Employee()),
            ("super encoders", Cases.Manager()),
            ("company", Cases.Company()),
            ("deep structured type", Cases.DeepTree()),
            ("nullable top level", Int?.none),
            ("nullable members", Cases.Nullable()),
            ("generic optionals, present and absent", Cases.GenericOptionals()),
            ("top-level array of Int", [4, 5, 6]),
            ("directly encoded arrays", Cases.DirectArrays()),
            ("nested container coding paths", Cases.NestedContainers()),
            ("super encoder coding paths", Cases.NestedContainers(throughSuperEncoder: true)),
            ("nested containers with one key, merged", Cases.RepeatedNestedKey()),
            ("redundant keyed container", Cases.RedundantKeyedContainer()),
            ("redundant keys", Cases.RedundantKeys()),
            ("error caught and encoding goes on", Cases.ThrowingMemberCaught()),
            ("encodes nothing", Cases.EncodesNothing()),
            ("encodes nothing, nested", Cases.Wrapper(value: Cases.EncodesNothing())),
            ("key path through three levels", Cases.NestedNested()),
            ("dictionaries of every key kind", Cases.Dictionaries()),
            ("Foundation scalars", Cases.FoundationScalars()),
            ("NaN fails with its coding path", ["key": Cases.EncodeFailure(someValue: .nan)]),
            (
                "NaN fails with its nested coding path",
                ["key": ["subKey": Cases.EncodeFailureNested(nestedValue: Cases.EncodeFailure(someValue: .nan))]]
            ),
            ("infinity in a nested struct", Cases.Wrapper(value: Cases.EncodeFailure(someValue: -.infinity))),
            ("Int128 and UInt128 extremes", ["low": Int128.min, "high": Int128.max]),
            ("sorted keys", ["b": 1, "a": 2, "B": 3, "aa": 4, "a10": 5, "a9": 6, "é": 7, "": 8]),
        ]
    }

    /// Cases holding a dictionary of several entries whose values have keys of their own.
    static let casesWithDictionaries: Set<String> = ["deep structured type", "dictionaries of every key kind"]

    @Test("identical to Foundation", arguments: cases.map(\.name))
    func foundationCase(_ name: String) {
        let value = Self.cases.first { $0.name == name }!.value
        for strategy in Self.keyStrategies {
            for formatting in Self.formattings {
                expectSameAsFoundation(
                    value, formatting: formatting, strategy: strategy,
                    hashOrdered: Self.casesWithDictionaries.contains(name))
            }
        }
    }

    static let dateStrategies: [(name: String, strategy: JSONEncoder.DateEncodingStrategy)] = [
        ("deferredToDate", .deferredToDate),
        ("secondsSince1970", .secondsSince1970),
        ("millisecondsSince1970", .millisecondsSince1970),
        ("iso8601", .iso8601),
        (
            "custom keyed, with a path",
            .custom { date, encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(date.timeIntervalSinceReferenceDate, forKey: "referenceSeconds")
                try container.encode(PathReporter(), forKey: "datePath")
            }
        ),
        ("custom nothing", .custom { _, _ in }),
    ]

    @Test("dates under every date strategy and every key strategy", arguments: dateStrategies.map(\.name))
    func dates(_ name: String) {
        let dateStrategy = Self.dateStrategies.first { $0.name == name }!.strategy
        for strategy in Self.keyStrategies {
            for formatting in Self.formattings {
                expectSameAsFoundation(
                    Cases.FoundationScalars(), formatting: formatting, strategy: strategy, date: dateStrategy)
            }
        }
    }

    @Test("a custom strategy mapping two keys to one keeps the second write")
    func customStrategyDuplicateKeys() throws {
        let constant: JSONEncoder.KeyEncodingStrategy = .custom { _ in TestKey(stringValue: "oneTwo") }
        for formatting in Self.formattings {
            let options = EncodingOptions().with {
                $0.formatting = formatting
                $0.key = constant
            }
            let comparison = EncodingComparison(Cases.TwoKeys(), options: options)
            #expect(formatting.contains(.sortedKeys) ? comparison.isIdentical : comparison.sizesMatch)
        }
        var encoder = PayloadEncoder()
        encoder.keyEncodingStrategy = constant
        #expect(String(decoding: try encoder.encode(Cases.TwoKeys()), as: UTF8.self) == #"{"oneTwo":"test2"}"#)
    }

    // MARK: The three differences found from outside, pinned

    @Test("a container nested in a nested container reports its whole path")
    func nestedContainerPaths() throws {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let direct = String(decoding: try encoder.encode(Cases.NestedContainers()), as: UTF8.self)
        #expect(direct.contains(#""secondPath":"a""#))
        #expect(direct.contains(#""thirdPath":"a/one""#))
        #expect(direct.contains(#""fourthPath":"a/one/deeper""#))
        #expect(direct.contains(#"["a/two","Index 1#1"]"#))
        #expect(direct.contains(#""path":"b/Index 0#0""#))
        // A value encoded through a nested container hangs off the encoder's path (Foundation's quirk).
        #expect(direct.contains(#""valuePath":"valuePath""#))
        let throughSuper = String(
            decoding: try encoder.encode(Cases.NestedContainers(throughSuperEncoder: true)), as: UTF8.self)
        #expect(throughSuper.contains(#""thirdPath":"a/a/one""#))
        #expect(throughSuper.contains(#""path":"a/b/Index 0#0""#))
        #expect(throughSuper.contains(#""valuePath":"a/valuePath""#))
    }

    @Test("a custom key strategy that joins the path sees the whole path")
    func customStrategyReadsWholePath() throws {
        struct Inner: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: TestKey.self)
                var b = container.nestedContainer(keyedBy: TestKey.self, forKey: "b")
                try b.encode(1, forKey: "c")
            }
        }
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .custom { path in
            TestKey(stringValue: path.map(\.stringValue).joined(separator: "."))
        }
        let value = Cases.Wrapper(value: Inner())
        let expected = #"{"value":{"value.b":{"value.b.c":1}}}"#
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == expected)
        #expect(try encoder.encodedSize(of: value) == expected.utf8.count)
    }

    @Test("a custom key closure is called for the innermost key first, as in Foundation")
    func customStrategyCallOrder() throws {
        struct Inner: Encodable {
            var c = 1
            var d = [2]
        }
        struct Middle: Encodable {
            var b = Inner()
            var x = 1.5
        }
        struct Outer: Encodable { var a = Middle() }
        let log = KeyConversionLog()
        var encoder = PayloadEncoder()
        encoder.keyEncodingStrategy = .custom { path in
            log.append(path)
            return path.last!
        }
        _ = try encoder.encode(Outer())
        #expect(log.take() == ["a/b/c", "a/b/d", "a/b", "a/x", "a"])
        _ = try encoder.encodedSize(of: Outer())
        #expect(log.take() == ["a/b/c", "a/b/d", "a/b", "a/x", "a"])
        // A value that throws never has its key converted.
        _ = try? encoder.encode(Cases.Wrapper(value: Cases.EncodeFailure(someValue: .nan)))
        #expect(log.take() == [])
    }

    @Test(
        "snake case keeps a combining mark with its letter",
        arguments: [
            ("aB\u{301}c", "a_b\u{301}c"), ("aBC\u{301}d", "a_b_c\u{301}d"), ("myURL", "my_url"),
            ("x\u{200D}Ay", "x\u{200D}_ay"), ("E\u{301}\u{301}Xy", "e\u{301}\u{301}_xy"),
            (
                "m\u{349}y\u{326}G\u{34D}r\u{324}eatU\u{347}R\u{359}L",
                "m\u{349}y\u{326}_g\u{34D}r\u{324}eat_u\u{347}r\u{359}l"
            ),
        ])
    func snakeCaseByCharacter(key: String, expected: String) throws {
        #expect(Array(SnakeCaseKeyConversion.convert(key).utf8) == Array(expected.utf8))
        let options = EncodingOptions().with { $0.key = .convertToSnakeCase }
        let comparison = EncodingComparison(Cases.KeyNamed(keyName: key), options: options)
        #expect(comparison.isIdentical, "\(comparison.foundation) vs \(comparison.payload)")
    }

    // MARK: Comparison

    func expectSameAsFoundation<T: Encodable>(
        _ value: T,
        formatting: JSONEncoder.OutputFormatting,
        strategy: (name: String, make: @Sendable (KeyConversionLog) -> JSONEncoder.KeyEncodingStrategy),
        date: JSONEncoder.DateEncodingStrategy = .deferredToDate,
        hashOrdered: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let log = KeyConversionLog()
        let options = EncodingOptions().with {
            $0.formatting = formatting
            $0.key = strategy.make(log)
            $0.date = date
        }
        let foundation = EncodingOutcome { Array(try options.foundation().encode(value)) }
        let foundationCalls = log.take()
        let payload = EncodingOutcome { try options.payload().encodeBytes(value) }
        let payloadCalls = log.take()
        // The plain path: the same bytes (the same size in hash order, where a fallback to
        // Foundation's tree orders members anew), and the closure called with the same paths.
        let plain = EncodingOutcome { try options.payload(path: .plain).encodeBytes(value) }
        let plainCalls = log.take()
        if formatting.contains(.sortedKeys) {
            #expect(plain == payload, "plain path: \(plain)", sourceLocation: sourceLocation)
        } else {
            #expect(plain.size == payload.size, "plain path: \(plain)", sourceLocation: sourceLocation)
        }
        let size = Result { try options.payload().encodedSize(of: value) }
        let label = "[\(strategy.name), formatting \(formatting.rawValue)]"
        if formatting.contains(.sortedKeys) {
            #expect(
                payload == foundation, "\(label)\nfoundation: \(foundation)\npayload:    \(payload)",
                sourceLocation: sourceLocation)
        } else {
            #expect(
                payload.size == foundation.size, "\(label) sizes: \(foundation) vs \(payload)",
                sourceLocation: sourceLocation)
        }
        switch (payload, size) {
        case (.bytes(let bytes), .success(let size)):
            #expect(size == bytes.count, "\(label) encodedSize", sourceLocation: sourceLocation)
        case (.failure(let message), .failure(let error)):
            #expect(
                EncodingOutcome.render(error) == message, "\(label) encodedSize error", sourceLocation: sourceLocation)
        default:
            Issue.record("\(label) encode gave \(payload), encodedSize \(size)", sourceLocation: sourceLocation)
        }
        // A value PayloadEncoder hands to Foundation's tree calls the closure in both attempts.
        let fellBack = (try? options.payload().encodeWithoutFallback(value, countingOnly: false) { _ in true }) == nil
        if !fellBack, case .bytes = payload {
            // Entries of a dictionary come in its hash order, which differs between copies of it
            // (Foundation converts the dictionary before walking it), so only the set is fixed.
            if hashOrdered {
                #expect(
                    payloadCalls.sorted() == foundationCalls.sorted(), "\(label) key conversions",
                    sourceLocation: sourceLocation)
            } else {
                #expect(payloadCalls == foundationCalls, "\(label) key conversions", sourceLocation: sourceLocation)
                #expect(
                    plainCalls == payloadCalls, "\(label) plain path key conversions", sourceLocation: sourceLocation)
            }
        }
    }
}

/// The coding paths a `.custom` key closure was called with, in order.
final class KeyConversionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    func append(_ path: [any CodingKey]) {
        lock.withLock { paths.append(PathReporter.render(path)) }
    }

    /// The paths so far, emptying the log.
    func take() -> [String] {
        lock.withLock {
            defer { paths = [] }
            return paths
        }
    }
}
