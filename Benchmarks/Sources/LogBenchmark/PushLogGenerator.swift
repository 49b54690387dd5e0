import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport

/// Writes compact JSON Lines of realistic Live Activity pushes: the benchmark's four app states
/// (ride, delivery, flight, messages) with their values varied per line, wrapped in `aps` with
/// the keys servers send (`timestamp`, `event`, `stale-date`, `relevance-score`, sometimes an
/// `alert`), as `PayloadEncoder` (Foundation's bytes) writes them.
struct PushLogGenerator {
    private var random: UInt64
    private let encoder = PayloadEncoder()
    private typealias Fixtures = LiveActivityFixtures

    init(seed: UInt64) {
        random = seed
    }

    /// SplitMix64, so every run writes the same log.
    private mutating func next(_ bound: Int) -> Int {
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    /// One push, without its line break.
    mutating func push(index: Int) throws -> [UInt8] {
        let state: [UInt8]
        let names = [
            "Mariana Oliveira", "Kwame Mensah", "Li Wei", "Sofía Hernández", "Jonas Müller", "Aiko Tanaka",
            "Samuel Okafor", "Priya Raman", "Élodie Martin", "Oluwaseun Adeyemi",
        ]
        let reference = Date(timeIntervalSinceReferenceDate: 786_193_800 + Double(index) * 0.7)
        switch next(100) {
        case 0..<25:
            var ride = Fixtures.ride
            ride.etaMinutes = next(30)
            ride.fare = Double(next(9000)) / 100
            ride.driverName = names[next(names.count)]
            ride.vehicle =
                "\(["Gray Toyota Prius", "White Kia Niro", "Black Tesla Model 3"][next(3)]) · \(next(9))KXR\(next(900) + 100)"
            ride.pickupAt = reference.addingTimeInterval(Double(next(3600)))
            state = try encoder.encodeBytes(ride)
        case 25..<60:
            var delivery = Fixtures.delivery
            delivery.orderNumber = "A-\(next(90000) + 10000)-\(next(9000) + 1000)"
            delivery.courier.name = names[next(names.count)]
            delivery.courier.rating = Double(next(100) + 400) / 100
            delivery.courierLocation.latitude = 52 + Double(next(1_000_000)) / 1_000_000
            delivery.courierLocation.longitude = 13 + Double(next(1_000_000)) / 1_000_000
            delivery.etaDate = reference.addingTimeInterval(Double(next(3600)))
            delivery.updatedAt = reference
            delivery.progress = Double(next(100)) / 100
            delivery.stopsBefore = next(4)
            delivery.items = (0..<(1 + next(6))).map { _ in
                var item = Fixtures.delivery.items[next(3)]
                item.quantity = 1 + next(4)
                item.isReady = next(2) == 0
                return item
            }
            delivery.note = next(3) == 0 ? nil : String(Fixtures.delivery.note!.prefix(10 + next(30)))
            delivery.tipCents = next(4) == 0 ? nil : next(1000)
            state = try encoder.encodeBytes(delivery)
        case 60..<75:
            var messages = Fixtures.messages
            messages.messages = (0..<(1 + next(3))).map { _ in
                var message = Fixtures.messages.messages[next(3)]
                message.author = names[next(names.count)]
                message.sentAt = reference.addingTimeInterval(Double(next(600)))
                return message
            }
            messages.unreadCount = next(20)
            state = try encoder.encodeBytes(messages)
        default:
            var flight = Fixtures.flight
            flight.passengerName = names[next(names.count)]
            flight.bookingReference = String(UInt64(next(2_000_000_000)), radix: 36).uppercased()
            flight.segments = (0..<(1 + next(7))).map { position in
                var segment = Fixtures.flight.segments[position]
                segment.delayMinutes = next(90)
                segment.progress = Double(next(1000)) / 1000
                segment.departure = reference.addingTimeInterval(Double(position * 14_400 + next(600)))
                return segment
            }
            flight.notices = Array(flight.notices.prefix(next(11)))
            flight.updatedAt = reference
            state = try encoder.encodeBytes(flight)
        }
        let timestamp = 1_764_500_400 + index
        var line = Array(#"{"aps":{"timestamp":\#(timestamp),"event":"update","content-state":"#.utf8)
        line += state
        line += Array(#","stale-date":\#(timestamp + 900),"relevance-score":\#(next(101))"#.utf8)
        if next(10) == 0 { line += Array(#","alert":{"title":"Order update","body":"Your courier is nearby"}"#.utf8) }
        line += Array("}}".utf8)
        return line
    }
}
