import Foundation

// Real-shaped Live Activity states the contract suites check. Each mirrors what an app would
// declare; the committed schemas in Schemas/examples/ are inferred from them. They live in a
// namespace so other suites in this target can use the same names; suites bring them in with
// `ContractFixtureNames`.

enum ContractFixtures {
    /// A food or parcel delivery.
    struct DeliveryState: Codable, Equatable, Sendable {
        enum Status: String, Codable, CaseIterable, Sendable {
            case preparing, pickedUp, onTheWay, delivered
        }

        var status: Status
        var etaDate: Date
        var courierName: String
        var stopsAway: Int
        var note: String?
    }

    /// The next version of ``DeliveryState``: a new case, a new optional key.
    struct DeliveryStateNext: Codable, Equatable, Sendable {
        enum Status: String, Codable, CaseIterable, Sendable {
            case preparing, pickedUp, onTheWay, delivered, returned
        }

        var status: Status
        var etaDate: Date
        var courierName: String
        var stopsAway: Int
        var note: String?
        var tipCents: Int?
    }

    /// A live sports score.
    struct SportsScoreState: Codable, Equatable, Sendable {
        struct Team: Codable, Equatable, Sendable {
            var name: String
            var abbreviation: String
            var logoURL: URL
        }

        enum Period: Codable, Equatable, Sendable {
            case pregame
            case quarter(Int, clock: String)
            case overtime(Int)
            case final
        }

        struct Play: Codable, Equatable, Sendable {
            var minute: Int
            var text: String
        }

        var home: Team
        var away: Team
        var homeScore: Int
        var awayScore: Int
        var period: Period
        var recentPlays: [Play]
        var possessionTeam: String?
    }

    /// A ride-hailing trip.
    struct RideState: Codable, Equatable, Sendable {
        enum Phase: String, Codable, CaseIterable, Sendable {
            case searching, driverAssigned, arriving, onTrip, completed
        }

        struct Driver: Codable, Equatable, Sendable {
            var name: String
            var rating: Double
            var plate: String
            var photo: Data?
        }

        /// Encoded as `[latitude, longitude]`, as map SDKs often do.
        struct Coordinate: Codable, Equatable, Sendable {
            var latitude: Double
            var longitude: Double

            init(latitude: Double, longitude: Double) {
                self.latitude = latitude
                self.longitude = longitude
            }

            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                latitude = try container.decode(Double.self)
                longitude = try container.decode(Double.self)
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(latitude)
                try container.encode(longitude)
            }
        }

        var rideID: UUID
        var phase: Phase
        var driver: Driver?
        var pickupDate: Date
        var position: Coordinate
        var fareCents: UInt32
    }

    /// A countdown timer.
    struct TimerState: Codable, Equatable, Sendable {
        var label: String
        var endDate: Date
        var pausedRemaining: Double?
        var isPaused: Bool
        var laps: [String: Double]
    }

    /// A flight, with custom `CodingKeys` as a server written in another language would name them.
    struct FlightState: Codable, Equatable, Sendable {
        enum Status: String, Codable, CaseIterable, Sendable {
            case scheduled = "SCHEDULED"
            case boarding = "BOARDING"
            case departed = "DEPARTED"
            case landed = "LANDED"
            case cancelled = "CANCELLED"
        }

        enum CodingKeys: String, CodingKey {
            case flightNumber = "flight"
            case status
            case gate
            case departureDate = "departs"
            case arrivalDate = "arrives"
            case delayMinutes = "delay"
        }

        var flightNumber: String
        var status: Status
        var gate: String?
        var departureDate: Date
        var arrivalDate: Date
        var delayMinutes: Int16
    }

    // MARK: - Shapes inference must cope with

    /// A type that contains itself through an optional and an array.
    struct CommentThread: Codable, Equatable, Sendable {
        var text: String
        var replies: [CommentThread]
        var parent: Box?

        final class Box: Codable, Equatable, Sendable {
            let thread: CommentThread
            init(thread: CommentThread) { self.thread = thread }
            static func == (lhs: Box, rhs: Box) -> Bool { lhs.thread == rhs.thread }
        }
    }

    /// An indirect enum: its `.pair` case needs two values of itself.
    indirect enum Expression: Codable, Equatable, Sendable {
        case number(Double)
        case pair(Expression, Expression)
    }

    /// A custom `init(from:)` that reads a different key depending on which one is there.
    struct LegacyPrice: Decodable, Equatable, Sendable {
        var cents: Int

        enum CodingKeys: String, CodingKey {
            case cents, amount
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.cents) {
                cents = try container.decode(Int.self, forKey: .cents)
            } else {
                cents = Int(try container.decode(Double.self, forKey: .amount) * 100)
            }
        }
    }

    /// A type whose `init(from:)` rejects the placeholder values.
    struct StrictName: Decodable, Equatable, Sendable {
        var first: String
        var last: String

        struct EmptyName: Error {}

        enum CodingKeys: String, CodingKey {
            case first, last
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.decode(String.self, forKey: .first)
            guard !first.isEmpty else { throw EmptyName() }
            last = try container.decode(String.self, forKey: .last)
        }
    }

    /// A raw-value enum that is not `CaseIterable`: its values cannot be listed.
    enum Weather: String, Codable, Sendable {
        case sunny, rainy
    }

    struct Forecast: Codable, Sendable {
        var weather: Weather
        var temperature: Double
    }
}

/// Brings the fixture types into a suite's scope by their short names.
protocol ContractFixtureNames {}

extension ContractFixtureNames {
    typealias DeliveryState = ContractFixtures.DeliveryState
    typealias DeliveryStateNext = ContractFixtures.DeliveryStateNext
    typealias SportsScoreState = ContractFixtures.SportsScoreState
    typealias RideState = ContractFixtures.RideState
    typealias TimerState = ContractFixtures.TimerState
    typealias FlightState = ContractFixtures.FlightState
    typealias CommentThread = ContractFixtures.CommentThread
    typealias Expression = ContractFixtures.Expression
    typealias LegacyPrice = ContractFixtures.LegacyPrice
    typealias StrictName = ContractFixtures.StrictName
    typealias Forecast = ContractFixtures.Forecast
}
