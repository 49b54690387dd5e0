import Foundation

// Content states and attributes shaped like the Live Activities of public apps and Apple's
// documentation: small states of a few strings, raw-value enums, optionals (often nil), a Date
// or two, an array of small structs, a nested struct, enums with associated values, URLs, and
// Doubles as real feeds send them. Used by the benchmark (`make bench`) and, through a symlink,
// by the encoder tests (Tests/PaySizeTests/Encoding/RealWorldCorpus.swift), which compare every
// shape byte for byte with Foundation. `Date`s count from 2001, as the device decodes them.
// Health, finance and delivery apps keep the values they show as `Decimal` (the last three).

/// The corpus: each shape with the name the benchmark table shows.
enum RealWorldCorpus {
    static let base = Date(timeIntervalSinceReferenceDate: 786_193_800)

    static let shapes: [(name: String, value: any Encodable & Sendable)] = [
        ("delivery state", delivery),
        ("delivery attributes", deliveryAttributes),
        ("ride state", ride),
        ("sports score state", sportsScore),
        ("sports attributes", sportsAttributes),
        ("timer state", timer),
        ("music state", music),
        ("workout state", workout),
        ("flight state", flight),
        ("flight attributes", flightAttributes),
        ("parking state", parking),
        ("food order state", foodOrder),
        ("glucose state", glucose),
        ("fantasy league state", fantasy),
        ("transit state", transit),
        ("package tracking state", package),
        ("EV charging state", charging),
        ("weather nowcast state", nowcast),
        ("focus session state", focus),
        ("race timing state", race),
        ("glucose chart state", glucoseChart),
        ("price list state", priceList),
        ("nutrition log state", nutritionLog),
    ]

    // MARK: Delivery (a food-delivery app)

    struct DeliveryAttributes: Codable, Sendable {
        var orderID: String
        var restaurantName: String
        var restaurantLogo: URL?
        var itemCount: Int
    }

    struct DeliveryState: Codable, Sendable {
        enum Status: String, Codable, Sendable {
            case received, preparing, pickedUp, arriving, delivered
        }

        var status: Status
        var eta: Date
        var courierName: String?
        var progress: Double
        var message: String?
    }

    static let delivery = DeliveryState(
        status: .pickedUp, eta: base.addingTimeInterval(1_140), courierName: "Marco",
        progress: 0.6200000000000001, message: nil)
    static let deliveryAttributes = DeliveryAttributes(
        orderID: "8F2K-19QX", restaurantName: "Sweetgreen", restaurantLogo: nil, itemCount: 3)

    // MARK: Ride (a ride-hailing app)

    struct RideState: Codable, Sendable {
        struct Vehicle: Codable, Sendable {
            var make: String
            var model: String
            var color: String
            var plate: String
        }

        enum Stage: String, Codable, Sendable {
            case matching, driverOnTheWay, driverArrived, inProgress, completed
        }

        var stage: Stage
        var driverFirstName: String
        var driverRating: Double
        var vehicle: Vehicle
        var pickupETA: Date
        var minutesAway: Int
        var pin: String?
    }

    static let ride = RideState(
        stage: .driverOnTheWay, driverFirstName: "Aisha", driverRating: 4.91,
        vehicle: RideState.Vehicle(make: "Toyota", model: "Camry", color: "Silver", plate: "8KDN512"),
        pickupETA: base.addingTimeInterval(240), minutesAway: 4, pin: nil)

    // MARK: Sports score (a league app)

    struct SportsAttributes: Codable, Sendable {
        var gameID: String
        var league: String
        var homeTeam: String
        var awayTeam: String
        var homeAbbreviation: String
        var awayAbbreviation: String
        var homeLogo: URL
        var awayLogo: URL
        var venue: String
    }

    struct SportsScoreState: Codable, Sendable {
        enum Period: Codable, Sendable, Hashable {
            case pregame
            case quarter(Int)
            case halftime
            case overtime(Int)
            case final
        }

        var homeScore: Int
        var awayScore: Int
        var period: Period
        var clock: String
        var possession: String?
        var lastPlay: String?
        var homeTimeouts: Int
        var awayTimeouts: Int
        var winProbability: Double?
    }

