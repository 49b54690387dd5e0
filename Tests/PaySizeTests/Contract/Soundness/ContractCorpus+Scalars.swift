import Foundation
import PaySizeTestSupport

// Content states built from scalars and Foundation types: every integer width, floating types,
// Decimal, dates, URLs, UUIDs, Data, and raw-value enums of each kind.

extension ContractCorpus {
    /// A delivery with a CaseIterable status.
    struct Delivery: ContractSpecimen, Equatable {
        enum Status: String, Codable, CaseIterable { case preparing, pickedUp, onTheWay, delivered }
        var status: Status
        var etaDate: Date
        var courierName: String
        var stopsAway: Int
        var note: String?

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                status: random.pick(Status.allCases), etaDate: random.date(), courierName: random.word(),
                stopsAway: random.int(0...30), note: random.maybe { $0.word() })
        }
    }

    /// Float and Double raw values: the encoder writes `0.1` for the Float 0.1.
    struct Lamp: ContractSpecimen {
        enum Brightness: Float, Codable, CaseIterable {
            case dim = 0.1
            case half = 0.5
            case bright = 0.9
            case full = 1
        }
        enum Gain: Double, Codable, CaseIterable {
            case low = 0.25
            case high = 2.5
        }
        var brightness: Brightness
        var gain: Gain
        var level: Float
        var history: [Brightness]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                brightness: random.pick(Brightness.allCases), gain: random.pick(Gain.allCases),
                level: Float(random.int(0...1000)) / 7, history: random.list(0...3) { $0.pick(Brightness.allCases) })
        }
    }

    /// Every integer width.
    struct Meter: ContractSpecimen {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                int: random.pick([0, -1, Int.max, Int.min, random.int(-9999...9999)]),
                int8: random.pick([Int8.min, Int8.max, Int8(random.int(-128...127))]),
                int16: random.pick([Int16.min, Int16.max, 300]), int32: random.pick([Int32.min, Int32.max, -70000]),
                int64: random.pick([Int64.min, Int64.max, 1 << 53 + 1]), uint: random.pick([UInt.max, 0, 42]),
                uint8: random.pick([UInt8.max, 0, 7]), uint16: random.pick([UInt16.max, 1]),
                uint32: random.pick([UInt32.max, 99]), uint64: random.pick([UInt64.max, 0, 1 << 63]))
        }
    }

    /// Floating and decimal numbers and dates.
    struct Telemetry: ContractSpecimen {
        var speed: Float
        var distance: Double
        var fare: Decimal
        var sampledAt: Date
        var samples: [Double]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                speed: random.pick([Float.greatestFiniteMagnitude, Float.leastNonzeroMagnitude, 12.5, -0.75]),
                distance: random.pick([Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, random.double()]),
                fare: random.pick([
                    Decimal(string: "12.99")!, Decimal(0), Decimal(string: "-0.001")!, Decimal(1_000_000),
                ]),
                sampledAt: random.date(), samples: random.list(0...4) { $0.double() })
        }
    }

    /// URL, UUID and Data, as Foundation writes them.
    struct Links: ContractSpecimen {
        var page: URL
        var icon: URL?
        var orderID: UUID
        var thumbnail: Data
        var mirrors: [URL]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                page: random.url(), icon: random.maybe { $0.url() }, orderID: random.uuid(), thumbnail: random.data(),
                mirrors: random.list(0...2) { $0.url() })
        }
    }

    /// Raw-value enums that are not CaseIterable: an Int one and a String one before other keys.
    struct Forecast: ContractSpecimen {
        enum Weather: String, Codable { case sunny, cloudy, rainy }
        enum Level: Int, Codable {
            case low = 1
            case medium
            case high
        }
        var weather: Weather
        var warning: Level
        var temperature: Double
        var wind: Int

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                weather: random.pick([.sunny, .cloudy, .rainy]), warning: random.pick([.low, .medium, .high]),
                temperature: random.double(), wind: random.int(0...120))
        }
    }

    /// A forward-compatible CaseIterable enum: values it does not know decode as `.unknown`.
    struct Boarding: ContractSpecimen {
        enum Gate: String, Codable, CaseIterable {
            case open, closing, closed, unknown
            init(from decoder: any Decoder) throws {
                self = Gate(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
            }
        }
        var gate: Gate
        var group: Int

        static func random(_ random: inout SplitMix64) -> Self {
            Self(gate: random.pick(Gate.allCases), group: random.int(1...9))
        }
    }
}
