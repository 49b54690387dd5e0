import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// `ContentStateRoundTrip` with a `PayloadEncoder` as the server's encoder, and with states that
/// are only `Codable`: what the device decodes is written again and compared with what was sent.
@Suite("Content-state round trip: PayloadEncoder and Codable-only states")
struct RoundTripCodableTests: ContractFixtureNames {
    typealias Support = ContractTestSupport

    @Test("a default PayloadEncoder round-trips every example state and sends its own bytes")
    func payloadEncoderIsFaithful() throws {
        #expect(ContentStateRoundTrip.check(Support.delivery, encoder: PayloadEncoder()).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.sports, encoder: PayloadEncoder()).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.ride, encoder: PayloadEncoder()).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.timer, encoder: PayloadEncoder()).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.flight, encoder: PayloadEncoder()).isFaithful)

        var sorted = PayloadEncoder()
        sorted.outputFormatting = [.sortedKeys]
        let result = ContentStateRoundTrip.check(Support.delivery, encoder: sorted, timestamp: 1_764_504_000)
        #expect(
            String(decoding: result.payload, as: UTF8.self)
                == #"{"aps":{"timestamp":1764504000,"event":"update","content-state":{"courierName":"Ana","etaDate":786197700,"status":"onTheWay","stopsAway":2}}}"#
        )
    }

    /// A server encoder's non-default strategy, set alike on a `JSONEncoder` and a `PayloadEncoder`.
    enum Strategy: String, CaseIterable, Sendable {
        case secondsSince1970, millisecondsSince1970, iso8601, convertToSnakeCase, deferredToData

        var jsonEncoder: JSONEncoder {
            let encoder = JSONEncoder()
            switch self {
            case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
            case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
            case .iso8601: encoder.dateEncodingStrategy = .iso8601
            case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
            case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
            }
            return encoder
        }

        var payloadEncoder: PayloadEncoder {
            let json = jsonEncoder
            var encoder = PayloadEncoder()
            encoder.dateEncodingStrategy = json.dateEncodingStrategy
            encoder.keyEncodingStrategy = json.keyEncodingStrategy
            encoder.dataEncodingStrategy = json.dataEncodingStrategy
            return encoder
        }
    }

    @Test("a PayloadEncoder finds what a JSONEncoder with the same strategy finds", arguments: Strategy.allCases)
    func sameAsJSONEncoder(_ strategy: Strategy) {
        func compare<State: Codable>(_ state: State) {
            let json = ContentStateRoundTrip.check(state, encoder: strategy.jsonEncoder)
            let payload = ContentStateRoundTrip.check(state, encoder: strategy.payloadEncoder)
            #expect(payload.path == json.path)
            #expect(payload.message == json.message)
            #expect(payload.isDecodingFailure == json.isDecodingFailure)
        }
        compare(Support.delivery)
        compare(Support.sports)
        compare(Support.ride)
        compare(Support.timer)
        compare(Support.flight)
        // Every example state has a Date and a camelCase key; only the ride has Data.
        #expect(!ContentStateRoundTrip.check(Support.ride, encoder: strategy.payloadEncoder).isFaithful)
    }

    @Test("PayloadEncoder that cannot encode the state says where")
    func payloadEncoderUnencodable() {
        let result = ContentStateRoundTrip.check(Gauge(reading: .infinity, unit: "°C"), encoder: PayloadEncoder())
        #expect(result.path == JSONPointer("reading"))
        #expect(result.isDecodingFailure)
        #expect(
            result.message == "the server encoder cannot encode the state: unable to encode Double.inf directly in JSON"
        )
    }

    /// A content state that is `Codable` but not `Equatable`, as many are.
    struct Gauge: Codable {
        var reading: Double
        var unit: String
        var updated: Date?
        var label: String?
    }

    @Test("a Codable-only state: faithful with the default encoders, located differences otherwise")
    func codableOnlyState() {
        let state = Gauge(reading: 21.5, unit: "°C", updated: Support.noon, label: "Kitchen")
        #expect(ContentStateRoundTrip.check(state).isFaithful)
        #expect(ContentStateRoundTrip.check(state, encoder: PayloadEncoder()).isFaithful)

        let unix = JSONEncoder()
        unix.dateEncodingStrategy = .secondsSince1970
        #expect(
            ContentStateRoundTrip.check(state, encoder: unix).description
                == "/updated: the device reads the Date at /updated 978307200 s (≈ 31 years) late: 2056-11-30 instead of 2025-11-30 — the server encoder uses .secondsSince1970 (Unix seconds); the device counts seconds since 2001-01-01"
        )

        var snake = PayloadEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        let lost = ContentStateRoundTrip.check(Gauge(reading: 1, unit: "bar", label: "Tyre"), encoder: snake)
        #expect(lost.isFaithful)  // every key is one word: nothing to convert

        struct Reading: Codable {
            var lastValue: Double?
        }
        #expect(
            ContentStateRoundTrip.check(Reading(lastValue: 2), encoder: snake).description
                == "/lastValue: the device decodes no value for /lastValue (the server sent 2) — the server encoder uses .convertToSnakeCase ('last_value')"
        )
    }

    /// Decodes lossily: the device keeps at most 3 characters of `code`.
    struct Clipped: Codable {
        var code: String

        init(code: String) { self.code = code }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            code = String(try container.decode(String.self, forKey: .code).prefix(3))
        }
    }

    @Test("a Codable-only state that decodes to another value names the field and both values")
    func codableOnlyDecodesDifferently() {
        #expect(ContentStateRoundTrip.check(Clipped(code: "ABC")).isFaithful)
        let result = ContentStateRoundTrip.check(Clipped(code: "ABCDE"))
        #expect(!result.isDecodingFailure)
        #expect(result.description == "/code: the device decodes /code as 'ABC' but the server meant 'ABCDE'")
        #expect(result.finding?.code == .suspicious)
    }

    /// `==` looks at a field the JSON does not carry.
    struct Annotated: Codable, Equatable {
        var title: String
        var seenLocally = false

        enum CodingKeys: String, CodingKey {
            case title
        }
    }

    @Test("an Equatable state must still come back ==, even when both write the same JSON")
    func equatableStillCompared() {
        #expect(ContentStateRoundTrip.check(Annotated(title: "A")).isFaithful)
        #expect(
            ContentStateRoundTrip.check(Annotated(title: "A", seenLocally: true)).description
                == "(root): the device decodes a value that is not == to the original though both encode alike"
        )
    }

    @Test("a payload checked against the type alone: decodes, or where and why it does not")
    func typeOnly() {
        func payload(_ state: String) -> [UInt8] {
            Array(#"{"aps":{"timestamp":1764504000,"event":"update","content-state":\#(state)}}"#.utf8)
        }
        let good = ContentStateRoundTrip.check(
            DeliveryState.self,
            payload: payload(#"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2}"#))
        #expect(good.isFaithful)
        #expect(good.description == "faithful")

        let snake = ContentStateRoundTrip.check(
            DeliveryState.self,
            payload: payload(#"{"status":"onTheWay","eta_date":786197700,"courier_name":"Ana","stops_away":2}"#))
        #expect(snake.isDecodingFailure)
        #expect(
            snake.description
                == "/etaDate: the device expects key 'etaDate' at /etaDate but the payload has no such key — the payload has 'eta_date' instead"
        )
        #expect(snake.finding?.path == JSONPointer("aps", "content-state", "etaDate"))

        let missing = ContentStateRoundTrip.check(DeliveryState.self, payload: Array(#"{"aps":{}}"#.utf8))
        #expect(missing.message == "the payload has no 'content-state'")
    }
}
