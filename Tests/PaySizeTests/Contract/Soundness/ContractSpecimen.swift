import Foundation
import PaySizeTestSupport

/// A `Codable` content state of the soundness corpus: it can make seeded random values of
/// itself, which a default `JSONEncoder` writes as the payloads servers send.
protocol ContractSpecimen: Codable {
    static func random(_ random: inout SplitMix64) -> Self
}

extension SplitMix64 {
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    mutating func maybe<T>(_ make: (inout SplitMix64) -> T) -> T? { chance(50) ? make(&self) : nil }

    mutating func list<T>(_ count: ClosedRange<Int>, _ make: (inout SplitMix64) -> T) -> [T] {
        (0..<int(count)).map { _ in make(&self) }
    }

    /// A short realistic string, sometimes with escapes and non-ASCII.
    mutating func word() -> String {
        pick([
            "Ana", "Sam", "Lions", "B44", "on time", "Zoë", "→ Gate 12", "a/b", "\"quoted\"", "line\nbreak", "😀", "x",
        ])
            + (chance(30) ? String(int(0...99)) : "")
    }

    /// A `Date` a Live Activity shows: within a few years of now, as the device counts it.
    mutating func date() -> Date {
        Date(timeIntervalSinceReferenceDate: Double(int(700_000_000...900_000_000)) + (chance(30) ? 0.25 : 0))
    }

    mutating func double() -> Double {
        chance(20) ? Double(int(-100...100)) : Double(int(-1_000_000...1_000_000)) / 1000
    }

    mutating func url() -> URL {
        URL(
            string: pick([
                "https://cdn.example.com/a.png", "https://example.com/p?q=1&r=2", "app://open/42", "relative/path",
            ]))!
    }

    mutating func uuid() -> UUID {
        UUID(
            uuid: (
                UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)),
                UInt8(int(0...255)), UInt8(int(0...255)), 0x40, UInt8(int(0...255)), 0x80, UInt8(int(0...255)),
                UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)),
                UInt8(int(0...255)), UInt8(int(0...255))
            ))
    }

    mutating func data() -> Data { Data(list(0...6) { UInt8($0.int(0...255)) }) }
}
