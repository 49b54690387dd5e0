import Foundation
import PaySizeTestSupport

@_spi(Internals) @testable import PaySize

/// An app-shaped content state with declared limits, and a generator of values those limits
/// allow: random ones, and adversarial ones at every limit with the costliest characters.
protocol BoundSample: Codable, Sendable {
    static var limits: [String: SizeLimit] { get }
    static func random(_ generator: inout BoundValueGenerator) -> Self
    /// Whether what `JSONEncoder` writes is what was sent (false when a URL re-encodes longer).
    static var sendsEncodedForm: Bool { get }
    /// Why the witness may re-encode shorter than the bound, when it may.
    static var slackReason: String? { get }
}

extension BoundSample {
    static var sendsEncodedForm: Bool { true }
    static var slackReason: String? { nil }
}

/// Draws values for ``BoundSample``s: strings with control characters, escapes and 4-byte
/// scalars, extreme numbers and dates, optionals present or absent. In adversarial mode every
/// string is at its longest with its costliest characters and every optional is present.
struct BoundValueGenerator {
    var random: SplitMix64
    var adversarial: Bool

    mutating func chance(_ percent: Int) -> Bool { random.chance(percent) }

    mutating func scalar() -> Unicode.Scalar {
        let pools: [ClosedRange<UInt32>] = [
            0x00...0x1F, 0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
        ]
        if adversarial {
            return chance(50) ? Unicode.Scalar(UInt8.random(in: 0...0x1F, using: &random)) : "\u{10FFFF}"
        }
        if chance(10) { return ["\"", "\\", "/", "\u{7F}", "\u{2028}"].randomElement(using: &random)! }
        let pool = pools.randomElement(using: &random)!
        return Unicode.Scalar(UInt32.random(in: pool, using: &random))!
    }

    mutating func string(_ maxLength: Int) -> String {
        let length = adversarial ? maxLength : Int.random(in: 0...maxLength, using: &random)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length { scalars.append(scalar()) }
        return String(scalars)
    }

    mutating func optional<T>(_ make: (inout BoundValueGenerator) -> T) -> T? {
        if adversarial || chance(60) { return make(&self) }
        return nil
    }

    mutating func count(_ maximum: Int) -> Int {
        adversarial ? maximum : Int.random(in: 0...maximum, using: &random)
    }

    mutating func double() -> Double {
        let extremes: [Double] = [
            -.greatestFiniteMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude, .leastNonzeroMagnitude,
            -2.2250738585072014e-308, -1.2345678901234567e-300, 0.00012345678901234567, -0, 9_007_199_254_740_994,
            1e16, -1e-5,
        ]
        if adversarial || chance(30) { return extremes.randomElement(using: &random)! }
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }

    mutating func double(in range: ClosedRange<Double>) -> Double {
        let value =
            adversarial || chance(30)
            ? [range.lowerBound, range.upperBound].randomElement(using: &random)!
            : Double.random(in: range, using: &random)
        // A random bit pattern near the value, kept inside the range.
        let nudged = Double(bitPattern: value.bitPattern &+ UInt64.random(in: 0...3, using: &random))
        return range.contains(nudged) ? nudged : value
    }

