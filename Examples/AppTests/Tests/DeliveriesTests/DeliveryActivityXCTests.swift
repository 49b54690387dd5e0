import Deliveries
import Foundation
import PaySize
import PaySizeTesting
import XCTest

/// The same contract from an XCTest target: every `expect…` has an `assert…` twin.
final class DeliveryActivityXCTests: XCTestCase {
    typealias State = DeliveryAttributes.ContentState

    /// The configuration set once for every test of the class, as the Swift Testing suite's trait sets it.
    override func invokeTest() {
        withPaySizeTestConfiguration(.deliveries) { super.invokeTest() }
    }

    let attributes = DeliveryAttributes(
        orderNumber: "A-1042", restaurantName: "Trattoria da Enzo", itemSummary: "2× Margherita, 1× Tiramisu")
    let state = State(
        status: .onTheWay, etaDate: Date(timeIntervalSince1970: 1_764_505_200), courierName: "Ana", stopsAway: 2)

    func testFitsTheBudget() {
        assertFits(attributes, state)
    }

    func testRoundTripsThroughTheServerEncoder() {
        assertRoundTrips(state, encoder: PayloadEncoder())
    }

    func testServerPayloadDecodes() {
        assertDecodes(State.self, resource: "update-from-server", in: .module)
    }

    func testSizeBaseline() {
        assertSizeBaseline(state, named: "delivery-xctest-on-the-way")
    }

    func testSchemaSnapshotAndHistory() {
        assertSchemaSnapshot(of: State.self)
        assertCompatibleWithSchemaHistory(of: State.self)
    }
}
