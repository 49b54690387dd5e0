import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Soundness by search and tightness by witness, for twenty app-shaped types with limits: no
/// allowed value encodes larger than the bound, and the witness reaches it exactly; the same
/// for the device's 17-digit figure, each value written by ``SeventeenDigitJSON``.
@Suite("Worst-case bounds against random values") struct WorstCaseSoundnessTests {
    static let types: [any BoundSample.Type] = [
        DeliveryBound.self, RideBound.self, SportsBound.self, TimerBound.self, FlightBound.self, OrderBound.self,
        WorkoutBound.self, ParkingBound.self, ChargingBound.self, FoodOrderBound.self, AuctionBound.self,
        TransitBound.self, WeatherAlertBound.self, MatchScoresBound.self, GameTimelineBound.self, DownloadBound.self,
        RecipeBound.self, PollBound.self, ShipmentBound.self, StockTickerBound.self, NestedOptionalBound.self,
        CheckoutBound.self, ExchangeRatesBound.self,
    ]
    /// Random values per type; a quarter more are adversarial (every limit reached).
    static let randomCount = 480
    static let adversarialCount = 120

    @Test("no allowed value encodes larger", arguments: 0..<types.count)
    func noAllowedValueEncodesLarger(_ position: Int) throws {
        try Self.checkSoundness(Self.types[position])
    }

    @Test("witness reaches the bound", arguments: 0..<types.count)
    func witnessReachesTheBound(_ position: Int) throws {
        try Self.checkTightness(Self.types[position])
    }

    @Test("no allowed value writes larger with 17-digit numbers", arguments: 0..<types.count)
    func noAllowedValueWritesLargerWithSeventeenDigits(_ position: Int) throws {
        try Self.checkSeventeenDigitSoundness(Self.types[position])
    }

    @Test("the 17-digit witness reaches the 17-digit bound", arguments: 0..<types.count)
    func seventeenDigitWitnessReachesTheBound(_ position: Int) throws {
        try Self.checkSeventeenDigitTightness(Self.types[position])
    }

    @Test("search covers ten thousand values") func searchCoversTenThousandValues() {
        #expect(Self.types.count >= 20)
        #expect(Self.types.count * (Self.randomCount + Self.adversarialCount) >= 10_000)
    }

    static func checkSoundness<T: BoundSample>(_ type: T.Type) throws {
        let schema = try PayloadSchema.infer(from: T.self, limits: T.limits)
        let bound = WorstCaseBound(schema: schema)
        let byteCount = try #require(bound.byteCount, "\(T.self) unbounded: \(bound.unbounded)")
        let printableByteCount = try #require(bound.printableByteCount)
        let encoder = JSONEncoder()
        var refused: [Int] = []
        var over: [String] = []
        for index in 0..<(randomCount + adversarialCount) {
            var generator = BoundValueGenerator(
                random: SplitMix64(seed: UInt64(index) &* 0x9E37_79B9 &+ UInt64(String(describing: T.self).utf8.count)),
                adversarial: index >= randomCount)
            let value = T.random(&generator)
            let data = try encoder.encode(value)
            let element = try JSONScanner.scan(Array(data))
            // A URL is sent as the string it was made from; what JSONEncoder writes is its
            // percent-encoded absoluteString, which may pass maxLength.
            if T.sendsEncodedForm, !schema.isValid(element) { refused.append(index) }
            if data.count > byteCount {
                over.append("value \(index): \(data.count) bytes: \(String(decoding: data, as: UTF8.self))")
            }
            let hasControl =
                String(decoding: data, as: UTF8.self).contains("\\u00")
                || String(decoding: data, as: UTF8.self).unicodeScalars.contains {
                    $0.properties.generalCategory == .control
                }
            if !hasControl {
                #expect(
                    data.count <= printableByteCount, "\(T.self) printable value \(index) over \(printableByteCount)")
            }
        }
    }

    static func checkTightness<T: BoundSample>(_ type: T.Type) throws {
        let schema = try PayloadSchema.infer(from: T.self, limits: T.limits)
        let bound = WorstCaseBound(schema: schema)
        for (witness, expected) in [
            (bound.witnessJSON, bound.byteCount), (bound.printableWitnessJSON, bound.printableByteCount),
        ] {
            let text = try #require(witness)
            let element = try JSONScanner.scan(Array(text.utf8))
            let findings = schema.findings(in: element).filter { $0.code == .dropped }.map(\.description)
            #expect(findings.isEmpty, "\(T.self) witness refused by its schema: \(findings)")
            let decoded = try JSONDecoder().decode(T.self, from: Data(text.utf8))
            let encoded = try JSONEncoder().encode(decoded)
            if let reason = T.slackReason {
                #expect(encoded.count <= expected ?? -1, "\(T.self): \(reason)")
                continue
            }
            #expect(
                encoded.count == expected,
                "\(T.self): the witness re-encodes to \(encoded.count), bound \(expected ?? -1)")
        }
    }

    static func checkSeventeenDigitSoundness<T: BoundSample>(_ type: T.Type) throws {
        let bound = WorstCaseBound(schema: try PayloadSchema.infer(from: T.self, limits: T.limits))
        let byteCount = try #require(bound.objcFigures.byteCount, "\(T.self) unbounded: \(bound.unbounded)")
        let printableByteCount = try #require(bound.objcFigures.printableByteCount)
        #expect(bound.deviceByteCount == max(byteCount, bound.byteCount ?? 0))
        for index in 0..<(randomCount + adversarialCount) {
            var generator = BoundValueGenerator(
                random: SplitMix64(seed: UInt64(index) &* 0x9E37_79B9 &+ UInt64(String(describing: T.self).utf8.count)),
                adversarial: index >= randomCount)
            let text = try SeventeenDigitJSON.text(T.random(&generator))
            #expect(text.utf8.count <= byteCount, "\(T.self) value \(index): \(text.utf8.count) bytes: \(text)")
            let hasControl =
                text.contains("\\u00") || text.unicodeScalars.contains { $0.properties.generalCategory == .control }
            if !hasControl {
                #expect(
                    text.utf8.count <= printableByteCount,
                    "\(T.self) printable value \(index) over \(printableByteCount)")
            }
        }
    }

    static func checkSeventeenDigitTightness<T: BoundSample>(_ type: T.Type) throws {
        let schema = try PayloadSchema.infer(from: T.self, limits: T.limits)
        let bound = WorstCaseBound(schema: schema)
        for (witness, expected) in [
            (bound.objcFigures.witnessJSON, bound.objcFigures.byteCount),
            (bound.objcFigures.printableWitnessJSON, bound.objcFigures.printableByteCount),
        ] {
            let text = try #require(witness)
            let findings = schema.findings(in: try JSONScanner.scan(Array(text.utf8))).filter { $0.code == .dropped }
            #expect(findings.isEmpty, "\(T.self) witness refused by its schema: \(findings.map(\.description))")
            let written = try SeventeenDigitJSON.text(try JSONDecoder().decode(T.self, from: Data(text.utf8)))
            if let reason = T.slackReason {
                #expect(written.utf8.count <= expected ?? -1, "\(T.self): \(reason)")
                continue
            }
            #expect(
                written.utf8.count == expected,
                "\(T.self): the witness writes \(written.utf8.count) bytes, bound \(expected ?? -1)")
        }
    }
}