    static let sportsScore = SportsScoreState(
        homeScore: 87, awayScore: 91, period: .quarter(4), clock: "2:14", possession: "BOS",
        lastPlay: "J. Tatum makes 26-foot three point jumper (J. Brown assists)", homeTimeouts: 2, awayTimeouts: 1,
        winProbability: 0.734)
    static let sportsAttributes = SportsAttributes(
        gameID: "401585601", league: "NBA", homeTeam: "Miami Heat", awayTeam: "Boston Celtics",
        homeAbbreviation: "MIA", awayAbbreviation: "BOS",
        homeLogo: URL(string: "https://a.espncdn.com/i/teamlogos/nba/500/mia.png")!,
        awayLogo: URL(string: "https://a.espncdn.com/i/teamlogos/nba/500/bos.png")!, venue: "Kaseya Center")

    // MARK: Timer (Apple's documentation sample: a countdown)

    struct TimerState: Codable, Sendable {
        var endDate: Date
        var isPaused: Bool
        var pausedRemaining: Double?
        var label: String
    }

    static let timer = TimerState(
        endDate: base.addingTimeInterval(1_500), isPaused: false, pausedRemaining: nil, label: "Pasta")

    // MARK: Music (a player's now-playing activity)

    struct MusicState: Codable, Sendable {
        var title: String
        var artist: String
        var album: String?
        var artworkURL: URL?
        var elapsed: Double
        var duration: Double
        var isPlaying: Bool
        var startedAt: Date
    }

    static let music = MusicState(
        title: "Midnight City", artist: "M83", album: "Hurry Up, We're Dreaming",
        artworkURL: URL(string: "https://i.scdn.co/image/ab67616d0000b273fff2cb485c36a6d8f639bdba"),
        elapsed: 96.533333, duration: 243.96, isPlaying: true, startedAt: base.addingTimeInterval(-96.533333))

    // MARK: Workout (a running app)

    struct WorkoutState: Codable, Sendable {
        enum Activity: String, Codable, Sendable {
            case run, ride, walk, swim, hike
        }

        struct Split: Codable, Sendable {
            var kilometer: Int
            var seconds: Double
        }

        var activity: Activity
        var distanceMeters: Double
        var elapsedSeconds: Double
        var paceSecondsPerKilometer: Double
        var heartRate: Int?
        var calories: Double
        var isAutoPaused: Bool
        var splits: [Split]
        var startedAt: Date
    }

    static let workout = WorkoutState(
        activity: .run, distanceMeters: 5_283.7, elapsedSeconds: 1_683.25, paceSecondsPerKilometer: 318.5666666666667,
        heartRate: 162, calories: 412.8,
        isAutoPaused: false,
        splits: [
            WorkoutState.Split(kilometer: 1, seconds: 322.4), WorkoutState.Split(kilometer: 2, seconds: 317.9),
            WorkoutState.Split(kilometer: 3, seconds: 315.05), WorkoutState.Split(kilometer: 4, seconds: 319.7),
            WorkoutState.Split(kilometer: 5, seconds: 320.1),
        ],
        startedAt: base.addingTimeInterval(-1_683.25))

    // MARK: Flight (a flight tracker)

    struct FlightAttributes: Codable, Sendable {
        var airline: String
        var flightNumber: String
        var origin: String
        var destination: String
        var scheduledDeparture: Date
        var scheduledArrival: Date
    }

    struct FlightState: Codable, Sendable {
        enum Phase: Codable, Sendable {
            case scheduled
            case boarding(closesAt: Date)
            case departed
            case landed(gateArrival: Date?)
            case delayed(minutes: Int, reason: String?)
            case cancelled
        }

        var phase: Phase
        var gate: String?
        var terminal: String?
        var estimatedDeparture: Date
        var estimatedArrival: Date
        var progress: Double
        var altitudeFeet: Int?
        var groundSpeedKnots: Int?
        var seat: String?
        var baggageClaim: String?
    }

    static let flight = FlightState(
        phase: .delayed(minutes: 35, reason: "Late inbound aircraft"), gate: "B32", terminal: "2",
        estimatedDeparture: base.addingTimeInterval(4_500), estimatedArrival: base.addingTimeInterval(24_300),
        progress: 0, altitudeFeet: nil, groundSpeedKnots: nil, seat: "23A", baggageClaim: nil)
    static let flightAttributes = FlightAttributes(
        airline: "United", flightNumber: "UA 1549", origin: "SFO", destination: "EWR",
        scheduledDeparture: base.addingTimeInterval(2_400), scheduledArrival: base.addingTimeInterval(22_200))

    // MARK: Parking (a parking app)

    struct ParkingState: Codable, Sendable {
        var zone: String
        var plate: String
        var startedAt: Date
        var expiresAt: Date
        var cost: Double
        var currency: String
        var canExtend: Bool
        var maxExtensionMinutes: Int?
    }