    mutating func float() -> Float {
        let extremes: [Float] = [
            -.greatestFiniteMagnitude, -.leastNormalMagnitude, .leastNonzeroMagnitude, -1.1754944e-38, 33_554_436,
        ]
        if adversarial || chance(30) { return extremes.randomElement(using: &random)! }
        while true {
            let value = Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &random))
            if value.isFinite { return value }
        }
    }

    mutating func date() -> Date { Date(timeIntervalSinceReferenceDate: double()) }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type) -> T {
        adversarial || chance(30)
            ? [T.min, T.max].randomElement(using: &random)! : T.random(in: T.min...T.max, using: &random)
    }

    mutating func integer<T: FixedWidthInteger>(in range: ClosedRange<T>) -> T {
        adversarial || chance(30)
            ? [range.lowerBound, range.upperBound].randomElement(using: &random)! : T.random(in: range, using: &random)
    }

    mutating func element<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }

    /// A `Decimal` as `JSONDecoder` reads one: `n` digits (39 only up to 2^128 - 1) and an
    /// exponent, made from text so that it is compact.
    mutating func decimal(digits: Int, exponent: Int, negative: Bool) -> Decimal? {
        var text = negative ? "-" : ""
        for position in 0..<digits {
            let first = position == 0
            let range: ClosedRange<Int> = first ? (digits == 39 ? 1...2 : 1...9) : 0...9
            text += String(Int.random(in: range, using: &random))
        }
        return Decimal(string: text + "e\(exponent)", locale: Locale(identifier: "en_US_POSIX"))
    }

    /// Any `Decimal`: adversarial ones with 38 or 39 digits at the ends of the exponent range.
    mutating func decimal() -> Decimal {
        let digits = adversarial || chance(30) ? element([38, 39]) : Int.random(in: 1...39, using: &random)
        let exponent = adversarial || chance(30) ? element([127, -128]) : Int.random(in: -128...127, using: &random)
        return decimal(digits: digits, exponent: exponent, negative: chance(50)) ?? 0
    }

    /// A `Decimal` within `range`: adversarial ones with the most digits, the smallest
    /// exponent or at an end.
    mutating func decimal(in range: ClosedRange<Double>) -> Decimal {
        let lower = Decimal(string: "\(range.lowerBound)")!
        let upper = Decimal(string: "\(range.upperBound)")!
        let largest = Int(Foundation.log10(Swift.max(range.lowerBound.magnitude, range.upperBound.magnitude, 1)))
        for _ in 0..<40 {
            let digits = adversarial || chance(30) ? element([38, 39]) : Int.random(in: 1...39, using: &random)
            let smallest = adversarial || chance(30)
            let exponent =
                smallest
                ? -128
                : Int.random(in: Swift.max(-128, -digits - 2)...Swift.max(-128, largest - digits + 1), using: &random)
            let negative = range.lowerBound < 0 && (range.upperBound <= 0 || chance(50))
            if let value = decimal(digits: digits, exponent: exponent, negative: negative), value >= lower,
                value <= upper
            {
                return value
            }
        }
        return element([lower, upper])
    }
}

// MARK: - The types

struct DeliveryBound: BoundSample {
    enum Status: String, Codable, CaseIterable { case preparing, pickedUp, onTheWay, delivered }
    var status: Status
    var etaDate: Date
    var courierName: String
    var note: String?
    var stopsAway: Int

    static let limits: [String: SizeLimit] = [
        "/courierName": .maxLength(40), "/note": .maxLength(120), "/stopsAway": .range(0...99),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            status: g.element(Status.allCases), etaDate: g.date(), courierName: g.string(40),
            note: g.optional { $0.string(120) }, stopsAway: g.integer(in: 0...99))
    }
}

struct RideBound: BoundSample {
    struct Driver: Codable {
        var name: String
        var plate: String
        var photo: URL?
    }
    var driver: Driver
    var position: [Double]
    var etaSeconds: Int32

    static var sendsEncodedForm: Bool { false }

    static let limits: [String: SizeLimit] = [
        "/driver/name": .maxLength(30), "/driver/plate": .maxLength(10), "/driver/photo": .maxLength(20),
        "/position": .maxItems(2),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        let photo: URL? = g.optional { g in
            // A URL string as URL(string:) accepts it: any scalars but an empty string.
            let text = g.string(20)
            return URL(string: text.isEmpty ? "a" : text)
        }.flatMap { $0 }
        return Self(
            driver: Driver(name: g.string(30), plate: g.string(10), photo: photo),
            position: (0..<g.count(2)).map { _ in g.double() }, etaSeconds: g.integer(Int32.self))
    }
}

