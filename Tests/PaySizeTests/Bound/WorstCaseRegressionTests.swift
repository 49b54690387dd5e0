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

    static func reencoded<T: Codable>(
        _ type: T.Type, _ json: String, dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = dates
        let value = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("an .iso8601 Date without a range is unbounded, with a fix") func iso8601WithoutRange() throws {
        // {"leaves":300000000000} is allowed and writes year 11507: 22 bytes of date would be unsound.
        #expect(try Self.reencoded(Departure.self, #"{"leaves":300000000000}"#, dates: .iso8601).utf8.count == 34)
        let bound = try WorstCaseBound(of: Departure.self, dateEncodingStrategy: .iso8601)
        #expect(bound.byteCount == nil)
        #expect(bound.unbounded.map(\.path.boundText) == ["/leaves"])
        #expect(
            bound.unbounded.first?.fix
                == "add minimum and maximum to /leaves (seconds since 2001; years 1 to 9999 are -63114076800 to 252423993599)"
        )
        // With a range reaching year 11507 the bound is that year's text, and the witness reaches it.
        let ranged = try WorstCaseBound(
            of: Departure.self, limits: ["/leaves": .range(0...300_000_000_000)], dateEncodingStrategy: .iso8601)
        #expect(ranged.byteCount == 34)
        #expect(ranged.witnessJSON == #"{"leaves":300000000000}"#)
        #expect(try Self.reencoded(Departure.self, ranged.witnessJSON ?? "", dates: .iso8601).utf8.count == 34)
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