    static let parking = ParkingState(
        zone: "4417 — Market St", plate: "7XYZ123", startedAt: base.addingTimeInterval(-2_700),
        expiresAt: base.addingTimeInterval(900), cost: 4.5, currency: "USD", canExtend: true,
        maxExtensionMinutes: 60)

    // MARK: Food order (a coffee-shop pickup)

    struct FoodOrderState: Codable, Sendable {
        enum Stage: String, Codable, Sendable {
            case ordered, inProgress, ready, pickedUp
        }

        struct Item: Codable, Sendable {
            var name: String
            var quantity: Int
            var customizations: [String]
        }

        var orderNumber: String
        var stage: Stage
        var readyBy: Date?
        var storeName: String
        var items: [Item]
        var customerName: String
    }

    static let foodOrder = FoodOrderState(
        orderNumber: "#112", stage: .inProgress, readyBy: base.addingTimeInterval(420), storeName: "Pike Place",
        items: [
            FoodOrderState.Item(name: "Grande Oat Latte", quantity: 1, customizations: ["Extra shot", "Oat milk"]),
            FoodOrderState.Item(name: "Butter Croissant", quantity: 2, customizations: ["Warmed"]),
        ],
        customerName: "Priya")

    // MARK: Glucose (a continuous glucose monitor)

    struct GlucoseState: Codable, Sendable {
        enum Trend: String, Codable, Sendable {
            case risingQuickly, rising, flat, falling, fallingQuickly, unknown
        }

        var value: Int
        var unit: String
        var trend: Trend
        var delta: Double?
        var readingDate: Date
        var isStale: Bool
        var alert: String?
    }

    static let glucose = GlucoseState(
        value: 142, unit: "mg/dL", trend: .rising, delta: 6.000000000000001, readingDate: base.addingTimeInterval(-180),
        isStale: false, alert: nil)

    // MARK: Fantasy league (a fantasy sports app)

    struct FantasyState: Codable, Sendable {
        struct Player: Codable, Sendable {
            var name: String
            var position: String
            var points: Double
            var isPlaying: Bool
        }

        var myTeam: String
        var opponentTeam: String
        var myScore: Double
        var opponentScore: Double
        var myProjected: Double
        var opponentProjected: Double
        var playersLeft: Int
        var opponentPlayersLeft: Int
        var topPerformers: [Player]
        var winProbability: Double
    }

    static let fantasy = FantasyState(
        myTeam: "Brady's Bunch", opponentTeam: "Mahomes Alone", myScore: 98.42, opponentScore: 104.1,
        myProjected: 121.35999999999999, opponentProjected: 117.9, playersLeft: 3, opponentPlayersLeft: 1,
        topPerformers: [
            FantasyState.Player(name: "C. McCaffrey", position: "RB", points: 27.3, isPlaying: false),
            FantasyState.Player(name: "J. Chase", position: "WR", points: 19.8, isPlaying: true),
            FantasyState.Player(name: "T. Kelce", position: "TE", points: 14.600000000000001, isPlaying: true),
        ],
        winProbability: 0.58)

    // MARK: Transit (a public-transport app)

    struct TransitState: Codable, Sendable {
        enum Mode: String, Codable, Sendable {
            case bus, tram, subway, rail, ferry
        }

        struct Departure: Codable, Sendable {
            var time: Date
            var isRealtime: Bool
            var delaySeconds: Int?
        }

        var line: String
        var lineColor: String
        var mode: Mode
        var headsign: String
        var stopName: String
        var platform: String?
        var departures: [Departure]
        var stopsUntilExit: Int
        var exitStop: String
        var alert: String?
    }

    static let transit = TransitState(
        line: "U2", lineColor: "#DA421E", mode: .subway, headsign: "Pankow", stopName: "Alexanderplatz",
        platform: "2",
        departures: [
            TransitState.Departure(time: base.addingTimeInterval(120), isRealtime: true, delaySeconds: 60),
            TransitState.Departure(time: base.addingTimeInterval(420), isRealtime: true, delaySeconds: nil),
            TransitState.Departure(time: base.addingTimeInterval(720), isRealtime: false, delaySeconds: nil),
        ],
        stopsUntilExit: 5, exitStop: "Eberswalder Str.", alert: nil)

    // MARK: Package tracking (a parcel tracker)

    struct PackageState: Codable, Sendable {
        enum Carrier: String, Codable, Sendable {
            case ups, fedex, usps, dhl, amazon
        }

        enum Status: String, Codable, Sendable {
            case labelCreated, inTransit, outForDelivery, delivered, exception
        }