struct SportsBound: BoundSample {
    struct Team: Codable {
        var name: String
        var abbreviation: String
        var score: UInt8
    }
    var home: Team
    var away: Team
    var period: Int8
    var clock: String
    var events: [String]

    static let limits: [String: SizeLimit] = [
        "/home/name": .maxLength(24), "/home/abbreviation": .maxLength(4), "/away/name": .maxLength(24),
        "/away/abbreviation": .maxLength(4), "/clock": .maxLength(8), "/events": .maxItems(5),
        "/events/*": .maxLength(60),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        func team(_ g: inout BoundValueGenerator) -> Team {
            Team(name: g.string(24), abbreviation: g.string(4), score: g.integer(UInt8.self))
        }
        return Self(
            home: team(&g), away: team(&g), period: g.integer(Int8.self), clock: g.string(8),
            events: (0..<g.count(5)).map { _ in g.string(60) })
    }
}

struct TimerBound: BoundSample {
    var label: String
    var laps: [String: Double]
    var running: Bool

    static let limits: [String: SizeLimit] = ["/label": .maxLength(20), "/laps": .maxProperties(10, maxKeyLength: 8)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        var laps: [String: Double] = [:]
        for _ in 0..<g.count(10) { laps[g.string(8)] = g.double() }
        return Self(label: g.string(20), laps: laps, running: g.chance(50))
    }
}

struct FlightBound: BoundSample {
    enum Status: String, Codable, CaseIterable { case scheduled, boarding, departed, delayedIndefinitely, cancelled }
    var flight: String
    var gate: String?
    var departure: Date
    var delayMinutes: Int16?
    var status: Status

    static let limits: [String: SizeLimit] = ["/flight": .maxLength(8), "/gate": .maxLength(4)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            flight: g.string(8), gate: g.optional { $0.string(4) }, departure: g.date(),
            delayMinutes: g.optional { $0.integer(Int16.self) }, status: g.element(Status.allCases))
    }
}

struct OrderBound: BoundSample {
    struct Item: Codable {
        var name: String
        var quantity: UInt16
        var price: Float
    }
    var items: [Item]
    var total: Double

    static let limits: [String: SizeLimit] = ["/items": .maxItems(12), "/items/*/name": .maxLength(40)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            items: (0..<g.count(12)).map { _ in
                Item(name: g.string(40), quantity: g.integer(UInt16.self), price: g.float())
            },
            total: g.double())
    }
}

struct WorkoutBound: BoundSample {
    var heartRate: UInt8
    var calories: Float
    var distance: Double
    var splits: [Float]
    var title: String?

    static let limits: [String: SizeLimit] = ["/splits": .maxItems(10), "/title": .maxLength(30)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            heartRate: g.integer(UInt8.self), calories: g.float(), distance: g.double(),
            splits: (0..<g.count(10)).map { _ in g.float() }, title: g.optional { $0.string(30) })
    }
}

struct ParkingBound: BoundSample {
    var zone: String
    var expires: Date
    var extensions: Int
    var plate: String
    var paid: Bool

    static let limits: [String: SizeLimit] = ["/zone": .maxLength(6), "/plate": .maxLength(10)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            zone: g.string(6), expires: g.date(), extensions: g.integer(Int.self), plate: g.string(10),
            paid: g.chance(50))
    }
}

struct ChargingBound: BoundSample {
    var percent: Double
    var kilowatts: Float
    var minutesLeft: Int?
    var station: String

    static let limits: [String: SizeLimit] = ["/percent": .range(0...100), "/station": .maxLength(30)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            percent: g.double(in: 0...100), kilowatts: g.float(), minutesLeft: g.optional { $0.integer(Int.self) },
            station: g.string(30))
    }
}

struct FoodOrderBound: BoundSample {
    enum Stage: Int, Codable, CaseIterable {
        case received = 0
        case cooking = 10
        case ready = 200
        case pickedUp = 3000
    }
    struct Courier: Codable {
        var name: String
        var rating: Double
    }
    var restaurant: String
    var stage: Stage
    var courier: Courier?

