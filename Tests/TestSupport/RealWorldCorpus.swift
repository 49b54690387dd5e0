import Foundation

// Content states and attributes shaped like the Live Activities of public apps and Apple's
// documentation: small states of a few strings, raw-value enums, optionals (often nil), a Date
// or two, an array of small structs, a nested struct, enums with associated values, URLs, and
// Doubles as real feeds send them. Used by the benchmark (`make bench`) and by the
// encoder tests, which compare every shape byte for byte with Foundation (both link
// PaySizeTestSupport). `Date`s count from 2001, as the device decodes them.
// Health, finance and delivery apps keep the values they show as `Decimal` (the last three).

/// The corpus: each shape with the name the benchmark table shows.
public enum RealWorldCorpus {
    public static let base = Date(timeIntervalSinceReferenceDate: 786_193_800)

    public static let shapes: [(name: String, value: any Encodable & Sendable)] = [
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

    public struct DeliveryAttributes: Codable, Sendable {
        public var orderID: String
        public var restaurantName: String
        public var restaurantLogo: URL?
        public var itemCount: Int
    }

    public struct DeliveryState: Codable, Sendable {
        public enum Status: String, Codable, Sendable {
            case received, preparing, pickedUp, arriving, delivered
        }

        public var status: Status
        public var eta: Date
        public var courierName: String?
        public var progress: Double
        public var message: String?
    }

    public static let delivery = DeliveryState(
        status: .pickedUp, eta: base.addingTimeInterval(1_140), courierName: "Marco",
        progress: 0.6200000000000001, message: nil)
    public static let deliveryAttributes = DeliveryAttributes(
        orderID: "8F2K-19QX", restaurantName: "Sweetgreen", restaurantLogo: nil, itemCount: 3)

    // MARK: Ride (a ride-hailing app)

    public struct RideState: Codable, Sendable {
        public struct Vehicle: Codable, Sendable {
            public var make: String
            public var model: String
            public var color: String
            public var plate: String
        }

        public enum Stage: String, Codable, Sendable {
            case matching, driverOnTheWay, driverArrived, inProgress, completed
        }

        public var stage: Stage
        public var driverFirstName: String
        public var driverRating: Double
        public var vehicle: Vehicle
        public var pickupETA: Date
        public var minutesAway: Int
        public var pin: String?
    }

    public static let ride = RideState(
        stage: .driverOnTheWay, driverFirstName: "Aisha", driverRating: 4.91,
        vehicle: RideState.Vehicle(make: "Toyota", model: "Camry", color: "Silver", plate: "8KDN512"),
        pickupETA: base.addingTimeInterval(240), minutesAway: 4, pin: nil)

    // MARK: Sports score (a league app)

    public struct SportsAttributes: Codable, Sendable {
        public var gameID: String
        public var league: String
        public var homeTeam: String
        public var awayTeam: String
        public var homeAbbreviation: String
        public var awayAbbreviation: String
        public var homeLogo: URL
        public var awayLogo: URL
        public var venue: String
    }

    public struct SportsScoreState: Codable, Sendable {
        public enum Period: Codable, Sendable, Hashable {
            case pregame
            case quarter(Int)
            case halftime
            case overtime(Int)
            case final
        }

        public var homeScore: Int
        public var awayScore: Int
        public var period: Period
        public var clock: String
        public var possession: String?
        public var lastPlay: String?
        public var homeTimeouts: Int
        public var awayTimeouts: Int
        public var winProbability: Double?
    }

    public static let sportsScore = SportsScoreState(
        homeScore: 87, awayScore: 91, period: .quarter(4), clock: "2:14", possession: "BOS",
        lastPlay: "J. Tatum makes 26-foot three point jumper (J. Brown assists)", homeTimeouts: 2, awayTimeouts: 1,
        winProbability: 0.734)
    public static let sportsAttributes = SportsAttributes(
        gameID: "401585601", league: "NBA", homeTeam: "Miami Heat", awayTeam: "Boston Celtics",
        homeAbbreviation: "MIA", awayAbbreviation: "BOS",
        homeLogo: URL(string: "https://a.espncdn.com/i/teamlogos/nba/500/mia.png")!,
        awayLogo: URL(string: "https://a.espncdn.com/i/teamlogos/nba/500/bos.png")!, venue: "Kaseya Center")

    // MARK: Timer (Apple's documentation sample: a countdown)

    public struct TimerState: Codable, Sendable {
        public var endDate: Date
        public var isPaused: Bool
        public var pausedRemaining: Double?
        public var label: String
    }

    public static let timer = TimerState(
        endDate: base.addingTimeInterval(1_500), isPaused: false, pausedRemaining: nil, label: "Pasta")

    // MARK: Music (a player's now-playing activity)

    public struct MusicState: Codable, Sendable {
        public var title: String
        public var artist: String
        public var album: String?
        public var artworkURL: URL?
        public var elapsed: Double
        public var duration: Double
        public var isPlaying: Bool
        public var startedAt: Date
    }

    public static let music = MusicState(
        title: "Midnight City", artist: "M83", album: "Hurry Up, We're Dreaming",
        artworkURL: URL(string: "https://i.scdn.co/image/ab67616d0000b273fff2cb485c36a6d8f639bdba"),
        elapsed: 96.533333, duration: 243.96, isPlaying: true, startedAt: base.addingTimeInterval(-96.533333))

    // MARK: Workout (a running app)

    public struct WorkoutState: Codable, Sendable {
        public enum Activity: String, Codable, Sendable {
            case run, ride, walk, swim, hike
        }

        public struct Split: Codable, Sendable {
            public var kilometer: Int
            public var seconds: Double
        }

        public var activity: Activity
        public var distanceMeters: Double
        public var elapsedSeconds: Double
        public var paceSecondsPerKilometer: Double
        public var heartRate: Int?
        public var calories: Double
        public var isAutoPaused: Bool
        public var splits: [Split]
        public var startedAt: Date
    }

    public static let workout = WorkoutState(
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

    public struct FlightAttributes: Codable, Sendable {
        public var airline: String
        public var flightNumber: String
        public var origin: String
        public var destination: String
        public var scheduledDeparture: Date
        public var scheduledArrival: Date
    }

    public struct FlightState: Codable, Sendable {
        public enum Phase: Codable, Sendable {
            case scheduled
            case boarding(closesAt: Date)
            case departed
            case landed(gateArrival: Date?)
            case delayed(minutes: Int, reason: String?)
            case cancelled
        }

        public var phase: Phase
        public var gate: String?
        public var terminal: String?
        public var estimatedDeparture: Date
        public var estimatedArrival: Date
        public var progress: Double
        public var altitudeFeet: Int?
        public var groundSpeedKnots: Int?
        public var seat: String?
        public var baggageClaim: String?
    }

    public static let flight = FlightState(
        phase: .delayed(minutes: 35, reason: "Late inbound aircraft"), gate: "B32", terminal: "2",
        estimatedDeparture: base.addingTimeInterval(4_500), estimatedArrival: base.addingTimeInterval(24_300),
        progress: 0, altitudeFeet: nil, groundSpeedKnots: nil, seat: "23A", baggageClaim: nil)
    public static let flightAttributes = FlightAttributes(
        airline: "United", flightNumber: "UA 1549", origin: "SFO", destination: "EWR",
        scheduledDeparture: base.addingTimeInterval(2_400), scheduledArrival: base.addingTimeInterval(22_200))

    // MARK: Parking (a parking app)

    public struct ParkingState: Codable, Sendable {
        public var zone: String
        public var plate: String
        public var startedAt: Date
        public var expiresAt: Date
        public var cost: Double
        public var currency: String
        public var canExtend: Bool
        public var maxExtensionMinutes: Int?
    }

    public static let parking = ParkingState(
        zone: "4417 — Market St", plate: "7XYZ123", startedAt: base.addingTimeInterval(-2_700),
        expiresAt: base.addingTimeInterval(900), cost: 4.5, currency: "USD", canExtend: true,
        maxExtensionMinutes: 60)

    // MARK: Food order (a coffee-shop pickup)

    public struct FoodOrderState: Codable, Sendable {
        public enum Stage: String, Codable, Sendable {
            case ordered, inProgress, ready, pickedUp
        }

        public struct Item: Codable, Sendable {
            public var name: String
            public var quantity: Int
            public var customizations: [String]
        }

        public var orderNumber: String
        public var stage: Stage
        public var readyBy: Date?
        public var storeName: String
        public var items: [Item]
        public var customerName: String
    }

    public static let foodOrder = FoodOrderState(
        orderNumber: "#112", stage: .inProgress, readyBy: base.addingTimeInterval(420), storeName: "Pike Place",
        items: [
            FoodOrderState.Item(name: "Grande Oat Latte", quantity: 1, customizations: ["Extra shot", "Oat milk"]),
            FoodOrderState.Item(name: "Butter Croissant", quantity: 2, customizations: ["Warmed"]),
        ],
        customerName: "Priya")

    // MARK: Glucose (a continuous glucose monitor)

    public struct GlucoseState: Codable, Sendable {
        public enum Trend: String, Codable, Sendable {
            case risingQuickly, rising, flat, falling, fallingQuickly, unknown
        }

        public var value: Int
        public var unit: String
        public var trend: Trend
        public var delta: Double?
        public var readingDate: Date
        public var isStale: Bool
        public var alert: String?
    }

    public static let glucose = GlucoseState(
        value: 142, unit: "mg/dL", trend: .rising, delta: 6.000000000000001, readingDate: base.addingTimeInterval(-180),
        isStale: false, alert: nil)

    // MARK: Fantasy league (a fantasy sports app)

    public struct FantasyState: Codable, Sendable {
        public struct Player: Codable, Sendable {
            public var name: String
            public var position: String
            public var points: Double
            public var isPlaying: Bool
        }

        public var myTeam: String
        public var opponentTeam: String
        public var myScore: Double
        public var opponentScore: Double
        public var myProjected: Double
        public var opponentProjected: Double
        public var playersLeft: Int
        public var opponentPlayersLeft: Int
        public var topPerformers: [Player]
        public var winProbability: Double
    }

    public static let fantasy = FantasyState(
        myTeam: "Brady's Bunch", opponentTeam: "Mahomes Alone", myScore: 98.42, opponentScore: 104.1,
        myProjected: 121.35999999999999, opponentProjected: 117.9, playersLeft: 3, opponentPlayersLeft: 1,
        topPerformers: [
            FantasyState.Player(name: "C. McCaffrey", position: "RB", points: 27.3, isPlaying: false),
            FantasyState.Player(name: "J. Chase", position: "WR", points: 19.8, isPlaying: true),
            FantasyState.Player(name: "T. Kelce", position: "TE", points: 14.600000000000001, isPlaying: true),
        ],
        winProbability: 0.58)

    // MARK: Transit (a public-transport app)

    public struct TransitState: Codable, Sendable {
        public enum Mode: String, Codable, Sendable {
            case bus, tram, subway, rail, ferry
        }

        public struct Departure: Codable, Sendable {
            public var time: Date
            public var isRealtime: Bool
            public var delaySeconds: Int?
        }

        public var line: String
        public var lineColor: String
        public var mode: Mode
        public var headsign: String
        public var stopName: String
        public var platform: String?
        public var departures: [Departure]
        public var stopsUntilExit: Int
        public var exitStop: String
        public var alert: String?
    }

    public static let transit = TransitState(
        line: "U2", lineColor: "#DA421E", mode: .subway, headsign: "Pankow", stopName: "Alexanderplatz",
        platform: "2",
        departures: [
            TransitState.Departure(time: base.addingTimeInterval(120), isRealtime: true, delaySeconds: 60),
            TransitState.Departure(time: base.addingTimeInterval(420), isRealtime: true, delaySeconds: nil),
            TransitState.Departure(time: base.addingTimeInterval(720), isRealtime: false, delaySeconds: nil),
        ],
        stopsUntilExit: 5, exitStop: "Eberswalder Str.", alert: nil)

    // MARK: Package tracking (a parcel tracker)

    public struct PackageState: Codable, Sendable {
        public enum Carrier: String, Codable, Sendable {
            case ups, fedex, usps, dhl, amazon
        }

        public enum Status: String, Codable, Sendable {
            case labelCreated, inTransit, outForDelivery, delivered, exception
        }

        public struct Event: Codable, Sendable {
            public var date: Date
            public var description: String
            public var location: String?
        }

        public var carrier: Carrier
        public var trackingNumber: String
        public var status: Status
        public var estimatedDelivery: Date?
        public var stopsAway: Int?
        public var latestEvent: Event
        public var signatureRequired: Bool
    }

    public static let package = PackageState(
        carrier: .ups, trackingNumber: "1Z999AA10123456784", status: .outForDelivery,
        estimatedDelivery: base.addingTimeInterval(10_800), stopsAway: 7,
        latestEvent: PackageState.Event(
            date: base.addingTimeInterval(-3_600), description: "Out For Delivery Today", location: "Oakland, CA, US"),
        signatureRequired: false)

    // MARK: EV charging (a charging network app)

    public struct ChargingState: Codable, Sendable {
        public var stationName: String
        public var connector: String
        public var batteryPercent: Int
        public var powerKilowatts: Double
        public var energyKilowattHours: Double
        public var rangeMiles: Int
        public var minutesToTarget: Int?
        public var targetPercent: Int
        public var cost: Double
        public var isCharging: Bool
    }

    public static let charging = ChargingState(
        stationName: "Electrify America · Walmart 1832", connector: "CCS", batteryPercent: 64, powerKilowatts: 148.3,
        energyKilowattHours: 31.724, rangeMiles: 187, minutesToTarget: 12, targetPercent: 80, cost: 15.23,
        isCharging: true)

    // MARK: Weather nowcast (minute-by-minute precipitation)

    public struct NowcastState: Codable, Sendable {
        public var summary: String
        public var startsAt: Date?
        public var intensities: [Double]
        public var location: String
        public var updatedAt: Date
    }

    public static let nowcast = NowcastState(
        summary: "Light rain starting in 12 min", startsAt: base.addingTimeInterval(720),
        intensities: [0, 0, 0, 0.05, 0.12, 0.31, 0.44, 0.39, 0.27, 0.18, 0.1, 0.04],
        location: "Brooklyn", updatedAt: base)

    // MARK: Focus session (a pomodoro timer)

    public struct FocusState: Codable, Sendable {
        public enum Phase: Codable, Sendable {
            case focus(endsAt: Date)
            case shortBreak(endsAt: Date)
            case longBreak(endsAt: Date)
            case paused(remaining: Double)
        }

        public var phase: Phase
        public var completedCycles: Int
        public var totalCycles: Int
        public var taskName: String?
    }

    public static let focus = FocusState(
        phase: .focus(endsAt: base.addingTimeInterval(1_314.5)), completedCycles: 2, totalCycles: 4,
        taskName: "Quarterly report")

    // MARK: Race timing (a motorsport app)

    public struct RaceState: Codable, Sendable {
        public struct Position: Codable, Sendable {
            public var code: String
            public var team: String
            public var gapSeconds: Double?
            public var lastLap: Double
            public var pitStops: Int
        }

        public var lap: Int
        public var totalLaps: Int
        public var flag: String
        public var leader: String
        public var positions: [Position]
        public var fastestLap: Double
    }

    public static let race = RaceState(
        lap: 43, totalLaps: 57, flag: "green", leader: "VER",
        positions: [
            RaceState.Position(code: "VER", team: "Red Bull", gapSeconds: nil, lastLap: 92.417, pitStops: 1),
            RaceState.Position(code: "NOR", team: "McLaren", gapSeconds: 3.251, lastLap: 92.133, pitStops: 1),
            RaceState.Position(code: "LEC", team: "Ferrari", gapSeconds: 7.904, lastLap: 92.688, pitStops: 1),
            RaceState.Position(code: "HAM", team: "Mercedes", gapSeconds: 12.6, lastLap: 92.901, pitStops: 2),
        ],
        fastestLap: 91.817)

    // MARK: Glucose chart (a diabetes app: every reading a Decimal)

    public struct GlucoseChartState: Codable, Sendable {
        public struct Reading: Codable, Sendable {
            public var value: Decimal
            public var date: Date
        }

        public enum Trend: String, Codable, Sendable {
            case risingQuickly, rising, flat, falling, fallingQuickly, unknown
        }

        public var current: Reading
        public var trend: Trend
        public var delta: Decimal
        public var unit: String
        public var chart: [Reading]
    }

    /// Six hours of readings five minutes apart, in mmol/L with one decimal, stamped as a sensor
    /// stamps them: `Date()` at receipt, with a fraction of a second.
    public static let glucoseChart: GlucoseChartState = {
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

    public struct PriceListState: Codable, Sendable {
        public struct Item: Codable, Sendable {
            public var name: String
            public var quantity: Decimal
            public var unitPrice: Decimal
            public var was: Decimal?
        }

        public var store: String
        public var currency: String
        public var items: [Item]
        public var subtotal: Decimal
        public var discount: Decimal
        public var tax: Decimal
        public var total: Decimal
        public var updatedAt: Date
    }

    public static let priceList = PriceListState(
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

    public struct NutritionLogState: Codable, Sendable {
        public struct Entry: Codable, Sendable {
            public var food: String
            public var grams: Decimal
            public var kilocalories: Decimal
            public var protein: Decimal
            public var carbohydrate: Decimal
            public var fat: Decimal
            public var loggedAt: Date
        }

        public var day: String
        public var entries: [Entry]
        public var kilocalorieGoal: Decimal
        public var kilocaloriesEaten: Decimal
        public var proteinGoal: Decimal
    }

    public static let nutritionLog: NutritionLogState = {
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
