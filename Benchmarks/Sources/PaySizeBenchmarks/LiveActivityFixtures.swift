import Foundation

// Live Activity content states used by the benchmark and, through a symlink, by the encoder
// tests (Tests/PaySizeTests/Encoding/LiveActivityFixtures.swift), so the timed values are the
// ones checked byte for byte. The types are nested in `LiveActivityFixtures` so they cannot
// clash with other fixtures in the test module. `Date` fields use the default `.deferredToDate`
// epoch (2001), as the device decodes them (see <doc:DeviceDecoding>).

/// The four benchmark fixtures, each with a name for the table.
enum LiveActivityFixtures {
    static let base = Date(timeIntervalSinceReferenceDate: 786_193_800)

    static let ride = RideState(
        phase: .enRoute,
        driverName: "Mariana Oliveira",
        vehicle: "Gray Toyota Prius · 7KXR220",
        etaMinutes: 6,
        pickupAt: base.addingTimeInterval(360.5),
        isShared: false,
        fare: 18.75
    )

    static let delivery = DeliveryState(
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

    static let flight: FlightState = {
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

    static let messages = MessageState(
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
    struct RideState: Codable, Sendable {
        enum Phase: String, Codable, Sendable {
            case requested, enRoute, arrived, onTrip, completed
        }

        var phase: Phase
        var driverName: String
        var vehicle: String
        var etaMinutes: Int
        var pickupAt: Date
        var isShared: Bool
        var fare: Double?
    }

    /// A typical food-delivery state (732 bytes): nested structs, a small array, optionals.
    struct DeliveryState: Codable, Sendable {
        enum Status: String, Codable, Sendable {
            case confirmed, preparing, pickedUp, nearby, delivered
        }

        struct Courier: Codable, Sendable {
            var name: String
            var rating: Double
            var vehicle: String
            var phoneSuffix: String?
            var photoURL: URL
        }

        struct Coordinate: Codable, Sendable {
            var latitude: Double
            var longitude: Double
        }

        struct Item: Codable, Sendable {
            var name: String
            var quantity: Int
            var isReady: Bool
        }

        var orderNumber: String
        var status: Status
        var restaurantName: String
        var courier: Courier
        var courierLocation: Coordinate
        var destination: Coordinate
        var etaDate: Date
        var updatedAt: Date
        var progress: Double
        var items: [Item]
        var stopsBefore: Int
        var note: String?
        var tipCents: Int?
        var isContactless: Bool
    }

    /// A flight state near the 4 KB limit (3848 bytes): many segments and notices.
    struct FlightState: Codable, Sendable {
        enum Phase: String, Codable, Sendable {
            case scheduled, boarding, departed, enRoute, landed, arrived
        }

        struct Segment: Codable, Sendable {
            var flightNumber: String
            var origin: String
            var destination: String
            var departure: Date
            var arrival: Date
            var gate: String?
            var terminal: String?
            var seat: String
            var progress: Double
            var delayMinutes: Int
            var phase: Phase
        }

        struct Notice: Codable, Sendable {
            var code: Int
            var title: String
            var body: String
            var issuedAt: Date
            var isCritical: Bool
        }

        var bookingReference: String
        var passengerName: String
        var segments: [Segment]
        var notices: [Notice]
        var baggageBelts: [Int]
        var loyaltyTier: String
        var updatedAt: Date
    }

    /// A chat-style state heavy on strings with escapes, slashes and non-ASCII text.
    struct MessageState: Codable, Sendable {
        struct Message: Codable, Sendable {
            var author: String
            var text: String
            var sentAt: Date
            var link: URL?
        }

        var threadTitle: String
        var messages: [Message]
        var typingNames: [String]
        var unreadCount: Int
    }
}
