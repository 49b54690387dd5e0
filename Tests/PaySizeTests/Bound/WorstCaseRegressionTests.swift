import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// One test per finding of the worst-case review: each type below is app-shaped and each figure
/// is what `JSONEncoder` writes for the witness, decoded and encoded again.
@Suite("Worst-case bounds on types no one here wrote") struct WorstCaseRegressionTests {
    struct Departure: Codable { var leaves: Date }
    struct Gauge: Codable { var level: Double }
    struct Sensor: Codable { var reading: Float }
    struct Courier: Codable {
        struct Vehicle: Codable { var seats: UInt8? }
        var vehicle: Vehicle?
        var note: Bool?
    }
    struct Tags: Codable { var tags: Set<String> }
    enum Stage: Codable {
        case waiting
        case boarding(gate: String)
    }
    struct Boarding: Codable { var stage: Stage }
    struct Comment: Codable {
        var text: String
        var replies: [Comment]
    }

    /// A parcel tracker's state: statuses a newer server may add decode as `.unknown`.
    struct Parcel: Codable {
        enum Status: String, Codable, CaseIterable {
            case received
            case inTransit = "in_transit"
            case outForDelivery = "out_for_delivery"
            case delivered
            case unknown

            init(from decoder: any Decoder) throws {
                let rawValue = try decoder.singleValueContainer().decode(String.self)
                self = Self(rawValue: rawValue) ?? .unknown
            }
        }
        /// The same pattern without `CaseIterable`: its cases are still listed.
        enum Priority: Int, Codable {
            case low = 1
            case high = 10
            case other = -1

            init(from decoder: any Decoder) throws {
                self = Self(rawValue: try decoder.singleValueContainer().decode(Int.self)) ?? .other
            }
        }
        var status: Status
        var previous: Status?
        var seen: Set<Status>
        var priority: Priority
    }

    /// A fallback enum only decoded (a server never writes it): nothing bounds what it is sent.
    struct Reading: Decodable {
        enum Mode: String, Decodable, CaseIterable {
            case eco, boost, unknown
            init(from decoder: any Decoder) throws {
                self = Self(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
            }
        }
        var mode: Mode
    }

