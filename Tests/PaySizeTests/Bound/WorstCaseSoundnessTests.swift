import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Soundness by search and tightness by witness, for twenty app-shaped types with limits: no
/// allowed value encodes larger than the bound, and the witness reaches it exactly.
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
}
