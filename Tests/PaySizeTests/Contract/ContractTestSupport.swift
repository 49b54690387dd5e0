import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// Shared helpers for the contract suites.
enum ContractTestSupport: ContractFixtureNames {
    /// The package root, found from this file's path (Tests/PaySizeTests/Contract/…).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func json(_ text: String) throws -> JSONElement {
        try JSONScanner.scan(Array(text.utf8))
    }

    /// `value` encoded by `encoder` with `.sortedKeys` added, so findings come in a stable order.
    static func element<T: Encodable>(_ value: T, encoder: JSONEncoder = JSONEncoder()) throws -> JSONElement {
        encoder.outputFormatting.insert(.sortedKeys)
        return try JSONScanner.scan(Array(encoder.encode(value)))
    }

    /// An update payload wrapping `contentState` (JSON text).
    static func update(_ contentState: String) throws -> JSONElement {
        try json(#"{"aps":{"timestamp":1764504000,"event":"update","content-state":\#(contentState)}}"#)
    }

    /// 2025-11-30 12:00:00 UTC.
    static let noon = Date(timeIntervalSince1970: 1_764_504_000)

    static let delivery = DeliveryState(
        status: .onTheWay, etaDate: noon.addingTimeInterval(900), courierName: "Ana", stopsAway: 2, note: nil)
    static let sports = SportsScoreState(
        home: .init(name: "Lions", abbreviation: "LIO", logoURL: URL(string: "https://cdn.example.com/lio.png")!),
        away: .init(name: "Bears", abbreviation: "BEA", logoURL: URL(string: "https://cdn.example.com/bea.png")!),
        homeScore: 21, awayScore: 17, period: .quarter(4, clock: "2:31"),
        recentPlays: [.init(minute: 55, text: "Touchdown")], possessionTeam: "LIO")
    static let ride = RideState(
        rideID: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, phase: .arriving,
        driver: .init(name: "Sam", rating: 4.9, plate: "KX-442", photo: Data([1, 2, 3])),
        pickupDate: noon.addingTimeInterval(240), position: .init(latitude: 52.52, longitude: 13.405), fareCents: 1850)
    static let timer = TimerState(
        label: "Pasta", endDate: noon.addingTimeInterval(600), pausedRemaining: nil, isPaused: false,
        laps: ["first": 61.5])
    static let flight = FlightState(
        flightNumber: "LH 400", status: .boarding, gate: "B44", departureDate: noon.addingTimeInterval(3600),
        arrivalDate: noon.addingTimeInterval(30_600), delayMinutes: 15)
}
