import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Seeded random ranges for every date strategy, `Float`, `Double` and `Decimal`: no allowed
/// value encodes above the bound, and every witness is allowed, decodes, and re-encodes to
/// exactly the bound, or the bound's assumptions say why not and by how much (the slack printed).
@Suite("Worst-case bounds over random ranges") struct WorstCaseRangePropertyTests {
    struct DateBox: Codable { var d: Date }
    struct FloatBox: Codable { var x: Float }
    struct DoubleBox: Codable { var x: Double }
    struct DecimalBox: Codable { var x: Decimal }

    enum Subject: String, CaseIterable, CustomTestStringConvertible {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601, float, double, decimal
        var testDescription: String { rawValue }

        var strategy: WorstCaseBound.DateEncodingStrategy {
            WorstCaseBound.DateEncodingStrategy(rawValue: rawValue) ?? .deferredToDate
        }
        var member: String { isDate ? "d" : "x" }
        var isDate: Bool { ![.float, .double, .decimal].contains(self) }

        var encoder: JSONEncoder {
            let encoder = JSONEncoder()
            switch self {
            case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
            case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
            case .iso8601: encoder.dateEncodingStrategy = .iso8601
            default: break
            }
            return encoder
        }

        /// The value in `json` decoded by the device's decoder and written by the app's
        /// encoder: the Swift writer's bytes and the Objective-C writer's.
        func written(_ json: String) throws -> (swift: Int, objc: Int) {
            let data = Data(json.utf8)
            func both<T: Codable>(_ type: T.Type, objc: (T) throws -> String) throws -> (Int, Int) {
                let value = try JSONDecoder().decode(T.self, from: data)
                return (try encoder.encode(value).count, try objc(value).utf8.count)
            }
            switch self {
            case .float: return try both(FloatBox.self) { try SeventeenDigitJSON.text($0) }
            case .double: return try both(DoubleBox.self) { try SeventeenDigitJSON.text($0) }
            case .decimal: return try both(DecimalBox.self) { try SeventeenDigitJSON.text($0) }
            case .deferredToDate: return try both(DateBox.self) { try SeventeenDigitJSON.text($0) }
            case .iso8601: return try both(DateBox.self) { String(decoding: try encoder.encode($0), as: UTF8.self) }
            case .secondsSince1970, .millisecondsSince1970:
                return try both(DateBox.self) { box in
                    let seconds = box.d.timeIntervalSince1970
                    let number = self == .secondsSince1970 ? seconds : 1000.0 * seconds
                    return #"{"d":"# + FloatingText.seventeenDigitText(number) + "}"
                }
            }
        }

        /// A random range: ends of mixed magnitudes, some a single value, some zero-wide.
        func range(_ random: inout SplitMix64) -> ClosedRange<Double> {
            let exponents: ClosedRange<Int> =
                switch self {
                case .float: -46...38
                case .decimal: -20...20
                case .iso8601: 0...10
                default: -12...15
                }
            func end() -> Double {
                let magnitude =
                    Double.random(in: 1..<10, using: &random)
                    * pow(10, Double(Int.random(in: exponents, using: &random)))
                let signed = Bool.random(using: &random) ? magnitude : -magnitude
                // The ISO 8601 writer on Linux stops at year -4712; keep above it.
                return self == .iso8601 ? max(signed, -2e11) : signed
            }
            let a = end()
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return a...a
            case 1: return 0...0
            default:
                let b = end()
                return min(a, b)...max(a, b)
            }
        }
    }

    static let rangesPerSubject = 32
    static let valuesPerRange = 8

    @Test("bounds hold and witnesses reach them", arguments: Subject.allCases)
    func boundsHoldAndWitnessesReachThem(_ subject: Subject) throws {
        var random = SplitMix64(seed: 0x39 &* UInt64(subject.rawValue.utf8.count + 1))
        var slack: [String] = []
        var checkedValues = 0
        for index in 0..<Self.rangesPerSubject {
            let range = subject.range(&random)
            let limits = ["/\(subject.member)": SizeLimit.range(range)]
            let schema: PayloadSchema =
                switch subject {
                case .float: try PayloadSchema.infer(from: FloatBox.self, limits: limits)
                case .double: try PayloadSchema.infer(from: DoubleBox.self, limits: limits)
                case .decimal: try PayloadSchema.infer(from: DecimalBox.self, limits: limits)
                default:
                    try PayloadSchema.infer(
                        from: DateBox.self, limits: limits, dateEncodingStrategy: subject.strategy)
                }
            let bound = WorstCaseBound(schema: schema)
            let label = "\(subject) range \(index) \(range)"
            guard let byteCount = bound.byteCount, let device = bound.objcFigures.byteCount else {
                // Only a range holding no value of the type has no bound here.
                #expect(bound.unbounded.isEmpty && bound.boundedRestByteCount == nil, "\(label): \(bound.unbounded)")
                continue
            }
            // Allowed values: the ends, their neighbours, zero and random values between.
            var numbers = [range.lowerBound, range.upperBound, range.lowerBound.nextUp, range.upperBound.nextDown]
            if range.contains(0) { numbers += [0, -0.0] }
            for _ in numbers.count..<Self.valuesPerRange {
                numbers.append(
                    range.lowerBound + (range.upperBound - range.lowerBound) * Double.random(in: 0...1, using: &random))
            }
            for number in numbers where range.contains(number) {
                let json = #"{"\#(subject.member)":\#(FloatingText.text(number))}"#
                guard try schema.findings(inJSON: Array(json.utf8)).filter({ $0.code == .dropped }).isEmpty else {
                    continue
                }
                let written = try subject.written(json)
                checkedValues += 1
                #expect(written.swift <= byteCount, "\(label): \(json) writes \(written.swift) > \(byteCount)")
                #expect(written.objc <= device, "\(label): \(json) writes \(written.objc) > \(device) on the device")
            }
            for (witness, expected, writer) in [
                (bound.witnessJSON, byteCount, 0), (bound.objcFigures.witnessJSON, device, 1),
            ] {
                let text = try #require(witness, "\(label): no witness")
                let refused = try schema.findings(inJSON: Array(text.utf8)).filter { $0.code == .dropped }
                #expect(refused.isEmpty, "\(label): witness \(text) refused: \(refused.map(\.description))")
                let written = try subject.written(text)
                let reached = writer == 0 ? written.swift : written.objc
                #expect(reached <= expected, "\(label): witness \(text) writes \(reached) > \(expected)")
                if reached < expected {
                    // Slack is allowed only where the bound says why.
                    let why = bound.assumptions.first { $0.contains("the witness reaches") }
                    #expect(
                        why != nil, "\(label): witness \(text) writes \(reached), bound \(expected), no reason given")
                    slack.append(
                        "\(label) \(writer == 0 ? "swift" : "objc"): \(expected - reached) bytes: \(why ?? "")")
                }
            }
        }
        print(
            "\(subject): \(Self.rangesPerSubject) ranges, \(checkedValues) values, \(slack.count) witnesses with slack")
        for line in slack { print("  slack: \(line)") }
        #expect(checkedValues >= Self.rangesPerSubject * 3)
    }
}
