import Foundation

// Live Activity content states used by the benchmark and by the encoder tests (both link
// PaySizeTestSupport), so the timed values are the ones checked byte for byte. The types are nested in `LiveActivityFixtures` so they cannot
// clash with other fixtures in the test module. `Date` fields use the default `.deferredToDate`
// epoch (2001), as the device decodes them.

/// The four benchmark fixtures, each with a name for the table.
public enum LiveActivityFixtures {
    public static let base = Date(timeIntervalSinceReferenceDate: 786_193_800)

    public static let ride = RideState(
        phase: .enRoute,
        driverName: "Mariana Oliveira",
        vehicle: "Gray Toyota Prius · 7KXR220",
        etaMinutes: 6,
        pickupAt: base.addingTimeInterval(360.5),
        isShared: false,
        fare: 18.75
    )

    public static let delivery = DeliveryState(
        orderNumber: "A-20391-7781",
        status: .nearby,
        restaurantName: "Luigi's Trattoria & Wood-Fired Pizza",
        courier: DeliveryState.Courier(
            name: "Samuel Okafor",
            rating: 4.93,
            vehicle: "Blue e-bike",
            phoneSuffix: "4417",
            photoURL: URL(string: "https://cdn.example.com/couriers/8812/photo.jpg?size=96")!
        ),
        courierLocation: DeliveryState.Coordinate(latitude: 52.520008, longitude: 13.404954),
        destination: DeliveryState.Coordinate(latitude: 52.516275, longitude: 13.377704),
        etaDate: base.addingTimeInterval(540),
        updatedAt: base.addingTimeInterval(12.25),
        progress: 0.82,
        items: [
            DeliveryState.Item(name: "Margherita pizza", quantity: 2, isReady: true),
            DeliveryState.Item(name: "Tiramisu", quantity: 1, isReady: true),
            DeliveryState.Item(name: "Sparkling water 0.5 l", quantity: 3, isReady: false),
        ],
        stopsBefore: 1,
        note: "Ring twice, 3rd floor, door on the left",
        tipCents: 350,
        isContactless: true
    )

    public static let flight: FlightState = {
        let airports = ["FRA", "JFK", "SFO", "NRT", "SIN", "SYD", "LHR", "CDG"]
        let segments = (0..<7).map { (index: Int) -> FlightState.Segment in
            let offset = Double(index) * 14_400
            return FlightState.Segment(
                flightNumber: "LH\(400 + index * 17)",
                origin: airports[index % airports.count],
                destination: airports[(index + 1) % airports.count],
                departure: base.addingTimeInterval(offset),
                arrival: base.addingTimeInterval(offset + 30_600.5),
                gate: index % 3 == 0 ? nil : "B\(20 + index)",
                terminal: index % 2 == 0 ? "T\(index % 3 + 1)" : nil,
                seat: "\(30 + index)K",
                progress: Double(index) / 7.0,
                delayMinutes: index * 5,
                phase: index < 2 ? .arrived : (index == 2 ? .enRoute : .scheduled)
            )
        }
        let notices = (0..<10).map { (index: Int) -> FlightState.Notice in
            let gate = "B\(20 + index)"
            let body =
                "Your connecting flight departs from gate " + gate
                + ". Allow at least 25 minutes to transfer; follow the signs for international connections."
            return FlightState.Notice(
                code: 1000 + index,
                title: "Connection update \(index + 1)",
                body: body,
                issuedAt: base.addingTimeInterval(Double(index) * 600.25),
                isCritical: index == 0
            )
        }
        return FlightState(
            bookingReference: "QX7R2M",
            passengerName: "Dr. Aleksandra Wiśniewska-Kowalczyk",
            segments: segments,
            notices: notices,
            baggageBelts: [4, 7, 12],
            loyaltyTier: "Senator",
            updatedAt: base.addingTimeInterval(45.5)
        )
    }()