        struct Event: Codable, Sendable {
            var date: Date
            var description: String
            var location: String?
        }

        var carrier: Carrier
        var trackingNumber: String
        var status: Status
        var estimatedDelivery: Date?
        var stopsAway: Int?
        var latestEvent: Event
        var signatureRequired: Bool
    }

    static let package = PackageState(
        carrier: .ups, trackingNumber: "1Z999AA10123456784", status: .outForDelivery,
        estimatedDelivery: base.addingTimeInterval(10_800), stopsAway: 7,
        latestEvent: PackageState.Event(
            date: base.addingTimeInterval(-3_600), description: "Out For Delivery Today", location: "Oakland, CA, US"),
        signatureRequired: false)

    // MARK: EV charging (a charging network app)

    struct ChargingState: Codable, Sendable {
        var stationName: String
        var connector: String
        var batteryPercent: Int
        var powerKilowatts: Double
        var energyKilowattHours: Double
        var rangeMiles: Int
        var minutesToTarget: Int?
        var targetPercent: Int
        var cost: Double
        var isCharging: Bool
    }

    static let charging = ChargingState(
        stationName: "Electrify America · Walmart 1832", connector: "CCS", batteryPercent: 64, powerKilowatts: 148.3,
        energyKilowattHours: 31.724, rangeMiles: 187, minutesToTarget: 12, targetPercent: 80, cost: 15.23,
        isCharging: true)

    // MARK: Weather nowcast (minute-by-minute precipitation)

    struct NowcastState: Codable, Sendable {
        var summary: String
        var startsAt: Date?
        var intensities: [Double]
        var location: String
        var updatedAt: Date
    }

    static let nowcast = NowcastState(
        summary: "Light rain starting in 12 min", startsAt: base.addingTimeInterval(720),
        intensities: [0, 0, 0, 0.05, 0.12, 0.31, 0.44, 0.39, 0.27, 0.18, 0.1, 0.04],
        location: "Brooklyn", updatedAt: base)

    // MARK: Focus session (a pomodoro timer)

    struct FocusState: Codable, Sendable {
        enum Phase: Codable, Sendable {
            case focus(endsAt: Date)
            case shortBreak(endsAt: Date)
            case longBreak(endsAt: Date)
            case paused(remaining: Double)
        }

        var phase: Phase
        var completedCycles: Int
        var totalCycles: Int
        var taskName: String?
    }

    static let focus = FocusState(
        phase: .focus(endsAt: base.addingTimeInterval(1_314.5)), completedCycles: 2, totalCycles: 4,
        taskName: "Quarterly report")

    // MARK: Race timing (a motorsport app)

    struct RaceState: Codable, Sendable {
        struct Position: Codable, Sendable {
            var code: String
            var team: String
            var gapSeconds: Double?
            var lastLap: Double
            var pitStops: Int
        }

        var lap: Int
        var totalLaps: Int
        var flag: String
        var leader: String
        var positions: [Position]
        var fastestLap: Double
    }

    static let race = RaceState(
        lap: 43, totalLaps: 57, flag: "green", leader: "VER",
        positions: [
            RaceState.Position(code: "VER", team: "Red Bull", gapSeconds: nil, lastLap: 92.417, pitStops: 1),
            RaceState.Position(code: "NOR", team: "McLaren", gapSeconds: 3.251, lastLap: 92.133, pitStops: 1),
            RaceState.Position(code: "LEC", team: "Ferrari", gapSeconds: 7.904, lastLap: 92.688, pitStops: 1),
            RaceState.Position(code: "HAM", team: "Mercedes", gapSeconds: 12.6, lastLap: 92.901, pitStops: 2),
        ],
        fastestLap: 91.817)

    // MARK: Glucose chart (a diabetes app: every reading a Decimal)

    struct GlucoseChartState: Codable, Sendable {
        struct Reading: Codable, Sendable {
            var value: Decimal
            var date: Date
        }

        enum Trend: String, Codable, Sendable {
            case risingQuickly, rising, flat, falling, fallingQuickly, unknown
        }

        var current: Reading
        var trend: Trend
        var delta: Decimal
        var unit: String
        var chart: [Reading]
    }

    /// Six hours of readings five minutes apart, in mmol/L with one decimal, stamped as a sensor
    /// stamps them: `Date()` at receipt, with a fraction of a second.
    static let glucoseChart: GlucoseChartState = {
        let chart = (0..<72).map { index in
            let tenths = 52 + (index * 37 + index * index * 3) % 61
            let seconds = -300.0 * Double(71 - index) + Double((index * 7_919) % 1_000_003) / 1_000_003
            return GlucoseChartState.Reading(
                value: Decimal(sign: .plus, exponent: -1, significand: Decimal(tenths)),
                date: base.addingTimeInterval(seconds))
        }
        return GlucoseChartState(
            current: chart[71], trend: .rising, delta: Decimal(string: "0.4")!, unit: "mmol/L", chart: chart)
    }()

