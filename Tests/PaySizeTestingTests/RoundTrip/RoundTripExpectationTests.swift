import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Round-trips from the server's encoder to the device's decoder")
struct RoundTripExpectationTests {
    static let delivery = DeliveryState(status: .onTheWay, etaDate: noon.addingTimeInterval(900), courierName: "Ana")
    static let fix =
        "fix: encode content-state with JSONEncoder's default strategies (.deferredToDate, .useDefaultKeys, .base64)"

    @Test("the default encoders round-trip, Equatable or only Codable")
    func passes() {
        #expect(expectRoundTrips(Self.delivery).isFaithful)
        #expect(expectRoundTrips(Self.delivery, encoder: PayloadEncoder()).isFaithful)
        #expect(expectRoundTrips(GaugeState(reading: 2.5, unit: "bar")).isFaithful)
        let sorted = JSONEncoder()
        sorted.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(expectRoundTrips(Self.delivery, encoder: sorted).isFaithful)
    }

    @Test("snake_case keys: the device drops the update, at the caller's line")
    func snakeCase() {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let expected = """
            the device drops this update: the device expects key 'etaDate' at /etaDate but the payload has no such key — the server encoder uses .convertToSnakeCase ('eta_date')
            \(Self.fix)
            """
        let line = #line + 2
        withKnownIssue {
            expectRoundTrips(Self.delivery, encoder: encoder)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected] && issue.sourceLocation?.line == line
        }
    }

    @Test("Unix seconds through a PayloadEncoder: the device shows a different state")
    func unixSecondsPayloadEncoder() {
        var encoder = PayloadEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let expected = """
            the device shows a different state: the device reads the Date at /etaDate 978307200 s (≈ 31 years) late: 2056-11-30 instead of 2025-11-30 — the server encoder uses .secondsSince1970 (Unix seconds); the device counts seconds since 2001-01-01
            \(Self.fix)
            """
        #expect(ContentStateRoundTrip.check(Self.delivery, encoder: encoder).failureMessage == expected)
        withKnownIssue {
            expectRoundTrips(Self.delivery, encoder: encoder)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
    }

    @Test("a state the server cannot encode says so, without a fix for the device")
    func unencodable() {
        withKnownIssue {
            expectRoundTrips(GaugeState(reading: .nan, unit: "bar"))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "the server encoder cannot encode the state: unable to encode Double.nan directly in JSON"
            ]
        }
    }
}
