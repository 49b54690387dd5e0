import Deliveries
import Foundation
import PaySize
import PaySizeTesting
import Testing

/// The delivery activity's payload contract, checked the way the app's test target checks it.
/// The configuration is set once: snapshots and baselines beside these tests, the safe tier
/// as the default ceiling.
@Suite("Delivery Live Activity", .paySizeTestConfiguration(.deliveries))
struct DeliveryActivityTests {
    typealias State = DeliveryAttributes.ContentState

    static let attributes = DeliveryAttributes(
        orderNumber: "A-1042", restaurantName: "Trattoria da Enzo", itemSummary: "2× Margherita, 1× Tiramisu")
    static let onTheWay = State(
        status: .onTheWay, etaDate: Date(timeIntervalSince1970: 1_764_505_200), courierName: "Ana", stopsAway: 2,
        note: "Ring twice")
    /// The largest state the app can receive: every text at the length the server truncates to.
    static let worstCase = State(
        status: .pickedUp, etaDate: Date(timeIntervalSince1970: 1_764_505_200),
        courierName: String(repeating: "W", count: 60), stopsAway: 12,
        note: String(repeating: "é", count: DeliveryAttributes.maximumNoteLength))

    /// The server's encoder, configured as the backend configures it.
    static var serverEncoder: PayloadEncoder {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    @Test("attributes and content state stay in the safe tier; the worst case stays out of risky")
    func fitsTheBudget() {
        expectFits(Self.attributes, Self.onTheWay)
        let worst = DeliveryAttributes(
            orderNumber: "A-1042", restaurantName: String(repeating: "R", count: 80),
            itemSummary: String(repeating: "ü", count: DeliveryAttributes.maximumItemSummaryLength))
        expectFits(worst, Self.worstCase, within: .monitor)
        expectFits(contentState: Self.worstCase, within: 1024)
    }

    @Test("the update push the server builds fits, with room for an alert")
    func pushFits() {
        let push = LiveActivityPush<State, Never>.update(
            contentState: Self.worstCase, timestamp: Date(timeIntervalSince1970: 1_764_504_300),
            staleDate: Date(timeIntervalSince1970: 1_764_505_800),
            alert: LiveActivityAlert(title: "Your order is on the way", body: "Ana is 2 stops away"))
        expectFits(push)
    }

    @Test("states the server encodes decode on the device unchanged")
    func roundTrips() {
        expectRoundTrips(Self.onTheWay, encoder: Self.serverEncoder)
        expectRoundTrips(Self.worstCase, encoder: Self.serverEncoder)
    }

    @Test("a server that writes Unix seconds would show the ETA 31 years late")
    func unixSecondsWouldBreak() {
        var unix = Self.serverEncoder
        unix.dateEncodingStrategy = .secondsSince1970
        withKnownIssue("the backend must keep .deferredToDate for content-state") {
            expectRoundTrips(Self.onTheWay, encoder: unix)
        }
    }

    @Test("the payload the server team recorded decodes into the content state")
    func serverPayloadDecodes() throws {
        expectDecodes(State.self, resource: "update-from-server", in: .module)
        // The same file found from this test file, as an Xcode test bundle (no Bundle.module) does.
        expectDecodes(State.self, from: try fixtureData("Fixtures/update-from-server.json"))
    }

    @Test("representative states stay within 5 % of their recorded sizes")
    func sizeBaselines() {
        expectSizeBaseline(Self.onTheWay, named: "delivery-on-the-way")
        expectSizeBaseline(Self.worstCase, named: "delivery-worst-case")
    }

    @Test("the content-state schema matches the one the server team reads")
    func schemaSnapshot() {
        expectSchemaSnapshot(of: State.self)
    }

    @Test("the content state still decodes what every shipped version stored and sent")
    func schemaHistory() {
        expectCompatibleWithSchemaHistory(of: State.self)
    }
}
