import Foundation
import PaySizeTestSupport

// Content states shaped by collections: dictionaries of every key kind, optionals of every kind,
// nested enums with associated values, recursion, class hierarchies, tuples, generics, and a
// state with many members.

extension ContractCorpus {
    /// Dictionaries keyed by Int: keys are integers written as strings.
    struct Seating: ContractSpecimen {
        var seatByRow: [Int: String]
        var groups: [Int: [Int]]

        static func random(_ random: inout SplitMix64) -> Self {
            var seats: [Int: String] = [:]
            for _ in 0..<random.int(0...3) { seats[random.int(-5...40)] = random.word() }
            var groups: [Int: [Int]] = [:]
            for _ in 0..<random.int(0...2) { groups[random.int(0...9)] = random.list(0...2) { $0.int(0...99) } }
            return Self(seatByRow: seats, groups: groups)
        }
    }

    /// Dictionaries keyed by CodingKeyRepresentable enums, String and Int raw values.
    struct Inventory: ContractSpecimen {
        enum Fruit: String, Codable, CaseIterable, CodingKeyRepresentable { case apple, pear, plum }
        enum Tier: Int, Codable, CaseIterable, CodingKeyRepresentable {
            case basic = 1
            case plus = 2
            case pro = 3
        }
        var stock: [Fruit: Int]
        var perks: [Tier: String]

        static func random(_ random: inout SplitMix64) -> Self {
            var stock: [Fruit: Int] = [:]
            for fruit in Fruit.allCases where random.chance(60) { stock[fruit] = random.int(0...50) }
            var perks: [Tier: String] = [:]
            for tier in Tier.allCases where random.chance(60) { perks[tier] = random.word() }
            return Self(stock: stock, perks: perks)
        }
    }

    /// Dictionaries keyed by enums that are not CodingKeyRepresentable: flat [key, value, …] arrays.
    struct Schedule: ContractSpecimen {
        enum Weekday: String, Codable, CaseIterable { case mon, tue, wed }
        enum Slot: Int, Codable, CaseIterable {
            case morning = 1
            case evening = 2
        }
        var openings: [Weekday: String]
        var load: [Slot: Double]

        static func random(_ random: inout SplitMix64) -> Self {
            var openings: [Weekday: String] = [:]
            for day in Weekday.allCases where random.chance(50) { openings[day] = random.word() }
            var load: [Slot: Double] = [:]
            for slot in Slot.allCases where random.chance(50) { load[slot] = random.double() }
            return Self(openings: openings, load: load)
        }
    }

    /// Optionals of every kind.
    struct Optionals: ContractSpecimen {
        enum Mode: String, Codable, CaseIterable { case walk, bike }
        struct Inner: Codable { var id: Int }
        var count: Int?
        var names: [String?]
        var scores: [Int]?
        var doubly: String??
        var mode: Mode?
        var inner: Inner?
        var explicit: Int?

        enum CodingKeys: String, CodingKey { case count, names, scores, doubly, mode, inner, explicit }