    static let limits: [String: SizeLimit] = [
        "/restaurant": .maxLength(40), "/courier/name": .maxLength(20), "/courier/rating": .range(0...5),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            restaurant: g.string(40), stage: g.element(Stage.allCases),
            courier: g.optional { Courier(name: $0.string(20), rating: $0.double(in: 0...5)) })
    }
}

struct AuctionBound: BoundSample {
    var itemTitle: String
    var currentBid: Int64
    var bidders: Set<String>

    // The schema of a Set allows duplicates (they decode, and the set keeps one), so the bound
    // counts 30 items while the decoded set holds as many distinct ones as the witness has.
    static var slackReason: String? { "a Set's schema allows duplicate items, which decoding collapses" }

    static let limits: [String: SizeLimit] = [
        "/itemTitle": .maxLength(60), "/bidders": .maxItems(30), "/bidders/*": .maxLength(1),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        var bidders = Set<String>()
        for _ in 0..<g.count(30) { bidders.insert(g.string(1)) }
        return Self(itemTitle: g.string(60), currentBid: g.integer(Int64.self), bidders: bidders)
    }
}

struct TransitBound: BoundSample {
    struct Stop: Codable {
        var name: String
        var minutes: UInt8
    }
    var line: String
    var stops: [Stop]
    var alert: String?

    static let limits: [String: SizeLimit] = [
        "/line": .maxLength(6), "/stops": .maxItems(8), "/stops/*/name": .maxLength(30), "/alert": .maxLength(100),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            line: g.string(6),
            stops: (0..<g.count(8)).map { _ in Stop(name: g.string(30), minutes: g.integer(UInt8.self)) },
            alert: g.optional { $0.string(100) })
    }
}

struct WeatherAlertBound: BoundSample {
    enum Severity: String, Codable, CaseIterable { case advisory, watch, warning, emergency }
    var severity: Severity
    var headline: String
    var regions: [String]
    var issued: Date

    static let limits: [String: SizeLimit] = [
        "/headline": .maxLength(80), "/regions": .maxItems(4), "/regions/*": .maxLength(20),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            severity: g.element(Severity.allCases), headline: g.string(80),
            regions: (0..<g.count(4)).map { _ in g.string(20) }, issued: g.date())
    }
}

struct MatchScoresBound: BoundSample {
    var scores: [Int: Int]
    var venue: String

    static let limits: [String: SizeLimit] = ["/scores": .maxProperties(4), "/venue": .maxLength(12)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        var scores: [Int: Int] = [:]
        for _ in 0..<g.count(4) { scores[g.integer(Int.self)] = g.integer(Int.self) }
        return Self(scores: scores, venue: g.string(12))
    }
}

struct GameTimelineBound: BoundSample {
    enum Kind: String, Codable, CaseIterable {
        case goal
        case yellowCard = "yellow/card"
        case redCard = "red\"card"
        case substitution
    }
    struct Event: Codable {
        var minute: UInt8
        var kind: Kind
        var player: String?
    }
    var events: [Event]

    static let limits: [String: SizeLimit] = ["/events": .maxItems(6), "/events/*/player": .maxLength(25)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            events: (0..<g.count(6)).map { _ in
                Event(
                    minute: g.integer(UInt8.self), kind: g.element(Kind.allCases), player: g.optional { $0.string(25) })
            })
    }
}

struct DownloadBound: BoundSample {
    var fileName: String
    var progress: Double
    var bytes: UInt64
    var id: UUID

    static let limits: [String: SizeLimit] = ["/fileName": .maxLength(50), "/progress": .range(0...1)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            fileName: g.string(50), progress: g.double(in: 0...1), bytes: g.integer(UInt64.self),
            id: UUID(
                uuid: (0..<16).map { _ in UInt8.random(in: 0...255, using: &g.random) }.withUnsafeBytes {
                    $0.load(as: uuid_t.self)
                }))
    }
}

