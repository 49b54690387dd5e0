import Foundation
import PaySize

/// Writes compact JSON Lines of realistic Live Activity pushes: the benchmark's four app states
/// (ride, delivery, flight, messages) with their values varied per line, wrapped in `aps` with
/// the keys servers send (`timestamp`, `event`, `stale-date`, `relevance-score`, sometimes an
/// `alert`), as `PayloadEncoder` (Foundation's bytes) writes them.
struct PushLogGenerator {
    private var random: UInt64
    private let encoder = PayloadEncoder()

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
        typealias Fixtures = LiveActivityFixtures
        let state: [UInt8]
        switch next(100) {
        case 0..<25:
            var ride = Fixtures.ride
            ride.etaMinutes = next(30)
            ride.fare = Double(next(9000)) / 100
            ride.driverName = ["Mariana Oliveira", "Kwame Mensah", "Li Wei", "Sofía Hernández"][next(4)]
            state = try encoder.encodeBytes(ride)
        case 25..<60:
            var delivery = Fixtures.delivery
            delivery.progress = Double(next(100)) / 100
            delivery.stopsBefore = next(4)
            delivery.items = Array(
                repeating: Fixtures.delivery.items[next(3)], count: 1 + next(6))
            delivery.note = next(3) == 0 ? nil : String(Fixtures.delivery.note!.prefix(10 + next(30)))
            state = try encoder.encodeBytes(delivery)
        case 60..<75:
            var messages = Fixtures.messages
            messages.messages = Array(messages.messages.prefix(1 + next(3)))
            messages.unreadCount = next(20)
            state = try encoder.encodeBytes(messages)
        default:
            var flight = Fixtures.flight
            flight.segments = Array(flight.segments.prefix(1 + next(7)))
            flight.notices = Array(flight.notices.prefix(next(11)))
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