    // MARK: Price list (a shopping app's basket)

    struct PriceListState: Codable, Sendable {
        struct Item: Codable, Sendable {
            var name: String
            var quantity: Decimal
            var unitPrice: Decimal
            var was: Decimal?
        }

        var store: String
        var currency: String
        var items: [Item]
        var subtotal: Decimal
        var discount: Decimal
        var tax: Decimal
        var total: Decimal
        var updatedAt: Date
    }

    static let priceList = PriceListState(
        store: "Trader Joe's #552", currency: "USD",
        items: [
            PriceListState.Item(
                name: "Bananas", quantity: Decimal(string: "1.38")!, unitPrice: Decimal(string: "0.69")!),
            PriceListState.Item(
                name: "Oat milk", quantity: 2, unitPrice: Decimal(string: "3.49")!, was: Decimal(string: "3.99")!),
            PriceListState.Item(name: "Sourdough", quantity: 1, unitPrice: Decimal(string: "4.99")!),
            PriceListState.Item(name: "Eggs, dozen", quantity: 1, unitPrice: Decimal(string: "5.29")!),
            PriceListState.Item(
                name: "Coffee beans", quantity: 1, unitPrice: Decimal(string: "9.99")!, was: Decimal(string: "11.49")!),
            PriceListState.Item(name: "Avocados", quantity: 4, unitPrice: Decimal(string: "1.25")!),
            PriceListState.Item(name: "Olive oil", quantity: 1, unitPrice: Decimal(string: "12.50")!),
            PriceListState.Item(
                name: "Cheddar", quantity: Decimal(string: "0.454")!, unitPrice: Decimal(string: "17.58")!),
            PriceListState.Item(name: "Pasta", quantity: 3, unitPrice: Decimal(string: "1.99")!),
            PriceListState.Item(
                name: "Tomatoes", quantity: Decimal(string: "0.75")!, unitPrice: Decimal(string: "3.98")!),
        ],
        subtotal: Decimal(string: "76.5484")!, discount: Decimal(string: "-2.00")!, tax: Decimal(string: "6.2236")!,
        total: Decimal(string: "80.77")!, updatedAt: base.addingTimeInterval(-42.318))

    // MARK: Nutrition log (a food diary)

    struct NutritionLogState: Codable, Sendable {
        struct Entry: Codable, Sendable {
            var food: String
            var grams: Decimal
            var kilocalories: Decimal
            var protein: Decimal
            var carbohydrate: Decimal
            var fat: Decimal
            var loggedAt: Date
        }

        var day: String
        var entries: [Entry]
        var kilocalorieGoal: Decimal
        var kilocaloriesEaten: Decimal
        var proteinGoal: Decimal
    }

    static let nutritionLog: NutritionLogState = {
        let foods: [(String, String, String, String, String, String)] = [
            ("Greek yogurt", "170", "100.3", "17.34", "6.12", "0.68"),
            ("Blueberries", "74", "42.18", "0.55", "10.73", "0.24"),
            ("Granola", "30", "140.7", "3.9", "19.8", "5.7"),
            ("Chicken breast", "120", "198", "37.2", "0", "4.32"),
            ("Brown rice", "150", "168.0", "3.75", "35.25", "1.35"),
            ("Broccoli", "85", "28.9", "2.38", "5.64", "0.31"),
            ("Almonds", "28", "161.84", "5.94", "6.05", "13.94"),
            ("Salmon", "140", "291.2", "28.14", "0", "18.9"),
        ]
        let entries = foods.enumerated().map { index, food in
            NutritionLogState.Entry(
                food: food.0, grams: Decimal(string: food.1)!, kilocalories: Decimal(string: food.2)!,
                protein: Decimal(string: food.3)!, carbohydrate: Decimal(string: food.4)!,
                fat: Decimal(string: food.5)!, loggedAt: base.addingTimeInterval(-1_800.0 * Double(8 - index) + 0.731))
        }
        return NutritionLogState(
            day: "2025-11-30", entries: entries, kilocalorieGoal: 2_200,
            kilocaloriesEaten: Decimal(string: "1131.12")!, proteinGoal: Decimal(string: "112.5")!)
    }()
}
