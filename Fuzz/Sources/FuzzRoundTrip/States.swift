import Foundation
import FuzzCommon

/// Realistic content states, built from fuzz bytes. Each has a `Date` and a camelCase key, so
/// `.secondsSince1970` and `.convertToSnakeCase` must break every one of them.
protocol FuzzState: Codable, Equatable, Sendable {
    init(_ input: inout FuzzBytes)
    /// The state's dates, to tell whether `.secondsSince1970` can shift them at all.
    var dates: [Date] { get }
}

struct DeliveryState: FuzzState {
    enum Status: String, Codable, CaseIterable {
        case preparing, pickedUp
        case onTheWay = "on-the-way"
        case delivered
    }
    struct Courier: Codable, Equatable {
        var name: String
        var rating: Double?
        var vehicleNumber: Int
    }

    var status: Status
    var etaDate: Date
    var courier: Courier?
    var stops: [String]
    var progress: Double
    var isLate: Bool
    var itemCount: Int
    var note: String?

    init(_ input: inout FuzzBytes) {
        status = Status.allCases[input.below(Status.allCases.count)]
        etaDate = Date(timeIntervalSinceReferenceDate: fuzzSeconds(&input))
        courier =
            input.byte() & 1 == 0
            ? nil
            : Courier(
                name: input.string(), rating: input.byte() & 1 == 0 ? nil : input.double(),
                vehicleNumber: input.integer())
        stops = (0..<input.below(5)).map { _ in input.string(maximumLength: 8) }
        progress = input.double()
        isLate = input.byte() & 1 == 1
        itemCount = input.integer()
        note = input.byte() & 1 == 0 ? nil : input.string()
    }

    var dates: [Date] { [etaDate] }
}

struct ScoreState: FuzzState {
    enum Period: Int, Codable, CaseIterable {
        case first = 1
        case second, third, fourth
        case overtime = 99
    }
    struct Team: Codable, Equatable {
        var shortName: String
        var score: Int
        var scorers: [String]
    }

    var home: Team
    var away: Team
    var period: Period
    var clockEndsAt: Date?
    var lastUpdated: Date
    var possessionHome: Bool?
    var winProbability: Float

    init(_ input: inout FuzzBytes) {
        func team(_ input: inout FuzzBytes) -> Team {
            Team(
                shortName: input.string(maximumLength: 4), score: input.integer(),
                scorers: (0..<input.below(4)).map { _ in input.string(maximumLength: 6) })
        }
        home = team(&input)
        away = team(&input)
        period = Period.allCases[input.below(Period.allCases.count)]
        clockEndsAt = input.byte() & 1 == 0 ? nil : Date(timeIntervalSinceReferenceDate: fuzzSeconds(&input))
        lastUpdated = Date(timeIntervalSinceReferenceDate: fuzzSeconds(&input))
        possessionHome = [nil, true, false][input.below(3)]
        winProbability = input.float()
    }

    var dates: [Date] { [clockEndsAt, lastUpdated].compactMap { $0 } }
}

/// Mostly plausible seconds (±1e10, fractional), sometimes any Double (huge, NaN, infinite).
private func fuzzSeconds(_ input: inout FuzzBytes) -> Double {
    input.byte() & 3 == 0 ? input.double() : Double(input.integer(Int64.self) % 10_000_000_000_000) / 1000
}