        init(
            count: Int?, names: [String?], scores: [Int]?, doubly: String??, mode: Mode?, inner: Inner?, explicit: Int?
        ) {
            self.count = count
            self.names = names
            self.scores = scores
            self.doubly = doubly
            self.mode = mode
            self.inner = inner
            self.explicit = explicit
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = try container.decodeIfPresent(Int.self, forKey: .count)
            names = try container.decode([String?].self, forKey: .names)
            scores = try container.decodeIfPresent([Int].self, forKey: .scores)
            doubly = try container.decodeIfPresent(String?.self, forKey: .doubly)
            mode = try container.decodeIfPresent(Mode.self, forKey: .mode)
            inner = try container.decodeIfPresent(Inner.self, forKey: .inner)
            // Read through `decode`: the key must be there, `null` is fine.
            explicit = try container.decode(Int?.self, forKey: .explicit)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(count, forKey: .count)
            try container.encode(names, forKey: .names)
            try container.encodeIfPresent(scores, forKey: .scores)
            if let doubly { try container.encode(doubly, forKey: .doubly) }
            try container.encodeIfPresent(mode, forKey: .mode)
            try container.encodeIfPresent(inner, forKey: .inner)
            try container.encode(explicit, forKey: .explicit)
        }

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                count: random.maybe { $0.int(0...9) }, names: random.list(0...3) { $0.maybe { $0.word() } },
                scores: random.maybe { $0.list(0...3) { $0.int(0...9) } },
                doubly: random.maybe { $0.maybe { $0.word() } },
                mode: random.maybe { $0.pick(Mode.allCases) }, inner: random.maybe { Inner(id: $0.int(0...9)) },
                explicit: random.maybe { $0.int(0...9) })
        }
    }

    /// Nested enums with associated values.
    struct Match: ContractSpecimen {
        enum Period: Codable {
            case quarter(Int)
            case overtime
        }
        enum Phase: Codable {
            case pregame
            case live(Period, clock: String)
            case final(home: Int, away: Int)
        }
        var phase: Phase
        var homeScore: Int
        var awayScore: Int

        static func random(_ random: inout SplitMix64) -> Self {
            let period: Period = random.chance(70) ? .quarter(random.int(1...4)) : .overtime
            let phase: Phase
            switch random.int(0...2) {
            case 0: phase = .pregame
            case 1: phase = .live(period, clock: random.pick(["12:00", "0:31"]))
            default: phase = .final(home: random.int(0...99), away: random.int(0...99))
            }
            return Self(phase: phase, homeScore: random.int(0...99), awayScore: random.int(0...99))
        }
    }

    /// A class hierarchy through `superDecoder()`.
    struct Fleet: ContractSpecimen {
        class Vehicle: Codable {
            var id: Int
            var name: String
            init(id: Int, name: String) {
                self.id = id
                self.name = name
            }
        }
        final class Truck: Vehicle {
            var payloadKilograms: Int
            enum CodingKeys: String, CodingKey { case payloadKilograms }
            init(id: Int, name: String, payloadKilograms: Int) {
                self.payloadKilograms = payloadKilograms
                super.init(id: id, name: name)
            }
            required init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                payloadKilograms = try container.decode(Int.self, forKey: .payloadKilograms)
                try super.init(from: container.superDecoder())
            }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(payloadKilograms, forKey: .payloadKilograms)
                try super.encode(to: container.superEncoder())
            }
        }
        var lead: Truck
        var others: [Vehicle]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                lead: Truck(id: random.int(1...99), name: random.word(), payloadKilograms: random.int(0...40_000)),
                others: random.list(0...2) { Vehicle(id: $0.int(1...99), name: $0.word()) })
        }
    }

    /// A type that contains itself, and an indirect enum.
    struct Thread: ContractSpecimen {
        struct Comment: Codable {
            var text: String
            var replies: [Comment]
        }
        indirect enum Formula: Codable {
            case number(Double)
            case sum(Formula, Formula)
        }
        var root: Comment
        var formula: Formula

        static func random(_ random: inout SplitMix64) -> Self {
            func comment(_ depth: Int, _ random: inout SplitMix64) -> Comment {
                Comment(text: random.word(), replies: depth > 2 ? [] : random.list(0...2) { comment(depth + 1, &$0) })
            }
            func formula(_ depth: Int, _ random: inout SplitMix64) -> Formula {
                depth > 2 || random.chance(50)
                    ? .number(random.double()) : .sum(formula(depth + 1, &random), formula(depth + 1, &random))
            }
            return Self(root: comment(0, &random), formula: formula(0, &random))
        }
    }

    /// Sets, contiguous arrays and a tuple written as `[latitude, longitude]`.
    struct Route: ContractSpecimen {
        /// The ride fixture's tuple-shaped coordinate.
        typealias Coordinate = ContractFixtures.RideState.Coordinate
        var start: Coordinate
        var stops: [Coordinate]
        var tags: Set<String>
        var legs: ContiguousArray<Int>

        static func random(_ random: inout SplitMix64) -> Self {
            func point(_ random: inout SplitMix64) -> Coordinate {
                Coordinate(latitude: random.double(), longitude: random.double())
            }
            return Self(
                start: point(&random), stops: random.list(0...3) { point(&$0) },
                tags: Set(random.list(0...3) { $0.word() }),
                legs: ContiguousArray(random.list(0...3) { $0.int(0...500) }))
        }
    }

    /// Custom `CodingKeys` as a server in another language names them.
    struct Flight: ContractSpecimen {
        enum Status: String, Codable, CaseIterable {
            case scheduled = "SCHEDULED"
            case boarding = "BOARDING"
            case departed = "DEPARTED"
        }
        enum CodingKeys: String, CodingKey {
            case flightNumber = "flight_no"
            case status
            case gate
            case departureDate = "departs"
            case delayMinutes = "delay"
        }
        var flightNumber: String
        var status: Status
        var gate: String?
        var departureDate: Date
        var delayMinutes: Int16

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                flightNumber: "LH \(random.int(1...999))", status: random.pick(Status.allCases),
                gate: random.maybe { $0.word() }, departureDate: random.date(), delayMinutes: Int16(random.int(0...300))
            )
        }
    }

    /// Generic wrappers nested deeply.
    struct Boxes: ContractSpecimen {
        struct Box<T: Codable>: Codable { var inner: T }
        var deep: Box<Box<[Box<Int>]>>
        var labelled: [String: Box<Date>]

        static func random(_ random: inout SplitMix64) -> Self {
            var labelled: [String: Box<Date>] = [:]
            for _ in 0..<random.int(0...2) { labelled[random.word()] = Box(inner: random.date()) }
            return Self(
                deep: Box(inner: Box(inner: random.list(0...3) { Box(inner: $0.int(0...9)) })), labelled: labelled)
        }
    }

    /// Booleans, dates by name and flags by name.
    struct Agenda: ContractSpecimen {
        var isLive: Bool
        var muted: Bool?
        var datesByRoom: [String: [Date]]
        var flags: [String: Bool]

        static func random(_ random: inout SplitMix64) -> Self {
            var dates: [String: [Date]] = [:]
            for _ in 0..<random.int(0...2) { dates[random.word()] = random.list(0...2) { $0.date() } }
            var flags: [String: Bool] = [:]
            for _ in 0..<random.int(0...2) { flags[random.word()] = random.chance(50) }
            return Self(
                isLive: random.chance(50), muted: random.maybe { $0.chance(50) }, datesByRoom: dates, flags: flags)
        }
    }

    /// A live score, as sports apps send it.
    struct Scoreboard: ContractSpecimen {
        struct Team: Codable {
            var name: String
            var abbreviation: String
            var logoURL: URL
        }
        struct Play: Codable {
            var minute: UInt8
            var text: String
        }
        var home: Team
        var away: Team
        var recentPlays: [Play]
        var possession: String?

        static func random(_ random: inout SplitMix64) -> Self {
            func team(_ random: inout SplitMix64) -> Team {
                Team(name: random.word(), abbreviation: random.pick(["LIO", "BEA"]), logoURL: random.url())
            }
            return Self(
                home: team(&random), away: team(&random),
                recentPlays: random.list(0...3) { Play(minute: UInt8($0.int(0...90)), text: $0.word()) },
                possession: random.maybe { $0.pick(["LIO", "BEA"]) })
        }
    }

    /// A ride, with a driver photo and a fare.
    struct Ride: ContractSpecimen {
        enum Phase: String, Codable, CaseIterable { case searching, arriving, onTrip }
        struct Driver: Codable {
            var name: String
            var rating: Double
            var photo: Data?
        }
        var rideID: UUID
        var phase: Phase
        var driver: Driver?
        var pickupDate: Date
        var fareCents: UInt32

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                rideID: random.uuid(), phase: random.pick(Phase.allCases),
                driver: random.maybe { Driver(name: $0.word(), rating: $0.double(), photo: $0.maybe { $0.data() }) },
                pickupDate: random.date(), fareCents: UInt32(random.int(0...90_000)))
        }
    }

    /// A countdown timer with laps.
    struct Countdown: ContractSpecimen {
        var label: String
        var endDate: Date
        var pausedRemaining: Double?
        var laps: [String: Double]

        static func random(_ random: inout SplitMix64) -> Self {
            var laps: [String: Double] = [:]
            for _ in 0..<random.int(0...2) { laps[random.word()] = random.double() }
            return Self(
                label: random.word(), endDate: random.date(), pausedRemaining: random.maybe { $0.double() }, laps: laps)
        }
    }

    /// A state with many members (a dashboard): inference must stay quick.
    struct Dashboard: ContractSpecimen {
        var m01: Int, m02: String, m03: Double, m04: Bool, m05: Date, m06: Int8, m07: UInt16, m08: String?
        var m09: [Int], m10: [String: Int], m11: Int, m12: String, m13: Double, m14: Bool, m15: Date, m16: Int?
        var m17: UInt8, m18: String, m19: Double?, m20: Bool, m21: Int, m22: String, m23: Float, m24: Int32
        var m25: Int, m26: String, m27: Double, m28: Bool, m29: Date, m30: Int64, m31: UInt, m32: String?
        var m33: [Double], m34: Int, m35: String, m36: Double, m37: Bool, m38: Date?, m39: Int, m40: String
        var m41: Int, m42: String, m43: Double, m44: Bool, m45: Date, m46: Int16, m47: UInt32, m48: [String]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                m01: random.int(0...9), m02: random.word(), m03: random.double(), m04: random.chance(50),
                m05: random.date(), m06: Int8(random.int(-9...9)), m07: UInt16(random.int(0...9)),
                m08: random.maybe { $0.word() }, m09: random.list(0...2) { $0.int(0...9) }, m10: [random.word(): 1],
                m11: random.int(0...9), m12: random.word(), m13: random.double(), m14: random.chance(50),
                m15: random.date(), m16: random.maybe { $0.int(0...9) }, m17: UInt8(random.int(0...9)),
                m18: random.word(), m19: random.maybe { $0.double() }, m20: random.chance(50), m21: random.int(0...9),
                m22: random.word(), m23: Float(random.int(0...9)), m24: Int32(random.int(0...9)),
                m25: random.int(0...9),
                m26: random.word(), m27: random.double(), m28: random.chance(50), m29: random.date(),
                m30: Int64(random.int(0...9)), m31: UInt(random.int(0...9)), m32: random.maybe { $0.word() },
                m33: random.list(0...2) { $0.double() }, m34: random.int(0...9), m35: random.word(),
                m36: random.double(), m37: random.chance(50), m38: random.maybe { $0.date() }, m39: random.int(0...9),
                m40: random.word(), m41: random.int(0...9), m42: random.word(), m43: random.double(),
                m44: random.chance(50), m45: random.date(), m46: Int16(random.int(0...9)),
                m47: UInt32(random.int(0...9)),
                m48: random.list(0...2) { $0.word() })
        }
    }
}
