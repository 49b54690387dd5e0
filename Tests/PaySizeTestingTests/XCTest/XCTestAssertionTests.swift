import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import XCTest

/// The XCTest entries on passing values: each returns the shared core's result and fails
/// nothing. Their failure messages are the core's, tested once in the Swift Testing suites.
final class XCTestAssertionTests: XCTestCase {
    static let delivery = DeliveryState(status: .onTheWay, etaDate: noon, courierName: "Ana")

    func testFits() throws {
        let attributes = FlightAttributes(airline: "Lufthansa", route: "FRA → JFK")
        let state = FlightState.sized(notesLength: 100, legCount: 2)
        XCTAssertEqual(assertFits(attributes, state, within: .safe).byteCount, 335)
        XCTAssertEqual(assertFits(contentState: state, within: 290).byteCount, 290)
        let push = LiveActivityPush<FlightState, Never>.update(contentState: state, timestamp: noon)
        XCTAssertEqual(assertFits(push).byteCount, try push.encoded().bytes.count)
        XCTAssertEqual(assertFits(payload: Data(try push.encoded().bytes), within: .safe).byteCount, 356)
    }

    func testFitsJudgesTheLargerWriterByDefault() {
        // [1.91] is 6 bytes as the Swift writer writes it, 20 as the Objective-C writer does.
        let fit = assertFits(contentState: [1.91], within: 20)
        XCTAssertEqual(fit.byteCount, 20)
        XCTAssertEqual(fit.deviceWriter, .objc)
        var budget = PayloadBudget()
        budget.deviceWriter = .swift
        XCTAssertEqual(assertFits(contentState: [1.91], within: .bytes(6, budget: budget)).byteCount, 6)
    }

    func testRoundTripsAndDecodes() throws {
        XCTAssertTrue(assertRoundTrips(Self.delivery).isFaithful)
        XCTAssertTrue(assertRoundTrips(GaugeState(reading: 1, unit: "bar"), encoder: PayloadEncoder()).isFaithful)
        let body = try LiveActivityPush<DeliveryState, Never>.update(contentState: Self.delivery, timestamp: noon)
            .encoded().bytes
        XCTAssertTrue(assertDecodes(DeliveryState.self, from: Data(body)).isPassing)
        XCTAssertTrue(assertDecodes(DeliveryState.self, resource: "update-from-server", in: .module).isPassing)
        let file = try XCTUnwrap(Bundle.module.url(forResource: "update-from-server", withExtension: "json"))
        XCTAssertTrue(assertDecodes(DeliveryState.self, contentsOf: file).isPassing)
    }

    struct Readings: Codable {
        var label: String
        var values: [Float]
    }

    /// {"label":<8 × 6 + 2>,"values":[100 Floats]}: 71 bytes and 24 a Float with its comma as
    /// the device writes it at 17 digits, the larger writer's count.
    func testWorstCaseFits() {
        let fit = assertWorstCaseFits(Readings.self, limits: ["/label": .maxLength(8), "/values": .maxItems(100)])
        XCTAssertEqual(fit.bound?.deviceByteCount, 71 + 100 * 24)
        XCTAssertEqual(fit.bound?.deviceWriter, .objc)
        XCTAssertEqual(fit.bound?.byteCount, 71 + 100 * 16)
        XCTAssertNil(fit.failureMessage)
    }

    func testSchemaSnapshotAndHistory() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("DeliveryState.schema.json")
        try PayloadSchema.infer(from: DeliveryState.self).jsonData().write(to: file)
        let snapshot = withSchemaRecordMode(.never) { assertSchemaSnapshot(of: DeliveryState.self, path: file.path) }
        XCTAssertEqual(snapshot.status, .matches)
        XCTAssertTrue(
            assertCompatibleWithSchemaHistory(of: DeliveryStateOptional.self, folder: folder.url.path).isPassing)
    }
}