    public static let messages = MessageState(
        threadTitle: "Équipe « Lyon » / 東京 📦",
        messages: [
            MessageState.Message(
                author: "Zoë",
                text: "On my way! ETA ~5 min — gate \"B\" is closed\nuse the side door / ring 2×",
                sentAt: base.addingTimeInterval(1.5),
                link: URL(string: "https://maps.example.com/?q=45.7640,4.8357&z=17")
            ),
            MessageState.Message(
                author: "Björn Ångström",
                text: "Path is C:\\Users\\bjorn\\drop\tthen tab\u{1}. Привет! こんにちは 🙂",
                sentAt: base.addingTimeInterval(42),
                link: nil
            ),
            MessageState.Message(
                author: "José",
                text: "👍🏽 «ok» — 50/50 split? \u{2028}new line sep",
                sentAt: base.addingTimeInterval(99.75),
                link: URL(string: "https://pay.example.com/r/a/b/c")
            ),
        ],
        typingNames: ["Zoë", "李雷"],
        unreadCount: 3
    )
}

extension LiveActivityFixtures {
    /// A small ride-share state (160 bytes).
    public struct RideState: Codable, Sendable {
        public enum Phase: String, Codable, Sendable {
            case requested, enRoute, arrived, onTrip, completed
        }

        public var phase: Phase
        public var driverName: String
        public var vehicle: String
        public var etaMinutes: Int
        public var pickupAt: Date
        public var isShared: Bool
        public var fare: Double?
    }

    /// A typical food-delivery state (732 bytes): nested structs, a small array, optionals.
    public struct DeliveryState: Codable, Sendable {
        public enum Status: String, Codable, Sendable {
            case confirmed, preparing, pickedUp, nearby, delivered
        }

        public struct Courier: Codable, Sendable {
            public var name: String
            public var rating: Double
            public var vehicle: String
            public var phoneSuffix: String?
            public var photoURL: URL
        }

        public struct Coordinate: Codable, Sendable {
            public var latitude: Double
            public var longitude: Double
        }

        public struct Item: Codable, Sendable {
            public var name: String
            public var quantity: Int
            public var isReady: Bool
        }

        public var orderNumber: String
        public var status: Status
        public var restaurantName: String
        public var courier: Courier
        public var courierLocation: Coordinate
        public var destination: Coordinate
        public var etaDate: Date
        public var updatedAt: Date
        public var progress: Double
        public var items: [Item]
        public var stopsBefore: Int
        public var note: String?
        public var tipCents: Int?
        public var isContactless: Bool
    }

    /// A flight state near the 4 KB limit (3848 bytes): many segments and notices.
    public struct FlightState: Codable, Sendable {
        public enum Phase: String, Codable, Sendable {
            case scheduled, boarding, departed, enRoute, landed, arrived
        }

        public struct Segment: Codable, Sendable {
            public var flightNumber: String
            public var origin: String
            public var destination: String
            public var departure: Date
            public var arrival: Date
            public var gate: String?
            public var terminal: String?
            public var seat: String
            public var progress: Double
            public var delayMinutes: Int
            public var phase: Phase
        }

        public struct Notice: Codable, Sendable {
            public var code: Int
            public var title: String
            public var body: String
            public var issuedAt: Date
            public var isCritical: Bool
        }

        public var bookingReference: String
        public var passengerName: String
        public var segments: [Segment]
        public var notices: [Notice]
        public var baggageBelts: [Int]
        public var loyaltyTier: String
        public var updatedAt: Date
    }

    /// A chat-style state heavy on strings with escapes, slashes and non-ASCII text.
    public struct MessageState: Codable, Sendable {
        public struct Message: Codable, Sendable {
            public var author: String
            public var text: String
            public var sentAt: Date
            public var link: URL?
        }

        public var threadTitle: String
        public var messages: [Message]
        public var typingNames: [String]
        public var unreadCount: Int
    }
}
