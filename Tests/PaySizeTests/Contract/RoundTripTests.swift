import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("Content-state round trip")
struct RoundTripTests: ContractFixtureNames {
    typealias Support = ContractTestSupport

    @Test("the default encoder round-trips every example state")
    func defaultEncoderIsFaithful() {
        #expect(ContentStateRoundTrip.check(Support.delivery).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.sports).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.ride).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.timer).isFaithful)
        #expect(ContentStateRoundTrip.check(Support.flight).isFaithful)
    }

    @Test("the payload has the APNs shape and content-state is read from its bytes")
    func payloadShape() throws {
        let result = ContentStateRoundTrip.check(Support.timer, timestamp: 1_764_504_000)
        let payload = try JSONScanner.scan(result.payload)
        #expect(payload["aps"]?["event"]?.stringValue == "update")
        #expect(payload["aps"]?["timestamp"]?.numberText == "1764504000")
        #expect(payload["aps"]?["content-state"]?["label"]?.stringValue == "Pasta")
        #expect(result.description == "faithful")
    }

    @Test("secondsSince1970 decodes but lands 978307200 s (~31 years) late")
    func secondsSince1970() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let result = ContentStateRoundTrip.check(Support.delivery, encoder: encoder)
        #expect(result.path == JSONPointer("etaDate"))
        #expect(!result.isDecodingFailure)
        #expect(
            result.message
                == "the device reads the Date at /etaDate 978307200 s (≈ 31 years) late: 2056-11-30 instead of 2025-11-30 — the server encoder uses .secondsSince1970 (Unix seconds); the device counts seconds since 2001-01-01"
        )
        #expect(result.finding?.path == JSONPointer("aps", "content-state", "etaDate"))
        #expect(result.finding?.code == .suspicious)
    }

    @Test("millisecondsSince1970 names the strategy")
    func millisecondsSince1970() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let result = ContentStateRoundTrip.check(Support.flight, encoder: encoder)
        #expect(result.path == JSONPointer("arrives"))
        #expect(result.message?.contains(".millisecondsSince1970") == true)
    }

    @Test("iso8601 fails to decode, naming the field and the strategy")
    func iso8601() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let result = ContentStateRoundTrip.check(Support.delivery, encoder: encoder)
        #expect(result.path == JSONPointer("etaDate"))
        #expect(result.isDecodingFailure)
        #expect(
            result.message
                == "the device expects a number at /etaDate but the payload has string '2025-11-30T12:15:00Z' — a Date must be a number of seconds since 2001-01-01; the server encoder uses .iso8601"
        )
        #expect(result.finding?.code == .dropped)
    }

    @Test("convertToSnakeCase: the device misses the camelCase key")
    func snakeCase() {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = ContentStateRoundTrip.check(Support.delivery, encoder: encoder)
        #expect(result.path == JSONPointer("etaDate"))
        #expect(
            result.message
                == "the device expects key 'etaDate' at /etaDate but the payload has no such key — the server encoder uses .convertToSnakeCase ('eta_date')"
        )
    }

    @Test("convertToSnakeCase in a nested struct names the nested path")
    func snakeCaseNested() {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = ContentStateRoundTrip.check(Support.sports, encoder: encoder)
        #expect(result.path == JSONPointer("home", "logoURL"))
        #expect(result.message?.contains("('logo_url')") == true)
    }

    struct Banner: Codable, Equatable {
        var title: String
        var subTitle: String?
    }

    @Test("convertToSnakeCase on an optional: decodes, but the value is lost")
    func snakeCaseOptionalLost() {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let result = ContentStateRoundTrip.check(Banner(title: "Hi", subTitle: "there"), encoder: encoder)
        #expect(result.path == JSONPointer("subTitle"))
        #expect(!result.isDecodingFailure)
        #expect(
            result.message
                == "the device decodes no value for /subTitle (the server sent 'there') — the server encoder uses .convertToSnakeCase ('sub_title')"
        )
    }

    struct Track: Codable, Equatable {
        struct Point: Codable, Equatable {
            var at: Date
        }
        var points: [Point]
    }

    @Test("a date inside an array element is named by index")
    func arrayPath() {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let state = Track(points: [.init(at: Date(timeIntervalSinceReferenceDate: 0)), .init(at: Support.noon)])
        let result = ContentStateRoundTrip.check(state, encoder: encoder)
        #expect(result.path == JSONPointer(components: [.key("points"), .index(0), .key("at")]))
    }

    @Test("deferredToData sends bytes as an array where the device expects base64")
    func dataStrategy() {
        let encoder = JSONEncoder()
        encoder.dataEncodingStrategy = .deferredToData
        let result = ContentStateRoundTrip.check(Support.ride, encoder: encoder)
        #expect(result.path == JSONPointer("driver", "photo"))
        #expect(result.isDecodingFailure)
    }

    struct Reading: Codable, Equatable {
        var value: Double
    }

    @Test("an encoder that cannot encode the state says so")
    func unencodable() {
        let result = ContentStateRoundTrip.check(Reading(value: .nan))
        #expect(result.path == JSONPointer("value"))
        #expect(result.message?.hasPrefix("the server encoder cannot encode the state") == true)
    }

    @Test("a payload built by any server: faithful, Unix seconds, snake_case, ISO-8601")
    func anyServer() {
        func check(_ state: String) -> RoundTripResult {
            ContentStateRoundTrip.check(
                Support.delivery,
                payload: Array(#"{"aps":{"timestamp":1764504000,"event":"update","content-state":\#(state)}}"#.utf8))
        }
        #expect(check(#"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2}"#).isFaithful)
        #expect(
            check(#"{"status":"onTheWay","etaDate":1764504900,"courierName":"Ana","stopsAway":2}"#).message
                == "the device reads the Date at /etaDate 978307200 s (≈ 31 years) late: 2056-11-30 instead of 2025-11-30 — the server sends Unix seconds; the device counts seconds since 2001-01-01"
        )
        #expect(
            check(#"{"status":"onTheWay","eta_date":786197700,"courier_name":"Ana","stops_away":2}"#).message
                == "the device expects key 'etaDate' at /etaDate but the payload has no such key — the payload has 'eta_date' instead"
        )
        #expect(
            check(#"{"status":"onTheWay","etaDate":"2025-11-30T12:15:00Z","courierName":"Ana","stopsAway":2}"#).message
                == "the device expects a number at /etaDate but the payload has string '2025-11-30T12:15:00Z' — a Date must be a number of seconds since 2001-01-01, not an ISO-8601 string"
        )
        let missing = ContentStateRoundTrip.check(Support.delivery, payload: Array(#"{"aps":{"event":"update"}}"#.utf8))
        #expect(missing.message == "the payload has no 'content-state'")
        let located = check(#"{"status":"onTheWay","etaDate":"soon","courierName":"Ana","stopsAway":2}"#).finding
        #expect(located?.byteOffset == 95)  // the opening quote of "soon"
    }
}