    static func reencoded<T: Codable>(
        _ type: T.Type, _ json: String, dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = dates
        let value = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an .iso8601 Date without a range is bounded by the longest text Foundation writes")
    func iso8601WithoutRange() throws {
        // {"leaves":300000000000} is allowed and writes year 11507: 22 bytes of date would be unsound.
        #expect(try Self.reencoded(Departure.self, #"{"leaves":300000000000}"#, dates: .iso8601).utf8.count == 34)
        // Foundation writes no date past 506713-02-07T00:00:00Z: the largest Double is written as it.
        let bound = try WorstCaseBound(of: Departure.self, dateEncodingStrategy: .iso8601)
        #expect(bound.unbounded.isEmpty)
        #expect(bound.byteCount == 35)
        #expect(bound.witnessJSON == #"{"leaves":1.7976931348623157e+308}"#)
        #expect(
            try Self.reencoded(Departure.self, bound.witnessJSON ?? "", dates: .iso8601)
                == #"{"leaves":"506713-02-07T00:00:00Z"}"#)
        // With a range reaching year 11507 the bound is that year's text, and the witness reaches it.
        let ranged = try WorstCaseBound(
            of: Departure.self, limits: ["/leaves": .range(0...300_000_000_000)], dateEncodingStrategy: .iso8601)
        #expect(ranged.byteCount == 34)
        #expect(ranged.witnessJSON == #"{"leaves":300000000000}"#)
        #expect(try Self.reencoded(Departure.self, ranged.witnessJSON ?? "", dates: .iso8601).utf8.count == 34)
    }

    /// Ranges whose ends straddle each place the text of `.iso8601` changes length: year 0
    /// (the Julian 0000-01-01, as Foundation's calendar is Julian before 1582), years 10000 and
    /// 100000, and the first and last dates Foundation writes; each with the bound and what
    /// `JSONEncoder` writes for its witness.
    static let iso8601Ranges: [(ClosedRange<Double>, Int, String)] = [
        (-63_145_699_200...0, 33, #"{"leaves":"0000-01-01T00:00:00Z"}"#),
        ((-63_145_699_200.0).nextDown...0, 34, #"{"leaves":"-0001-12-31T23:59:59Z"}"#),
        (0...252_423_993_599.99997, 33, #"{"leaves":"2001-01-01T00:00:00Z"}"#),
        (0...252_423_993_600, 34, #"{"leaves":"10000-01-01T00:00:00Z"}"#),
        (0...3_092_549_673_599.9995, 34, #"{"leaves":"99999-12-31T23:59:59Z"}"#),
        (0...3_092_549_673_600, 35, #"{"leaves":"100000-01-01T00:00:00Z"}"#),
        (-1e300...0, 34, #"{"leaves":"-4712-01-01T12:00:00Z"}"#),
        (-211_845_067_199...0, 34, #"{"leaves":"-4712-01-01T12:00:01Z"}"#),
        (1e15...1e300, 35, #"{"leaves":"506713-02-07T00:00:00Z"}"#),
    ]

    @Test("an .iso8601 bound is exact for any range, against Foundation's text", arguments: iso8601Ranges.indices)
    func iso8601ExactForAnyRange(_ index: Int) throws {
        let (range, byteCount, written) = Self.iso8601Ranges[index]
        let schema = try PayloadSchema.infer(
            from: Departure.self, limits: ["/leaves": .range(range)], dateEncodingStrategy: .iso8601)
        let bound = WorstCaseBound(schema: schema)
        #expect(bound.byteCount == byteCount)
        #expect(bound.deviceByteCount == byteCount)
        let witness = try #require(bound.witnessJSON)
        #expect(try schema.findings(inJSON: Array(witness.utf8)).filter { $0.code == .dropped }.isEmpty)
        #expect(try Self.reencoded(Departure.self, witness, dates: .iso8601) == written)
        // Both ends, their neighbours and zero write no more than the bound.
        for seconds in [range.lowerBound, range.upperBound, range.lowerBound.nextUp, range.upperBound.nextDown, 0]
        where range.contains(seconds) {
            let json = #"{"leaves":\#(FloatingText.text(seconds))}"#
            #expect(try Self.reencoded(Departure.self, json, dates: .iso8601).utf8.count <= byteCount, "\(json)")
        }
    }

    @Test("negative zero in a range of zero counts as -0") func negativeZero() throws {
        let bound = try WorstCaseBound(of: Gauge.self, limits: ["/level": .range(0...0)])
        #expect(try Self.reencoded(Gauge.self, #"{"level":-0}"#) == #"{"level":-0}"#)
        #expect(bound.byteCount == 12)
        #expect(bound.deviceByteCount == 12)
        #expect(bound.witnessJSON == #"{"level":-0}"#)
        let float = try WorstCaseBound(of: Sensor.self, limits: ["/reading": .range(-1e-50...1e-50)])
        #expect(float.byteCount == 14)
        #expect(try Self.reencoded(Sensor.self, float.witnessJSON ?? "") == #"{"reading":-0}"#)
    }

    /// A `level` between `ends` (the schema's keywords for it, written out).
    static func gaugeBound(_ ends: String) throws -> (PayloadSchema, WorstCaseBound) {
        let schema = try PayloadSchema(
            jsonBytes: Array(
                #"{"type":"object","properties":{"level":{"type":"number",\#(ends)}},"required":["level"]}"#.utf8))
        return (schema, WorstCaseBound(schema: schema))
    }

    /// Numbers just inside an exclusive end decode to the Double nearest the end, which may be the
    /// end itself or lie outside it; before, such ranges were called empty.
    @Test(
        "an exclusive end reaches the Double nearest it",
        arguments: [
            // Every allowed number decodes to 1.0.
            (#""exclusiveMinimum":1,"exclusiveMaximum":1.0000000000000001"#, #"{"level":1}"#, 11, 11),
            // ...to 0.29999999999999998889…, below the end: 0.3 to Swift, 17 digits to Objective-C.
            (#""exclusiveMinimum":0.3,"maximum":0.30000000000000001"#, #"{"level":0.3}"#, 13, 29),
            (#""minimum":-0.30000000000000001,"exclusiveMaximum":-0.3"#, #"{"level":-0.3}"#, 14, 30),
            (#""exclusiveMinimum":0.5,"exclusiveMaximum":0.50000000000000001"#, #"{"level":0.5}"#, 13, 13),
        ])
    func exclusiveEndReachesItsNearestDouble(_ example: (String, String, Int, Int)) throws {
        let (ends, written, swiftBytes, deviceBytes) = example
        let (schema, bound) = try Self.gaugeBound(ends)
        #expect(bound.byteCount == swiftBytes, "\(ends)")
        #expect(bound.deviceByteCount == deviceBytes, "\(ends)")
        let witness = try #require(bound.witnessJSON, "\(ends)")
        #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty, "\(ends): \(witness)")
        #expect(try Self.reencoded(Gauge.self, witness) == written, "\(ends): \(witness)")
    }

    /// Ends beside a `$ref` are merged into the referenced schema as the exact decimals: as
    /// nearest Doubles, `maximum` 0.30000000000000001 became 0.3 and the range below looked empty.
    @Test("ends beside a $ref keep their exact decimals") func endsBesideAReference() throws {
        let schema = try PayloadSchema(
            jsonBytes: Array(
                ##"{"$defs":{"n":{"type":"number"}},"type":"object","properties":{"level":{"$ref":"#/$defs/n","exclusiveMinimum":0.3,"maximum":0.30000000000000001}},"required":["level"]}"##
                    .utf8))
        let bound = WorstCaseBound(schema: schema)
        #expect(bound.byteCount == 13)
        #expect(bound.deviceByteCount == 29)
        let witness = try #require(bound.witnessJSON)
        #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty, "\(witness)")
        #expect(try Self.reencoded(Gauge.self, witness) == #"{"level":0.3}"#)
    }

    /// Both sides of a `$ref` apply, so the tighter exclusive end of the two bounds the range,
    /// whichever side sets it: the bound is the bound of the two schemas written as one.
    @Test("the tighter exclusive end of a $ref and its sibling applies") func tighterExclusiveEnd() throws {
        let inline = WorstCaseBound(
            schema: try PayloadSchema(
                jsonBytes: Array(
                    #"{"type":"object","properties":{"level":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}},"required":["level"]}"#
                        .utf8)))
        for (target, sibling) in [
            (#""exclusiveMinimum":0,"exclusiveMaximum":1"#, #""exclusiveMinimum":-1000,"exclusiveMaximum":1000"#),
            (#""exclusiveMinimum":-1000,"exclusiveMaximum":1000"#, #""exclusiveMinimum":0,"exclusiveMaximum":1"#),
        ] {
            let schema = try PayloadSchema(
                jsonBytes: Array(
                    ##"{"$defs":{"n":{"type":"number",\##(target)}},"type":"object","properties":{"level":{"$ref":"#/$defs/n",\##(sibling)}},"required":["level"]}"##
                        .utf8))
            let bound = WorstCaseBound(schema: schema)
            #expect(bound.byteCount == inline.byteCount, "\(target) | \(sibling)")
            #expect(bound.deviceByteCount == inline.deviceByteCount, "\(target) | \(sibling)")
            let witness = try #require(bound.witnessJSON)
            #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty, "\(target) | \(sibling): \(witness)")
        }
    }

    /// An integer range is rounded from the exact ends: as nearest Doubles, 100000000000000000.5
    /// became 10^17 and the range lost 10^17 itself, a byte longer than any integer left in it.
    @Test("integer ranges round the exact decimal ends") func integerRangeFromExactEnds() throws {
        for (ends, inclusive, extreme) in [
            (
                #""minimum":0,"exclusiveMaximum":100000000000000000.5"#, #""minimum":0,"maximum":100000000000000000"#,
                "100000000000000000"
            ),
            (
                #""exclusiveMinimum":-100000000000000000.5,"maximum":0"#, #""minimum":-100000000000000000,"maximum":0"#,
                "-100000000000000000"
            ),
            (
                #""minimum":0.5,"maximum":99999999999999999.5"#, #""minimum":1,"maximum":99999999999999999"#,
                "99999999999999999"
            ),
        ] {
            func bound(_ keywords: String) throws -> WorstCaseBound {
                WorstCaseBound(
                    schema: try PayloadSchema(
                        jsonBytes: Array(
                            #"{"type":"object","properties":{"count":{"type":"integer",\#(keywords)}},"required":["count"]}"#
                                .utf8)))
            }
            let exact = try bound(ends)
            #expect(exact.byteCount == (try bound(inclusive)).byteCount, "\(ends)")
            #expect(exact.witnessJSON == #"{"count":\#(extreme)}"#, "\(ends)")
        }
    }

    @Test("a range that holds no number is still empty") func emptyExclusiveRanges() throws {
        for ends in [
            #""exclusiveMinimum":0.5,"maximum":0.5"#, #""minimum":0.5,"exclusiveMaximum":0.5"#,
            #""exclusiveMinimum":2,"exclusiveMaximum":1"#, #""exclusiveMinimum":0,"maximum":1e-400"#,
        ] {
            let (_, bound) = try Self.gaugeBound(ends)
            #expect(bound.witnessJSON == nil, "\(ends)")
            #expect(
                bound.assumptions.contains("no number lies in the range at /level, so no value is allowed there"),
                "\(ends): \(bound.assumptions)")
        }
    }

    @Test("the Double above an exclusive end, ties included") func doubleAboveAnEnd() throws {
        func above(_ text: String) -> Double { WorstCaseAnalysis.double(above: JSONDecimal(text)!) }
        // 1 + 2^-53 lies halfway between 1 and 1 + 2^-52 and rounds to 1 (even): above it, the next.
        let halfway = "1.00000000000000011102230246251565404236316680908203125"
        #expect(Double(halfway) == 1)
        #expect(above(halfway) == 1.0000000000000002)
        #expect(above("1.00000000000000011102230246251565404236316680908203124") == 1)
        #expect(above("1.00000000000000011102230246251565404236316680908203126") == 1.0000000000000002)
        // Mirrored: below -(1 + 2^-53) numbers round to -(1 + 2^-52); above it, to -1.
        #expect(above("-" + halfway) == -1)
        #expect(above("-1.00000000000000011102230246251565404236316680908203126") == -1.0000000000000002)
        // An end that is a Double is reached; zero never is from a nonnegative end.
        #expect(above("0.5") == 0.5)
        #expect(above("0") == .leastNonzeroMagnitude)
        #expect(above("1e-400") == .leastNonzeroMagnitude)
        #expect(above("-1e-400") == 0)
        #expect(above("1e400") == .infinity)
        #expect(above("-1e400") == -.greatestFiniteMagnitude)
    }

    @Test(
        "Date witnesses are seconds since 2001, allowed, and re-encode to the bound",
        arguments: [WorstCaseBound.DateEncodingStrategy.secondsSince1970, .millisecondsSince1970, .iso8601])
    func dateWitnessesInTheSchemasEpoch(_ strategy: WorstCaseBound.DateEncodingStrategy) throws {
        let schema = try PayloadSchema.infer(
            from: Departure.self, limits: ["/leaves": .range(700_000_000...700_000_100)],
            dateEncodingStrategy: strategy)
        let bound = WorstCaseBound(schema: schema)
        let witness = try #require(bound.witnessJSON)
        #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty)
        let dates: JSONEncoder.DateEncodingStrategy =
            switch strategy {
            case .secondsSince1970: .secondsSince1970
            case .millisecondsSince1970: .millisecondsSince1970
            default: .iso8601
            }
        #expect(try Self.reencoded(Departure.self, witness, dates: dates).utf8.count == bound.byteCount)
        #expect(bound.byteCount == (strategy == .iso8601 ? 33 : 29))
    }

    @Test("a nil optional counts as left out") func nilOptionalIsLeftOut() throws {
        // Vehicle's worst is {"seats":255}; note's is false: both present, nothing counted as null.
        let bound = try WorstCaseBound(of: Courier.self)
        #expect(bound.byteCount == 38)
        #expect(bound.witnessJSON == #"{"vehicle":{"seats":255},"note":false}"#)
        let empty = try WorstCaseBound(
            of: Courier.self, limits: ["/vehicle/seats": .range(0...0)])
        // seats allows only 0, "0" is 1 byte: still present rather than null (4 bytes, left out).
        #expect(empty.witnessJSON == #"{"vehicle":{"seats":0},"note":false}"#)
        #expect(try Self.reencoded(Courier.self, empty.witnessJSON ?? "").utf8.count == empty.byteCount)
    }

    @Test("a Set counts distinct items, and its witness keeps them") func setIsDistinct() throws {
        let bound = try WorstCaseBound(of: Tags.self, limits: ["/tags": .maxItems(5), "/tags/*": .maxLength(3)])
        let witness = try #require(bound.witnessJSON)
        #expect(try Self.reencoded(Tags.self, witness).utf8.count == bound.byteCount)
        #expect(try JSONDecoder().decode(Tags.self, from: Data(witness.utf8)).tags.count == 5)
    }

    @Test("a Float range holding no Float but zero allows no value") func floatRangeWithNoFloat() throws {
        let bound = try WorstCaseBound(of: Sensor.self, limits: ["/reading": .range(1e-50...1e-46)])
        #expect(bound.byteCount == nil)
        #expect(bound.unbounded.isEmpty)
        #expect(bound.boundedRestByteCount == nil)
        #expect(
            bound.assumptions.contains(
                "no Float lies in the range at /reading: every number in it rounds to zero, which only 0 itself may, so no value is allowed there"
            ))
    }

    @Test("an enum with associated values is bounded from its cases") func associatedValueEnum() throws {
        let bound = try WorstCaseBound(of: Boarding.self, limits: ["/stage/boarding/gate": .maxLength(4)])
        #expect(bound.unbounded.isEmpty)
        let witness = try #require(bound.witnessJSON)
        #expect(try Self.reencoded(Boarding.self, witness).utf8.count == bound.byteCount)
        #expect(
            try Self.reencoded(Boarding.self, #"{"stage":{"waiting":{"extra":[1,2,3]}}}"#)
                == #"{"stage":{"waiting":{}}}"#)
    }

    @Test("an enum that decodes unknown raw values to a fallback is bounded by its longest case")
    func fallbackEnumIsBoundedByItsLongestCase() throws {
        let schema = try PayloadSchema.infer(from: Parcel.self, limits: ["/seen": .maxItems(8)])
        // Any string still decodes, so the schema allows any; it records what each case writes.
        let status = try #require(schema.document["properties"]?["status"])
        #expect(status["type"]?.stringValue == "string")
        #expect(status["maxLength"] == nil)
        #expect(
            status["x-paysize-written-as"]?.elements?.compactMap(\.stringValue) == [
                "received", "in_transit", "out_for_delivery", "delivered", "unknown",
            ])
        #expect(
            schema.document["properties"]?["priority"]?["x-paysize-written-as"]?.elements?.compactMap(\.numberText)
                == ["1", "10", "-1"])
        let sent = #"{"status":"returned_to_sender_after_three_attempts","seen":["lost","found"],"priority":99999}"#
        #expect(try schema.findings(inJSON: Array(sent.utf8)).isEmpty)
        let decoded = try JSONDecoder().decode(Parcel.self, from: Data(sent.utf8))
        #expect(decoded.status == .unknown && decoded.seen == [.unknown] && decoded.priority == .other)
        #expect(try Self.reencoded(Parcel.self, sent).utf8.count == 53)

        let bound = WorstCaseBound(schema: schema)
        #expect(bound.unbounded.isEmpty)
        #expect(bound.byteCount == 147)
        #expect(bound.printableByteCount == 147)
        #expect(bound.deviceByteCount == 147)
        let witness = try #require(bound.witnessJSON)
        #expect(
            witness
                == #"{"status":"out_for_delivery","previous":"out_for_delivery","seen":["out_for_delivery","in_transit","delivered","received","unknown"],"priority":10}"#
        )
        #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty)
        #expect(try Self.reencoded(Parcel.self, witness).utf8.count == 147)
        // The helpers' figure is the library's.
        #expect(try WorstCaseBound(of: Parcel.self, limits: ["/seen": .maxItems(8)]).byteCount == 147)
    }

    @Test("a fallback enum that is never encoded is named, and bounded only by maxLength")
    func decodeOnlyFallbackEnumIsNamed() throws {
        let schema = PayloadSchema.infer(from: Reading.self)
        #expect(
            schema.document["properties"]?["mode"]?["x-paysize-note"]?.stringValue
                == "'WorstCaseRegressionTests.Reading.Mode' decodes a value it does not list to a fallback case, so any value of its raw type is allowed here; it is not Encodable, so its size is the value sent: make it Encodable to bound it by its longest case"
        )
        let bound = WorstCaseBound(schema: schema)
        #expect(bound.unbounded.map(\.fix) == ["add maxLength to /mode"])
        // The bound names it too, where it asks for the limit.
        #expect(
            bound.unbounded.map(\.why) == [
                "a string without maxLength ('WorstCaseRegressionTests.Reading.Mode' decodes a value it does not list to a fallback case, so any value of its raw type is allowed here; it is not Encodable, so its size is the value sent: make it Encodable to bound it by its longest case)"
            ])
    }

    @Test("recursion is named, and maxDepth makes it converge") func recursionConverges() throws {
        let open = try WorstCaseBound(of: Comment.self, limits: ["/text": .maxLength(10), "/replies": .maxItems(2)])
        #expect(
            open.unbounded.map { "\($0.path.boundText): \($0.why); \($0.fix)" } == [
                "/replies/*: 'Comment' contains itself at /replies/*, so values nest without end; limit the depth with .maxDepth at /replies/* (a SizeLimit), or unroll the schema there to a fixed depth"
            ])
        let bound = try WorstCaseBound(
            of: Comment.self,
            limits: [
                "/text": .maxLength(10), "/replies": .maxItems(2), "/replies/*/text": .maxLength(10),
                "/replies/*/replies": .maxItems(2), "/replies/*": .maxDepth(2),
            ])
        #expect(bound.unbounded.isEmpty)
        let witness = try #require(bound.witnessJSON)
        #expect(try Self.reencoded(Comment.self, witness).utf8.count == bound.byteCount)
    }

    @Test("SizeLimit's minimum lengths and exclusive ranges land in the schema") func newLimits() throws {
        struct Form: Codable {
            var code: String
            var lines: [String]
            var ratio: Double
        }
        let bound = try WorstCaseBound(
            of: Form.self,
            limits: [
                "/code": .length(2...4), "/lines": .items(1...2), "/lines/*": .length(0...1),
                "/ratio": .exclusiveRange(lower: 0, upper: 1),
            ])
        let schema = try PayloadSchema.infer(
            from: Form.self, limits: ["/code": .length(2...4), "/lines": .items(1...2), "/lines/*": .length(0...1)])
        #expect(schema.document["properties"]?["code"]?["minLength"]?.doubleValue == 2)
        #expect(schema.document["properties"]?["lines"]?["minItems"]?.doubleValue == 1)
        let witness = try #require(bound.witnessJSON)
        #expect(try schema.findings(inJSON: Array(witness.utf8)).isEmpty)
        #expect(try Self.reencoded(Form.self, witness).utf8.count == bound.byteCount)
    }

    @Test("the public library gives headroom, breakdown and validation") func publicSurface() throws {
        struct Order: Codable { var items: [UInt8] }
        let bound = try WorstCaseBound(of: Order.self, limits: ["/items": .maxItems(3)])
        #expect(bound.arrays == [.init(path: JSONPointer("items"), maxItems: 3, worstBytesPerItem: 4)])
        #expect(bound.moreItemsFit(bound.arrays[0], within: 30) == 1)
        #expect(bound.breakdown.map(\.label) == ["/items/*", "(keys and punctuation)"])
        #expect(bound.breakdown.reduce(0) { $0 + $1.byteCount } == bound.deviceByteCount)
        let schema = try PayloadSchema.infer(from: Order.self, limits: ["/items": .maxItems(3)])
        #expect(try schema.validate(Order(items: [1, 2])).isEmpty)
        #expect(
            try schema.validate(Order(items: [1, 2, 3, 4])).map(\.description) == [
                "/items: dropped: array has 4 items, more than 3; fix: send at most 3 items"
            ])
    }

    @Test("the date strategy travels in the schema") func dateStrategyTravels() throws {
        let schema = try PayloadSchema.infer(
            from: Departure.self, limits: ["/leaves": .range(0...1e9)], dateEncodingStrategy: .iso8601)
        #expect(schema.document["x-paysize-date-encoding"]?.stringValue == "iso8601")
        #expect(WorstCaseBound(schema: schema).dateEncodingStrategy == .iso8601)
        #expect(WorstCaseBound(schema: schema).byteCount == 33)
        #expect(WorstCaseBound(schema: schema, dateEncodingStrategy: .deferredToDate).byteCount == 34)
        // Read back from its own bytes, as paysize bound reads it.
        let reread = try PayloadSchema(jsonBytes: Array(schema.jsonData()))
        #expect(WorstCaseBound(schema: reread).byteCount == 33)
    }
}
