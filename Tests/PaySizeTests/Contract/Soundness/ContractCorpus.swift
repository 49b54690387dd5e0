import Foundation
import PaySizeTestSupport

/// The soundness corpus: realistic, tricky `Codable` content states, one pattern (or several)
/// each. ``ContractSoundnessTests`` infers each one's schema and checks it against what the real
/// `JSONDecoder` accepts.
enum ContractCorpus {
    static var all: [any ContractSpecimen.Type] {
        [
            Delivery.self, Lamp.self, Meter.self, Telemetry.self, Links.self, Forecast.self, Boarding.self,
            Carrier.self,
            Flexible.self, Coupon.self, Parcel.self, Pickup.self, Defaults.self, Price.self, Badge.self, Progress.self,
            Gauge.self, Venue.self, Feed.self, Notice.self, Seating.self, Inventory.self, Schedule.self, Optionals.self,
            Match.self, Fleet.self, Thread.self, Route.self, Flight.self, Boxes.self, Agenda.self, Scoreboard.self,
            Ride.self, Countdown.self, Dashboard.self,
        ]
    }

    /// A known carrier, or any other name: a `try?` chain from an enum to a plain string.
    struct Carrier: ContractSpecimen {
        enum Name: String, Codable, CaseIterable { case dhl, ups, fedex }
        enum Company: Codable {
            case known(Name)
            case other(String)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let name = try? container.decode(Name.self) {
                    self = .known(name)
                } else {
                    self = .other(try container.decode(String.self))
                }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .known(let name): try container.encode(name)
                case .other(let text): try container.encode(text)
                }
            }
        }
        var company: Company
        var trackingNumber: String

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                company: random.chance(50) ? .known(random.pick(Name.allCases)) : .other(random.word()),
                trackingNumber: random.word())
        }
    }

    /// A value that may be an integer, a string or a Boolean, tried in turn (as `AnyCodable` does).
    struct Flexible: ContractSpecimen {
        enum Value: Codable {
            case int(Int)
            case string(String)
            case bool(Bool)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Int.self) {
                    self = .int(value)
                } else if let value = try? container.decode(String.self) {
                    self = .string(value)
                } else {
                    self = .bool(try container.decode(Bool.self))
                }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .int(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .bool(let value): try container.encode(value)
                }
            }
        }
        var fields: [String: Value]
        var primary: Value

        static func random(_ random: inout SplitMix64) -> Self {
            func value(_ random: inout SplitMix64) -> Value {
                switch random.int(0...2) {
                case 0: .int(random.int(-99...99))
                case 1: .string(random.word())
                default: .bool(random.chance(50))
                }
            }
            var fields: [String: Value] = [:]
            for _ in 0..<random.int(0...3) { fields[random.word()] = value(&random) }
            return Self(fields: fields, primary: value(&random))
        }
    }

    /// Raw values of small integer types, listed and not.
    struct Coupon: ContractSpecimen {
        enum Size: UInt8, Codable, CaseIterable {
            case small = 1
            case large = 9
        }
        enum Campaign: Int64, Codable {
            case spring = 2_026_001
            case autumn = 2_026_002
        }
        var size: Size
        var campaign: Campaign
        var sizes: [Size]

        static func random(_ random: inout SplitMix64) -> Self {
            Self(
                size: random.pick(Size.allCases), campaign: random.pick([.spring, .autumn]),
                sizes: random.list(0...2) { $0.pick(Size.allCases) })
        }
    }
}
