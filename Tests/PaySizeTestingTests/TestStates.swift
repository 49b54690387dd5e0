import Foundation

// Live Activity types shaped like an app's, for the helpers' own tests.

/// 2025-11-30 12:00:00 UTC.
let noon = Date(timeIntervalSince1970: 1_764_504_000)

/// A flight's fixed attributes.
struct FlightAttributes: Codable, Sendable {
    var airline: String
    var route: String
}

/// A flight's changing state; `legs` and `notes` grow it toward the budget.
struct FlightState: Codable, Equatable, Sendable {
    enum Status: String, Codable, CaseIterable, Sendable {
        case scheduled, boarding, departed, landed
    }

    var flightNumber: String
    var status: Status
    var gate: String
    var departureDate: Date
    var notes: String
    var legs: [String]
}

/// A delivery state as the app declares it (version 1).
struct DeliveryState: Codable, Equatable, Sendable {
    enum Status: String, Codable, CaseIterable, Sendable {
        case preparing, onTheWay, delivered
    }

    var status: Status
    var etaDate: Date
    var courierName: String
}

/// The next version of the delivery state: a new required key, and a removed enum case.
struct DeliveryStateNext: Codable, Equatable, Sendable {
    enum Status: String, Codable, CaseIterable, Sendable {
        case preparing, onTheWay
    }

    var status: Status
    var etaDate: Date
    var courierName: String
    var stopsAway: Int
}

/// A later version that only adds an optional key: compatible both ways.
struct DeliveryStateOptional: Codable, Equatable, Sendable {
    enum Status: String, Codable, CaseIterable, Sendable {
        case preparing, onTheWay, delivered
    }

    var status: Status
    var etaDate: Date
    var courierName: String
    var note: String?
}

/// A gauge that is only `Codable`, as many content states are.
struct GaugeState: Codable, Sendable {
    var reading: Double
    var unit: String
}

extension FlightState {
    /// A state of a chosen size: `notes` of `notesLength` characters and `legCount` legs of 40.
    static func sized(notesLength: Int, legCount: Int) -> FlightState {
        FlightState(
            flightNumber: "LH 400", status: .boarding, gate: "B44", departureDate: noon,
            notes: String(repeating: "n", count: notesLength),
            legs: (0..<legCount).map { String(format: "FRA-JFK leg %02d ", $0) + String(repeating: "x", count: 25) })
    }
}

/// A temporary folder, removed when the last reference to it goes.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("paysize-testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