struct RecipeBound: BoundSample {
    var steps: [[String]]

    static let limits: [String: SizeLimit] = [
        "/steps": .maxItems(3), "/steps/*": .maxItems(2), "/steps/*/*": .maxLength(10),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(steps: (0..<g.count(3)).map { _ in (0..<g.count(2)).map { _ in g.string(10) } })
    }
}

struct PollBound: BoundSample {
    var options: [String: Int16]

    static let limits: [String: SizeLimit] = ["/options": .maxProperties(40, maxKeyLength: 1)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        var options: [String: Int16] = [:]
        for _ in 0..<(g.adversarial ? 200 : g.count(40)) where options.count < 40 {
            options[g.string(1)] = g.integer(Int16.self)
        }
        return Self(options: options)
    }
}

struct ShipmentBound: BoundSample {
    struct Checkpoint: Codable {
        var city: String
        var at: Date
    }
    var tracking: String
    var checkpoints: [Checkpoint]
    var signature: Data?

    static let limits: [String: SizeLimit] = [
        "/tracking": .maxLength(20), "/checkpoints": .maxItems(5), "/checkpoints/*/city": .maxLength(20),
        "/signature": .maxLength(18),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            tracking: g.string(20),
            checkpoints: (0..<g.count(5)).map { _ in Checkpoint(city: g.string(20), at: g.date()) },
            signature: g.optional { g in
                Data((0..<g.count(12)).map { _ in g.adversarial ? 0xFF : UInt8.random(in: 0...255, using: &g.random) })
            })
    }
}

struct StockTickerBound: BoundSample {
    var symbol: String
    var price: Double
    var change: Float
    var volume: Int
    var halted: Bool?

    static let limits: [String: SizeLimit] = ["/symbol": .maxLength(5)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            symbol: g.string(5), price: g.double(), change: g.float(), volume: g.integer(Int.self),
            halted: g.optional { $0.chance(50) })
    }
}

struct NestedOptionalBound: BoundSample {
    struct Inner: Codable {
        var detail: Detail?
        var count: UInt32
    }
    struct Detail: Codable {
        var text: String?
        var flags: [Bool]
    }
    var inner: Inner?

    static let limits: [String: SizeLimit] = ["/inner/detail/text": .maxLength(5), "/inner/detail/flags": .maxItems(3)]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            inner: g.optional { g in
                Inner(
                    detail: g.optional { g in
                        Detail(text: g.optional { $0.string(5) }, flags: (0..<g.count(3)).map { _ in g.chance(50) })
                    }, count: g.integer(UInt32.self))
            })
    }
}

struct CheckoutBound: BoundSample {
    enum Stage: String, Codable, CaseIterable { case cart, paying, paid, refunded }
    var stage: Stage
    var total: Decimal
    var tip: Decimal?
    var merchant: String

    static let limits: [String: SizeLimit] = [
        "/total": .range(0...10_000), "/tip": .range(0...500), "/merchant": .maxLength(24),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            stage: g.element(Stage.allCases), total: g.decimal(in: 0...10_000),
            tip: g.optional { $0.decimal(in: 0...500) }, merchant: g.string(24))
    }
}

struct ExchangeRatesBound: BoundSample {
    struct Rate: Codable {
        var pair: String
        var rate: Decimal
        var change: Decimal
    }
    var rates: [Rate]
    var spread: Decimal

    static let limits: [String: SizeLimit] = [
        "/rates": .maxItems(4), "/rates/*/pair": .maxLength(7), "/rates/*/rate": .range(0.0001...100_000),
        "/rates/*/change": .range(-100...100),
    ]
    static func random(_ g: inout BoundValueGenerator) -> Self {
        Self(
            rates: (0..<g.count(4)).map { _ in
                Rate(pair: g.string(7), rate: g.decimal(in: 0.0001...100_000), change: g.decimal(in: -100...100))
            }, spread: g.decimal())
    }
}
